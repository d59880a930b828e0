import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  formatDate,
  FormField,
  SimpleSelect,
  StatusLabel,
  Textarea,
  TextInput,
  useOptionalToast,
  validate,
} from '@portal/design-system';
import { delegate, resendDelegateMail, useDelegates, type ProviderView } from '../../api/provider';
import { revokeDelegate } from '../../api/worklist';
import { useValidationMessages } from '../../shared/forms/validation';
import { FormLoading } from '../../shared/forms/FormStates';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useRefreshProviderWork } from '../../shared/worklist/BulkActions';

const message = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The notice's delegates: delegate the whole event or one action to an email, resend an active delegate's email, and
 * revoke an active delegation (asks first; the delegate's link stops working at once). Revoked ones stay listed as such.
 */
export function ProviderDelegatesTab({ view, id, pcId }: { view: ProviderView; id: number; pcId: number }) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const messages = useValidationMessages();
  const { data: delegates, mutate } = useDelegates(id, pcId);
  const refreshLists = useRefreshProviderWork();
  const revoking = useConfirmedAction(() => Promise.all([mutate(), refreshLists()]));
  const [email, setEmail] = useState('');
  const [actionId, setActionId] = useState('0');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailError = validate(email, 'required|email', { messages });
  const closed = view.communication.status !== 'OPEN';
  const statusWords = { ACTIVE: t`Active`, REVOKED: t`Revoked` };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (emailError) return;
    setBusy(true);
    try {
      await delegate(id, pcId, Number(actionId), {
        email: email.trim(),
        ...(note.trim() ? { message: note.trim() } : {}),
      });
      toast?.success(t`The delegate has been emailed.`);
      setEmail('');
      setNote('');
      setSubmitted(false);
      await mutate();
    } catch (err) {
      toast?.danger(message(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      {closed ? null : (
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="grid gap-3 rounded-md border p-3"
          aria-label={t`Delegate`}
        >
          <FormField label={t`Email`} required error={submitted ? emailError : null}>
            <TextInput type="email" value={email} onValueChange={setEmail} />
          </FormField>
          <FormField label={t`What to delegate`}>
            <SimpleSelect
              value={actionId}
              onValueChange={setActionId}
              options={[
                { value: '0', label: t`The whole event` },
                ...view.actions.map((a) => ({ value: String(a.id), label: a.title })),
              ]}
            />
          </FormField>
          <FormField label={t`Message`}>
            <Textarea value={note} onValueChange={setNote} maxLength={2000} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={busy}>
            <Trans>Delegate</Trans>
          </Button>
        </form>
      )}
      {!delegates ? (
        <FormLoading />
      ) : delegates.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t`Delegates`}>
          {delegates.map((d) => {
            const address = d.email;
            return (
              <li
                key={d.id}
                data-testid="delegate"
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              >
                <span className="min-w-0 break-words">
                  <span className="font-medium">{d.email}</span> · {d.action_title ?? t`The whole event`} ·{' '}
                  <StatusLabel kind="record" status={d.status} labels={statusWords} />
                  {d.last_sent_at ? (
                    <span className="text-xs text-muted-foreground"> · {formatDate(d.last_sent_at, 'datetime')}</span>
                  ) : null}
                </span>
                {d.status === 'ACTIVE' && !closed ? (
                  <span className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        resendDelegateMail(id, pcId, d.id).then(
                          () => {
                            toast?.success(t`The delegate has been emailed.`);
                            void mutate();
                          },
                          (err: unknown) => toast?.danger(message(err, t`Unknown error`)),
                        );
                      }}
                    >
                      <Trans>Resend</Trans>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        revoking.ask({
                          description: t`Revoke the delegation to ${address}? Their link stops working at once.`,
                          confirmText: t`Revoke`,
                          destructive: true,
                          run: async () => {
                            await revokeDelegate(id, pcId, d.id);
                            return t`The delegation to ${address} has been revoked.`;
                          },
                        })
                      }
                    >
                      <Trans>Revoke</Trans>
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {revoking.dialog}
    </div>
  );
}
