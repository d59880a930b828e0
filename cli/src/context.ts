import { type Config, createLogger, type Db, loadConfig, openDatabase } from '@portal/core';

/** A command failure the user can act on: printed without a stack, exit code 1. */
export class CliError extends Error {}

/**
 * The CLI's connections: named portal-cli, and an operator's deliberate long commands (imports, exports, file
 * copies) get the reports' longer statement timeout rather than the API's.
 */
export function cliDatabaseOptions(config: Config) {
  return { ...config, applicationName: 'portal-cli', dbStatementTimeoutMs: config.dbReportStatementTimeoutMs };
}

/** Opens the product's database for one command (embedded unless DATABASE_URL) and always closes it. */
export async function withDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(cliDatabaseOptions(config), (m) => createLogger('silent').debug(m));
  try {
    return await work(database.db, config);
  } finally {
    await database.close();
  }
}

/**
 * The same as the database's owner (migrations, rollback, the demo seed): MIGRATION_DATABASE_URL, or the embedded
 * server's owner. `appRole` is the application's role to grant after migrating (null when one role does both).
 */
export async function withOwnerDatabase<T>(
  work: (owner: Db, config: Config, appRole: string | null) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(cliDatabaseOptions(config), (m) => createLogger('silent').debug(m));
  try {
    return await work(database.owner(), config, database.appRole);
  } finally {
    await database.close();
  }
}

/** Runs a command's action: prints its result, turns failures into a clear message and a non-zero exit. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<string | void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      const out = await fn(...args);
      if (out) process.stdout.write(`${out}\n`);
    } catch (error) {
      const message = error instanceof CliError ? error.message : ((error as Error).message ?? String(error));
      process.stderr.write(`error: ${message}\n`);
      process.exitCode = 1;
    }
  };
}
