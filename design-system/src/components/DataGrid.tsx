import * as React from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { BlockCache, type GetRows } from '../lib/blockCache';
import { cycleSort, formatText, GRID_PAGE_SIZE_OPTIONS, type SortItem } from '../lib/table';
import type { DataTableColumn } from './DataTable';
import { Pagination, type PaginationTexts } from './Pagination';
import { SimpleSelect } from './Select';

export const GRID_ROW_HEIGHT = 32;
export const GRID_HEADER_HEIGHT = 40;

export interface DataGridTexts {
  loading: string;
  empty: string;
  /** `{n}` is the total, or a function of it. */
  total: string | ((n: number) => string);
  rowsPerPage: string;
  error: string;
  pagination: Partial<PaginationTexts>;
}

export const defaultDataGridTexts: DataGridTexts = {
  loading: 'Loading...',
  empty: 'No record found',
  total: 'Total {n} record(s)',
  rowsPerPage: 'Rows per page',
  error: 'Rows could not be loaded.',
  pagination: {},
};

export interface DataGridProps<T> {
  columns: readonly DataTableColumn<T>[];
  /**
   * Fetches rows [startRow, endRow) in blocks of 500. Give a new function (useCallback with the
   * sort and filters as dependencies) to drop the cache and refetch.
   */
  getRows: GetRows<T>;
  /** Height of the scrolling area in pixels. */
  height?: number;
  rowHeight?: number;
  headerHeight?: number;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  onPageChange?: (page: number) => void;
  sortModel?: readonly SortItem[];
  onSortChange?: (model: SortItem[]) => void;
  label?: string;
  texts?: Partial<DataGridTexts>;
  className?: string;
}

function cellText<T>(row: T, column: DataTableColumn<T>): React.ReactNode {
  if (column.cell) return column.cell(row);
  const value = (row as Record<string, unknown>)[column.field];
  return value === null || value === undefined ? '' : String(value);
}

/** Operator grid: virtualised rows served from a block cache (500-row blocks, ≤10 cached, ≤2 requests). */
export function DataGrid<T>({
  columns,
  getRows,
  height = 480,
  rowHeight = GRID_ROW_HEIGHT,
  headerHeight = GRID_HEADER_HEIGHT,
  pageSizeOptions = GRID_PAGE_SIZE_OPTIONS,
  defaultPageSize = GRID_PAGE_SIZE_OPTIONS[0],
  onPageChange,
  sortModel = [],
  onSortChange,
  label = 'Data grid',
  texts,
  className,
}: DataGridProps<T>) {
  const t = { ...defaultDataGridTexts, ...texts };
  const cache = React.useMemo(() => new BlockCache<T>({ getRows }), [getRows]);
  const [, setVersion] = React.useState(0);
  React.useEffect(() => cache.subscribe(() => setVersion((v) => v + 1)), [cache]);

  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(defaultPageSize);
  React.useEffect(() => setPage(1), [cache]);

  const total = cache.total;
  const pageStart = (page - 1) * pageSize;
  const rowsOnPage = total === null ? 0 : Math.max(0, Math.min(pageSize, total - pageStart));

  const scrollRef = React.useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rowsOnPage,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;

  React.useEffect(() => {
    if (total === null) cache.ensureRange(pageStart, pageStart + 1);
    else if (rowsOnPage > 0) cache.ensureRange(pageStart + firstIndex, pageStart + lastIndex + 1);
  }, [cache, total, pageStart, firstIndex, lastIndex, rowsOnPage]);

  function goToPage(next: number) {
    setPage(next);
    scrollRef.current?.scrollTo({ top: 0 });
    onPageChange?.(next);
  }

  const gridTemplate = `repeat(${columns.length}, minmax(8rem, 1fr))`;
  const loadingFirst = total === null && cache.error === null;

  return (
    <div data-slot="data-grid" className={cn('grid gap-2', className)}>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={(total ?? 0) + 1}
        aria-busy={cache.isLoading || undefined}
        tabIndex={0}
        className="relative overflow-auto rounded-md border text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        style={{ height }}
      >
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-10 grid border-b bg-muted font-medium"
          style={{ height: headerHeight, gridTemplateColumns: gridTemplate }}
        >
          {columns.map((column) => {
            const sort = sortModel.find((s) => s.field === column.field);
            return (
              <div
                key={column.field}
                role="columnheader"
                aria-sort={
                  sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : column.sortable ? 'none' : undefined
                }
                className="flex items-center truncate px-3"
              >
                {column.sortable && onSortChange ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded px-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    onClick={() => onSortChange(cycleSort(sortModel, column.field))}
                  >
                    {column.header}
                    {sort?.direction === 'asc' ? (
                      <ArrowUpIcon aria-hidden="true" className="size-3.5" />
                    ) : sort?.direction === 'desc' ? (
                      <ArrowDownIcon aria-hidden="true" className="size-3.5" />
                    ) : (
                      <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-40" />
                    )}
                  </button>
                ) : (
                  column.header
                )}
              </div>
            );
          })}
        </div>
        {loadingFirst ? (
          <div
            role="row"
            className="flex items-center justify-center text-muted-foreground"
            style={{ height: rowHeight * 3 }}
          >
            <span role="gridcell">{t.loading}</span>
          </div>
        ) : cache.error !== null && total === null ? (
          <div
            role="row"
            className="flex items-center justify-center text-destructive"
            style={{ height: rowHeight * 3 }}
          >
            <span role="gridcell">{t.error}</span>
          </div>
        ) : rowsOnPage === 0 ? (
          <div
            role="row"
            className="flex items-center justify-center text-muted-foreground"
            style={{ height: rowHeight * 3 }}
          >
            <span role="gridcell">{t.empty}</span>
          </div>
        ) : (
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const index = pageStart + item.index;
              const row = cache.getRow(index);
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={index + 2}
                  data-index={index}
                  className="absolute left-0 grid w-full border-b hover:bg-muted/50"
                  style={{
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                    gridTemplateColumns: gridTemplate,
                  }}
                >
                  {row === undefined ? (
                    <div
                      role="gridcell"
                      className="col-span-full flex items-center px-3 text-muted-foreground"
                      aria-busy="true"
                    >
                      {t.loading}
                    </div>
                  ) : (
                    columns.map((column) => (
                      <div
                        key={column.field}
                        role="gridcell"
                        className={cn('flex items-center truncate px-3', column.className)}
                      >
                        {cellText(row, column)}
                      </div>
                    ))
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <span data-slot="data-grid-total">
          {typeof t.total === 'function' ? t.total(total ?? 0) : formatText(t.total, { n: total ?? 0 })}
        </span>
        <label className="ml-auto flex items-center gap-2">
          <span>{t.rowsPerPage}</span>
          <SimpleSelect
            aria-label={t.rowsPerPage}
            className="h-8 w-24"
            value={String(pageSize)}
            onValueChange={(value) => {
              setPageSize(Number(value));
              goToPage(1);
            }}
            options={pageSizeOptions.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </label>
        <Pagination page={page} total={total ?? 0} pageSize={pageSize} onPageChange={goToPage} texts={t.pagination} />
      </div>
    </div>
  );
}
