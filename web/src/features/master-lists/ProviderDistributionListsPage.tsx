import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogTitle,
  FormField,
  SimpleSelect,
  Spinner,
  TextInput,
  useToast,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/communications';
import {
  addProviderDistributionListMember,
  PROVIDER_DISTRIBUTION_LISTS,
  removeProviderDistributionListMember,
  useMetaSites,
  useProviderDistributionListMembers,
} from '../../api/provider';
import type { DistributionList, DistributionListMember } from '../../api/supplier';
import { useValidationMessages } from '../../shared/forms/validation';
import { useDistributionListConfig } from './distributionLists';
import { MasterListPage, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { errorText } from '../../shared/lists/table';
import { memberInput, validateMember } from './members';
import { useSettingsType } from './settingsType';

const BY_EMAIL = '__email__';

/** Members of one list: emails or provider organisations (the provider and its sites); add and remove. */
function MembersDialog({
  list,
  onClose,
  onChanged,
}: {
  list: DistributionList;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const { data, mutate, isLoading, error } = useProviderDistributionListMembers(list.id, {
    pageNumber: 1,
    pageSize: 500,
  });
  const { data: sites } = useMetaSites();
  const [provider, setProvider] = useState(BY_EMAIL);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<DistributionListMember | null>(null);
  const providerId = provider === BY_EMAIL ? '' : provider;
  const emailError = validateMember(providerId, email, messages);
  const listName = list.name;
  const inactive = list.status !== 'ACTIVE';

  async function add() {
    setSubmitted(true);
    if (emailError) return;
    setBusy(true);
    try {
      await addProviderDistributionListMember(list.id, memberInput(providerId, email, name));
      setEmail('');
      setName('');
      setProvider(BY_EMAIL);
      setSubmitted(false);
      toast.success(t`Member added.`);
      await mutate();
      onChanged();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeProviderDistributionListMember(list.id, removing.id);
      toast.success(t`Member removed.`);
      setRemoving(null);
      await mutate();
      onChanged();
    } catch (err) {
      setRemoving(null);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto">
        <DialogTitle>
          <Trans>Members of {listName}</Trans>
        </DialogTitle>
        {inactive ? (
          <p className="rounded-md bg-warning/10 px-3 py-2 text-sm">
            <Trans>Members of an inactive list cannot change.</Trans>
          </p>
        ) : null}
        {isLoading ? <Spinner label={t`Loading...`} /> : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : null}
        <ul className="divide-y rounded-md border text-sm" data-testid="members">
          {(data?.items ?? []).map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 p-2">
              <span>
                {m.name ?? m.email}{' '}
                {m.name && m.email ? <span className="text-muted-foreground">({m.email})</span> : null}
                {m.provider_organization_id ? (
                  <span className="ml-2 text-xs text-muted-foreground">
                    <Trans>Organization</Trans>
                  </span>
                ) : null}
              </span>
              <Button size="sm" variant="outline" disabled={inactive || busy} onClick={() => setRemoving(m)}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
          {data && data.items.length === 0 ? (
            <li className="p-2 text-muted-foreground">
              <Trans>No record found</Trans>
            </li>
          ) : null}
        </ul>
        {!inactive ? (
          <div className="space-y-2" data-testid="add-member">
            <FormField label={t`Add by`}>
              <SimpleSelect
                value={provider}
                onValueChange={setProvider}
                options={[
                  { value: BY_EMAIL, label: t`Email` },
                  ...(sites ?? []).map((s) => ({
                    value: String(s.id),
                    label: s.is_site ? t`Site: ${s.name}` : s.name,
                  })),
                ]}
              />
            </FormField>
            {providerId === '' ? (
              <div className="grid gap-2 sm:grid-cols-2">
                <FormField label={t`Name`}>
                  <TextInput value={name} onValueChange={setName} maxLength={200} />
                </FormField>
                <FormField label={t`Email`} required error={submitted ? emailError : null}>
                  <TextInput type="email" value={email} onValueChange={setEmail} maxLength={254} />
                </FormField>
              </div>
            ) : null}
            <Button onClick={() => void add()} loading={busy} loadingLabel={t`Saving...`}>
              <Trans>Add member</Trans>
            </Button>
          </div>
        ) : null}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          onConfirm={() => void remove()}
          title={t`Are you sure?`}
          description={t`Remove this member from the list?`}
          confirmText={t`Confirm`}
          cancelText={t`Cancel`}
          destructive
          loading={busy}
        />
      </DialogContent>
    </Dialog>
  );
}

function DistributionLists({ type, switcher }: { type: CommunicationType; switcher: React.ReactNode }) {
  const [members, setMembers] = useState<DistributionList | null>(null);
  const { mutate } = useSWRConfig();
  /** Member changes alter member_count: revalidate the list pages. */
  const refreshLists = () => void mutate((key) => Array.isArray(key) && key[0] === PROVIDER_DISTRIBUTION_LISTS);
  const config: MasterListConfig<DistributionList> = {
    ...useDistributionListConfig(type, setMembers),
    pageKey: type === 'RECALL' ? 'provider-recall-distribution-lists' : 'provider-advisory-distribution-lists',
    testId: 'provider-distribution-lists',
    path: PROVIDER_DISTRIBUTION_LISTS,
    toolbar: switcher,
    children: members ? (
      <MembersDialog list={members} onClose={() => setMembers(null)} onChanged={refreshLists} />
    ) : null,
  };
  return <MasterListPage config={config} />;
}

/** /provider/distribution-list: the provider's distribution lists and their members. */
export default function DistributionListsPage() {
  const { type, switcher } = useSettingsType();
  return <DistributionLists key={type} type={type} switcher={switcher} />;
}
