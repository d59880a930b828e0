import { type FormEvent, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogTitle,
  FormField,
  Label,
  RadioGroup,
  RadioGroupItem,
  SimpleSelect,
  Textarea,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { useMetaSites } from '../../api/provider';
import { notifyStaff, useProviderMails } from '../../api/providerMails';
import { useOwnerCandidates } from '../../api/worklist';
import { useUserId } from '../../api/communications';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';

/** What the dialog holds between opening, asking and sending (kept when "Are you sure?" is cancelled). */
export interface StaffNotice {
  mode: 'everyone' | 'chosen';
  /** everyone: 0 = the organisation and all its sites, else one of them. */
  target: number;
  /** chosen: the colleagues' emails. */
  emails: string[];
  message: string;
}

const EMPTY: StaffNotice = { mode: 'everyone', target: 0, emails: [], message: '' };

/**
 * "Notify staff…" on a provider's notice (workflow/providerMail): emails colleagues who may see it a link to it, with
 * an optional message: everyone (of the organisation and its sites, or of one of them) or the people chosen. Asks
 * first, then says how many were emailed; the notification history shows the emails.
 */
export function NotifyStaff({ id, pcId, type }: { id: number; pcId: number; type: CommunicationType }) {
  const { t } = useLingui();
  const { mutate } = useProviderMails(id, pcId);
  const confirmed = useConfirmedAction(() => mutate());
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<StaffNotice>(EMPTY);

  const send = (notice: StaffNotice) => {
    setOpen(false);
    const count = notice.emails.length;
    confirmed.ask({
      description:
        notice.mode === 'chosen'
          ? t`Email ${count} colleague(s) a link to this notice?`
          : t`Email everyone who may see this notice a link to it?`,
      confirmText: t`Send`,
      onCancel: () => setOpen(true),
      run: async () => {
        const message = notice.message.trim();
        const result = await notifyStaff(
          id,
          pcId,
          type,
          {
            ...(message ? { message } : {}),
            ...(notice.mode === 'chosen' ? { emails: notice.emails } : {}),
          },
          notice.mode === 'chosen' ? 0 : notice.target,
        );
        setDraft(EMPTY);
        const sent = result.emails_queued;
        return t`Sent to ${sent} colleague(s).`;
      },
    });
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} loading={confirmed.busy}>
        <Trans>Notify staff…</Trans>
      </Button>
      {open ? (
        <NotifyStaffDialog type={type} value={draft} onChange={setDraft} onClose={() => setOpen(false)} onSend={send} />
      ) : null}
      {confirmed.dialog}
    </>
  );
}

/** The form: to whom (everyone, or chosen people), and the message. */
export function NotifyStaffDialog({
  type,
  value,
  onChange,
  onClose,
  onSend,
}: {
  type: CommunicationType;
  value: StaffNotice;
  onChange: (value: StaffNotice) => void;
  onClose: () => void;
  onSend: (value: StaffNotice) => void;
}) {
  const { t } = useLingui();
  const userId = useUserId();
  const { data: people, error } = useOwnerCandidates(type);
  const { data: sites } = useMetaSites();
  const [problem, setProblem] = useState<string | null>(null);
  const colleagues = (people ?? []).filter((p) => String(p.id) !== userId);
  const set = (patch: Partial<StaffNotice>) => onChange({ ...value, ...patch });
  const toggle = (email: string, on: boolean) =>
    set({ emails: on ? [...value.emails, email] : value.emails.filter((e) => e !== email) });
  const targetOptions = [
    { value: '0', label: t`The organization and all its sites` },
    ...(sites ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.mode === 'chosen' && value.emails.length === 0) {
      setProblem(t`Choose at least one person`);
      return;
    }
    setProblem(null);
    onSend(value);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto">
        <DialogTitle>
          <Trans>Notify staff</Trans>
        </DialogTitle>
        <form onSubmit={submit} noValidate className="space-y-3" data-testid="notify-staff">
          <p className="text-sm text-muted-foreground">
            <Trans>Your colleagues who may see this notice get an email with a link to it.</Trans>
          </p>
          {problem ? <FormError>{problem}</FormError> : null}
          <RadioGroup
            value={value.mode}
            onValueChange={(mode) => set({ mode: mode as StaffNotice['mode'] })}
            aria-label={t`Send to`}
          >
            <div className="flex items-center gap-2">
              <RadioGroupItem id="notify-staff-everyone" value="everyone" />
              <Label htmlFor="notify-staff-everyone">
                <Trans>Everyone who may see it</Trans>
              </Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem id="notify-staff-chosen" value="chosen" />
              <Label htmlFor="notify-staff-chosen">
                <Trans>Chosen people</Trans>
              </Label>
            </div>
          </RadioGroup>
          {value.mode === 'everyone' && (sites?.length ?? 0) > 1 ? (
            <FormField id="notify-staff-target" label={t`Organization`}>
              <SimpleSelect
                options={targetOptions}
                value={String(value.target)}
                onValueChange={(v) => set({ target: Number(v) })}
              />
            </FormField>
          ) : null}
          {value.mode === 'chosen' ? (
            error ? (
              <FormError>{error.message}</FormError>
            ) : !people ? (
              <FormLoading />
            ) : colleagues.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Nobody else in this organization can see this notice.</Trans>
              </p>
            ) : (
              <fieldset className="grid max-h-64 gap-2 overflow-auto rounded-md border p-2">
                <legend className="sr-only">{t`People`}</legend>
                {colleagues.map((p) => {
                  const boxId = `notify-staff-${p.id}`;
                  return (
                    <div key={p.id} className="flex items-start gap-2 text-sm">
                      <Checkbox
                        id={boxId}
                        checked={value.emails.includes(p.email)}
                        onCheckedChange={(on) => toggle(p.email, on === true)}
                        className="mt-0.5"
                      />
                      <Label htmlFor={boxId} className="grid gap-0.5 font-normal">
                        <span className="font-medium">{p.name}</span>
                        <span className="break-all text-muted-foreground">
                          {p.email} · {p.organization_name}
                        </span>
                      </Label>
                    </div>
                  );
                })}
              </fieldset>
            )
          ) : null}
          <FormField id="notify-staff-message" label={t`Message`} description={t`Added to the email.`}>
            <Textarea value={value.message} onValueChange={(message) => set({ message })} maxLength={5000} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Send…</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
