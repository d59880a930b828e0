import type { ColumnState, FilterModel, SortItem } from '@portal/design-system';

/** Saved per-user list preferences (spec §3: kept locally). */

export interface ListPreferences {
  sort: SortItem[];
  filterModel: FilterModel;
  search: string;
  pageSize: number;
  columns: ColumnState[] | null;
  /** The page's own filters above its table (status, supplier, site…), as the page reads them back. */
  filters?: Record<string, unknown>;
}

export function preferencesKey(userId: string | null, page: string): string {
  return `portal.list.${userId ?? 'anonymous'}.${page}`;
}

export function loadPreferences(
  key: string,
  defaults: ListPreferences,
  storage: Storage | null = safeStorage(),
): ListPreferences {
  if (!storage) return defaults;
  try {
    const raw = storage.getItem(key);
    if (!raw) return defaults;
    const parsed = JSON.parse(raw) as Partial<ListPreferences>;
    return {
      sort: Array.isArray(parsed.sort) ? parsed.sort.filter(isSortItem) : defaults.sort,
      filterModel:
        typeof parsed.filterModel === 'object' && parsed.filterModel !== null
          ? parsed.filterModel
          : defaults.filterModel,
      search: typeof parsed.search === 'string' ? parsed.search : defaults.search,
      pageSize: typeof parsed.pageSize === 'number' && parsed.pageSize > 0 ? parsed.pageSize : defaults.pageSize,
      columns: Array.isArray(parsed.columns) ? parsed.columns : defaults.columns,
      filters:
        typeof parsed.filters === 'object' && parsed.filters !== null && !Array.isArray(parsed.filters)
          ? parsed.filters
          : defaults.filters,
    };
  } catch {
    return defaults;
  }
}

export function savePreferences(key: string, prefs: ListPreferences, storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(prefs));
  } catch {
    // storage full or unavailable: preferences last for this page only
  }
}

function isSortItem(value: unknown): value is SortItem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SortItem).field === 'string' &&
    ((value as SortItem).direction === 'asc' || (value as SortItem).direction === 'desc')
  );
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Columns saved earlier, reconciled with the current column list (new columns appended, removed ones dropped). */
export function reconcileColumns(
  saved: readonly ColumnState[] | null,
  fields: readonly string[],
): ColumnState[] | null {
  if (!saved) return null;
  const known = saved.filter((c) => fields.includes(c.field));
  const missing = fields.filter((f) => !known.some((c) => c.field === f)).map((field) => ({ field, visible: true }));
  return [...known, ...missing];
}
