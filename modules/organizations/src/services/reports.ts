import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { type FileResult, fileResult } from '@portal/core';

/** One column of a downloaded report: its header and how a row gives its cell. */
export interface ReportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
}

/** Reads rows page by page so a large report never sits in memory at once. */
export type RowPages<T> = (offset: number, limit: number) => Promise<T[]>;

const PAGE = 1000;
/** The most rows a download holds; a client narrows the list beyond this. */
export const MAX_REPORT_ROWS = 200_000;

function parts(date: Date, timezone: string): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
}

/** MM-DD-YYYY of `date` in `timezone`, for the spec's file names ("... Report MM-DD-YYYY.xlsx"). */
export function fileDate(date: Date, timezone: string): string {
  const p = parts(date, timezone);
  return `${p.month}-${p.day}-${p.year}`;
}

/** MM/DD/YYYY HH:mm in `timezone` (spec §9 report format); blank for no date. */
export function reportDateTime(value: Date | string | null | undefined, timezone: string): string {
  if (!value) return '';
  const p = parts(new Date(value), timezone);
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}

export function reportFileName(title: string, timezone: string, extension: 'csv' | 'xlsx', now = new Date()): string {
  return `${title} ${fileDate(now, timezone)}.${extension}`;
}

async function* allRows<T>(pages: RowPages<T>): AsyncGenerator<T[]> {
  for (let offset = 0; offset < MAX_REPORT_ROWS; offset += PAGE) {
    const rows = await pages(offset, Math.min(PAGE, MAX_REPORT_ROWS - offset));
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
  }
}

/** A CSV report (RFC 4180 quoting, UTF-8 with a BOM so spreadsheet programs read accents right). */
export async function csvReport<T>(filename: string, columns: ReportColumn<T>[], pages: RowPages<T>): Promise<FileResult> {
  const chunks: string[] = ['\ufeff', stringify([columns.map((c) => c.header)])];
  for await (const rows of allRows(pages)) chunks.push(stringify(rows.map((r) => columns.map((c) => c.value(r) ?? ''))));
  return fileResult(filename, 'text/csv; charset=utf-8', chunks.join(''));
}

/** An XLSX report streamed as it is written (exceljs' streaming writer): rows are committed page by page. */
export function xlsxReport<T>(filename: string, sheet: string, columns: ReportColumn<T>[], pages: RowPages<T>): FileResult {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet);
  worksheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 20 }));
  worksheet.getRow(1).font = { bold: true };
  const produce = async () => {
    for await (const rows of allRows(pages)) {
      for (const row of rows) worksheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
    }
    worksheet.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return fileResult(filename, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream);
}
