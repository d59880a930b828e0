import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, createJobQueue, createJobs, createModules, warmModules } from '@portal/bff';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Config,
  createDb,
  createLogger,
  type JobQueue,
  LocalFileStore,
  loadConfig,
  type Db,
  onTransactionMisuse,
  setPasswordHashCost,
} from '@portal/core';
import { seedDemo } from '@portal/migrations';
import { Mailer } from '@portal/notifications';
import { createTestDatabase } from './database.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

import { type ApiClient, apiClient, DEMO_PASSWORD } from './client.js';

export { apiClient, type ApiAnswer, type ApiClient, DEMO_PASSWORD } from './client.js';

export interface TestApp extends ApiClient {
  baseUrl: string;
  /** The app's own pool: the least-privilege role, as the product connects (statements a test captures are the app's). */
  db: Db;
  /** The owner's pool, for what the application may not do: ANALYZE, disabling a trigger to plant a tampered row. */
  ownerDb: Db;
  /** The name of this app's own database. */
  databaseName: string;
  config: Config;
  mailer: Mailer;
  /**
   * The app's job queue: every job's handler, run in this process when woken (after a commit, as a worker replica's
   * would) or drained (`jobs.drain('notice-fanout')`); no polling, so a test sees the queue only as it asks.
   */
  jobs: JobQueue;
  smtp: TestSmtp;
  close(): Promise<void>;
}

/**
 * The whole BFF over real HTTP on a random port, on this file's own database with the demo world, sending mail
 * through nodemailer to an in-process SMTP server.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A connection shared by two callers (one's BEGIN inside the other's transaction) fails the file that caused it.
  const misuse: string[] = [];
  const stopHearing = onTransactionMisuse((m) => misuse.push(m));
  const smtp = await startTestSmtp();
  // A data folder of the app's own: the keyring generated there is this app's, never the developer's .data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  const config: Config = {
    ...loadConfig({ ...process.env, DATABASE_URL: database.appUrl, DATA_DIR: dataDir }),
    smtpUrl: smtp.url,
    authRateLimitPerMinute: 0,
    // scrypt at 2^10 rather than 2^17: a test signs in hundreds of times; crypto.test.ts checks the real cost.
    passwordHashLog2N: 10,
    ...overrides,
  };
  setPasswordHashCost(config.passwordHashLog2N);
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  if (options.seed !== false) await seedDemo(database.db, DEMO_PASSWORD);
  // The app connects as the least-privilege role, as the product does; the test's `db` stays the owner's.
  const appDb = createDb(database.appUrl, { min: 0, max: 10 });
  const mailer = new Mailer(appDb, config.smtpUrl, config.mailFrom, logger, {
    secret: config.jwtSecret,
    appUrl: config.appUrl,
  });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const files = new LocalFileStore(filesDir);
  const jobs = createJobQueue(appDb, createJobs(appDb, mailer, config, files), mailer, { logger });
  const deps = { db: appDb, config, logger, mail: mailer, files, jobs };
  await warmModules(deps);
  const app = createApp({ deps, modules: createModules(deps) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { call, signIn, refresh, logout } = apiClient(baseUrl);

  return {
    baseUrl,
    db: appDb,
    ownerDb: database.db,
    databaseName: new URL(database.url).pathname.slice(1),
    config,
    mailer,
    jobs,
    smtp,
    call,
    signIn,
    refresh,
    logout,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await jobs.stop();
      mailer.close();
      await smtp.close();
      await appDb.destroy();
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      stopHearing();
      if (misuse.length)
        throw new Error(`PostgreSQL saw a connection shared by two callers ${misuse.length} time(s): ${misuse[0]}`);
    },
  };
}
