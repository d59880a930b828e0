import type { FdaFilters } from '../../api/fda';

const STATUSES = ['Open Classified', 'Completed', 'Terminated', 'Ongoing'] as const;
const CLASSES = ['Class I', 'Class II', 'Class III', 'none'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => list.find((v) => v === value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
const date = (value: unknown): string | undefined =>
  typeof value === 'string' && DATE.test(value) ? value : undefined;

/** The FDA grids' filters as saved (spec 000 §3), each checked again: anything else is dropped rather than sent. */
export function readFdaFilters(saved: Record<string, unknown>): FdaFilters {
  const filters: FdaFilters = {
    status: oneOf(STATUSES, saved.status),
    classification: oneOf(CLASSES, saved.classification),
    firm: text(saved.firm),
    productCode: text(saved.productCode),
    initiatedFrom: date(saved.initiatedFrom),
    initiatedTo: date(saved.initiatedTo),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as FdaFilters;
}
