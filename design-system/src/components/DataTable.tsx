import * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, SearchIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import {
  buildFilterModel,
  cycleSort,
  DEFAULT_PAGE_SIZE,
  formatText,
  PAGE_SIZE_OPTIONS,
  SEARCH_DEBOUNCE_MS,
  type FilterModel,
  type SortItem,
} from '../lib/table';
import { useDebouncedCallback } from '../lib/useDebouncedCallback';
import { Checkbox } from './Checkbox';
import { ColumnChooser, type ColumnChooserTexts, type ColumnState } from './ColumnChooser';
import { Pagination, type PaginationTexts } from './Pagination';
import { SimpleSelect } from './Select';
import { Spinner } from './Spinner';
import { TextInput } from './TextInput';

export interface DataTableColumn<T> {
  field: string;
  header: string;
  sortable?: boolean;
  /** Shows a contains-filter input under the header. */
  filterable?: boolean;
  /** false: always visible, cannot be hidden in the column chooser. */
  hideable?: boolean;
  /** Hidden until switched on in the column chooser. */
  defaultHidden?: boolean;
  /** Cell content; defaults to String(row[field]). */
  cell?: (row: T) => React.ReactNode;
  className?: string;
}

export interface DataTableTexts {
  loading: string;
  empty: string;
  /** `{n}` is the total; a function can choose the plural ('Total 1 item' / 'Total 2 items'). */
  total: string | ((n: number) => string);
  /** The total when it is a lower bound (`totalCapped`): `{n}` is the bound. */
  totalCapped: string | ((n: number) => string);
  /** Shown when the server sorted only its most recent rows (`sortCapped`). */
  sortCapped: string;
  lastUpdated: string;
  search: string;
  searchPlaceholder: string;
  rowsPerPage: string;
  selectAll: string;
  selectRow: string;
  /** `{column}` is the column header. */
  filter: string;
  actions: string;
  pagination: Partial<PaginationTexts>;
  columnChooser: Partial<ColumnChooserTexts>;
}

export const defaultDataTableTexts: DataTableTexts = {
  loading: 'Loading...',
  empty: 'No record found',
  total: 'Total {n} record(s)',
  totalCapped: 'More than {n} record(s)',
  sortCapped: 'Only the most recent records are sorted: search or filter to sort them all.',
  lastUpdated: 'Last Updated',
  search: 'Search',
  searchPlaceholder: 'Search...',
  rowsPerPage: 'Rows per page',
  selectAll: 'Select all rows',
  selectRow: 'Select row',
  filter: 'Filter {column}',
  actions: 'Actions',
  pagination: {},
  columnChooser: {},
};

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  /** Rows of the current page (server-side paging). */
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Total rows on the server. */
  total: number;
  /** The server counted only up to `total`: there are more ("More than {n}"). */
  totalCapped?: boolean;
  /** The server sorted only its most recent rows (a sort no index serves, on a large list). */
  sortCapped?: boolean;
  /** 1-based page. */
  pageNumber: number;
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  sortModel?: readonly SortItem[];
  /** Emits the whole sort model after a header click (asc → desc → none). */
  onSortChange?: (model: SortItem[]) => void;
  /** Keep the other columns' sort when clicking a header (default true). */
  multiSort?: boolean;
  selectedIds?: readonly string[];
  /** Enables the selection column. */
  onSelectionChange?: (ids: string[]) => void;
  /** Enables the global search box; called 500 ms after typing stops with the trimmed text. */
  onSearchChange?: (search: string) => void;
  defaultSearch?: string;
  /** Called (debounced) with the contains-only filter model of the filter row. */
  onFilterChange?: (filterModel: FilterModel) => void;
  /** Enables the column chooser; state is controlled when `columnState` is given. */
  columnChooser?: boolean;
  columnState?: readonly ColumnState[];
  onColumnStateChange?: (state: ColumnState[]) => void;
  loading?: boolean;
  /** A load failure to show in place of the rows. */
  error?: string | null;
  /** Shown as 'Last Updated: …' under the table. */
  lastUpdated?: string;
  /** Buttons shown in the table header (add, verify, downloads). */
  toolbar?: React.ReactNode;
  rowActions?: (row: T) => React.ReactNode;
  /**
   * Makes the first visible column open the row's record: wraps that cell's content (the app passes its router's
   * link), so the record is a click on its name rather than a trip to the row menu.
   */
  openRow?: (row: T, content: React.ReactNode) => React.ReactNode;
  caption?: string;
  texts?: Partial<DataTableTexts>;
  className?: string;
}

/** The row menu stays at the right edge while a wide table scrolls, so no list hides its actions off screen. */
const actionsCellClass = 'sticky right-0 z-[1] bg-background px-3 py-1 text-right shadow-[-1px_0_0_var(--border)]';

function defaultColumnState<T>(columns: readonly DataTableColumn<T>[]): ColumnState[] {
  return columns.map((c) => ({ field: c.field, visible: !c.defaultHidden }));
}

function cellValue<T>(row: T, column: DataTableColumn<T>): React.ReactNode {
  if (column.cell) return column.cell(row);
  const value = (row as Record<string, unknown>)[column.field];
  if (value === null || value === undefined) return '';
  return String(value);
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

const totalText = (text: string | ((n: number) => string), n: number) =>
  typeof text === 'function' ? text(n) : formatText(text, { n });

export function DataTable<T>({
  columns,
  rows,
  getRowId,
  total,
  totalCapped = false,
  sortCapped = false,
  pageNumber,
  pageSize = DEFAULT_PAGE_SIZE,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  onPageChange,
  onPageSizeChange,
  sortModel = [],
  onSortChange,
  multiSort = true,
  selectedIds = [],
  onSelectionChange,
  onSearchChange,
  defaultSearch = '',
  onFilterChange,
  columnChooser = false,
  columnState: controlledColumnState,
  onColumnStateChange,
  loading = false,
  error = null,
  lastUpdated,
  toolbar,
  rowActions,
  openRow,
  caption,
  texts,
  className,
}: DataTableProps<T>) {
  const t = { ...defaultDataTableTexts, ...texts };
  const [innerColumnState, setInnerColumnState] = React.useState(() => defaultColumnState(columns));
  const columnState = controlledColumnState ?? innerColumnState;
  const setColumnState = (next: ColumnState[]) => {
    if (!controlledColumnState) setInnerColumnState(next);
    onColumnStateChange?.(next);
  };

  const [search, setSearch] = React.useState(defaultSearch);
  const lastSearch = React.useRef(defaultSearch.trim());
  const emitSearch = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    if (trimmed === lastSearch.current) return;
    lastSearch.current = trimmed;
    onSearchChange?.(trimmed);
  }, SEARCH_DEBOUNCE_MS);

  const [filters, setFilters] = React.useState<Record<string, string>>({});
  const emitFilters = useDebouncedCallback((values: Record<string, string>) => {
    onFilterChange?.(buildFilterModel(values));
  }, SEARCH_DEBOUNCE_MS);

  const byField = new Map(columns.map((c) => [c.field, c]));
  const visibleColumns = columnState
    .filter((s) => s.visible)
    .map((s) => byField.get(s.field))
    .filter((c): c is DataTableColumn<T> => c !== undefined);

  const selectable = onSelectionChange !== undefined;
  const pageIds = rows.map(getRowId);
  const selectedOnPage = pageIds.filter((id) => selectedIds.includes(id));
  const allChecked = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const someChecked = selectedOnPage.length > 0 && !allChecked;
  const hasFilters = onFilterChange !== undefined && visibleColumns.some((c) => c.filterable);
  const colSpan = visibleColumns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  function toggleRow(id: string, checked: boolean) {
    onSelectionChange?.(checked ? [...selectedIds.filter((s) => s !== id), id] : selectedIds.filter((s) => s !== id));
  }
  function toggleAll(checked: boolean) {
    const others = selectedIds.filter((id) => !pageIds.includes(id));
    onSelectionChange?.(checked ? [...others, ...pageIds] : others);
  }

  return (
    <div data-slot="data-table" className={cn('grid gap-3', className)}>
      {onSearchChange || columnChooser || toolbar ? (
        <div data-slot="data-table-toolbar" className="flex flex-wrap items-center gap-2">
          {onSearchChange ? (
            <div className="relative w-full max-w-xs">
              <SearchIcon
                aria-hidden="true"
                className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
              />
              <TextInput
                type="search"
                aria-label={t.search}
                placeholder={t.searchPlaceholder}
                className="pl-8"
                value={search}
                onValueChange={(value) => {
                  setSearch(value);
                  emitSearch(value);
                }}
              />
            </div>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {toolbar}
            {columnChooser ? (
              <ColumnChooser
                state={columnState}
                headers={Object.fromEntries(columns.map((c) => [c.field, c.header]))}
                locked={columns.filter((c) => c.hideable === false).map((c) => c.field)}
                onChange={setColumnState}
                onReset={() => setColumnState(defaultColumnState(columns))}
                texts={t.columnChooser}
              />
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="relative w-full overflow-x-auto rounded-md border">
        <table className="w-full caption-bottom border-collapse text-sm" aria-busy={loading || undefined}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-muted/60">
            <tr className="border-b">
              {selectable ? (
                <th scope="col" className="w-10 px-3 py-2 text-left">
                  <Checkbox
                    aria-label={t.selectAll}
                    checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                    disabled={rows.length === 0}
                    onCheckedChange={(checked) => toggleAll(checked === true)}
                  />
                </th>
              ) : null}
              {visibleColumns.map((column) => {
                const sortIndex = sortModel.findIndex((s) => s.field === column.field);
                const sort = sortModel[sortIndex];
                return (
                  <th
                    key={column.field}
                    scope="col"
                    aria-sort={sort ? ariaSort[sort.direction] : column.sortable ? 'none' : undefined}
                    className={cn(
                      'h-10 px-3 text-left font-medium whitespace-nowrap text-foreground',
                      column.className,
                    )}
                  >
                    {column.sortable && onSortChange ? (
                      <button
                        type="button"
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                        onClick={() => onSortChange(cycleSort(sortModel, column.field, multiSort))}
                      >
                        {column.header}
                        {sort?.direction === 'asc' ? (
                          <ArrowUpIcon aria-hidden="true" className="size-3.5" />
                        ) : sort?.direction === 'desc' ? (
                          <ArrowDownIcon aria-hidden="true" className="size-3.5" />
                        ) : (
                          <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-40" />
                        )}
                        {sort && sortModel.length > 1 ? (
                          <span className="text-xs text-muted-foreground" aria-hidden="true">
                            {sortIndex + 1}
                          </span>
                        ) : null}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {rowActions ? (
                <th scope="col" className={cn(actionsCellClass, 'w-12 bg-muted font-medium')}>
                  <span className="sr-only">{t.actions}</span>
                </th>
              ) : null}
            </tr>
            {hasFilters ? (
              <tr className="border-b" data-slot="data-table-filters">
                {selectable ? <td /> : null}
                {visibleColumns.map((column) => (
                  <td key={column.field} className="px-3 py-1.5">
                    {column.filterable ? (
                      <TextInput
                        aria-label={formatText(t.filter, { column: column.header })}
                        className="h-8"
                        value={filters[column.field] ?? ''}
                        onValueChange={(value) => {
                          const next = { ...filters, [column.field]: value };
                          setFilters(next);
                          emitFilters(next);
                        }}
                      />
                    ) : null}
                  </td>
                ))}
                {rowActions ? <td /> : null}
              </tr>
            ) : null}
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={colSpan} className="h-24 px-3 text-center text-muted-foreground">
                  <span className="inline-flex items-center gap-2">
                    <Spinner label={t.loading} />
                    <span aria-hidden="true">{t.loading}</span>
                  </span>
                </td>
              </tr>
            ) : error ? (
              <tr>
                <td colSpan={colSpan} role="alert" className="h-24 px-3 text-center text-destructive">
                  {error}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={colSpan} className="h-24 px-3 text-center text-muted-foreground">
                  {t.empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = getRowId(row);
                const selected = selectedIds.includes(id);
                return (
                  <tr
                    key={id}
                    data-state={selected ? 'selected' : undefined}
                    className="border-b transition-colors last:border-b-0 hover:bg-muted/50 data-[state=selected]:bg-accent"
                  >
                    {selectable ? (
                      <td className="px-3 py-2">
                        <Checkbox
                          aria-label={`${t.selectRow} ${id}`}
                          checked={selected}
                          onCheckedChange={(checked) => toggleRow(id, checked === true)}
                        />
                      </td>
                    ) : null}
                    {visibleColumns.map((column, index) => (
                      <td key={column.field} className={cn('px-3 py-2 align-middle break-words', column.className)}>
                        {index === 0 && openRow ? openRow(row, cellValue(row, column)) : cellValue(row, column)}
                      </td>
                    ))}
                    {rowActions ? <td className={actionsCellClass}>{rowActions(row)}</td> : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <div
        data-slot="data-table-footer"
        className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground"
      >
        <div className="grid gap-0.5">
          <span data-slot="data-table-total">{totalText(totalCapped ? t.totalCapped : t.total, total)}</span>
          {sortCapped ? <span data-slot="data-table-sort-capped">{t.sortCapped}</span> : null}
          {lastUpdated ? (
            <span data-slot="data-table-last-updated">
              {t.lastUpdated}: {lastUpdated}
            </span>
          ) : null}
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {onPageSizeChange ? (
            <label className="flex items-center gap-2">
              <span>{t.rowsPerPage}</span>
              <SimpleSelect
                aria-label={t.rowsPerPage}
                className="h-8 w-20"
                value={String(pageSize)}
                onValueChange={(value) => onPageSizeChange(Number(value))}
                options={pageSizeOptions.map((n) => ({ value: String(n), label: String(n) }))}
              />
            </label>
          ) : null}
          <Pagination
            page={pageNumber}
            total={total}
            pageSize={pageSize}
            onPageChange={onPageChange}
            texts={t.pagination}
          />
        </div>
      </div>
    </div>
  );
}
