import { useLingui } from '@lingui/react/macro';
import type { SupplierProvider } from '../../api/supplier';
import { useLabels } from '../../shared/words/labels';

type Counts = Pick<
  SupplierProvider,
  | 'location_count'
  | 'covered_count'
  | 'emailed_count'
  | 'non_covered_count'
  | 'invalid_count'
  | 'unrecognized_count'
  | 'unverified_count'
>;

/**
 * A provider's verification progress over the supplier's locations: "verified of all" and a small stacked bar, one
 * segment per status (spec 000 §4), worded for screen readers by the same vocabulary.
 */
export function VerificationProgress({ counts }: { counts: Counts }) {
  const { t } = useLingui();
  const labels = useLabels();
  const total = counts.location_count;
  const parts = [
    { code: 'COVERED', n: counts.covered_count ?? 0, color: 'bg-emerald-600' },
    { code: 'EMAILED', n: counts.emailed_count ?? 0, color: 'bg-sky-600' },
    { code: 'NON_COVERED', n: counts.non_covered_count ?? 0, color: 'bg-amber-500' },
    { code: 'INVALID', n: counts.invalid_count ?? 0, color: 'bg-red-600' },
    { code: 'UNABLE_PROCESSED', n: counts.unrecognized_count ?? 0, color: 'bg-slate-500' },
  ];
  const verified = parts.reduce((sum, p) => sum + p.n, 0);
  const pending = counts.unverified_count ?? total - verified;
  const summary = [
    ...parts.filter((p) => p.n > 0).map((p) => `${labels.statuses[p.code] ?? p.code}: ${p.n}`),
    ...(pending > 0 ? [t`Not verified: ${pending}`] : []),
  ].join(', ');
  return (
    <div className="grid min-w-32 gap-1" data-testid="verification-progress">
      <span className="text-xs">{t`${verified} of ${total} verified`}</span>
      <div role="img" aria-label={summary} title={summary} className="flex h-2 w-full overflow-hidden rounded bg-muted">
        {total > 0
          ? parts
              .filter((p) => p.n > 0)
              .map((p) => <span key={p.code} className={p.color} style={{ width: `${(100 * p.n) / total}%` }} />)
          : null}
      </div>
    </div>
  );
}
