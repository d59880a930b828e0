import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { transaction, transactionWithFiles, TRANSACTION_ATTEMPTS } from './transaction.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.raw('CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)');
  await t.db('retry_probe').insert([{ id: 1 }, { id: 2 }]);
});
afterAll(() => t.drop());

/** Resolves once `n` callers have arrived: makes two transactions take their first lock before either takes its second. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === n) open();
    await opened;
  };
}

describe('transaction', () => {
  it('runs the deadlock victim again from its start, so both transactions commit once each', async () => {
    const bothLocked = barrier(2);
    const runs = { first: 0, second: 0 };
    const retried: string[] = [];
    const lockBoth = (name: 'first' | 'second', order: [number, number]) =>
      transaction(
        t.db,
        async (trx) => {
          runs[name] += 1;
          await trx('retry_probe').where({ id: order[0] }).increment('n', 1);
          if (runs[name] === 1) await bothLocked();
          await trx('retry_probe').where({ id: order[1] }).increment('n', 1);
        },
        { onRetry: (error) => retried.push((error as { code: string }).code) },
      );
    await Promise.all([lockBoth('first', [1, 2]), lockBoth('second', [2, 1])]);
    // PostgreSQL broke the cycle by failing one of them; that one ran a second time.
    expect(retried).toEqual(['40P01']);
    expect(runs.first + runs.second).toBe(3);
    expect(await t.db('retry_probe').orderBy('id').pluck('n')).toEqual([2, 2]);
  });

  it('gives up after its attempts with the last error, and never reruns other errors', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      transaction(t.db, async () => {
        runs += 1;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    runs = 0;
    await expect(
      transaction(t.db, async (trx) => {
        runs += 1;
        await trx.raw('SELECT 1 / 0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(runs).toBe(1);
  });

  it('inside a transaction opens a savepoint and leaves the rerun to the outermost one', async () => {
    let inner = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      t.db.transaction((trx) =>
        transaction(trx, async () => {
          inner += 1;
          throw deadlock;
        }),
      ),
    ).rejects.toBe(deadlock);
    expect(inner).toBe(1);
  });
});

describe('transactionWithFiles', () => {
  it('removes the files of a failed attempt before the rerun, and of a transaction that fails for good', async () => {
    const files = new Set<string>();
    const store = { remove: async (key: string) => void files.delete(key) };
    let attempt = 0;
    const kept = await transactionWithFiles(t.db, store, async (_trx, stored) => {
      attempt += 1;
      const key = `upload-${attempt}`;
      files.add(key);
      stored.push(key);
      if (attempt === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      return key;
    });
    expect(kept).toBe('upload-2');
    expect([...files]).toEqual(['upload-2']);

    await expect(
      transactionWithFiles(t.db, store, async (_trx, stored) => {
        files.add('doomed');
        stored.push('doomed');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect([...files]).toEqual(['upload-2']);
  });
});
