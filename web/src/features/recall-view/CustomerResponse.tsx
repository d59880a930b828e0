import { useLingui } from '@lingui/react/macro';
import { StatusLabel, statusLabelVariants } from '@portal/design-system';

/**
 * A customer's or provider's answer in words: "Not affected — {reason}" when the provider said it has none of the
 * product, else its response status's word. Shared by the supplier's customers, its health systems' sites and the
 * operator's per-provider rows.
 */
export function ResponseWords({
  customer,
  labels,
}: {
  customer: { response_status: string | null; not_affected_reason: string | null };
  labels: Readonly<Record<string, string>>;
}) {
  const { t } = useLingui();
  const reason = customer.not_affected_reason;
  if (reason !== null) {
    return <span className="break-words" data-testid="not-affected">{t`Not affected — ${reason}`}</span>;
  }
  return <StatusLabel status={customer.response_status} kind="response" labels={labels} />;
}

/** The "Overdue" mark of a notice past its due date and still to answer. */
export function OverdueBadge({ overdue }: { overdue: boolean }) {
  const { t } = useLingui();
  if (!overdue) return null;
  return (
    <span data-slot="overdue" className={statusLabelVariants({ tone: 'danger' })}>
      {t`Overdue`}
    </span>
  );
}
