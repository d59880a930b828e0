export { seedDemo, isDatabaseEmpty, type DemoSignIn } from './seeds/demo.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The one ordered folder of migrations (DESIGN §6): files named YYYYMMDDHHMMSS_<what>.ts, each with up and down. */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return readdirSync(dir)
      .filter((f) => /^\d{14}_.+\.ts$/.test(f))
      .sort();
  }
  getMigrationName(migration: string): string {
    return migration;
  }
  async getMigration(migration: string): Promise<Knex.Migration> {
    return (await import(pathToFileURL(path.join(dir, migration)).href)) as Knex.Migration;
  }
}

const config = (): Knex.MigratorConfig => ({
  migrationSource: new FolderMigrationSource(),
  tableName: 'knex_migrations',
});

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config())) as [number, string[]];
  return applied;
}

export async function rollbackAll(db: Knex, all = false): Promise<string[]> {
  const [, undone] = (await db.migrate.rollback(config(), all)) as [number, string[]];
  return undone;
}

export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list(config())) as [unknown[], { file: string }[]];
  return pending.map((p) => p.file);
}
