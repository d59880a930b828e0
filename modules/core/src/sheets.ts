import { Readable } from 'node:stream';
import { analyse } from 'chardet';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/**
 * The one reader of uploaded spreadsheets (locations, products, paper responses): CSV in whatever encoding a
 * spreadsheet program wrote it, or the first worksheet of an XLSX, streamed row by row.
 */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's line (CSV) or row number (XLSX), for messages that point at it. */
  line: number;
  cells: Cell[];
}

/** The encodings an uploaded CSV is read in; anything else chardet names is read as Windows-1252. */
const READABLE = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1']);

/**
 * Which encoding a CSV is in: a BOM decides; then UTF-8 when the bytes are valid UTF-8; otherwise chardet's best
 * guess among the encodings spreadsheet programs write, and Windows-1252 ("ANSI", "Latin-1") when it has none.
 */
export function detectEncoding(data: Buffer): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'UTF-8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'UTF-16LE';
  if (data[0] === 0xfe && data[1] === 0xff) return 'UTF-16BE';
  if (isUtf8(data)) return 'UTF-8';
  const guess = analyse(data).find((m) => READABLE.has(m.name))?.name;
  // ISO-8859-1 and Windows-1252 differ only in 0x80-0x9F, where Windows-1252 has the quotes and dashes people type.
  return !guess || guess === 'ISO-8859-1' || guess === 'UTF-8' ? 'windows-1252' : guess;
}

function isUtf8(data: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The text of an uploaded CSV, decoded from its detected encoding, without a BOM. */
export function decodeText(data: Buffer): string {
  return iconv.decode(data, detectEncoding(data), { stripBOM: true });
}

const blank = (cells: Cell[]) => cells.every((c) => c === null || String(c).trim() === '');

async function* csvRows(data: Buffer): AsyncGenerator<SheetRow> {
  const parser = Readable.from([decodeText(data)]).pipe(
    parse({ relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!blank(record.record)) yield { line: record.info.lines, cells: record.record };
  }
}

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? null : cellValue(value.result as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

async function* xlsxRows(data: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from({ length: values.length }, (_, i) => cellValue(values[i] as ExcelJS.CellValue));
      if (!blank(cells)) yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/** The non-blank rows of an uploaded CSV or XLSX (the first worksheet), header first. */
export function readSheet(extension: 'csv' | 'xlsx', data: Buffer): AsyncGenerator<SheetRow> {
  return extension === 'csv' ? csvRows(data) : xlsxRows(data);
}

/** A cell as trimmed text; a date cell as YYYY-MM-DD. */
export const cellText = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();

/** YYYY-MM-DD from YYYY-MM-DD, MM/DD/YYYY or a spreadsheet date cell; null when it is not a real date. */
export function parseDate(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  const s = cellText(c);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (!iso && !us) return null;
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(us![3]), Number(us![1]), Number(us![2])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
