import { type FormEvent, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  formatDate,
  FormField,
  SimpleSelect,
  StatusLabel,
  Textarea,
  TextInput,
  useToast,
  validate,
} from '@portal/design-system';
import type { Communication } from '../../api/communications';
import { useSupplierCustomers } from '../../api/supplierAttention';
import {
  addSupplierDelegate,
  revokeSupplierDelegate,
  useSupplierDelegates,
  type SupplierDelegate,
} from '../../api/supplierFollowUp';
import { errorText } from '../../shared/lists/table';
import { FormLoading } from '../../shared/forms/FormStates';
import { useValidationMessages } from '../../shared/forms/validation';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';

const WHOLE = '0';

/**
 * The supplier's delegates on a sent event (issue 33): ask someone (a sales rep, a customer's buyer) to answer one
 * customer's notice, or one action of it, through the supplier-delegate form; the list of them; revoking one asks
 * first and its link stops working at once. New delegates only while the event is open; revoking is always possible.
 */
export function SupplierDelegatesPanel({ event }: { event: Communication }) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const { data: delegates, error, mutate } = useSupplierDelegates(event.id);
  // The customers a notice went to: the ones a delegate can answer for.
  const { data: customers } = useSupplierCustomers(event.id, { pageNumber: 1, pageSize: 500 });
  const notified = (customers?.items ?? []).filter((c) => c.provider_communication_id !== null);
  const revoking = useConfirmedAction(() => mutate());
  const [customer, setCustomer] = useState('');
  const [actionId, setActionId] = useState(WHOLE);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = event.status === 'OPEN';
  const emailError = validate(email, 'required|email', { messages });
  const customerError = validate(customer, 'required', { messages });
  const statusWords = { ACTIVE: t`Active`, REVOKED: t`Revoked` };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (emailError || customerError) return;
    setBusy(true);
    try {
      await addSupplierDelegate(event.id, {
        provider_communication_id: Number(customer),
        email: email.trim(),
        ...(actionId !== WHOLE ? { action_id: Number(actionId) } : {}),
        ...(note.trim() ? { message: note.trim() } : {}),
      });
      toast.success(t`The delegate has been emailed.`);
      setEmail('');
      setNote('');
      setSubmitted(false);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  function askRevoke(d: SupplierDelegate) {
    const address = d.email;
    revoking.ask({
      description: t`Revoke the delegation to ${address}? Their link stops working at once.`,
      confirmText: t`Revoke`,
      destructive: true,
      run: async () => {
        await revokeSupplierDelegate(event.id, d.id);
        return t`The delegation to ${address} has been revoked.`;
      },
    });
  }

  return (
    <section className="grid min-w-0 gap-4" data-testid="supplier-delegates">
      <p className="text-sm text-muted-foreground">
        <Trans>
          A delegate answers a customer's notice for them through a personal link emailed to them, without an account.
        </Trans>
      </p>
      {open ? (
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
          aria-label={t`Add delegate`}
        >
          <FormField label={t`Customer`} required error={submitted ? customerError : null}>
            <SimpleSelect
              value={customer}
              onValueChange={setCustomer}
              placeholder={t`Select...`}
              options={notified.map((c) => ({ value: String(c.provider_communication_id), label: c.name }))}
            />
          </FormField>
          <FormField label={t`What to delegate`}>
            <SimpleSelect
              value={actionId}
              onValueChange={setActionId}
              options={[
                { value: WHOLE, label: t`The whole event` },
                ...event.actions.map((a) => ({ value: String(a.id), label: a.title })),
              ]}
            />
          </FormField>
          <FormField label={t`Email`} required error={submitted ? emailError : null}>
            <TextInput type="email" value={email} onValueChange={setEmail} maxLength={254} />
          </FormField>
          <FormField label={t`Message`}>
            <Textarea value={note} onValueChange={setNote} maxLength={2000} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={busy}>
            <Trans>Delegate</Trans>
          </Button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(error, t`Unknown error`)}
        </p>
      ) : !delegates ? (
        <FormLoading />
      ) : delegates.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t`Delegates`}>
          {delegates.map((d) => (
            <li
              key={d.id}
              data-testid="supplier-delegate"
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                <span className="font-medium">{d.email}</span> · {d.customer_name ?? ''} ·{' '}
                {d.action_title ?? t`The whole event`} ·{' '}
                <StatusLabel kind="record" status={d.status} labels={statusWords} />
                <span className="text-xs text-muted-foreground"> · {formatDate(d.last_sent_at, 'datetime')}</span>
              </span>
              {d.status === 'ACTIVE' ? (
                <Button variant="outline" size="sm" onClick={() => askRevoke(d)}>
                  <Trans>Revoke</Trans>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revoking.dialog}
    </section>
  );
}
