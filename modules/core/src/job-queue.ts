import type { Knex } from 'knex';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from './logger.js';
import type { QueueStatus } from './queue-status.js';

/*
 * Every background job runs on one maintained PostgreSQL job queue: pg-boss 10 (docs/log.md, 2026-11-27). A job is a
 * row of pg-boss's `pgboss.job`, added in the caller's own transaction (`addJobs`), so work exists exactly when the
 * change that caused it commits. pg-boss decides who works a job (FOR UPDATE SKIP LOCKED), retries a job whose run
 * threw or outlived its expiry with a doubling delay, and keeps a job that keeps failing in its `failed` state. What a
 * job does stays in the module that owns the work; this file only runs it.
 */

/** pg-boss's schema, installed by `installJobQueue` (every role runs it after the knex migrations). */
export const JOB_SCHEMA = 'pgboss';

/** A queue and its policy: how often and how late a failed job is tried again, and how long a run may hold it. */
export interface QueueDefinition {
  name: string;
  /** Tries after the first one (a run that threw, or that outlived `expireInSeconds`); then the job is failed. */
  retryLimit: number;
  /** Seconds before the first retry; each next one waits about twice as long (pg-boss's backoff, with jitter). */
  retryDelay: number;
  /**
   * How long one run may hold a job. A holder that died (kill -9, a lost machine) leaves the job active; pg-boss's
   * maintenance fails it after this long and it is retried. A run is asked to stop (its `deadline`) at 80% of it.
   */
  expireInSeconds: number;
  /** `stately`: at most one job waiting and one running per singleton key (periodic jobs that must not pile up). */
  policy?: 'standard' | 'stately';
}

/**
 * The queues. Work queues get a job per piece of work, added with the work (an outbox batch, a fan-out, an uploaded
 * location file, an FDA file); periodic ones get a job per tick of their schedule, one waiting at most.
 */
export const JOB_QUEUES: readonly QueueDefinition[] = [
  // A job is up to OUTBOX_JOB_SIZE outbox ids; a run sends them over the pooled transport (seconds, not minutes).
  { name: 'outbox', retryLimit: 10, retryDelay: 30, expireInSeconds: 180 },
  // A job queues one chunk of a large send and adds the next chunk's job in the same transaction.
  { name: 'notice-fanout', retryLimit: 10, retryDelay: 30, expireInSeconds: 300 },
  // A job matches a location file for at most a few minutes, then hands the rest to a new job.
  { name: 'location-preprocessor', retryLimit: 5, retryDelay: 30, expireInSeconds: 900 },
  // A job imports an item master or purchase history file a batch a transaction, handing the rest on at its deadline.
  { name: 'inventory-import', retryLimit: 3, retryDelay: 30, expireInSeconds: 1800 },
  // A job matches a received recall (or an organisation's open notices, after its item master changed) against the item
  // master: one waiting per event or organisation (`singletonKey`), so a burst of imports matches once more, not once each.
  { name: 'inventory-match', retryLimit: 5, retryDelay: 30, expireInSeconds: 900, policy: 'stately' },
  { name: 'reminders', retryLimit: 3, retryDelay: 60, expireInSeconds: 3600, policy: 'stately' },
  { name: 'fda-import', retryLimit: 2, retryDelay: 60, expireInSeconds: 3600, policy: 'stately' },
  { name: 'expire-tokens', retryLimit: 2, retryDelay: 60, expireInSeconds: 600, policy: 'stately' },
  { name: 'recover', retryLimit: 2, retryDelay: 30, expireInSeconds: 300, policy: 'stately' },
];

/** A job as a handler gets it. */
export interface QueueJob<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T;
  expireInSeconds: number;
}

export interface JobContext {
  /** Aborted at 80% of the job's expiry: past it pg-boss may hand the job to another worker. */
  deadline: AbortSignal;
  /** True once the process is shutting down: finish what is in hand and give the rest back. */
  stopping(): boolean;
  logger?: Logger;
}

/** Does one job; what it answers is the job's output (counts, kept with the completed job). */
export type JobHandler = (job: QueueJob, context: JobContext) => Promise<Record<string, number> | undefined>;

/** A job to add: its queue, its data, and when it may start (a Date, or seconds from now). */
export interface NewJob {
  queue: string;
  data?: Record<string, unknown>;
  startAfter?: Date | number;
  /** With a `stately` queue: one waiting job per key, any more are dropped. */
  singletonKey?: string;
}

type Queryable = Knex | Knex.Transaction;

/**
 * pg-boss's SQL run on a knex connection (a transaction's, or the pool's): its statements use $n placeholders, knex's
 * raw uses `?`, so each $n becomes a `?` with its value (a statement may name one twice).
 */
export function knexExecutor(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const bindings: unknown[] = [];
      const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_, n: string) => {
        bindings.push(values[Number(n) - 1] ?? null);
        return '?';
      });
      const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

let sqlOnly: PgBoss | null = null;
/**
 * pg-boss as a maker of statements only (add, fetch, complete, fail), each run on the connection passed as `db`:
 * never started, it opens no connection of its own.
 */
function statements(): PgBoss {
  sqlOnly ??= new PgBoss({
    db: {
      executeSql: () => {
        throw new Error('the job queue statements run on the caller connection');
      },
    },
    schema: JOB_SCHEMA,
  });
  return sqlOnly;
}

/**
 * Adds jobs in the caller's transaction (or, given the pool, on its own): they exist if and only if it commits.
 * A job of an unknown queue is refused, never dropped.
 */
export async function addJobs(db: Queryable, jobs: NewJob[]): Promise<void> {
  if (!jobs.length) return;
  for (const j of jobs)
    if (!JOB_QUEUES.some((q) => q.name === j.queue)) throw new Error(`Unknown job queue "${j.queue}"`);
  await statements().insert(
    jobs.map((j) => ({
      name: j.queue,
      data: j.data ?? {},
      ...(j.startAfter === undefined
        ? {}
        : {
            startAfter:
              typeof j.startAfter === 'number'
                ? (String(Math.max(0, j.startAfter)) as never)
                : j.startAfter.toISOString(),
          }),
      ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}),
    })),
    { db: knexExecutor(db) },
  );
}

/** The database the knex instance was opened on, for pg-boss's own pool. */
function connectionOf(db: Knex): pg.ClientConfig {
  const configured = (db.client as { config: { connection?: string | pg.ClientConfig } }).config.connection;
  if (!configured) throw new Error('The job queue needs the address of the database');
  // knex keeps the password as a hidden property, out of logs: copy it by name.
  return typeof configured === 'string'
    ? { connectionString: configured }
    : { ...configured, password: configured.password };
}

/**
 * Installs or upgrades pg-boss's schema and creates (or updates) every queue. Run by `migrateLatest` after the knex
 * migrations, under its advisory lock, so every role finds the queues before it adds a job.
 */
export async function installJobQueue(db: Knex): Promise<void> {
  const boss = new PgBoss({
    ...connectionOf(db),
    schema: JOB_SCHEMA,
    max: 2,
    supervise: false,
    schedule: false,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', () => undefined);
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const q of JOB_QUEUES) {
      const options = {
        name: q.name,
        policy: q.policy ?? 'standard',
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelay,
        retryBackoff: true,
        expireInSeconds: q.expireInSeconds,
      };
      if (existing.has(q.name)) await boss.updateQueue(q.name, options);
      else await boss.createQueue(q.name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: true, wait: true });
  }
}

/**
 * Where each queue stands (one statement for all): jobs waiting (created, or waiting for a retry), held by a worker
 * (active), failed for good (kept a week), and how long the oldest due job has waited.
 */
export async function jobQueueStatus(db: Knex, queues: string[]): Promise<Map<string, QueueStatus>> {
  const { rows } = (await db.raw(
    `SELECT name,
       count(*) FILTER (WHERE state IN ('created', 'retry')) AS waiting,
       count(*) FILTER (WHERE state = 'active') AS in_flight,
       count(*) FILTER (WHERE state = 'failed') AS failed,
       extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))
         AS oldest
     FROM ${JOB_SCHEMA}.job WHERE name = ANY(?::text[]) GROUP BY name`,
    [queues],
  )) as { rows: { name: string; waiting: number; in_flight: number; failed: number; oldest: number | null }[] };
  const status = new Map<string, QueueStatus>(
    queues.map((q) => [q, { waiting: 0, inFlight: 0, failed: 0, oldestWaitingSeconds: null }]),
  );
  for (const r of rows)
    status.set(r.name, {
      waiting: Number(r.waiting),
      inFlight: Number(r.in_flight),
      failed: Number(r.failed),
      oldestWaitingSeconds: r.oldest === null ? null : Math.max(0, Math.round(Number(r.oldest))),
    });
  return status;
}

/**
 * A read view of the jobs of `queue` that will still run (waiting, waiting for a retry, or running): `data`, for a
 * module's recovery sweep to find work that has no job.
 */
export function liveJobs(db: Queryable, queue: string): Knex.QueryBuilder {
  return db
    .withSchema(JOB_SCHEMA)
    .from('job')
    .where({ name: queue })
    .whereIn('state', ['created', 'retry', 'active'])
    .select('data');
}

/**
 * One round of pg-boss's expiry now (what the workers' maintenance does every half minute): a job held past its
 * `expireInSeconds` is taken from its dead holder and waits for its retry.
 */
export async function expireJobs(db: Knex): Promise<void> {
  const boss = new PgBoss({
    ...connectionOf(db),
    schema: JOB_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  } as PgBoss.ConstructorOptions);
  boss.on('error', () => undefined);
  await boss.start();
  try {
    await boss.expire();
  } finally {
    await boss.stop({ graceful: false, close: true, wait: true });
  }
}

/** The jobs of `queue` that failed for good, newest first: their error and data (the CLI shows them). */
export async function failedJobs(
  db: Knex,
  queue: string,
  limit = 20,
): Promise<{ id: string; data: unknown; output: unknown; completed_on: Date }[]> {
  return (await db
    .withSchema(JOB_SCHEMA)
    .from('job')
    .where({ name: queue, state: 'failed' })
    .orderBy('completed_on', 'desc')
    .limit(limit)
    .select('id', 'data', 'output', 'completed_on')) as {
    id: string;
    data: unknown;
    output: unknown;
    completed_on: Date;
  }[];
}

/** Gives the failed jobs of `queue` another round of tries (`pnpm cli jobs retry <name>`); answers how many. */
export async function retryFailedJobs(db: Knex, queue: string): Promise<number> {
  const ids = (await db
    .withSchema(JOB_SCHEMA)
    .from('job')
    .where({ name: queue, state: 'failed' })
    .pluck('id')) as string[];
  if (ids.length) await statements().retry(queue, ids, { db: knexExecutor(db) });
  return ids.length;
}

export interface JobQueueOptions {
  logger?: Logger;
  /**
   * Poll with pg-boss's own workers and supervisor (a worker replica: ROLE=worker or all). Without it, jobs run only
   * when asked (`drain`, `wake`), on the knex pool: the tests and the CLI.
   */
  poll?: boolean;
  /** Seconds between two polls of an idle queue (pg-boss allows 0.5 and up). */
  pollingIntervalSeconds?: number;
  /** Seconds between two rounds of pg-boss's maintenance (expiring the jobs of dead holders, archiving). */
  maintenanceIntervalSeconds?: number;
  /** Told of every run: its queue, whether it completed or failed, and how long it took. */
  onRun?: (queue: string, outcome: 'done' | 'failed', seconds: number) => void;
}

interface Registration {
  handler: JobHandler;
  concurrency: number;
  workerIds: string[];
  /** drain mode: the background drain a `wake` started, and whether another was asked for meanwhile. */
  draining: Promise<Record<string, number>> | null;
  again: boolean;
}

const errorOutput = (error: unknown) => ({
  message: String((error as Error)?.message ?? error).slice(0, 2000),
});

/**
 * Runs the process's job handlers. With `poll`, pg-boss's workers fetch the jobs (each queue `concurrency` at a time)
 * and its supervisor expires the jobs of dead holders; `wake(queue)` makes this process's workers fetch at once
 * (after a commit that added work), other replicas find it at their next poll. Without `poll`, nothing runs until
 * asked: `drain(queue)` runs every due job of the queue here, and `wake(queue)` starts one in the background.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registration>();
  private boss: PgBoss | null = null;
  private stoppingFlag = false;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Knex,
    private readonly options: JobQueueOptions = {},
  ) {}

  /** Registers the handler of `queue` (before `start`). */
  register(queue: string, handler: JobHandler, { concurrency = 1 }: { concurrency?: number } = {}): void {
    if (!JOB_QUEUES.some((q) => q.name === queue)) throw new Error(`Unknown job queue "${queue}"`);
    this.handlers.set(queue, { handler, concurrency, workerIds: [], draining: null, again: false });
  }

  get queues(): string[] {
    return [...this.handlers.keys()];
  }

  /** Polling mode: opens pg-boss's pool and starts its workers and maintenance. */
  async start(): Promise<void> {
    if (!this.options.poll || this.boss) return;
    const workers = [...this.handlers.values()].reduce((n, r) => n + r.concurrency, 0);
    const boss = new PgBoss({
      ...connectionOf(this.db),
      application_name: 'portal-jobs',
      schema: JOB_SCHEMA,
      // Each worker's fetch and completion, and the maintenance.
      max: Math.max(2, Math.min(workers + 1, 8)),
      migrate: false,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 30,
      // A failed job stays in the job table (and in `pnpm cli jobs list`) for a week before it is archived.
      archiveFailedAfterSeconds: 7 * 24 * 3600,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err: unknown) => this.options.logger?.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const [queue, registration] of this.handlers)
      for (let i = 0; i < registration.concurrency; i++) {
        const id: string = await boss.work(
          queue,
          { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
          async (jobs: PgBoss.Job<object>[]) => {
            const job = jobs[0] as QueueJob;
            try {
              return await this.run(queue, registration.handler, job);
            } finally {
              // A queue that had work may have more: fetch again at once rather than after the polling interval.
              if (!this.stoppingFlag) boss.notifyWorker(id);
            }
          },
        );
        registration.workerIds.push(id);
      }
  }

  /** After a commit that added work to `queue`: this process takes it at once. */
  wake(queue: string): void {
    const registration = this.handlers.get(queue);
    if (!registration || this.stoppingFlag) return;
    if (this.options.poll) {
      // Before `start` nothing runs here: the workers will find the job at their first poll.
      for (const id of registration.workerIds) this.boss?.notifyWorker(id);
      return;
    }
    if (registration.draining) {
      registration.again = true;
      return;
    }
    registration.draining = (async () => {
      const total: Record<string, number> = {};
      do {
        registration.again = false;
        addCounts(total, await this.drainHere(queue, registration));
      } while (registration.again && !this.stoppingFlag);
      return total;
    })()
      .catch((err: unknown) => {
        this.options.logger?.error({ err, job: queue }, 'job drain failed');
        return {};
      })
      .finally(() => {
        registration.draining = null;
      });
  }

  /**
   * Runs every job of `queue` that is due now, here, one after the other, until none is left (jobs that fail wait for
   * their retry); then waits for the ones this process is running. Answers the sum of their outputs, with `runs` (jobs
   * run) and `jobsFailed` (runs that threw).
   */
  async drain(queue: string): Promise<Record<string, number>> {
    const registration = this.handlers.get(queue);
    if (!registration) throw new Error(`No handler for the job queue "${queue}"`);
    const total = await this.drainHere(queue, registration);
    // A background drain of this queue (a `wake`) may hold a job: it is part of "every due job".
    if (registration.draining) addCounts(total, await registration.draining);
    return total;
  }

  private async drainHere(queue: string, registration: Registration): Promise<Record<string, number>> {
    const total: Record<string, number> = {};
    const executor = knexExecutor(this.db);
    let runs = 0;
    while (!this.stoppingFlag) {
      const [job] = (await statements().fetch(queue, { batchSize: 1, db: executor })) as QueueJob[];
      if (!job) break;
      runs += 1;
      const run = (async () => {
        try {
          const output = await this.run(queue, registration.handler, job);
          await statements().complete(queue, job.id, output ?? {}, { db: executor });
          addCounts(total, output ?? {});
        } catch (error) {
          await statements().fail(queue, job.id, errorOutput(error), { db: executor });
          addCounts(total, { jobsFailed: 1 });
        }
      })();
      this.running.add(run);
      await run.finally(() => this.running.delete(run));
    }
    // How many jobs ran here, last (a job's own counts read first).
    total.runs = (total.runs ?? 0) + runs;
    return total;
  }

  private async run(queue: string, handler: JobHandler, job: QueueJob): Promise<Record<string, number> | undefined> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const output = await handler(job, {
        deadline: AbortSignal.timeout(Math.max(1, job.expireInSeconds) * 800),
        stopping: () => this.stoppingFlag,
        logger: this.options.logger,
      });
      this.options.onRun?.(queue, 'done', seconds());
      return output ?? undefined;
    } catch (error) {
      this.options.onRun?.(queue, 'failed', seconds());
      this.options.logger?.warn({ err: error, job: queue, jobId: job.id }, 'job failed');
      throw error;
    }
  }

  /**
   * Graceful stop: no job is taken any more, the running ones are told (`stopping`) and awaited up to `graceMs`;
   * pg-boss then fails what still runs, so it is retried elsewhere.
   */
  async stop(graceMs = 30_000): Promise<void> {
    this.stoppingFlag = true;
    const drains = [...this.handlers.values()].map((r) => r.draining).filter(Boolean);
    await Promise.allSettled([...this.running, ...drains]);
    if (this.boss) await this.boss.stop({ graceful: true, timeout: graceMs, close: true, wait: true });
    this.boss = null;
  }
}

function addCounts(total: Record<string, number>, more: Record<string, number>): void {
  for (const [k, v] of Object.entries(more)) if (typeof v === 'number') total[k] = (total[k] ?? 0) + v;
}
