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
  replicaB = createDb(database.url, { min: 0, max: 2 });
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
});
