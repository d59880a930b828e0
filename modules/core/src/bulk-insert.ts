import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Client as PgClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One field in COPY's text format: NULL is \N, and only backslash, tab and line breaks are escaped. JSON and HTML are
 * full of quotes, which CSV would double in every field; here most values pass through untouched.
 */
function textValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const text = v instanceof Date ? v.toISOString() : String(v);
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => TEXT_ESCAPES[c]!) : text;
}

/**
 * Writes many rows with COPY ... FROM STDIN (PostgreSQL's bulk load path, pg-copy-streams) on the caller's
 * connection, so inside a transaction it is part of it. For wide rows (emails) it beats any INSERT. Values are sent
 * in the text format; null is NULL (COPY applies no column defaults to listed columns).
 */
export async function copyInto<T = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  table: string,
  columns: string[],
  rows: readonly T[],
  /** A row's value of a column, for rows that are not already objects keyed by column (saves building them). */
  cell: (row: T, column: string) => unknown = (row, column) => (row as Record<string, unknown>)[column],
): Promise<void> {
  if (!rows.length) return;
  const client = (
    db as unknown as {
      client: { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
    }
  ).client;
  const connection = await client.acquireConnection();
  try {
    const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const sink = connection.query(
      copyFrom(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM STDIN WITH (FORMAT text)`),
    );
    const lines = async function* lines() {
      for (let i = 0; i < rows.length; i += 500) {
        yield rows
          .slice(i, i + 500)
          .map((r) => `${columns.map((c) => textValue(cell(r, c))).join('\t')}\n`)
          .join('');
      }
    };
    await pipeline(Readable.from(lines()), sink);
  } finally {
    await client.releaseConnection(connection);
  }
}
