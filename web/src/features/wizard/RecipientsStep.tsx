import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, FormField, SimpleSelect, TextInput, useToast } from '@portal/design-system';
import {
  approveCommunication,
  saveStep3,
  sendNotification,
  useCustomers,
  type CommunicationType,
} from '../../api/communications';
import { useDistributionLists, useLocationFiles, useResourcePage, useSupplierProviders } from '../../api/supplier';
import { useValidationMessages } from '../../shared/forms/validation';
import { errorCount, validateRecipients, type TypedRecipient } from '../../shared/events/eventRules';
import { FormError } from '../../shared/forms/FormStates';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { NONE } from './wizardValues';
import { RecipientsSoFar, useReloadRecipients } from './RecipientsSoFar';
import { useReminderPlanDraft } from './reminderPlanDraft';
import { WizardReminderPlan } from './WizardReminderPlan';

export function RecipientsStep({
  id,
  type,
  classification,
  status,
  busy,
  run,
  onApproved,
  onSent,
}: {
  id: number;
  type: CommunicationType;
  /** The event's class, whose organisation reminder plan prefills the reminders. */
  classification: string | null;
  status: string;
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  onApproved: () => Promise<void>;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const [providerSearch, setProviderSearch] = useState('');
  const { data: providers } = useSupplierProviders({ pageNumber: 1, pageSize: 500, search: providerSearch });
  // Issue 33: a supplier's locations need not come from a file (Acme's were typed in one by one): the menu offers them
  // all as well as each imported file.
  const { data: files } = useLocationFiles({ pageNumber: 1, pageSize: 500, filterModel: COMPLETED });
  const { data: locations } = useResourcePage<{ id: number }>('/supplier/locations', {
    pageNumber: 1,
    pageSize: 1,
    filterModel: ACTIVE,
  });
  const locationCount = locations?.total ?? 0;
  const { data: lists } = useDistributionLists(type, {
    pageNumber: 1,
    pageSize: 500,
    filterModel: ACTIVE,
  });
  // The providers already among the recipients stay ticked after saving (they cannot be added twice).
  const { data: customers } = useCustomers(id, { pageNumber: 1, pageSize: 500 });
  const reloadRecipients = useReloadRecipients(id);
  const saved = new Set((customers?.items ?? []).map((c) => c.provider_organization_id).filter((p) => p !== null));
  const [picked, setPicked] = useState<number[]>([]);
  const [fileId, setFileId] = useState<string>(NONE);
  const [listId, setListId] = useState<string>(NONE);
  const [typed, setTyped] = useState<TypedRecipient[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const reminderPlan = useReminderPlanDraft(id, type, classification);
  // Sending cannot be taken back (every recipient gets an email), so it asks first, as Send on the recall view does.
  const sending = useConfirmedAction(onSent);
  const errors = validateRecipients(
    { providers: picked.length, locationFile: fileId !== NONE, distributionList: listId !== NONE, existing: 0 },
    typed,
    messages,
  );
  const shown = submitted ? errors : {};

  async function save() {
    setSubmitted(true);
    if (errorCount(errors) > 0) return;
    await run(async () => {
      await saveStep3({
        id,
        ...(picked.length ? { provider_organization_ids: picked } : {}),
        ...(typed.length ? { customers: typed.map((r) => ({ name: r.name.trim(), email: r.email.trim() })) } : {}),
        ...(fileId === ALL_LOCATIONS
          ? { all_locations: true }
          : fileId !== NONE
            ? { location_file_id: Number(fileId) }
            : {}),
        ...(listId !== NONE ? { distribution_list_id: Number(listId) } : {}),
      });
      setPicked([]);
      setTyped([]);
      setFileId(NONE);
      setListId(NONE);
      setSubmitted(false);
      await reloadRecipients();
      toast.success(t`Recipients added.`);
    });
  }

  return (
    <div className="space-y-6" data-testid="step-recipients">
      <RecipientsSoFar id={id} />

      <fieldset className="space-y-2 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Providers</Trans>
        </legend>
        <TextInput
          aria-label={t`Search providers`}
          placeholder={t`Search providers`}
          value={providerSearch}
          onValueChange={setProviderSearch}
        />
        {providers && providers.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No provider matches your locations yet.</Trans>
          </p>
        ) : null}
        <ul className="max-h-64 space-y-1 overflow-auto">
          {providers?.items.map((p) => (
            <li key={p.id}>
              <label className="flex flex-wrap items-center gap-2 text-sm">
                <Checkbox
                  checked={saved.has(p.id) || picked.includes(p.id)}
                  disabled={saved.has(p.id)}
                  onCheckedChange={(c) => setPicked((s) => (c === true ? [...s, p.id] : s.filter((x) => x !== p.id)))}
                />
                {p.name}
                <span className="text-muted-foreground">{[p.city, p.state].filter(Boolean).join(', ')}</span>
                {saved.has(p.id) ? (
                  <span className="text-xs text-muted-foreground">
                    <Trans>(a recipient)</Trans>
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t`Locations`}
          description={locations && locationCount === 0 ? t`You have no active location yet.` : undefined}
        >
          <SimpleSelect
            value={fileId}
            onValueChange={setFileId}
            options={[
              { value: NONE, label: t`None` },
              ...(locationCount > 0 ? [{ value: ALL_LOCATIONS, label: t`All my locations (${locationCount})` }] : []),
              ...(files?.items ?? []).map((f) => {
                const file = f.name;
                return { value: String(f.id), label: t`Location file: ${file}` };
              }),
            ]}
          />
        </FormField>
        <FormField
          label={t`Distribution list`}
          description={
            lists && lists.total === 0 ? t`You have no active distribution list for this event type yet.` : undefined
          }
        >
          <SimpleSelect
            value={listId}
            onValueChange={setListId}
            options={[
              { value: NONE, label: t`None` },
              ...(lists?.items ?? []).map((l) => ({ value: String(l.id), label: l.name })),
            ]}
          />
        </FormField>
      </div>

      <fieldset className="space-y-2 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Other recipients</Trans>
        </legend>
        {typed.map((r, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <FormField label={t`Name`} required error={shown[`${index}.name`]}>
              <TextInput
                value={r.name}
                onValueChange={(v) => setTyped((l) => l.map((x, i) => (i === index ? { ...x, name: v } : x)))}
              />
            </FormField>
            <FormField label={t`Email`} required error={shown[`${index}.email`]}>
              <TextInput
                type="email"
                value={r.email}
                onValueChange={(v) => setTyped((l) => l.map((x, i) => (i === index ? { ...x, email: v } : x)))}
              />
            </FormField>
            <Button
              className="self-end"
              variant="outline"
              onClick={() => setTyped((l) => l.filter((_, i) => i !== index))}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => setTyped((l) => [...l, { name: '', email: '' }])}>
          <Trans>Add recipient</Trans>
        </Button>
      </fieldset>

      <WizardReminderPlan draft={reminderPlan} busy={busy} run={run} />

      {shown.recipients ? <FormError testId="wizard-alert">{t`Choose at least one recipient.`}</FormError> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} loading={busy} loadingLabel={t`Saving...`}>
          <Trans>Save recipients</Trans>
        </Button>
        {status === 'DRAFT' ? (
          <Button
            variant="success"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                // A changed reminder plan goes with the approval (nothing is approved while it is out of bounds).
                if (!(await reminderPlan.save())) return;
                await approveCommunication(id, type);
                toast.success(t`Approved successfully.`);
                await onApproved();
              })
            }
          >
            <Trans>Approve</Trans>
          </Button>
        ) : null}
        {status === 'OPEN' ? (
          <Button
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (!(await reminderPlan.save())) return;
                sending.ask({
                  description: t`Every recipient will get the notice by email now. This cannot be undone.`,
                  confirmText: t`Send`,
                  run: async () => {
                    await sendNotification(id, type);
                    return t`Notifications sent.`;
                  },
                });
              })
            }
          >
            <Trans>Send</Trans>
          </Button>
        ) : null}
      </div>
      {sending.dialog}
    </div>
  );
}

/** The locations menu's "every active location" choice. */
const ALL_LOCATIONS = '__all__';
const ACTIVE = { status: { filterType: 'text', type: 'contains', filter: 'ACTIVE' } } as const;
const COMPLETED = { status: { filterType: 'text', type: 'contains', filter: 'COMPLETED' } } as const;
