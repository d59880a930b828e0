import type { Knex } from 'knex';
import cron, { type ScheduledTask } from 'node-cron';
import { FANOUT_QUEUE, fanOutHandler, recoverFanouts, sendReminders } from '@portal/communications';
import {
  addJobs,
  type Config,
  type FileStore,
  type JobHandler,
  JobQueue,
  type JobQueueOptions,
  jobQueueStatus,
  type Logger,
  type QueueStatus,
} from '@portal/core';
import { FDA_IMPORT_QUEUE, fdaImportHandler } from '@portal/fda';
import {
  INVENTORY_IMPORT_QUEUE,
  INVENTORY_MATCH_QUEUE,
  inventoryImportHandler,
  inventoryMatchHandler,
} from '@portal/inventory';
import { MATCHING_QUEUE, matchingHandler, recoverMatching } from '@portal/location-preprocessor';
import { type Mailer, OUTBOX_CONCURRENCY, recoverOutbox } from '@portal/notifications';

/**
 * A background job: a queue of the job queue (pg-boss, docs/architecture.md §6) and what its jobs do. Work queues get a
 * job with each piece of work (in the transaction that made it); periodic ones get a job at each tick of `schedule`.
 * `pnpm cli jobs list` shows each queue, `jobs run <name>` runs its due work here.
 */
export interface Job {
  /** Its queue's name. */
  name: string;
  description: string;
  /** node-cron expression (seconds field allowed): each tick adds one job (one waiting at most, whatever the replicas). */
  schedule?: string;
  /** Jobs one process runs at once. */
  concurrency?: number;
  /** What a job does; null when this process cannot (no SMTP_URL for the outbox, no file store for matching). */
  handler: JobHandler | null;
  /** Gives a job to due work that has none (the `recover` job runs every one; `jobs run` runs the job's own first). */
  recover?: () => Promise<Record<string, number>>;
}

/** The jobs (DESIGN §5). `mailer` may be null where nothing is sent (the CLI's `jobs list`). */
export function createJobs(db: Knex, mailer: Mailer | null, config: Config, files?: FileStore): Job[] {
  const recoveries = {
    outbox: () => recoverOutbox(db),
    fanout: () => recoverFanouts(db),
    matching: () => recoverMatching(db),
  };
  return [
    {
      name: 'outbox',
      description:
        'Send queued emails through SMTP_URL, a job per batch of up to 200 (added with the emails); a 4xx or a relay that is down retries the job with a doubling delay. Nothing without SMTP_URL.',
      concurrency: OUTBOX_CONCURRENCY,
      handler: mailer?.handler ?? null,
      recover: recoveries.outbox,
    },
    {
      name: FANOUT_QUEUE,
      description:
        'Queue the rest of a large send, a chunk a job (each added by the one before, the first by the send).',
      handler: fanOutHandler(db, config, mailer ? { mail: mailer } : {}),
      recover: recoveries.fanout,
    },
    {
      name: MATCHING_QUEUE,
      description:
        'Match an uploaded location file to the known providers, a few minutes a job (added by the upload, then by the job before).',
      handler: files ? matchingHandler(db, files) : null,
      recover: recoveries.matching,
    },
    {
      name: INVENTORY_IMPORT_QUEUE,
      description:
        "Import a provider's item master or purchase history file (added when its mapping is confirmed), a batch a transaction.",
      handler: files ? inventoryImportHandler(db, files) : null,
    },
    {
      name: INVENTORY_MATCH_QUEUE,
      description:
        "Match received recalls against providers' item masters: a job per sent event (added by the send) and per organisation whose item master changed (added by its import), one waiting per event or organisation.",
      handler: inventoryMatchHandler(db),
    },
    {
      name: 'reminders',
      description:
        "Remind every recipient due under its event's reminder plan (neither acknowledged nor answered), a batch a transaction, until none is due.",
      schedule: config.reminderCron,
      handler: async () => ({ ...(await sendReminders(db, config, mailer ? { mail: mailer } : {})) }),
    },
    {
      name: FDA_IMPORT_QUEUE,
      description:
        'Import openFDA files dropped into FDA_IMPORT_DIR: each tick records new files (by checksum) and adds a job per file; off without it.',
      ...(config.fdaImportDir ? { schedule: config.fdaImportCron ?? '*/5 * * * *' } : {}),
      handler: fdaImportHandler(db, config.fdaImportDir),
    },
    {
      name: 'expire-tokens',
      description: 'Delete refresh tokens and one-time codes that expired more than a day ago.',
      schedule: '17 3 * * *',
      handler: async () => {
        const tokens = await db('refresh_tokens').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).delete();
        const codes = await db('one_time_codes').where('expires_at', '<', db.raw(`now() - interval '1 day'`)).delete();
        return { tokens, codes };
      },
    },
    {
      name: 'recover',
      description:
        'Give a job to due work that has none (emails, fan-outs and location files queued before the job queue, or whose job failed for good).',
      schedule: config.recoverCron,
      handler: async () => ({
        ...(await recoveries.outbox()),
        ...(await recoveries.fanout()),
        ...(await recoveries.matching()),
      }),
    },
  ];
}

/**
 * The process's job queue with every job's handler registered (those this process can run), and the mailer's `kick`
 * and `drain` going through it. `poll`: a worker replica's (pg-boss's workers and maintenance); without it, jobs run
 * when woken or drained (the tests' apps, the CLI).
 */
export function createJobQueue(db: Knex, jobs: Job[], mailer: Mailer | null, options: JobQueueOptions = {}): JobQueue {
  const queue = new JobQueue(db, options);
  for (const job of jobs) if (job.handler) queue.register(job.name, job.handler, { concurrency: job.concurrency });
  mailer?.useQueue(queue);
  return queue;
}

/**
 * Adds a job at each tick of every scheduled job's cron. A queue of periodic jobs keeps one waiting at most, so every
 * replica may tick: the first one's job is the tick's. `wake`: this process's workers take it at once.
 */
export function scheduleJobs(db: Knex, jobs: Job[], queue: JobQueue | null, logger?: Logger): ScheduledTask[] {
  return jobs.flatMap((job) =>
    job.schedule
      ? [
          cron.schedule(
            job.schedule,
            async () => {
              try {
                await addJobs(db, [{ queue: job.name, singletonKey: 'tick' }]);
                queue?.wake(job.name);
              } catch (err) {
                logger?.error({ err, job: job.name }, 'could not add the scheduled job');
              }
            },
            { noOverlap: true, name: job.name },
          ),
        ]
      : [],
  );
}

/** Where each job's queue stands: waiting, in flight, failed, oldest waiting. */
export async function jobsStatus(db: Knex, jobs: Job[]): Promise<Map<string, QueueStatus>> {
  return jobQueueStatus(
    db,
    jobs.map((j) => j.name),
  );
}

/**
 * `pnpm cli jobs run <name>`: the job's due work, here and now: its recovery sweep first (work with no job gets one),
 * a job for a periodic one, then every due job of its queue (safe beside running workers: each job is taken once).
 */
export async function runJob(
  db: Knex,
  jobs: Job[],
  name: string,
  mailer: Mailer | null,
  logger?: Logger,
): Promise<Record<string, number>> {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`Unknown job "${name}". Jobs: ${jobs.map((j) => j.name).join(', ')}`);
  if (!job.handler) throw new Error(`The job "${name}" cannot run here (no SMTP_URL, or no file store).`);
  // The mailer's kicks go to this queue, where only this job runs: a fan-out run here does not also send.
  const queue = createJobQueue(db, [job], mailer, { logger });
  await job.recover?.();
  if (job.schedule || !job.recover) await addJobs(db, [{ queue: name, singletonKey: 'tick' }]);
  const result = await queue.drain(name);
  logger?.info({ job: name, ...result }, 'job done');
  return result;
}
