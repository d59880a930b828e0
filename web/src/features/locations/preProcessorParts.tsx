import { useLingui } from '@lingui/react/macro';
import type { Decision, PreProcessorJob } from '../../api/locationPreProcessor';
import { Bar } from '../../shared/progress';

/** The one progress bar, moved to shared/ for the item master's import (issue 38). */
export { Bar };

/** A match confidence (0..1) as a whole percentage. */
export const percent = (confidence: number | null | undefined) =>
  confidence === null || confidence === undefined ? '' : `${Math.round(confidence * 100)}%`;

/** The confidence of a row or candidate: its percentage and a bar coloured by how sure the matcher is. */
export function Confidence({ value }: { value: number | null }) {
  const { t } = useLingui();
  if (value === null) return null;
  const tone = value >= 0.9 ? 'bg-emerald-600' : value >= 0.6 ? 'bg-amber-500' : 'bg-red-600';
  const text = percent(value);
  return (
    <div className="grid min-w-20 gap-1">
      <span className="text-xs tabular-nums">{text}</span>
      <Bar value={value} label={t`Confidence ${text}`} className={tone} />
    </div>
  );
}

/** A job's matching progress: rows processed of all, with a bar. */
export function JobProgress({ job }: { job: PreProcessorJob }) {
  const { t } = useLingui();
  const done = job.processedRows;
  const total = job.totalRows;
  const text = t`${done} of ${total} rows`;
  return (
    <div className="grid min-w-32 gap-1" data-testid="job-progress">
      <span className="text-xs tabular-nums">{text}</span>
      <Bar value={total ? done / total : 0} label={text} />
    </div>
  );
}

export function useDecisionWords(): Record<Decision, string> {
  const { t } = useLingui();
  return { MATCHED: t`Matched`, REVIEW: t`Review`, UNMATCHED: t`Unmatched` };
}

const decisionTone: Record<Decision, string> = {
  MATCHED: 'bg-emerald-100 text-emerald-900',
  REVIEW: 'bg-amber-100 text-amber-900',
  UNMATCHED: 'bg-slate-200 text-slate-900',
};

export function DecisionLabel({ decision }: { decision: Decision }) {
  const words = useDecisionWords();
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${decisionTone[decision]}`}>{words[decision]}</span>;
}
