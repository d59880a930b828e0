import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_PAGE_SIZE, type ColumnState, type SortItem } from '@portal/design-system';
import { useUserId } from '../../api/communications';
import type { ListState } from '../../api/provider';
import { loadPreferences, preferencesKey, reconcileColumns, savePreferences } from './preferences';

/** What a list shows before its user changes anything: the role's defaults for the page (see `listDefaults.ts`). */
export interface SavedListDefaults<F> {
  sort: SortItem[];
  /** The page's own filters above its table. */
  filters: F;
  pageSize?: number;
}

export interface SavedList<F> {
  /** Paging, sort, search and column filters, as the provider and operator lists hold them (`listStateProps`). */
  state: ListState;
  setState: Dispatch<SetStateAction<ListState>>;
  filters: F;
  /** Any change goes back to page 1. */
  setFilters: (filters: F) => void;
  /** The column chooser's choice (undefined: every column, in order). */
  columns: ColumnState[] | undefined;
  setColumns: (columns: ColumnState[]) => void;
  /** Back to the role's defaults: no filters or search, the default order (page size and columns stay). */
  reset: () => void;
}

/**
 * The list state of the provider's and operator's pages (`ListState` and the page's own filters), saved per user and
 * page in the same place as the supplier's lists (`useListState`, spec 000 §3 saved filters and customised headers):
 * everything but the page number is kept, and read back on the next visit. `readFilters` checks the page's own filters
 * read back from storage (an unknown or stale value is dropped rather than sent); `fields` are the table's columns, so
 * a saved column choice follows columns added or removed since.
 */
export function useSavedListState<F extends object>(
  /** The page's key among the user's saved lists; null keeps nothing (the defaults on every visit). */
  page: string | null,
  defaults: SavedListDefaults<F>,
  options: { readFilters?: (saved: Record<string, unknown>) => F; fields?: readonly string[] } = {},
): SavedList<F> {
  const userId = useUserId();
  const key = page === null ? null : preferencesKey(userId, page);
  const [initial] = useState(() => {
    const loaded = loadPreferences(
      key ?? '',
      {
        sort: defaults.sort,
        filterModel: {},
        search: '',
        pageSize: defaults.pageSize ?? DEFAULT_PAGE_SIZE,
        columns: null,
        filters: defaults.filters as Record<string, unknown>,
      },
      key === null ? null : undefined,
    );
    const saved = loaded.filters ?? {};
    return {
      state: {
        pageNumber: 1,
        pageSize: loaded.pageSize,
        sort: loaded.sort,
        search: loaded.search,
        filters: loaded.filterModel,
      } satisfies ListState,
      filters: options.readFilters ? options.readFilters(saved) : (saved as F),
      columns: options.fields ? reconcileColumns(loaded.columns, options.fields) : loaded.columns,
    };
  });
  const [state, setState] = useState<ListState>(initial.state);
  const [filters, setFilterValues] = useState<F>(initial.filters);
  const [columns, setColumns] = useState<ColumnState[] | null>(initial.columns);

  // Saved after the user's changes only: a page merely opened keeps following the role's defaults.
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current || key === null) {
      opened.current = false;
      return;
    }
    savePreferences(key, {
      sort: state.sort,
      filterModel: state.filters,
      search: state.search,
      pageSize: state.pageSize,
      columns,
      filters: filters as Record<string, unknown>,
    });
  }, [key, state.sort, state.filters, state.search, state.pageSize, columns, filters]);

  const setFilters = useCallback((next: F) => {
    setFilterValues(next);
    setState((s) => ({ ...s, pageNumber: 1 }));
  }, []);
  const reset = useCallback(() => {
    setFilterValues(defaults.filters);
    setState((s) => ({ ...s, pageNumber: 1, sort: defaults.sort, search: '', filters: {} }));
  }, [defaults.filters, defaults.sort]);

  return { state, setState, filters, setFilters, columns: columns ?? undefined, setColumns, reset };
}
