import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { type FileResult, fileResult } from '../routes.js';
import { excelCalendarDate, excelDateTime, formatCalendarDate, formatDateTime, reportFileName } from './dates.js';

/**
 * The one spreadsheet writer of every report: a report is one or more sheets of typed columns whose rows arrive in
 * batches (keyset or paged queries), written as CSV or XLSX while they arrive, so no writer ever holds more than one
 * batch of rows and the next batch is only read once the client has taken the last one.
 */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'date' | 'yesno' | 'json';

export interface ReportColumn<R> {
  header: string;
  value: (row: R) => unknown;
  /** datetime: an instant rendered in the caller's zone; date: a calendar date (YYYY-MM-DD). */
  kind?: ColumnKind;
  width?: number;
}

export interface ReportSheet<R> {
  name: string;
  columns: ReportColumn<R>[];
  rows: AsyncIterable<R[]> | Iterable<R[]>;
}

/** A sheet with its row type erased, so sheets of different rows can travel in one list. */
export interface AnySheet {
  name: string;
  columns: ReportColumn<unknown>[];
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>;
}

export function sheet<R>(definition: ReportSheet<R>): AnySheet {
  return definition as unknown as AnySheet;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const DATETIME_FORMAT = 'mm/dd/yyyy hh:mm';
const DATE_FORMAT = 'mm/dd/yyyy';

function plain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An XLSX cell. Text is always a string cell (never a formula: exceljs writes a formula only for a `{ formula }`
 * value, and objects become JSON text here), so a value starting with = stays text in a spreadsheet.
 */
function xlsxCell(kind: ColumnKind, value: unknown, timeZone: string): ExcelJS.CellValue {
  switch (kind) {
    case 'datetime':
      return excelDateTime(value as Date | string | null, timeZone);
    case 'date':
      return excelCalendarDate(value as string | null);
    case 'yesno':
      return value ? 'Yes' : 'No';
    case 'json':
      return value === null || value === undefined ? null : JSON.stringify(value);
    default:
      return plain(value);
  }
}

function csvText(kind: ColumnKind, value: unknown, timeZone: string): string {
  switch (kind) {
    case 'datetime':
      return formatDateTime(value as Date | string | null, timeZone);
    case 'date':
      return formatCalendarDate(value as string | null);
    case 'yesno':
      return value ? 'Yes' : 'No';
    case 'json':
      return value === null || value === undefined ? '' : JSON.stringify(value);
    default: {
      const v = plain(value);
      return v === null ? '' : String(v);
    }
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180 quoting), with a leading = + - @ tab or CR defused by a `'` so a spreadsheet never runs
 * it as a formula (OWASP "CSV injection"). Numbers are left alone: -5 is a number, not a formula.
 */
export function csvField(text: string, numeric = false): string {
  const safe = !numeric && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Cell styles shared by every cell of a kind: exceljs resolves a style object it has seen before by identity. */
const CELL_STYLES: Record<'plain' | 'datetime' | 'date', Partial<ExcelJS.Style>> = {
  plain: {},
  datetime: { numFmt: DATETIME_FORMAT },
  date: { numFmt: DATE_FORMAT },
};
const styleOf = (kind: ColumnKind | undefined) =>
  kind === 'datetime' || kind === 'date' ? CELL_STYLES[kind] : CELL_STYLES.plain;

/**
 * Streams a workbook with exceljs' streaming writer: rows are committed as each batch arrives and the next batch
 * is only read once the response has drained. A failure half way destroys the stream (the download is cut, never
 * silently short) and is handed to `onError`.
 */
export function streamXlsx(sheets: AnySheet[], timeZone: string, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  // Resolves when `stream` has room again, or when the response went away (the client closed it: Koa destroys it).
  const roomOrGone = (stream: Writable) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        out.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      out.on('close', done);
    });
  const write = async () => {
    for (const s of sheets) {
      const ws = workbook.addWorksheet(s.name);
      ws.columns = s.columns.map((c, i) => ({
        header: c.header,
        key: `c${i}`,
        width: c.width ?? (c.kind === 'datetime' ? 18 : 22),
      }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      const kinds = s.columns.map((c) => c.kind ?? 'text');
      const styles = s.columns.map((c) => styleOf(c.kind));
      for await (const batch of s.rows) {
        for (const row of batch) {
          const r = ws.addRow(s.columns.map((c, i) => xlsxCell(kinds[i]!, c.value(row), timeZone)));
          for (let i = 0; i < styles.length; i++) r.getCell(i + 1).style = styles[i] as ExcelJS.Style;
          r.commit();
        }
        // exceljs writes a sheet into the zip's compressor without heeding backpressure, so the writer does: it waits
        // while the compressor (which waits for the response, which waits for the client) has more than it can take.
        // (The sheet's buffer hands its bytes to the zip through a readable-stream 2 PassThrough: its _writableState says
        // whether the zip is behind.)
        const zipInput = (
          ws as unknown as { stream?: { pipes?: (Writable & { _writableState?: { needDrain?: boolean } })[] } }
        ).stream?.pipes?.[0];
        if (zipInput?._writableState?.needDrain && !out.destroyed) await roomOrGone(zipInput);
        if (out.writableNeedDrain && !out.destroyed) await roomOrGone(out);
        if (out.destroyed) return; // nobody is reading any more: stop querying
      }
      ws.commit();
    }
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** Streams the first sheet as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right; LF line ends). */
export function streamCsv(s: AnySheet, timeZone: string, onError: (err: unknown) => void): Readable {
  const kinds = s.columns.map((c) => c.kind ?? 'text');
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${s.columns.map((c) => csvField(c.header)).join(',')}\n`;
    for await (const batch of s.rows) {
      let chunk = '';
      for (const row of batch) {
        let line = '';
        for (let i = 0; i < kinds.length; i++) {
          const v = s.columns[i]!.value(row);
          line += `${i ? ',' : ''}${csvField(csvText(kinds[i]!, v, timeZone), typeof v === 'number')}`;
        }
        chunk += `${line}\n`;
      }
      if (chunk) yield chunk;
    }
  }
  const stream = Readable.from(lines());
  stream.on('error', onError);
  return stream;
}

/**
 * Reads a table in id order, `size` rows at a time (keyset: `fetch(afterId)` answers the next rows with an id
 * above it), so a report never loads every row at once.
 */
export async function* keysetBatches<R extends { id: number }>(
  fetch: (afterId: number, size: number) => Promise<R[]>,
  size = 1000,
): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Reads one query through a server-side cursor (knex's stream over pg-query-stream), handed on `size` rows at a
 * time: one statement for the whole report, without holding its rows. Stopping early (the client went away, or a
 * failure) closes the cursor and gives the connection back.
 */
export async function* cursorBatches<R>(query: Knex.QueryBuilder, size = 1000): AsyncGenerator<R[]> {
  const stream = query.stream({ batchSize: size, highWaterMark: size });
  try {
    let batch: R[] = [];
    for await (const row of stream) {
      batch.push(row as R);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    stream.destroy();
  }
}

/**
 * Reads a list page by page (`fetch(offset, limit)`), for lists whose order is not an id; stops after `max` rows
 * (a client narrows such a list with its filters instead).
 */
export async function* pagedBatches<R>(
  fetch: (offset: number, limit: number) => Promise<R[]>,
  max: number,
  size = 1000,
): AsyncGenerator<R[]> {
  for (let offset = 0; offset < max; offset += size) {
    const rows = await fetch(offset, Math.min(size, max - offset));
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

export type ReportFormat = 'xlsx' | 'csv';

/**
 * A report download: the spec's file name ("<Title> MM-DD-YYYY.<ext>", today in the caller's zone) and the sheets
 * streamed as XLSX, or the first sheet as CSV.
 */
export function reportFile(
  title: string,
  format: ReportFormat,
  sheets: AnySheet[],
  timeZone: string,
  onError: (err: unknown) => void,
): FileResult {
  const filename = reportFileName(title, format, timeZone);
  return format === 'csv'
    ? fileResult(filename, CSV_TYPE, streamCsv(sheets[0]!, timeZone, onError))
    : fileResult(filename, XLSX_TYPE, streamXlsx(sheets, timeZone, onError));
}
