import type { Server } from 'node:http';
import type { ScheduledTask } from 'node-cron';
import { seedDemoCommunications } from '@portal/communications';
import { seedDemoConversations } from '@portal/conversations';
import {
  appVersion,
  createFileStore,
  createLogger,
  LiveEvents,
  loadConfig,
  onTransactionMisuse,
  openDatabase,
} from '@portal/core';
import { isDatabaseEmpty, migrateLatest, seedDemo } from '@portal/migrations';
import { Mailer } from '@portal/notifications';
import { createApp } from './app.js';
import { createHealth } from './health.js';
import { createJobQueue, createJobs, scheduleJobs } from './jobs.js';
import { createMetrics, serveMetrics } from './metrics.js';
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

/**
 * Starts the product: database (embedded unless DATABASE_URL), HTTP (answering only health until ready), migrations,
 * demo seed on an empty database, jobs. Any number of these may run on one PostgreSQL (README "Running several
 * replicas").
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  onTransactionMisuse((m) => logger.error({ postgres: m }, 'a database connection was shared by two callers'));
  // Named in pg_stat_activity by what this process does (ROLE=worker runs jobs only).
  const database = await openDatabase(
    { ...config, applicationName: config.role === 'worker' ? 'portal-worker' : 'portal-api' },
    (m) => logger.debug({ postgres: m.trim() }, 'postgres'),
  );
  const { db } = database;

  const health = createHealth('migrating');
  // A web replica queues mail and leaves the sending to the workers (ROLE=web); the others send.
  const mailer = new Mailer(
    db,
    config.role === 'web' ? undefined : config.smtpUrl,
    config.mailFrom,
    logger,
    { secret: config.jwtSecret, appUrl: config.appUrl },
    { poolSize: config.smtpPoolSize, ratePerSecond: config.smtpRatePerSecond },
  );
  const files = createFileStore(config);
  const live = new LiveEvents(db);
  const metrics = createMetrics(db, { token: config.metricsToken });
  const jobs = createJobs(db, mailer, config, files);
  // A web replica runs no job (ROLE=web): the workers on the same database do. Its requests add jobs all the same.
  const queue =
    config.role === 'web'
      ? null
      : createJobQueue(db, jobs, mailer, {
          logger,
          poll: true,
          pollingIntervalSeconds: config.jobPollSeconds,
          onRun: (job, outcome, seconds) => metrics.jobRun(job, outcome, seconds),
        });
  const deps = { db, config, logger, mail: mailer, files, live, ...(queue ? { jobs: queue } : {}) };
  const app = createApp({ deps, modules: createModules(deps), health, metrics });
  // Listening before migrating, so a load balancer sees "alive, not ready" rather than a refused connection. A worker
  // (ROLE=worker) serves no API.
  const server: Server | null =
    config.role === 'worker'
      ? null
      : await new Promise((resolve) => {
          const s = app.listen(config.port, config.host, () => resolve(s));
        });
  const metricsServer = config.metricsPort ? await serveMetrics(metrics, config.metricsPort, config.host) : null;

  // Migrations, grants and the demo seed run as the owner; everything after as the least-privilege role.
  const owner = database.owner();
  const applied = await migrateLatest(owner, { grantTo: database.appRole });
  if (applied.length) logger.info({ applied }, 'migrations applied');
  let seeded = false;
  if (await isDatabaseEmpty(owner)) {
    await seedDemo(owner, config.demoPassword);
    await seedDemoCommunications(owner, config);
    await seedDemoConversations(owner, config);
    seeded = true;
  }
  await database.releaseOwner();
  const demoPresent = Boolean(await db('users').where({ email: 'admin@operator.demo' }).first('id'));
  // Caches the modules read synchronously (the managed lookup values), once their tables exist.
  await warmModules(deps);
  health.state = 'ready';

  // The job queue's workers (pg-boss) and the ticks of the periodic jobs. Every replica shows the queues' figures.
  metrics.watchQueues(jobs);
  await queue?.start();
  const tasks: ScheduledTask[] = queue ? scheduleJobs(db, jobs, queue, logger) : [];

  const lines = [
    '',
    config.role === 'worker'
      ? `  Recall portal ${appVersion} is running its jobs (ROLE=worker: no API)`
      : `  Recall portal ${appVersion} is serving at ${config.appUrl}  (API under ${config.appUrl}/api)${config.role === 'web' ? ', without jobs (ROLE=web)' : ''}`,
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
    // Not ready first, so the load balancer stops sending; requests already in flight finish below.
    health.state = 'stopping';
    logger.info({ signal }, 'shutting down');
    for (const t of tasks) await t.stop();
    if (server)
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), config.shutdownGraceSeconds * 1000).unref();
      });
    metricsServer?.close();
    // Running jobs are told to stop and awaited (a job cut short is failed and retried elsewhere).
    await mailer.stop();
    await queue?.stop(config.shutdownGraceSeconds * 1000);
    mailer.close();
    await live.close();
    files.close?.();
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
