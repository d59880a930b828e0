import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { StatusLabel } from '@portal/design-system';
import { useProviderMails } from '../../api/providerMails';
import { useLabels } from '../../shared/words/labels';
import { formatDate } from '../../shared/lists/table';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { ProviderMailDialog } from './ProviderMailDialog';

/**
 * The notification history and mail tracking of a provider communication (spec 001 §7.6): every email about it,
 * newest first, with its date, subject, recipient, status and whether it was opened or clicked; opening one shows it.
 */
export function ProviderMailsTab({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data: mails, error } = useProviderMails(id, pcId);
  const [opened, setOpened] = useState<number | null>(null);
  if (error) return <FormError>{error.message}</FormError>;
  if (!mails) return <FormLoading />;
  if (mails.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="provider-mails">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <div data-testid="provider-mails">
      <ul className="grid gap-2" aria-label={t`Notification history`}>
        {mails.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              onClick={() => setOpened(m.id)}
              className="grid w-full gap-1 rounded-md border px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <span className="font-medium break-words">{m.subject}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>{formatDate(m.sent_at ?? m.created_at)}</span>
                <span className="break-all">{m.to_email}</span>
                <StatusLabel kind="email" status={m.status} labels={labels.mailStatuses} />
                {m.clicked ? (
                  <StatusLabel kind="emailEvent" status="Click" labels={labels.mailEvents} />
                ) : m.opened ? (
                  <StatusLabel kind="emailEvent" status="Opened" labels={labels.mailEvents} />
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {opened !== null ? (
        <ProviderMailDialog id={id} pcId={pcId} mailId={opened} onClose={() => setOpened(null)} />
      ) : null}
    </div>
  );
}
