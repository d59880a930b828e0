import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { loadConfig } from './config.js';
import { createDb, type Db, openDatabase, withReportTimeout } from './database.js';
import { cursorBatches } from './spreadsheet/writer.js';

let database: TestDatabase;
const pools: Db[] = [];

function pool(max: number, settings: Parameters<typeof createDb>[2]): Db {
  const db = createDb(database.url, { min: 0, max }, settings);
  pools.push(db);
  return db;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const db of pools) await db.destroy();
  await database.drop();
});

const pgError = (error: unknown) => (error as { code?: string }).code;

describe('database settings (DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS, application_name)', () => {
  it('reads the settings with their defaults and refuses nonsense', () => {
    const base: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url };
    for (const name of ['DB_POOL_MAX', 'DB_STATEMENT_TIMEOUT_MS', 'DB_REPORT_STATEMENT_TIMEOUT_MS']) delete base[name];
    const c = loadConfig(base);
    expect([c.dbPoolMax, c.dbStatementTimeoutMs, c.dbReportStatementTimeoutMs]).toEqual([10, 15_000, 300_000]);
    const set = loadConfig({
      ...base,
      DB_POOL_MAX: '3',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_REPORT_STATEMENT_TIMEOUT_MS: '60000',
    });
    expect([set.dbPoolMax, set.dbStatementTimeoutMs, set.dbReportStatementTimeoutMs]).toEqual([3, 0, 60_000]);
    expect(() => loadConfig({ ...base, DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('cancels a statement past the timeout with a clean error, and the connection serves the next one', async () => {
    const db = pool(1, { statementTimeoutMs: 300 });
    const started = Date.now();
    const error = await db.raw('SELECT pg_sleep(10)').catch((e: unknown) => e);
    expect(pgError(error)).toBe('57014'); // query_canceled: statement timeout
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await db.raw<{ rows: { one: number }[] }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('gives reports the longer timeout: in a transaction (SET LOCAL) and through a cursor, then the short one again', async () => {
    const db = pool(1, { statementTimeoutMs: 300, reportStatementTimeoutMs: 5000 });
    await db.transaction(async (trx) => {
      await withReportTimeout(trx);
      await trx.raw('SELECT pg_sleep(0.6)');
    });
    const rows: number[] = [];
    for await (const batch of cursorBatches<{ g: number }>(
      db.select(db.raw('g, pg_sleep(0.3)')).from(db.raw('generate_series(1, 3) g')),
      2,
    ))
      rows.push(...batch.map((r) => r.g));
    expect(rows).toEqual([1, 2, 3]);
    // The one pooled connection is back with its own timeout.
    const shown = await db.raw<{ rows: { statement_timeout: string }[] }>('SHOW statement_timeout');
    expect(shown.rows[0]!.statement_timeout).toBe('300ms');
    expect(pgError(await db.raw('SELECT pg_sleep(0.6)').catch((e: unknown) => e))).toBe('57014');
  });

  it('opens at most DB_POOL_MAX connections, named by application_name in pg_stat_activity', async () => {
    const opened = await openDatabase({
      databaseUrl: database.url,
      dataDir: os.tmpdir(),
      dbPoolMax: 2,
      applicationName: 'portal-settings-test',
    });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          opened.db
            .raw<{ rows: { pid: number }[] }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.2)')
            .then((r) => r.rows[0]!.pid),
        ),
      );
      expect(new Set(pids).size).toBeLessThanOrEqual(2);
      const seen = await database.db.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'portal-settings-test'`,
      );
      expect(seen.rows[0]!.n).toBeGreaterThanOrEqual(1);
      expect(seen.rows[0]!.n).toBeLessThanOrEqual(2);
      const own = await opened.db.raw<{ rows: { application_name: string }[] }>('SHOW application_name');
      expect(own.rows[0]!.application_name).toBe('portal-settings-test');
    } finally {
      await opened.close();
    }
  });
});

describe('how values come back from PostgreSQL', () => {
  it('reads timestamps as the instants PostgreSQL means, whatever the session time zone; dates stay text', async () => {
    const db = pool(1, {});
    const texts = [
      '2026-11-29 12:00:00.123456+00',
      '2026-11-29 12:00:00+00',
      '2026-01-02 03:04:05.1+05:30',
      '1999-12-31 23:59:59.999999-08',
      '0050-06-01 00:00:00+00',
      '2000-02-29 23:59:59.9995+00',
    ];
    for (const zone of ['UTC', 'America/Chicago', 'Asia/Kolkata', 'America/St_Johns']) {
      const rows = await db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL TIME ZONE '${zone}'`);
        return (
          await trx.raw<{ rows: { at: Date; ms: number; local: Date; local_ms: number; day: string }[] }>(
            `SELECT t::timestamptz AS at, floor(extract(epoch FROM t::timestamptz) * 1000) AS ms,
                    t::timestamptz::timestamp AS local, day::date AS day,
                    floor(extract(epoch FROM t::timestamptz::timestamp) * 1000) AS local_ms
               FROM unnest(?::text[]) WITH ORDINALITY AS x(t, n), LATERAL (SELECT '2026-11-29' AS day) d ORDER BY n`,
            [texts],
          )
        ).rows;
      });
      for (const row of rows) {
        expect(row.at).toBeInstanceOf(Date);
        expect(row.at.getTime()).toBe(row.ms);
        // A timestamp without a zone is read in the server process's own zone (the product's columns all carry one).
        const l = row.local;
        const wall = new Date(0);
        wall.setUTCFullYear(l.getFullYear(), l.getMonth(), l.getDate()); // setUTCFullYear keeps years below 100
        wall.setUTCHours(l.getHours(), l.getMinutes(), l.getSeconds(), l.getMilliseconds());
        expect(wall.getTime()).toBe(row.local_ms);
        expect(row.day).toBe('2026-11-29');
      }
    }
    const special = (
      await db.raw<{ rows: { a: unknown; b: unknown }[] }>(
        `SELECT 'infinity'::timestamptz AS a, '-infinity'::timestamptz AS b`,
      )
    ).rows[0]!;
    expect([special.a, special.b]).toEqual([Infinity, -Infinity]);
  });
});
