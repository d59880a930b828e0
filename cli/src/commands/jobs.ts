import type { Command } from 'commander';
import { createJobs, runJob } from '@portal/bff';
import path from 'node:path';
import { createLogger, LocalFileStore } from '@portal/core';
import { Mailer } from '@portal/notifications';
import { action, withDatabase } from '../context.js';

export function configureJobsCommand(program: Command): void {
  const jobs = program.command('jobs').description('Scheduled jobs');
  jobs
    .command('list')
    .description(
      "List the jobs, their schedules and where each one's queue stands (waiting, in flight, failed, oldest waiting)",
    )
    .action(
      action(() =>
        withDatabase(async (db, config) => {
          const table = createJobs(db, null as never, config);
          const rows = await Promise.all(
            table.map(async (j) => {
              const q = j.status ? await j.status() : null;
              return [
                j.name,
                j.schedule,
                q ? String(q.waiting) : '-',
                q ? (q.inFlight === null ? '?' : String(q.inFlight)) : '-',
                q ? String(q.failed) : '-',
                q?.oldestWaitingSeconds == null ? '-' : duration(q.oldestWaitingSeconds),
                j.description,
              ];
            }),
          );
          return formatTable(
            ['job', 'schedule', 'waiting', 'in flight', 'failed', 'oldest waiting', 'what it does'],
            rows,
          );
        }),
      ),
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
