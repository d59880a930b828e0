import type { Db } from '@portal/core';

/** A statement as knex reports it, with the transaction it ran in (none outside one). */
interface QueryEvent {
  sql: string;
  bindings?: unknown[];
  __knexTxId?: string;
}

/**
 * The statements `run` sends on `db` outside any transaction. The mailer and the notice fan-out share the app's pool and
 * may drain earlier tests' notices meanwhile; they work a transaction a step (BEGIN, their statements, COMMIT), the
 * list reads under test run outside one, so only theirs are left out.
 */
export async function statementsOf<T>(
  db: Db,
  run: () => Promise<T>,
): Promise<{ result: T; statements: { sql: string; bindings: unknown[] }[] }> {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const listen = (q: QueryEvent) => {
    if (q.__knexTxId === undefined) statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  db.on('query', listen);
  try {
    return { result: await run(), statements };
  } finally {
    db.off('query', listen);
  }
}
