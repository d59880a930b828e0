import { type Config, createLogger, type Db, loadConfig, openDatabase } from '@portal/core';

/** A command failure the user can act on: printed without a stack, exit code 1. */
export class CliError extends Error {}

/** Opens the product's database for one command (embedded unless DATABASE_URL) and always closes it. */
export async function withDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, (m) => createLogger('silent').debug(m));
  try {
    return await work(database.db, config);
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
