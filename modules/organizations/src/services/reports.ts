import { type FileResult, pagedBatches, type ReportColumn, type ReportFormat, reportFile, sheet } from '@portal/core';

/** The most rows a list download holds; a client narrows the list beyond this. */
export const MAX_REPORT_ROWS = 200_000;

/** Reads a list page by page (same filters and sort as the screen), so a download never sits in memory at once. */
export type RowPages<T> = (offset: number, limit: number) => Promise<T[]>;

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
