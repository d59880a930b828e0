import { pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { analyse } from 'chardet';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError, ValidationError } from './errors.js';

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
  return chooseEncoding(data, () => isUtf8(data));
}

/** `detectEncoding`'s rule, given the file's first bytes (a BOM; chardet's sample) and whether all of it is UTF-8. */
function chooseEncoding(head: Buffer, validUtf8: () => boolean): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'UTF-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  if (validUtf8()) return 'UTF-8';
  const guess = analyse(head).find((m) => READABLE.has(m.name))?.name;
  // ISO-8859-1 and Windows-1252 differ only in 0x80-0x9F, where Windows-1252 has the quotes and dashes people type.
  return !guess || guess === 'ISO-8859-1' || guess === 'UTF-8' ? 'windows-1252' : guess;
}

/** Bytes of a streamed CSV that chardet reads to guess a non-UTF-8 encoding. */
const ENCODING_SAMPLE = 1 << 20;

export interface CsvScan {
  encoding: string;
  /** Line feeds in the file, and one more when its last line has none (rows, for a progress bar). */
  lines: number;
}

/**
 * One pass over a CSV too large to hold (a stored import): its encoding by `detectEncoding`'s rule (the whole file
 * checked as UTF-8, chardet guessing from its first megabyte otherwise) and its line count, in constant memory.
 */
export async function scanCsv(stream: Readable): Promise<CsvScan> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  const sample: Buffer[] = [];
  let sampled = 0;
  let lines = 0;
  let tail = [0, 10]; // the file's last two bytes
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (sampled < ENCODING_SAMPLE) {
      sample.push(chunk);
      sampled += chunk.length;
    }
    if (valid)
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (chunk.length) tail = [chunk.length > 1 ? chunk[chunk.length - 2]! : tail[1]!, chunk[chunk.length - 1]!];
  }
  if (valid)
    try {
      utf8.decode(); // a sequence cut off at the end
    } catch {
      valid = false;
    }
  const head = Buffer.concat(sample).subarray(0, ENCODING_SAMPLE);
  // A last line feed is "\n", or "\n\0" in UTF-16LE.
  const endsWithBreak = tail[1] === 10 || (tail[1] === 0 && tail[0] === 10);
  return { encoding: chooseEncoding(head, () => valid), lines: lines + (endsWithBreak ? 0 : 1) };
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

/** Characters handed to the CSV parser at a time. */
const CSV_CHUNK = 1 << 16;

/**
 * The decoded text in pieces: csv-parse pushes every record of a chunk at once, whatever the reader's pace, so a
 * whole file in one chunk held each of its rows in memory at once (1.4 GB for a 1,000,000-row item master). A piece
 * never ends between the two halves of a surrogate pair.
 */
function* textChunks(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + CSV_CHUNK, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * A spreadsheet's bytes: in memory (an upload), or a stored file opened as a stream each time it is read, so that a
 * large CSV import never holds the file (`encoding`, from `scanCsv`, saves a CSV a second pass; a workbook, being
 * compressed, is read whole).
 */
export type SheetSource = Buffer | { open: () => Readable; encoding?: string };

async function* csvRows(source: SheetSource): AsyncGenerator<SheetRow> {
  const options = { relax_column_count: true, skip_empty_lines: true, info: true };
  let parser: Readable;
  if (Buffer.isBuffer(source)) parser = Readable.from(textChunks(decodeText(source))).pipe(parse(options));
  else {
    const encoding = source.encoding ?? (await scanCsv(source.open())).encoding;
    const csv = parse(options);
    // pipeline destroys the parser with the file's or the decoder's error, which the loop below then throws.
    pipeline(source.open(), iconv.decodeStream(encoding, { stripBOM: true }), csv, () => undefined);
    parser = csv;
  }
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

async function* xlsxRows(source: SheetSource): AsyncGenerator<SheetRow> {
  // A workbook is compressed: reading it whole holds the file, not its rows.
  const data = Buffer.isBuffer(source) ? source : await buffer(source.open());
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  // exceljs's reader looks a worksheet up in the workbook part's model, which it has not read yet when the zip holds
  // the worksheet first (exceljs's own writer sometimes orders them so, seen in CI): it then failed on the undefined
  // model. An empty model until the workbook part arrives reads the sheet all the same.
  const model = reader as unknown as { model?: { sheets?: unknown[] } };
  model.model ??= { sheets: [] };
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from({ length: values.length }, (_, i) => cellValue(values[i] as ExcelJS.CellValue));
      if (!blank(cells)) yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/**
 * exceljs's stream reader can wait forever, without an error, on a workbook whose zip directory is intact but whose
 * compressed data is damaged (issue 36): a workbook that yields no row for this long is unreadable. Far above what
 * the shared strings of the largest accepted upload take to parse.
 */
const XLSX_STALL_MS = 30_000;

async function* withStallLimit<T>(source: AsyncGenerator<T>, ms: number): AsyncGenerator<T> {
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ValidationError('SPREADSHEET_UNREADABLE')), ms);
    });
    let next: IteratorResult<T>;
    try {
      next = await Promise.race([source.next(), stalled]);
    } finally {
      clearTimeout(timer);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The non-blank rows of an uploaded CSV or XLSX (the first worksheet), header first. A file the reader cannot read
 * (a zip that is no workbook, a broken CSV quote) is the client's: it throws 400 `SPREADSHEET_UNREADABLE`, never the
 * parser's own error, so no import answers 500 for it.
 */
export async function* readSheet(
  extension: 'csv' | 'xlsx',
  data: SheetSource,
  options: { stallMs?: number } = {},
): AsyncGenerator<SheetRow> {
  try {
    yield* extension === 'csv' ? csvRows(data) : withStallLimit(xlsxRows(data), options.stallMs ?? XLSX_STALL_MS);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(new ValidationError('SPREADSHEET_UNREADABLE'), { cause: error });
  }
}

/** The bounds of a preview: at most this many rows, columns and characters per cell. */
export const PREVIEW_LIMITS = { rows: 500, columns: 50, cellLength: 500 } as const;

export interface SheetPreview {
  rows: string[][];
  /** Rows, columns or cells were left out or cut to the bounds. */
  truncated: boolean;
}

/**
 * The first rows of a spreadsheet as text, for the File Preview: read by the one reader above (so a Windows-1252 CSV
 * reads right), stopped after `maxRows`, each row cut to `PREVIEW_LIMITS.columns` cells and each cell to
 * `PREVIEW_LIMITS.cellLength` characters.
 */
export async function previewSheet(
  extension: 'csv' | 'xlsx',
  data: Buffer,
  maxRows: number = PREVIEW_LIMITS.rows,
): Promise<SheetPreview> {
  const limit = Math.max(1, Math.min(maxRows, PREVIEW_LIMITS.rows));
  const rows: string[][] = [];
  let truncated = false;
  for await (const row of readSheet(extension, data)) {
    if (rows.length === limit) {
      truncated = true;
      break;
    }
    if (row.cells.length > PREVIEW_LIMITS.columns) truncated = true;
    rows.push(
      row.cells.slice(0, PREVIEW_LIMITS.columns).map((cell) => {
        const text = cellText(cell);
        if (text.length <= PREVIEW_LIMITS.cellLength) return text;
        truncated = true;
        return `${text.slice(0, PREVIEW_LIMITS.cellLength - 1)}…`;
      }),
    );
  }
  return { rows, truncated };
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
