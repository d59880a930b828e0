import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createLogger, type Db, LiveEvents, loadConfig } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { createLookupsModule, loadLookups, refreshLookups } from './index.js';

/** Two replicas on one PostgreSQL: two connection pools (two caches) and two LiveEvents listeners. */
let database: TestDatabase;
let replicaB: Db;
const lives: LiveEvents[] = [];

function mount(db: Db): void {
  const live = new LiveEvents(db);
  lives.push(live);
  createLookupsModule({
    db,
    config: loadConfig({ ...process.env, DATABASE_URL: database.url }),
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: undefined as never,
    live,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  replicaB = createDb(database.url, { min: 0, max: 2 }, { applicationName: 'lookups-replica-b' });
  mount(database.db);
  mount(replicaB);
});
afterAll(async () => {
  for (const live of lives) await live.close();
  await replicaB.destroy();
  await database.drop();
});

describe('lookup values on several replicas', () => {
  it("reloads another replica's copy when one replica writes", async () => {
    const before = await loadLookups(replicaB);
    expect(before.some((v) => v.code === 'Port strike')).toBe(false);
    // Replica B's subscription is in place once a round trip on its listener has gone by.
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Replica A writes (as its service does) and refreshes: its own copy at once, B's by the announcement.
    await database.db('lookup_values').insert({
      vocabulary: 'reason',
      code: 'Port strike',
      label_en: 'Port strike',
      label_vi: 'Đình công tại cảng',
      sort_order: 99,
      status: 'ACTIVE',
    });
    await refreshLookups(database.db);

    await expect
      .poll(async () => (await loadLookups(replicaB)).some((v) => v.code === 'Port strike'), { timeout: 5000 })
      .toBe(true);
  });

  it('reloads after its listener connection is lost, so a change announced meanwhile is not missed', async () => {
    await loadLookups(replicaB);
    const listener = async () =>
      (
        await database.db.raw<{ rows: { pid: number }[] }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = 'lookups-replica-b' AND query LIKE 'LISTEN%'`,
        )
      ).rows[0]?.pid;
    await expect.poll(listener, { timeout: 5000 }).toBeTypeOf('number');
    const lost = await listener();
    await database.db.raw('SELECT pg_terminate_backend(?)', [lost!]);

    // Written and announced while replica B cannot hear: the announcement is lost for B.
    await database.db('lookup_values').insert({
      vocabulary: 'reason',
      code: 'Canal closure',
      label_en: 'Canal closure',
      label_vi: 'Đóng kênh đào',
      sort_order: 98,
      status: 'ACTIVE',
    });
    await refreshLookups(database.db);

    await expect
      .poll(async () => (await loadLookups(replicaB)).some((v) => v.code === 'Canal closure'), { timeout: 10_000 })
      .toBe(true);
    // A new listener connection, not the one that was killed.
    await expect.poll(listener, { timeout: 5000 }).not.toBe(lost);
  });
});
