import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';

let t: TestDatabase;
let app: pg.Client;

beforeAll(async () => {
  t = await createTestDatabase();
  app = new pg.Client({ connectionString: t.appUrl });
  await app.connect();
});
afterAll(async () => {
  await app.end();
  await t.drop();
});

/** The SQLSTATE a statement run as the application role fails with, or 'ok'. */
async function asApp(sql: string): Promise<string> {
  try {
    await app.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('the application role (least privilege)', () => {
  it('is no superuser and may create neither databases nor roles', async () => {
    const { rows } = await app.query(
      'SELECT rolsuper, rolcreatedb, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolbypassrls: false });
  });

  it('reads and writes rows, and adds jobs to the queue', async () => {
    expect(await asApp('SELECT count(*) FROM users')).toBe('ok');
    expect(await asApp(`UPDATE users SET updated_at = updated_at WHERE false`)).toBe('ok');
    expect(await asApp('SELECT count(*) FROM pgboss.job')).toBe('ok');
  });

  it('cannot change the schema: DROP, ALTER, CREATE and disabling a trigger are refused', async () => {
    // 42501: insufficient_privilege (CREATE, SCHEMA); 42501 also for "must be owner of table".
    expect(await asApp('DROP TABLE users')).toBe('42501');
    expect(await asApp('ALTER TABLE users ADD COLUMN x int')).toBe('42501');
    expect(await asApp('ALTER TABLE audit_events DISABLE TRIGGER ALL')).toBe('42501');
    expect(await asApp('CREATE TABLE extra (id int)')).toBe('42501');
    expect(await asApp('CREATE SCHEMA extra')).toBe('42501');
    expect(await asApp('CREATE INDEX extra_idx ON users (email)')).toBe('42501');
    expect(await asApp('DROP TABLE pgboss.job')).toBe('42501');
  });

  it('may add to the audit history but never change or remove it, nor the migrations record', async () => {
    for (const table of ['audit_events', 'communication_history', 'conversation_messages']) {
      expect(await asApp(`UPDATE ${table} SET id = id WHERE false`)).toBe('42501');
      expect(await asApp(`DELETE FROM ${table} WHERE false`)).toBe('42501');
      expect(await asApp(`TRUNCATE ${table}`)).toBe('42501');
    }
    expect(await asApp(`DELETE FROM knex_migrations WHERE false`)).toBe('42501');
    expect(await asApp(`INSERT INTO knex_migrations (name) VALUES ('x')`)).toBe('42501');
    expect(await asApp('SELECT count(*) FROM knex_migrations')).toBe('ok');
  });
});
