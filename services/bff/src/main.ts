import type { Server } from 'node:http';
import cron, { type ScheduledTask } from 'node-cron';
import path from 'node:path';
import { seedDemoCommunications } from '@portal/communications';
import { appVersion, createLogger, LocalFileStore, loadConfig, openDatabase } from '@portal/core';
import { isDatabaseEmpty, migrateLatest, seedDemo } from '@portal/migrations';
import { Mailer } from '@portal/notifications';
import { createApp } from './app.js';
import { createJobs } from './jobs.js';
import { createModules, warmModules } from './modules.js';

const DEMO_ACCOUNTS = [
  ['admin@operator.demo', 'Operator administrator'],
  ['admin@acme.demo', 'Acme Medical Devices (supplier), Administrator'],
  ['recalls@acme.demo', 'Acme Medical Devices, Recall Coordinator'],
  ['sourcing@acme.demo', 'Acme Medical Devices, Sourcing Coordinator'],
  ['admin@borealis.demo', 'Borealis Pharma (supplier), Administrator'],
  ['admin@riverside.demo', 'Riverside Health (provider, two sites), Administrator'],
  ['responder@riverside.demo', 'Riverside Health, Responder'],
  ['admin@lakeshore.demo', 'Lakeshore Medical Center (provider), Administrator'],
  ['multi@riverside.demo', 'Member of Riverside Health and Lakeshore Medical Center'],
] as const;

/** Starts the product: database (embedded unless DATABASE_URL), migrations, demo seed on an empty database, HTTP, jobs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, (m) => logger.debug({ postgres: m.trim() }, 'postgres'));
  const { db } = database;
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  let seeded = false;
  if (await isDatabaseEmpty(db)) {
    await seedDemo(db, config.demoPassword);
    await seedDemoCommunications(db, config);
    seeded = true;
  }
  const demoPresent = Boolean(await db('users').where({ email: 'admin@operator.demo' }).first('id'));

  const mailer = new Mailer(db, config.smtpUrl, config.mailFrom, logger);
  const deps = { db, config, logger, mail: mailer, files: new LocalFileStore(path.join(config.dataDir, 'files')) };
  await warmModules(deps);
  const app = createApp({ deps, modules: createModules(deps) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
  });

  const tasks: ScheduledTask[] = createJobs(db, mailer, config).map((job) =>
    cron.schedule(
      job.schedule,
      async () => {
        try {
          await job.run();
        } catch (err) {
          logger.error({ err, job: job.name }, 'job failed');
        }
      },
      { noOverlap: true, name: job.name },
    ),
  );

  const lines = [
    '',
    `  Recall portal ${appVersion} is serving at ${config.appUrl}  (API under ${config.appUrl}/api)`,
    `  Database: ${database.description}${seeded ? ' (demo world loaded)' : ''}`,
    `  Email: ${config.smtpUrl ? 'SMTP ' + new URL(config.smtpUrl).host : 'no SMTP_URL: emails stay in the outbox (pnpm cli outbox list)'}`,
  ];
  if (demoPresent) {
    lines.push(`  Demo sign-ins (password ${config.demoPassword}):`);
    for (const [email, what] of DEMO_ACCOUNTS) lines.push(`    ${email.padEnd(26)} ${what}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const t of tasks) await t.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5000).unref();
    });
    mailer.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
