import type { Knex } from 'knex';

/**
 * Inserts many rows in one statement: each column travels as one array parameter and `unnest` turns the arrays back
 * into rows. One parse and plan for any number of rows, where a VALUES list costs rows × columns parameters (and
 * knex caps a statement's size, so it took one statement per thousand rows). `columns` maps each column to its
 * PostgreSQL type; a row's missing value is NULL, or the SQL expression given in `defaults` (code, never input).
 */
export async function insertUnnest<T = never>(db: Knex | Knex.Transaction, table: string, columns: Record<string, string>, rows: Record<string, unknown>[],
  options: { returning?: string[]; onConflictDoNothing?: string[]; defaults?: Record<string, string> } = {}): Promise<T[]> {
  if (!rows.length) return [];
  const names = Object.keys(columns);
  for (const type of Object.values(columns)) if (!/^[a-z ]+$/.test(type)) throw new Error(`insertUnnest: bad column type ${type}`);
  const conflict = options.onConflictDoNothing ? ` ON CONFLICT (${options.onConflictDoNothing.map(() => '??').join(', ')}) DO NOTHING` : '';
  const returning = options.returning ? ` RETURNING ${options.returning.map(() => '??').join(', ')}` : '';
  const selected = names.map((n, i) => (options.defaults?.[n] ? `coalesce(u.c${i}, ${options.defaults[n]})` : `u.c${i}`)).join(', ');
  const sql = `INSERT INTO ?? (${names.map(() => '??').join(', ')}) SELECT ${selected} FROM unnest(${names.map((n) => `?::${columns[n]}[]`).join(', ')}) AS u(${names.map((_, i) => `c${i}`).join(', ')})${conflict}${returning}`;
  const bindings = [table, ...names, ...names.map((n) => rows.map((r) => r[n] ?? null)), ...(options.onConflictDoNothing ?? []), ...(options.returning ?? [])];
  const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows: T[] };
  return result.rows;
}
