export { seedDemo, isDatabaseEmpty, type DemoSignIn } from './seeds/demo.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { grantApplicationRole, installJobQueue } from '@portal/core';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The one ordered folder of migrations (DESIGN §6): files named YYYYMMDDHHMMSS_<what>.ts, each with up and down.
 * The production build (scripts/build.ts) compiles them to .js beside the server; they keep their .ts name in
 * knex_migrations, so a database migrated by either runs on with the other.
 */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return readdirSync(dir)
      .filter((f) => /^\d{14}_.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
  }
  getMigrationName(migration: string): string {
    return migration.replace(/\.js$/, '.ts');
  }
  async getMigration(migration: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(path.join(dir, migration)).href)) as Knex.Migration;
  }
}

const config = (): Knex.MigratorConfig => ({
  migrationSource: new FolderMigrationSource(),
  tableName: 'knex_migrations',
});

/** Any fixed number: the advisory lock that lets one replica migrate while the others starting with it wait. */
const MIGRATION_LOCK = 72_610_017;

/**
 * Applies pending migrations as the owner, then installs or upgrades the job queue (pg-boss) and its queues, then grants
 * the application's role (`grantTo`, when it is another role) what it needs. Replicas starting together queue on an advisory lock (held by a transaction of its
 * own) rather than failing on knex's "migration table is already locked"; the later ones then find nothing to do.
 */
export async function migrateLatest(db: Knex, options: { grantTo?: string | null } = {}): Promise<string[]> {
  return db.transaction(async (lock) => {
    await lock.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    const [, applied] = (await db.migrate.latest(config())) as [number, string[]];
    // The job queue's schema (pg-boss's own migrations) and its queues, so every role can add jobs.
    await installJobQueue(db);
    // The application's least-privilege role gets the rows of every table, including the ones just added.
    if (options.grantTo) await grantApplicationRole(db, options.grantTo);
    return applied;
  });
}

export async function rollbackAll(db: Knex, all = false): Promise<string[]> {
  const [, undone] = (await db.migrate.rollback(config(), all)) as [number, string[]];
  return undone;
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config())) as [unknown[], { file: string }[]];
  return pending.map((p) => p.file);
}
