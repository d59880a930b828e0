import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { FileStore } from './files.js';

/**
 * SQLSTATEs after which a transaction can simply run again from its start: serialization_failure and
 * deadlock_detected. PostgreSQL has rolled the whole transaction back; nothing of it remains.
 */
const RETRYABLE = new Set(['40001', '40P01']);

/** How many times a transaction runs at most before its deadlock or serialization failure reaches the caller. */
export const TRANSACTION_ATTEMPTS = 4;

/** The SQLSTATE of a driver error, also when objection wrapped it (db-errors keep it in `nativeError`). */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; nativeError?: { code?: unknown } } | null;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.nativeError?.code === 'string' ? e.nativeError.code : undefined;
}

export const isRetryableConflict = (error: unknown): boolean => RETRYABLE.has(sqlStateOf(error) ?? '');

/**
 * Runs `work` in a transaction, and runs it again from its start when PostgreSQL ends it with a deadlock or a
 * serialization failure, up to TRANSACTION_ATTEMPTS times, after a random pause that doubles each time (so two
 * transactions that collided do not collide again in step).
 *
 * `work` may run more than once: it must do nothing outside the database that a rerun would repeat, except what is
 * safe to repeat (writing a file under a new key; emails are queued in the outbox, inside the transaction). Called
 * with a transaction, it opens a savepoint and does not retry: the outermost transaction is the one that reruns.
 */
export async function transaction<T>(
  db: Knex | Knex.Transaction,
  work: (trx: Knex.Transaction) => Promise<T>,
  options: { attempts?: number; onRetry?: (error: unknown, attempt: number) => unknown } = {},
): Promise<T> {
  if ((db as Knex.Transaction).isTransaction) return db.transaction(work);
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await options.onRetry?.(error, attempt);
      await sleep(Math.random() * 25 * 2 ** attempt);
    }
  }
}

/**
 * A transaction that also stores files (uploads): `work` pushes each key it stored onto `stored`. The files are
 * removed again when the transaction fails, and before each rerun, so no file outlives the rows that would name it.
 */
export async function transactionWithFiles<T>(
  db: Knex,
  store: Pick<FileStore, 'remove'>,
  work: (trx: Knex.Transaction, stored: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  const discard = async () => {
    for (const key of stored.splice(0)) await store.remove(key).catch(() => undefined);
  };
  try {
    return await transaction(db, (trx) => work(trx, stored), { onRetry: discard });
  } catch (error) {
    await discard();
    throw error;
  }
}
