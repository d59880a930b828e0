import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '@portal/core';

export interface TestDatabase {
  /** The owner's pool (superuser): fixtures, clock moves and checks. */
  db: Db;
  url: string;
  /** The same database as the application's least-privilege role, as the product connects. */
  appUrl: string;
  drop(): Promise<void>;
}

/** A throwaway, migrated database of this test file's own (cloned from the run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE portal_test_template`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { min: 0, max: 10 });
  const appUrl = new URL(inject('pgAppUrl'));
  appUrl.pathname = `/${name}`;
  return {
    db,
    url: url.toString(),
    appUrl: appUrl.toString(),
    drop: async () => {
      await db.destroy();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
