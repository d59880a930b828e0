import type { Command } from 'commander';
import { seedDemoCommunications } from '@portal/communications';
import { seedDemoConversations } from '@portal/conversations';
import type { Config, Db } from '@portal/core';
import {
  type DemoSignIn,
  isDatabaseEmpty,
  migrateLatest,
  pendingMigrations,
  rollbackAll,
  seedDemo,
} from '@portal/migrations';
import { action, CliError, withOwnerDatabase } from '../context.js';

export async function migrate(db: Db, grantTo: string | null = null): Promise<string> {
  const applied = await migrateLatest(db, { grantTo });
  return applied.length
    ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
    : 'Database is up to date.';
}

export async function rollback(db: Db, all: boolean): Promise<string> {
  const undone = await rollbackAll(db, all);
  return undone.length
    ? `Rolled back ${undone.length} migration(s):\n  ${undone.join('\n  ')}`
    : 'Nothing to roll back.';
}

export function formatSignIns(signIns: DemoSignIn[], password: string): string {
  const rows = [...new Map(signIns.map((s) => [s.email, s])).values()];
  return [
    `Demo sign-ins (password ${password}):`,
    ...rows.map((s) => `  ${s.email.padEnd(26)} ${s.organization}, ${s.role}`),
  ].join('\n');
}

export async function seed(db: Db, demo: boolean, config: Config): Promise<string> {
  const password = config.demoPassword;
  if (!demo)
    return 'Nothing to seed: the permission catalogue is code, roles come with each organisation. Use --demo for the demo world.';
  if ((await pendingMigrations(db)).length)
    throw new CliError('The database has pending migrations; run `pnpm cli db migrate` first.');
  if (!(await isDatabaseEmpty(db)))
    throw new CliError(
      'The database already holds organisations; the demo world loads only into an empty database (`pnpm cli db reset --demo`).',
    );
  const signIns = await seedDemo(db, password);
  await seedDemoCommunications(db, config);
  await seedDemoConversations(db, config);
  return formatSignIns(signIns, password);
}

/** Drops every table (rolls back all migrations), migrates again and, with --demo, loads the demo world. */
export async function reset(db: Db, demo: boolean, config: Config, grantTo: string | null = null): Promise<string> {
  await rollbackAll(db, true);
  const out = [await migrate(db, grantTo)];
  if (demo) out.push(await seed(db, true, config));
  return out.join('\n');
}

export function configureDbCommand(program: Command): void {
  const db = program.command('db').description('Database schema and data');
  db.command('migrate')
    .description('Apply pending migrations')
    .action(action(() => withOwnerDatabase((d, _config, appRole) => migrate(d, appRole))));
  db.command('rollback')
    .description('Undo the last batch of migrations')
    .option('--all', 'undo every migration')
    .action(action((opts: { all?: boolean }) => withOwnerDatabase((d) => rollback(d, Boolean(opts.all)))));
  db.command('seed')
    .description('Load seed data into an empty database')
    .option('--demo', 'load the demo world (organisations, users, roles)')
    .action(
      action((opts: { demo?: boolean }) => withOwnerDatabase((d, config) => seed(d, Boolean(opts.demo), config))),
    );
  db.command('reset')
    .description('Erase everything, migrate again, and optionally load the demo world')
    .option('--demo', 'load the demo world')
    .requiredOption('--yes', 'confirm that every row will be deleted')
    .action(
      action((opts: { demo?: boolean }) =>
        withOwnerDatabase((d, config, appRole) => reset(d, Boolean(opts.demo), config, appRole)),
      ),
    );
}
