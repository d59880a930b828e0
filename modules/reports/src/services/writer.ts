import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { excelCalendarDate, excelDateTime, formatCalendarDate, formatDateTime } from './format.js';

/**
 * A report is one or more sheets of typed columns whose rows arrive in batches (keyset queries), so neither the
 * XLSX nor the CSV writer ever holds more than one batch of rows in memory.
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

function xlsxCell(kind: ColumnKind, value: unknown, timeZone: string): ExcelJS.CellValue {
  switch (kind) {
    case 'datetime': return excelDateTime(value as Date | string | null, timeZone);
    case 'date': return excelCalendarDate(value as string | null);
    case 'yesno': return value ? 'Yes' : 'No';
    case 'json': return value === null || value === undefined ? null : JSON.stringify(value);
    default: return plain(value);
  }
}

function csvText(kind: ColumnKind, value: unknown, timeZone: string): string {
  switch (kind) {
    case 'datetime': return formatDateTime(value as Date | string | null, timeZone);
    case 'date': return formatCalendarDate(value as string | null);
    case 'yesno': return value ? 'Yes' : 'No';
    case 'json': return value === null || value === undefined ? '' : JSON.stringify(value);
    default: {
      const v = plain(value);
      return v === null ? '' : String(v);
    }
  }
}

/** One CSV field: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
export function csvField(text: string, numeric = false): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Streams a workbook with exceljs' streaming writer: rows are committed as each batch arrives and the next batch
 * is only read once the response has drained. A failure half way destroys the stream (the download is cut, never
 * silently short) and is handed to `onError`.
 */
export function streamXlsx(sheets: AnySheet[], timeZone: string, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  // Resolves when the response has room again, or when it went away (the client closed it: Koa destroys the body).
  const roomOrGone = () => new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  const write = async () => {
    for (const s of sheets) {
      const ws = workbook.addWorksheet(s.name);
      ws.columns = s.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? (c.kind === 'datetime' ? 18 : 22) }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      for await (const batch of s.rows) {
        for (const row of batch) {
          const r = ws.addRow(s.columns.map((c) => xlsxCell(c.kind ?? 'text', c.value(row), timeZone)));
          s.columns.forEach((c, i) => {
            if (c.kind === 'datetime') r.getCell(i + 1).numFmt = DATETIME_FORMAT;
            else if (c.kind === 'date') r.getCell(i + 1).numFmt = DATE_FORMAT;
          });
          r.commit();
        }
        if (out.writableNeedDrain && !out.destroyed) await roomOrGone();
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

/** Streams the first sheet as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right). */
export function streamCsv(s: AnySheet, timeZone: string, onError: (err: unknown) => void): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${s.columns.map((c) => csvField(c.header)).join(',')}\r\n`;
    for await (const batch of s.rows) {
      let chunk = '';
      for (const row of batch) {
        chunk += `${s.columns.map((c) => {
          const v = c.value(row);
          return csvField(csvText(c.kind ?? 'text', v, timeZone), typeof v === 'number');
        }).join(',')}\r\n`;
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
export async function* keysetBatches<R extends { id: number }>(fetch: (afterId: number, size: number) => Promise<R[]>, size = 1000): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
