import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import {
  Button,
  DEFAULT_PAGE_SIZE,
  type ColumnState,
  type DataTableTexts,
  type FilterModel,
  type SortItem,
  getDateLocale,
} from '@portal/design-system';
import { useUserId, type ListQuery } from '../../api/communications';
import {
  loadPreferences,
  preferencesKey,
  reconcileColumns,
  savePreferences,
  type ListPreferences,
} from './preferences';

/** DataTable texts, translated. */
export function useTableTexts(): DataTableTexts {
  const { t } = useLingui();
  return useMemo(
    () => ({
      loading: t`Loading...`,
      empty: t`No record found`,
      // Functions: a plain t`... {n} ...` would interpolate {n} itself (to nothing) before the table could.
      total: (n: number) => t`Total ${n} record(s)`,
      totalCapped: (n: number) => t`More than ${n} record(s)`,
      sortCapped: t`Only the most recent records are sorted: search or filter to sort them all.`,
      lastUpdated: t`Last Updated`,
      search: t`Search`,
      searchPlaceholder: t`Search...`,
      rowsPerPage: t`Rows per page`,
      selectAll: t`Select all rows`,
      selectRow: t`Select row`,
      // The table fills {column} and {n}: pass them through as named values, or lingui would fill them with nothing.
      filter: t`Filter ${{ column: '{column}' }}`,
      actions: t`Actions`,
      pagination: {
        label: t`Pagination`,
        previous: t`Previous page`,
        next: t`Next page`,
        page: t`Page ${{ n: '{n}' }}`,
        more: t`More pages`,
      },
      columnChooser: {
        button: t`Columns`,
        title: t`Show and order columns`,
        reset: t`Reset`,
        moveUp: t`Move ${{ column: '{column}' }} up`,
        moveDown: t`Move ${{ column: '{column}' }} down`,
      },
    }),
    [t],
  );
}

/**
 * The grid variant's texts (the operator's grids of 50 to 500 rows): its totals line counts items, 'Total 1 item' and
 * 'Total N items' (spec 000 §2 shared list screen), where the paged table says 'Total N record(s)'.
 */
export function useGridTexts(): DataTableTexts {
  const { t } = useLingui();
  const texts = useTableTexts();
  return useMemo(
    () => ({
      ...texts,
      total: (n: number) => t`${plural(n, { one: 'Total # item', other: 'Total # items' })}`,
      totalCapped: (n: number) => t`${plural(n, { one: 'More than # item', other: 'More than # items' })}`,
    }),
    [t, texts],
  );
}

export interface ListState {
  query: ListQuery;
  search: string;
  columns: ColumnState[] | undefined;
  filterModel: FilterModel;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortItem[]) => void;
  setSearch: (search: string) => void;
  setFilterModel: (model: FilterModel) => void;
  setColumns: (columns: ColumnState[]) => void;
  clearFilters: () => void;
}

/**
 * Paging, sort, search, filters and column choices of one list; everything but the page number is saved per user
 * and page in localStorage (spec §3 saved filters and customised headers).
 */
export function useListState(page: string, fields: readonly string[], defaultSort: SortItem[] = []): ListState {
  const userId = useUserId();
  const key = preferencesKey(userId, page);
  const [prefs, setPrefs] = useState<ListPreferences>(() => {
    const loaded = loadPreferences(key, {
      sort: defaultSort,
      filterModel: {},
      search: '',
      pageSize: DEFAULT_PAGE_SIZE,
      columns: null,
    });
    return { ...loaded, columns: reconcileColumns(loaded.columns, fields) };
  });
  const [pageNumber, setPageNumber] = useState(1);

  const update = useCallback(
    (patch: Partial<ListPreferences>) => {
      setPrefs((current) => {
        const next = { ...current, ...patch };
        savePreferences(key, next);
        return next;
      });
    },
    [key],
  );

  return {
    query: {
      pageNumber,
      pageSize: prefs.pageSize,
      sort: prefs.sort,
      search: prefs.search,
      filterModel: prefs.filterModel,
    },
    search: prefs.search,
    columns: prefs.columns ?? undefined,
    filterModel: prefs.filterModel,
    setPage: setPageNumber,
    setPageSize: (pageSize) => {
      setPageNumber(1);
      update({ pageSize });
    },
    setSort: (sort) => update({ sort }),
    setSearch: (search) => {
      setPageNumber(1);
      update({ search });
    },
    setFilterModel: (filterModel) => {
      setPageNumber(1);
      update({ filterModel });
    },
    setColumns: (columns) => update({ columns }),
    clearFilters: () => {
      setPageNumber(1);
      update({ filterModel: {}, search: '' });
    },
  };
}

/** The DataTable props that follow a list's state: paging, sort, search and column filters. */
export function listTableProps(list: ListState) {
  return {
    pageNumber: list.query.pageNumber,
    pageSize: list.query.pageSize,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
    sortModel: list.query.sort,
    onSortChange: list.setSort,
    onSearchChange: list.setSearch,
    defaultSearch: list.search,
    onFilterChange: list.setFilterModel,
  };
}

/** One page of a list endpoint's answer: its rows and what the grid says about them. */
export interface ServerPage<R> {
  items: readonly R[];
  total: number;
  totalCapped?: boolean;
  sortCapped?: boolean;
  lastUpdated?: string | null;
}

/**
 * The DataTable props that show one server page as SWR holds it: its rows (by id), the counts, loading, the failure
 * and when the list was read.
 */
export function pageTableProps<R extends { id: number | string }>({
  data,
  error,
  isLoading,
}: {
  data?: ServerPage<R>;
  error?: { message: string } | null;
  isLoading: boolean;
}) {
  return {
    rows: data?.items ?? [],
    getRowId: (row: R) => String(row.id),
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped,
    sortCapped: data?.sortCapped,
    loading: isLoading,
    error: error ? error.message : null,
    lastUpdated: data?.lastUpdated ? formatDate(data.lastUpdated) : undefined,
  };
}

/** Saved filters restored from an earlier visit, shown as a line with a Clear button (the filter row starts empty). */
export function SavedFilters({
  filterModel,
  headers,
  onClear,
}: {
  filterModel: FilterModel;
  headers: Record<string, string>;
  onClear: () => void;
}) {
  const entries = Object.entries(filterModel);
  if (entries.length === 0) return null;
  const text = entries.map(([field, f]) => `${headers[field] ?? field}: "${f.filter}"`).join(', ');
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="saved-filters">
      <Trans>Saved filters: {text}</Trans>
      <Button size="sm" variant="outline" onClick={onClear}>
        <Trans>Clear filters</Trans>
      </Button>
    </p>
  );
}

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

// en-US writes MM/DD/YYYY (the spec's format, kept in English); en-GB writes DD/MM/YYYY, as Vietnamese readers do.
const dateFormats = (locale: string) => ({
  date: new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  dateTime: new Intl.DateTimeFormat(locale, {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // h23, not hour12: false, which writes the first hour after midnight as 24:05.
    hourCycle: 'h23',
  }),
});
const DATE_FORMATS = { en: dateFormats('en-US'), vi: dateFormats('en-GB') };

/**
 * MM/DD/YYYY for a date value ('yyyy-MM-dd'), MM/DD/YYYY HH:mm for a timestamp (DD/MM/YYYY in Vietnamese, as the
 * design system's `setDateLocale` says); blank for 1900-01-01 or none.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value || value.startsWith('1900-01-01')) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return 'NA';
  const formats = DATE_FORMATS[getDateLocale()];
  return value.length === 10 ? formats.date.format(date) : formats.dateTime.format(date).replace(',', '');
}

/**
 * The DataTable's `openRow`: the first column becomes a link to the row's record (`pathOf`), so a record opens from its
 * name and not only from the row menu.
 */
export function openRowAt<T>(pathOf: (row: T) => string) {
  return (row: T, content: ReactNode) => (
    <Link href={pathOf(row)} className="font-medium text-primary underline-offset-4 hover:underline">
      {content}
    </Link>
  );
}

/** `openRowAt` for records that open in a dialog: the first column is a button that opens it. */
export function openRowWith<T>(onOpen: (row: T) => void) {
  return (row: T, content: ReactNode) => (
    <button
      type="button"
      onClick={() => onOpen(row)}
      className="text-left font-medium text-primary underline-offset-4 hover:underline"
    >
      {content}
    </button>
  );
}
