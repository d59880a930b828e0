import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { jobQueueStatus } from '@portal/core';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type OutboxBacklog, outboxBacklog } from '@portal/notifications';

/**
 * The process's figures in Prometheus' text format (prom-client): HTTP latency by route, the database pool's waits,
 * the outbox by status and its backlog, and each job's runs and failures. Never public: served on the API's port
 * only to a caller bearing METRICS_TOKEN, or on a port of its own (METRICS_PORT, meant for a private network); with
 * neither set, not served at all.
 */
export interface Metrics {
  registry: Registry;
  /** Times every /api request (route = the matched pattern, so ids do not multiply the series). */
  http: Middleware;
  /** Answers GET /metrics on the API's port (with the token), else passes on. */
  endpoint: Middleware;
  /** Records one run of a job (a queue's job, done or failed). */
  jobRun(job: string, outcome: 'done' | 'failed', seconds: number): void;
  /** Reports each job's queue (waiting, in flight, failed, oldest waiting) at every scrape, in one statement. */
  watchQueues(queues: { name: string }[]): void;
}

interface PoolLike {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export function createMetrics(db: Knex, options: { token?: string } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'API requests by method, matched route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Runs of each scheduled job, by outcome.',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'portal_job_run_duration_seconds',
    help: 'How long each scheduled job ran.',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const pool = (): PoolLike | null => (db.client as { pool?: PoolLike }).pool ?? null;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections: used, free, and callers waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = pool();
      if (!p) return;
      this.set({ state: 'used' }, p.numUsed());
      this.set({ state: 'free' }, p.numFree());
      this.set({ state: 'waiting' }, p.numPendingAcquires());
    },
  });
  // One read of the outbox a scrape, shared by its three gauges (collected together, or one after the other).
  let reading: Promise<OutboxBacklog> | null = null;
  const backlog = () => {
    reading ??= outboxBacklog(db).finally(() =>
      setImmediate(() => {
        reading = null;
      }),
    );
    return reading;
  };
  new Gauge({
    name: 'portal_outbox_emails',
    help: 'Emails in the outbox by status (DELIVERY: waiting or being sent; SENT; Bounce; ERROR).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const b = await backlog();
      this.reset();
      for (const [status, n] of Object.entries(b.byStatus)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'portal_outbox_backlog',
    help: 'Emails due and not yet sent (due), and in an outbox job a worker is running right now (in_flight).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const b = await backlog();
      this.set({ state: 'due' }, b.due);
      this.set({ state: 'in_flight' }, b.inFlight);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_due_seconds',
    help: 'How long the oldest due email has waited (0 when none is due).',
    registers: [registry],
    async collect() {
      this.set((await backlog()).oldestDueSeconds ?? 0);
    },
  });

  const allowed = (header: string) => {
    if (!options.token) return false;
    const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(options.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    registry,
    http: async (ctx, next) => {
      if (!ctx.path.startsWith('/api')) return next();
      const end = duration.startTimer();
      try {
        await next();
      } finally {
        end({
          method: ctx.method,
          route: (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched',
          status: String(ctx.status),
        });
      }
    },
    endpoint: async (ctx, next) => {
      if (ctx.path !== '/metrics' || !options.token) return next();
      if (ctx.method !== 'GET' || !allowed(ctx.get('authorization'))) {
        ctx.status = 404;
        return;
      }
      ctx.set('Content-Type', registry.contentType);
      ctx.body = await registry.metrics();
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    watchQueues(queues) {
      const names = queues.map((q) => q.name);
      // One read of the job queue a scrape, shared by its two gauges.
      let reading: ReturnType<typeof jobQueueStatus> | null = null;
      const statuses = () => {
        reading ??= jobQueueStatus(db, names).finally(() =>
          setImmediate(() => {
            reading = null;
          }),
        );
        return reading;
      };
      new Gauge({
        name: 'portal_job_queue',
        help: "Each job's queue (pg-boss): jobs waiting (or waiting for a retry), held by a worker (in_flight), and failed for good.",
        labelNames: ['job', 'state'],
        registers: [registry],
        async collect() {
          for (const [job, s] of await statuses()) {
            this.set({ job, state: 'waiting' }, s.waiting);
            this.set({ job, state: 'in_flight' }, s.inFlight ?? 0);
            this.set({ job, state: 'failed' }, s.failed);
          }
        },
      });
      new Gauge({
        name: 'portal_job_queue_oldest_waiting_seconds',
        help: "How long each queue's oldest due job has waited for a worker (0 when none).",
        labelNames: ['job'],
        registers: [registry],
        async collect() {
          for (const [job, s] of await statuses()) this.set({ job }, s.oldestWaitingSeconds ?? 0);
        },
      });
    },
  };
}

/** The metrics on a port of their own (METRICS_PORT): GET /metrics, nothing else. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
