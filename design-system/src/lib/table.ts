/** Pure helpers behind DataTable and DataGrid (spec §2 shared list screen, §9 constants). */

export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50] as const;
export const GRID_PAGE_SIZE_OPTIONS = [50, 100, 250, 500] as const;
export const SEARCH_DEBOUNCE_MS = 500;

export type SortDirection = 'asc' | 'desc';
export interface SortItem {
  field: string;
  direction: SortDirection;
}

export type PaginationItem = number | 'start-ellipsis' | 'end-ellipsis';

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 0;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The pager is hidden when everything fits on one page. */
export function isPagerHidden(total: number, pageSize: number): boolean {
  return total <= pageSize;
}

/**
 * Page buttons: at most `maxButtons` (5) consecutive pages centred on the current one with
 * `neighbours` (2) each side, plus the first and last page with ellipses when they are not adjacent.
 * e.g. page 10 of 20 → [1, '…', 8, 9, 10, 11, 12, '…', 20].
 */
export function paginationItems(page: number, totalPages: number, maxButtons = 5, neighbours = 2): PaginationItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const windowSize = Math.min(maxButtons, neighbours * 2 + 1, totalPages);
  let start = Math.max(1, current - neighbours);
  let end = start + windowSize - 1;
  if (end > totalPages) {
    end = totalPages;
    start = Math.max(1, end - windowSize + 1);
  }
  const items: PaginationItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('start-ellipsis');
  }
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages) {
    if (end < totalPages - 1) items.push('end-ellipsis');
    items.push(totalPages);
  }
  return items;
}

/**
 * Multi-column sort: clicking a column cycles it ascending → descending → none, and the clicked column leads (a list
 * with a default sort would otherwise only use it to break ties). With `multi`, the other columns follow in their
 * order; otherwise they are dropped.
 */
export function cycleSort(model: readonly SortItem[], field: string, multi = true): SortItem[] {
  const existing = model.find((item) => item.field === field);
  const others = multi ? model.filter((item) => item.field !== field) : [];
  if (!existing) return [{ field, direction: 'asc' }, ...others];
  if (existing.direction === 'asc') return [{ field, direction: 'desc' }, ...others];
  return others;
}

export interface TextFilter {
  filterType: 'text';
  type: 'contains';
  filter: string;
}
export type FilterModel = Record<string, TextFilter>;

/** Column filter texts → the contains-only filter model sent to the server (blank filters dropped, text trimmed). */
export function buildFilterModel(values: Readonly<Record<string, string>>): FilterModel {
  const model: FilterModel = {};
  for (const [field, raw] of Object.entries(values)) {
    const filter = raw.trim();
    if (filter) model[field] = { filterType: 'text', type: 'contains', filter };
  }
  return model;
}

/** Return a copy of `items` with the element at `from` moved to index `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = items.slice();
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length || from === to) return copy;
  const [moved] = copy.splice(from, 1);
  if (moved !== undefined) copy.splice(to, 0, moved);
  return copy;
}

/** Replace `{name}` placeholders: format('Total {n} record(s)', { n: 3 }). */
export function formatText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
