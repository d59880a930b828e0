import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import type { LinkedFdaRecord } from '../../api/fdaLinks';
import { useLabels } from '../words/labels';
import { formatDate } from '../lists/table';

/**
 * The FDA recalls an event names, on the supplier's, the provider's and the operator's view of the event:
 * the FDA's status and classification beside the event's own. On the operator's pages (who holds
 * Notisphere_ViewFDAInformation) a number opens the record on the FDA pages; elsewhere the summary is what is shown.
 */
export function FdaLinkedRecords({ records }: { records: readonly LinkedFdaRecord[] | undefined }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const linkToRecords = location.startsWith('/notisphere/');
  const labels = useLabels();
  if (!records?.length) return null;
  return (
    <section className="rounded-md border p-3" data-testid="fda-linked-records" aria-label={t`FDA recalls`}>
      <h2 className="mb-2 font-semibold">
        <Trans>FDA recalls</Trans>
      </h2>
      <ul className="grid gap-2 text-sm">
        {records.map((r) => (
          <li key={r.recall_number} className="grid gap-0.5">
            <div className="flex flex-wrap items-center gap-2">
              {linkToRecords && r.found ? (
                <Link
                  className="font-medium text-primary underline"
                  href={`/notisphere/fda-${r.list}?recall=${encodeURIComponent(r.recall_number)}`}
                >
                  {r.recall_number}
                </Link>
              ) : (
                <span className="font-medium">{r.recall_number}</span>
              )}
              {r.found ? (
                <>
                  <span>{labels.fdaStatuses[r.status ?? ''] ?? r.status}</span>
                  {r.classification ? (
                    <span>{labels.fdaClassifications[r.classification] ?? r.classification}</span>
                  ) : null}
                  {r.initiation_date ? <span>{formatDate(r.initiation_date)}</span> : null}
                </>
              ) : (
                <span className="text-muted-foreground">
                  <Trans>Not in the imported FDA data yet</Trans>
                </span>
              )}
            </div>
            {r.found ? (
              <div className="text-muted-foreground">
                {[r.recalling_firm, r.product_description].filter(Boolean).join(' · ')}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
