import type { Knex } from 'knex';
import { fanOutNotices, fanoutQueueStatus, sendReminders } from '@portal/communications';
import type { Config, FileStore, Logger, QueueStatus } from '@portal/core';
import { fdaImportQueueStatus, importDroppedFiles } from '@portal/fda';
import { matchingQueueStatus, runWorker } from '@portal/location-preprocessor';
import { type Mailer, outboxQueueStatus } from '@portal/notifications';

/** A job the scheduler triggers and the CLI can run once (`pnpm cli jobs run <name>`). */
export interface Job {
  name: string;
  description: string;
  /** node-cron expression (seconds field allowed). */
  schedule: string;
  run(): Promise<Record<string, number>>;
  /** Where its queue stands (waiting, in flight, failed, oldest waiting), for jobs that work a queue. */
  status?: () => Promise<QueueStatus>;
}

/**
 * The jobs of DESIGN §5. Each claims its work in PostgreSQL (SKIP LOCKED, or idempotent deletes), so running the
 * schedule on every replica at once is safe.
 */
export function createJobs(db: Knex, mailer: Mailer, config: Config, files?: FileStore): Job[] {
  return [
    {
      name: 'outbox',
      description: 'Send queued emails through SMTP_URL (FOR UPDATE SKIP LOCKED); nothing without SMTP_URL.',
      schedule: config.outboxCron,
      run: async () => ({ ...(await mailer.drain()) }),
      status: () => outboxQueueStatus(db),
    },
    {
      name: 'reminders',
      description:
        "Remind every recipient due under its event's reminder plan (neither acknowledged nor answered), a batch a transaction, until none is due (SKIP LOCKED).",
      schedule: config.reminderCron,
      run: async () => ({ ...(await sendReminders(db, config, { mail: mailer })) }),
    },
    {
      name: 'notice-fanout',
      description:
        'Queue the rest of large sends, a chunk a transaction, resuming any a restart cut short (SKIP LOCKED).',
      schedule: '*/10 * * * * *',
      run: async () => fanOutNotices(db, config, { mail: mailer }),
      status: () => fanoutQueueStatus(db),
    },
    {
      name: 'location-preprocessor',
      description:
        'Match waiting location pre-processor jobs, and resume any whose worker stopped (FOR UPDATE SKIP LOCKED).',
      schedule: '*/15 * * * * *',
      run: async () => (files ? runWorker(db, files) : { jobs: 0, errors: 0 }),
      status: () => matchingQueueStatus(db),
    },
    {
      name: 'expire-tokens',
      description: 'Delete refresh tokens and one-time codes that expired more than a day ago.',
      schedule: '17 3 * * *',
      run: async () => {
        const tokens = await db('refresh_tokens').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).delete();
        const codes = await db('one_time_codes').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).delete();
        return { tokens, codes };
      },
    },
    {
      name: 'fda-import',
      description:
        'Import openFDA files dropped into FDA_IMPORT_DIR (each file claimed by its checksum); off without it.',
      schedule: config.fdaImportCron ?? '*/5 * * * *',
      run: async () => (config.fdaImportDir ? importDroppedFiles(db, config.fdaImportDir) : { files: 0 }),
      status: () => fdaImportQueueStatus(db),
    },
  ];
}

export async function runJob(jobs: Job[], name: string, logger?: Logger): Promise<Record<string, number>> {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`Unknown job "${name}". Jobs: ${jobs.map((j) => j.name).join(', ')}`);
  const result = await job.run();
  logger?.info({ job: name, ...result }, 'job done');
  return result;
}
