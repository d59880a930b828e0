import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPasswordFile, startEmbeddedPostgres } from './database.js';
import { POSTGRES_MALLOC_ENV } from './postgres-environment.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-'));
// As root, the server runs as the postgres user, which must reach its directory.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Answers the error code of a connection attempt, or 'ok'. */
async function connectAs(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const withPassword = (url: string, password: string) => {
  const u = new URL(url);
  u.password = password;
  return u.toString();
};

describe('the embedded PostgreSQL (safe by default)', () => {
  it('generates its password on first start, keeps it for its owner only, reuses it, and has no Unix socket', async () => {
    const dir = path.join(root, 'fresh', 'pg');
    const socketsBefore = readdirSync('/tmp').filter((f) => f.startsWith('.s.PGSQL.'));
    const server = await startEmbeddedPostgres(dir, 'portal');
    let port: string;
    try {
      const file = embeddedPasswordFile(dir);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(Buffer.from(password, 'base64url')).toHaveLength(32);
      const url = server.url('portal');
      port = new URL(url).port;
      expect(decodeURIComponent(new URL(url).password)).toBe(password);
      expect(await connectAs(url)).toBe('ok');
      // The application's role is created beside it, with its own generated password, and is no superuser.
      const appUrl = server.appUrl('portal');
      expect(decodeURIComponent(new URL(appUrl).username)).toBe('portal_app');
      expect(decodeURIComponent(new URL(appUrl).password)).not.toBe(password);
      const app = new pg.Client({ connectionString: appUrl });
      await app.connect();
      try {
        const { rows } = await app.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
        expect(rows[0].rolsuper).toBe(false);
      } finally {
        await app.end();
      }
      // The password once written in the repository, and none at all, are refused.
      expect(await connectAs(withPassword(url, 'portal'))).toBe('28P01');
      expect(await connectAs(withPassword(url, ''))).not.toBe('ok');
      // No socket in /tmp for this server: a local user reaches it only over TCP, with the password.
      expect(existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
      expect(readdirSync('/tmp').filter((f) => f.startsWith('.s.PGSQL.') && !socketsBefore.includes(f))).toEqual([]);
    } finally {
      await server.stop();
    }
    const again = await startEmbeddedPostgres(dir, 'portal');
    try {
      expect(decodeURIComponent(new URL(again.url('portal')).password)).toBe(
        readFileSync(embeddedPasswordFile(dir), 'utf8').trim(),
      );
      expect(await connectAs(again.url('portal'))).toBe('ok');
    } finally {
      await again.stop();
    }
    // Another install gets another password: nothing in the repository decides it.
    const other = path.join(root, 'other', 'pg');
    const second = await startEmbeddedPostgres(other, 'portal');
    await second.stop();
    expect(readFileSync(embeddedPasswordFile(other), 'utf8')).not.toBe(readFileSync(embeddedPasswordFile(dir), 'utf8'));
  });

  it('gives a server set up with the old fixed password a generated one at its next start', async () => {
    const dir = path.join(root, 'legacy', 'pg');
    const server = await startEmbeddedPostgres(dir, 'portal');
    // What an install of an earlier version looks like: password 'portal' and no password file.
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`ALTER ROLE portal PASSWORD 'portal'`);
    await admin.end();
    await server.stop();
    rmSync(embeddedPasswordFile(dir));
    const upgraded = await startEmbeddedPostgres(dir, 'portal');
    try {
      const password = readFileSync(embeddedPasswordFile(dir), 'utf8').trim();
      expect(password).not.toBe('portal');
      expect(Buffer.from(password, 'base64url')).toHaveLength(32);
      expect(await connectAs(upgraded.url('portal'))).toBe('ok');
      expect(await connectAs(withPassword(upgraded.url('portal'), 'portal'))).toBe('28P01');
      expect(existsSync(`${embeddedPasswordFile(dir)}.next`)).toBe(false);
    } finally {
      await upgraded.stop();
    }
  });

  it("keeps a statement's memory between runs: fixed malloc thresholds, whatever ran first (issue 37, item 2)", async () => {
    // glibc's adaptive thresholds handed a big plan's memory back to the kernel after each run and faulted it in again
    // on the next (about 700 page faults a run for this statement with glibc's defaults, none with the fixed ones).
    expect(POSTGRES_MALLOC_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '4194304', MALLOC_TRIM_THRESHOLD_: '8388608' });
    const server = await startEmbeddedPostgres(path.join(root, 'malloc', 'pg'), 'portal');
    const client = new pg.Client({ connectionString: server.url('portal') });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Minor page faults of the connection's backend so far (the 10th field after the command's name, proc(5)).
      const faults = () => Number(readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[7]);
      // Planning a list of 8,000 constants takes a few MB, in blocks above glibc's first mmap threshold (128 kB).
      const names = Array.from({ length: 8000 }, (_, i) => `'relation_${i}'`).join(',');
      const plan = `EXPLAIN SELECT 1 FROM pg_class WHERE relname IN (${names})`;
      await client.query(plan);
      const before = faults();
      for (let i = 0; i < 10; i++) await client.query(plan);
      expect((faults() - before) / 10).toBeLessThan(50);
    } finally {
      await client.end();
      await server.stop();
    }
  });
});
