import type { Knex } from 'knex';
import {
  applyListFilters,
  applyListPage,
  type FileResult,
  type ListSpec,
  pagedBatches,
  parseListQuery,
  type ReportColumn,
  type ReportFormat,
  reportFile,
  sheet,
} from '@portal/core';

/** The most rows a list download holds; a client narrows the list beyond this. */
export const MAX_REPORT_ROWS = 200_000;

/** Reads a list page by page (same filters and sort as the screen), so a download never sits in memory at once. */
export type RowPages<T> = (offset: number, limit: number) => Promise<T[]>;

/**
 * A list's rows for its download: the screen's search, filters and sort (`raw`, its list query) on `base`, read a page at
 * a time (`select` gives the row's columns, `idColumn` breaks ties in the order).
 */
export function listPages<T>(
  base: Knex.QueryBuilder,
  raw: Record<string, unknown>,
  spec: ListSpec,
  idColumn: string,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
): RowPages<T> {
  const query = parseListQuery({ ...raw, pageNumber: 1, pageSize: 1 }, spec);
  const filtered = applyListFilters(base, query, spec);
  return async (offset, limit) =>
    (await applyListPage(select(filtered.clone()), { ...query, pageSize: limit }, spec, idColumn).offset(
      offset,
    )) as T[];
}

/** A list as a file through core's one report writer: the spec's file name, every page up to MAX_REPORT_ROWS. */
export function listReport<T>(
  title: string,
  sheetName: string,
  columns: ReportColumn<T>[],
  pages: RowPages<T>,
  format: ReportFormat,
  timezone: string,
  onError: (err: unknown) => void,
): FileResult {
  return reportFile(
    title,
    format,
    [sheet({ name: sheetName, columns, rows: pagedBatches(pages, MAX_REPORT_ROWS) })],
    timezone,
    onError,
  );
}
