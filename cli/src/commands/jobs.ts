import type { Command } from 'commander';
import { createJobs, runJob } from '@portal/bff';
import path from 'node:path';
import { createLogger, LocalFileStore, loadConfig } from '@portal/core';
import { Mailer } from '@portal/notifications';
import { action, withDatabase } from '../context.js';

export function configureJobsCommand(program: Command): void {
  const jobs = program.command('jobs').description('Scheduled jobs');
  jobs
    .command('list')
    .description('List the jobs and their schedules')
    .action(
      action(async () => {
        // Listing needs no database: build the table with a placeholder connection that is never used.
        const table = createJobs(null as never, null as never, loadConfig());
        return table.map((j) => `${j.name.padEnd(16)} ${j.schedule.padEnd(18)} ${j.description}`).join('\n');
      }),
    );
  jobs
    .command('run')
    .description('Run one job once, now')
    .argument('<name>', 'job name (see jobs list)')
    .action(
      action((name: string) =>
        withDatabase(async (db, config) => {
          const mailer = new Mailer(
            db,
            config.smtpUrl,
            config.mailFrom,
            createLogger('silent'),
            { secret: config.jwtSecret, appUrl: config.appUrl },
            { poolSize: config.smtpPoolSize, ratePerSecond: config.smtpRatePerSecond },
          );
          try {
            const result = await runJob(
              createJobs(db, mailer, config, new LocalFileStore(path.join(config.dataDir, 'files'))),
              name,
            );
            return `${name}: ${Object.entries(result)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}`;
          } finally {
            mailer.close();
          }
        }),
      ),
    );
}
