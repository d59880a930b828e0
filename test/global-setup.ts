import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { APP_ROLE, createDb, ensureApplicationRole, startEmbeddedPostgres, type EmbeddedServer } from '@portal/core';
import { migrateLatest } from '@portal/migrations';

export const TEMPLATE_DB = 'portal_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the server's maintenance database; test files create their own databases from the template. */
    pgAdminUrl: string;
    /** The same as the application's least-privilege role: test apps connect as it, as the product does. */
    pgAppUrl: string;
  }
}

let server: EmbeddedServer | null = null;
let dir: string | null = null;
let runTmp: string | null = null;

/**
 * One PostgreSQL for the run (embedded, or the server of DATABASE_URL) and one migrated template database; each
 * test file then clones the template (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export async function setup(project: TestProject): Promise<void> {
  // Every temporary folder of the run (the test files' mkdtemp folders, generated keys among them) under one folder,
  // removed at the end: each run used to leave some twenty behind in the machine's. The workers inherit TMPDIR; as
  // root, the embedded server runs as the postgres user, which must reach its directory inside it.
  runTmp = mkdtempSync(path.join(os.tmpdir(), 'portal-test-run-'));
  chmodSync(runTmp, 0o755);
  process.env.TMPDIR = runTmp;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  } else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
    server = await startEmbeddedPostgres(
      path.join(dir, 'pg'),
      'postgres',
      process.env.PG_LOG ? (m) => process.stderr.write(`[pg] ${m}\n`) : undefined,
    );
    adminUrl = server.url('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (process.env.PG_LOG === 'all') {
    await admin.query(`ALTER SYSTEM SET log_statement = 'all'`);
    await admin.query('SELECT pg_reload_conf()');
  }
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  // The role the test apps connect as: created (or given a new password) once per run; the template's grants are
  // copied into every database cloned from it.
  const appPassword = randomBytes(24).toString('base64url');
  await ensureApplicationRole(admin, APP_ROLE, appPassword);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const db = createDb(templateUrl.toString(), { min: 0, max: 2 });
  await migrateLatest(db, { grantTo: APP_ROLE });
  await db.destroy();
  project.provide('pgAdminUrl', adminUrl);
  const appUrl = new URL(adminUrl);
  appUrl.username = APP_ROLE;
  appUrl.password = appPassword;
  project.provide('pgAppUrl', appUrl.toString());
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (runTmp) rmSync(runTmp, { recursive: true, force: true });
}
