import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Knex } from 'knex';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import yazl from 'yazl';
import { connectionSettingsOf, reportStatementTimeoutOf } from '../database.js';
import { type FileResult, fileResult } from '../routes.js';
import { formatCalendarDate, formatDateTime, reportFileName } from './dates.js';
import { type ColumnKind, plain, type ReportColumn } from './columns.js';
import { sheetEnd, sheetStart, workbookParts, xlsxCellWriter } from './xlsx.js';

/**
 * The one spreadsheet writer of every report: a report is one or more sheets of typed columns whose rows arrive in
 * batches (keyset or paged queries), written as CSV or XLSX while they arrive, so no writer ever holds more than one
 * batch of rows and the next batch is only read once the client has taken the last one.
 */
export type { ColumnKind, ReportColumn } from './columns.js';

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

function csvText(kind: ColumnKind, value: unknown, timeZone: string): string {
  switch (kind) {
    case 'datetime':
      return formatDateTime(value as Date | string | number | null, timeZone);
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

/** = + - @ tab CR: the first characters a spreadsheet may read as a formula. */
const FORMULA_SIGNS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180 quoting), with a leading = + - @ tab or CR defused by a `'` so a spreadsheet never runs
 * it as a formula (OWASP "CSV injection"). Numbers are left alone: -5 is a number, not a formula.
 */
export function csvField(text: string, numeric = false): string {
  const safe = !numeric && FORMULA_SIGNS.has(text.charCodeAt(0)) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Streams a workbook: each sheet's XML is written straight from the rows (no cell objects) into a zip entry as each
 * batch arrives, and the next batch is only read once the zip has taken the last one (the zip only reads on while the
 * response takes its bytes). A failure half way destroys the stream (the download is cut, never silently short) and is
 * handed to `onError`.
 */
export function streamXlsx(sheets: AnySheet[], timeZone: string, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new yazl.ZipFile();
  for (const [name, xml] of workbookParts(sheets.map((s) => s.name))) {
    zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime: new Date(), compressionLevel: 1 });
  }
  const sheetStreams = sheets.map((_, i) => {
    const stream = new PassThrough({ highWaterMark: 64 * 1024 });
    // Level 1: most of level 6's size on sheet XML for a fraction of the time.
    zip.addReadStream(stream, `xl/worksheets/sheet${i + 1}.xml`, { mtime: new Date(), compressionLevel: 1 });
    return stream;
  });
  zip.end();
  zip.outputStream.on('error', (err: Error) => out.destroy(err));
  zip.outputStream.pipe(out);
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
    for (const [i, s] of sheets.entries()) {
      const stream = sheetStreams[i]!;
      stream.write(sheetStart(s.columns));
      const cells = s.columns.map((c, col) => xlsxCellWriter(c.kind ?? 'text', col, timeZone));
      const values = s.columns.map((c) => c.value);
      let rowNumber = 1;
      for await (const batch of s.rows) {
        let xml = '';
        for (const row of batch) {
          const r = String(++rowNumber);
          xml += `<row r="${r}">`;
          for (let c = 0; c < cells.length; c++) xml += cells[c]!(values[c]!(row), r);
          xml += '</row>';
        }
        if (!stream.write(xml) && !out.destroyed) await roomOrGone(stream);
        // The zip drains the sheet while it has room to compress into: wait, too, while the response is full.
        if (out.writableNeedDrain && !out.destroyed) await roomOrGone(out);
        if (out.destroyed) return; // nobody is reading any more: stop querying
      }
      stream.end(sheetEnd());
    }
  };
  write().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  out.on('close', () => {
    for (const stream of sheetStreams) stream.destroy();
  });
  return out;
}

/** A CSV field writer per column kind: dates and numbers skip the quoting and defusing they can never need. */
function csvFieldWriter(kind: ColumnKind, timeZone: string): (value: unknown) => string {
  switch (kind) {
    case 'datetime':
      // MM/DD/YYYY HH:mm, NA or nothing: no quote, comma or formula sign.
      return (v) => formatDateTime(v as Date | string | number | null, timeZone);
    case 'number':
      return (v) =>
        typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : csvField(csvText(kind, v, timeZone));
    default:
      return (v) => csvField(csvText(kind, v, timeZone), typeof v === 'number');
  }
}

/** Streams the first sheet as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right; LF line ends). */
export function streamCsv(s: AnySheet, timeZone: string, onError: (err: unknown) => void): Readable {
  const fields = s.columns.map((c) => csvFieldWriter(c.kind ?? 'text', timeZone));
  const values = s.columns.map((c) => c.value);
  const last = fields.length - 1;
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${s.columns.map((c) => csvField(c.header)).join(',')}\n`;
    for await (const batch of s.rows) {
      // One string per batch: few, large writes.
      let chunk = '';
      for (const row of batch) {
        for (let i = 0; i < last; i++) chunk += `${fields[i]!(values[i]!(row))},`;
        chunk += `${fields[last]!(values[last]!(row))}\n`;
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
 * Reads one query through a server-side cursor (pg-query-stream), handed on `size` rows at a time: one statement for
 * the whole report, without holding its rows. Stopping early (the client went away, or a failure) closes the cursor
 * and gives the connection back. `rowMode: 'array'` hands each row as its values in select order (pg then builds no
 * object per row: the caller makes its own, of one shape).
 *
 * Not knex's `.stream()`: it gives its connection back to the pool twice (when the rows end and again when the stream
 * closes), and a connection another request took in between then serves two callers at once: one's transaction
 * swallows the other's statements, and an error in it aborts both (deadlocks and "current transaction is aborted"
 * under load). Here the connection is taken and given back exactly once.
 */
export async function* cursorBatches<R>(query: Knex.QueryBuilder, size = 1000, rowMode?: 'array'): AsyncGenerator<R[]> {
  const { sql, bindings } = query.toSQL().toNative();
  // A query built on a transaction reads on the transaction's connection (whose release is a no-op).
  const client = (query as unknown as { client: PoolClient }).client;
  const connection = await client.acquireConnection();
  let stream: QueryStream | null = null;
  // A report's one statement reads for as long as its client downloads: it gets the reports' longer timeout, for
  // the rest of the transaction it belongs to, or on its own connection until it is given back.
  const timeout = reportStatementTimeoutOf(query as unknown as { client: unknown });
  const ownConnection = !connection.__knexTxId;
  const longer = timeout !== (connectionSettingsOf(query as unknown as { client: unknown }).statementTimeoutMs ?? 0);
  try {
    if (longer)
      await connection.query(`SET ${ownConnection ? '' : 'LOCAL '}statement_timeout = ${Math.floor(timeout)}`);
    // Reported as knex reports its own statements, so query listeners (logs, tests that read plans) see it too.
    client.emit('query', {
      __knexUid: connection.__knexUid,
      __knexTxId: connection.__knexTxId,
      method: 'select',
      sql,
      bindings,
    });
    stream = connection.query(
      new QueryStream(sql, bindings as unknown[], {
        batchSize: size,
        highWaterMark: size,
        ...(rowMode ? { rowMode } : {}),
      }),
    );
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
    if (stream && !stream.closed) {
      const closed = once(stream, 'close').catch(() => undefined);
      stream.destroy();
      await closed;
    }
    // Back to the pool's own timeout (RESET: the value the connection started with).
    if (longer && ownConnection) await connection.query('RESET statement_timeout').catch(() => undefined);
    await client.releaseConnection(connection);
  }
}

type KnexConnection = pg.Client & { __knexUid?: string; __knexTxId?: string };

interface PoolClient {
  acquireConnection(): Promise<KnexConnection>;
  releaseConnection(connection: KnexConnection): Promise<void>;
  emit(event: 'query', query: object): boolean;
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
