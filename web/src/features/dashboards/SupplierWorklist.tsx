import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Spinner, StatusLabel } from '@portal/design-system';
import { useSupplierWorklist } from '../../api/supplierAttention';
import { basePath, useLabels } from '../../shared/words/labels';
import { formatDate } from '../../shared/lists/table';

/**
 * "Needs attention" on the supplier's dashboard: its open events with overdue customers, with bounced recipients,
 * and conversations whose last message is the provider's. Each row opens the event at the tab that shows it: the
 * customers narrowed to the overdue, the delivery narrowed to the bounced, the conversation itself.
 */
export function SupplierWorklist() {
  const { t } = useLingui();
  const labels = useLabels();
  const titleId = useId();
  const { data, error, isLoading } = useSupplierWorklist();
  const empty =
    data && !data.overdueRecalls.length && !data.bouncedRecipients.length && !data.unansweredConversations.length;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border p-4" data-testid="supplier-worklist">
      <h2 id={titleId} className="text-lg font-semibold">
        <Trans>Needs attention</Trans>
      </h2>
      {isLoading ? <Spinner label={t`Loading...`} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      {empty ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Nothing needs your attention.</Trans>
        </p>
      ) : null}
      {data && !empty ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Group title={t`Overdue customers`} count={data.overdueRecalls.length}>
            {data.overdueRecalls.map((r) => (
              <Item
                key={r.communication_id}
                href={`${basePath(r.type)}/view/${r.communication_id}?tab=customers&overdue=1`}
                name={r.name}
              >
                {r.classification ? (
                  <StatusLabel status={r.classification} kind="classification" labels={labels.classifications} />
                ) : null}
                <OverdueCustomers count={r.overdue_customers} />
                <span>{t`Due ${{ date: formatDate(r.due_date) }}`}</span>
              </Item>
            ))}
          </Group>
          <Group title={t`Bounced recipients`} count={data.bouncedRecipients.length}>
            {data.bouncedRecipients.map((r) => (
              <Item
                key={r.communication_id}
                href={`${basePath(r.type)}/view/${r.communication_id}?tab=delivery&delivery=BOUNCED`}
                name={r.name}
              >
                <BouncedCount count={r.bounced} />
              </Item>
            ))}
          </Group>
          <Group title={t`Unanswered conversations`} count={data.unansweredConversations.length}>
            {data.unansweredConversations.map((c) => (
              <Item
                key={c.conversation_id}
                href={`${basePath(c.type)}/view/${c.communication_id}?tab=conversations&conversation=${c.conversation_id}`}
                name={c.subject}
              >
                <span>{c.provider_name}</span>
                <span className="break-words">{c.name}</span>
                <span>{t`Last message ${{ date: formatDate(c.last_message_at) }}`}</span>
              </Item>
            ))}
          </Group>
        </div>
      ) : null}
    </section>
  );
}

function OverdueCustomers({ count }: { count: number }) {
  return (
    <span className="text-destructive">
      <Plural value={count} one="# overdue customer" other="# overdue customers" />
    </span>
  );
}

function BouncedCount({ count }: { count: number }) {
  return (
    <span className="text-destructive">
      <Plural value={count} one="# bounced recipient" other="# bounced recipients" />
    </span>
  );
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {title} <span className="text-muted-foreground tabular-nums">({count})</span>
      </h3>
      {count ? (
        <ul className="divide-y rounded-md border">{children}</ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>None</Trans>
        </p>
      )}
    </section>
  );
}

function Item({ href, name, children }: { href: string; name: string; children: ReactNode }) {
  return (
    <li className="grid gap-1 p-2 text-sm">
      <Link href={href} className="font-medium break-words text-primary underline-offset-4 hover:underline">
        {name}
      </Link>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">{children}</span>
    </li>
  );
}
