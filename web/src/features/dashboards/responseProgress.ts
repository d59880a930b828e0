import type { FilterModel } from '@portal/design-system';

/** Filters of the list are contains-only (docs/api-provider.md): one text filter per field. */
export function containsFilter(field: string, value: string): FilterModel {
  return { [field]: { filterType: 'text', type: 'contains', filter: value } };
}

export interface ResponseProgress {
  total: number;
  completed: number;
  inProgress: number;
}

/**
 * Response progress from list totals. A contains filter on 'COMPLETED' also matches 'NOTCOMPLETED', so the
 * completed count is the difference; the rest (NOTCOMPLETED, OPEN, NA) is in progress.
 */
export function responseProgress(
  total: number | undefined,
  containsCompleted: number | undefined,
  notCompleted: number | undefined,
): ResponseProgress | null {
  if (total === undefined || containsCompleted === undefined || notCompleted === undefined) return null;
  const completed = Math.max(0, containsCompleted - notCompleted);
  return { total, completed, inProgress: Math.max(0, total - completed) };
}

/** Whole percent of part in total; 0 when total is 0. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}
