import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { cursorBatches } from './writer.js';

/**
 * A report reads its rows through a cursor on a pooled connection. The connection goes back to the pool exactly
 * once: given back twice, it serves two callers at once and one's transaction swallows the other's statements.
 */
let t: TestDatabase;
const releases = new Map<unknown, number>();

beforeAll(async () => {
  t = await createTestDatabase();
  const client = t.db.client as { releaseConnection(c: unknown): Promise<void> };
  const release = client.releaseConnection.bind(client);
  client.releaseConnection = (connection: unknown) => {
    releases.set(connection, (releases.get(connection) ?? 0) + 1);
    return release(connection);
  };
});
afterAll(() => t.drop());

const numbers = () => t.db.select(t.db.raw('n')).fromRaw('generate_series(1, 2500) AS n').orderBy('n');

describe('cursorBatches', () => {
  it('reads every row in batches and gives its connection back once', async () => {
    releases.clear();
    const seen: number[] = [];
    for await (const batch of cursorBatches<{ n: number }>(numbers(), 1000)) seen.push(batch.length);
    expect(seen).toEqual([1000, 1000, 500]);
    expect([...releases.values()]).toEqual([1]);
  });

  it('gives its connection back once when the reader stops early, and the connection serves the next caller', async () => {
    releases.clear();
    for await (const batch of cursorBatches<number[]>(numbers(), 100, 'array')) {
      expect(batch[0]).toEqual([1]);
      break;
    }
    expect([...releases.values()]).toEqual([1]);
    expect(((await t.db.raw('SELECT 41 + 1 AS n')) as { rows: { n: number }[] }).rows[0]!.n).toBe(42);
  });

  it("reads on a transaction's own connection, inside it", async () => {
    await t.db.transaction(async (trx) => {
      await trx.raw('CREATE TEMP TABLE cursor_probe ON COMMIT DROP AS SELECT 7 AS n');
      const rows: { n: number }[] = [];
      for await (const batch of cursorBatches<{ n: number }>(trx('cursor_probe').select('n'))) rows.push(...batch);
      expect(rows).toEqual([{ n: 7 }]);
    });
  });
});
