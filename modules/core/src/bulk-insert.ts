import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import type { Client as PgClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = v instanceof Date ? v.toISOString() : String(v);
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Writes many rows with COPY ... FROM STDIN (PostgreSQL's bulk load path, pg-copy-streams) on the caller's
 * connection, so inside a transaction it is part of it. For wide rows (emails) it beats any INSERT. Values are sent
 * as quoted CSV fields; null is NULL (COPY applies no column defaults to listed columns).
 */
export async function copyInto(
  db: Knex | Knex.Transaction,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
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
      copyFrom(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM STDIN WITH (FORMAT csv)`),
    );
    const lines = async function* lines() {
      for (let i = 0; i < rows.length; i += 500) {
        yield rows
          .slice(i, i + 500)
          .map((r) => `${columns.map((c) => csvValue(r[c])).join(',')}\n`)
          .join('');
      }
    };
    await pipeline(Readable.from(lines()), sink);
  } finally {
    await client.releaseConnection(connection);
  }
}
