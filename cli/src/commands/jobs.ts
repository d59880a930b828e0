import type { Command } from 'commander';
import { createJobs, jobsStatus, runJob } from '@portal/bff';
import path from 'node:path';
import { createLogger, failedJobs, LocalFileStore, retryFailedJobs } from '@portal/core';
import { Mailer } from '@portal/notifications';
import { action, CliError, withDatabase } from '../context.js';

export function configureJobsCommand(program: Command): void {
  const jobs = program.command('jobs').description('Background jobs (the job queue, pg-boss)');
  jobs
    .command('list')
    .description(
      "List the jobs, their schedules and where each one's queue stands (waiting, in flight, failed, oldest waiting)",
    )
    .action(
      action(() =>
        withDatabase(async (db, config) => {
          const table = createJobs(db, null, config);
          const status = await jobsStatus(db, table);
          const rows = table.map((j) => {
            const q = status.get(j.name)!;
            return [
              j.name,
              j.schedule ?? '-',
              String(q.waiting),
              q.inFlight === null ? '?' : String(q.inFlight),
              String(q.failed),
              q.oldestWaitingSeconds == null ? '-' : duration(q.oldestWaitingSeconds),
              j.description,
            ];
          });
          const failed = (
            await Promise.all(
              table
                .filter((j) => status.get(j.name)!.failed > 0)
                .map(async (j) =>
                  (
                    await failedJobs(db, j.name, 3)
                  ).map(
                    (f) =>
                      `  ${j.name} ${f.id} failed ${new Date(f.completed_on).toISOString()}: ${String((f.output as { message?: string } | null)?.message ?? '').slice(0, 200)}`,
                  ),
                ),
            )
          ).flat();
          return [
            formatTable(['job', 'schedule', 'waiting', 'in flight', 'failed', 'oldest waiting', 'what it does'], rows),
            ...(failed.length
              ? ['', 'Failed jobs (newest first; pnpm cli jobs retry <job> tries them again):', ...failed]
              : []),
          ].join('\n');
        }),
      ),
    );
  jobs
    .command('run')
    .description("Run one job's due work now, here (its recovery sweep first; a periodic job runs once)")
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
            const table = createJobs(db, mailer, config, new LocalFileStore(path.join(config.dataDir, 'files')));
            const result = await runJob(db, table, name, mailer);
            return `${name}: ${Object.entries(result)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}`;
          } finally {
            mailer.close();
          }
        }),
      ),
    );
  jobs
    .command('retry')
    .description('Give the failed jobs of a queue another round of tries')
    .argument('<name>', 'job name (see jobs list)')
    .action(
      action((name: string) =>
        withDatabase(async (db, config) => {
          if (!createJobs(db, null, config).some((j) => j.name === name)) throw new CliError(`Unknown job "${name}"`);
          return `${name}: ${await retryFailedJobs(db, name)} failed job(s) to be tried again`;
        }),
      ),
    );
}

/** Seconds as people read a wait: 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Columns padded to their widest cell; the last column runs on. */
function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '))
    .join('\n');
}
