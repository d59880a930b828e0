/**
 * Case 1 of pnpm bench:delivery: a supplier sends a recall to N customers (one address each). Measured from the
 * supplier's send call (PUT …/send-notification over HTTP, to the BFF in this process) until the relay accepted the Nth
 * notice: the send's own transaction (the provider communications and the first chunk's notices and outbox jobs), its
 * answer, the fan-out's chunks (a `notice-fanout` job each), and the `outbox` jobs sent by the workers of this process,
 * as a worker replica runs them (the job queue polling, the sender kicked after each commit).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createJobQueue, createJobs, createModules, warmModules } from '../services/bff/src/index.js';
import { type Config, createLogger, type Db, type JobQueue, LocalFileStore } from '../modules/core/src/index.js';
import { Mailer } from '../modules/notifications/src/index.js';
import { seedDemo } from '../migrations/index.js';

/** What the case needs of the bench's relay. */
export interface SendRelay {
  url: string;
  bytes: number;
  /** From now on, counts from zero; resolves with the moment the `n`th message was accepted. */
  expect(n: number): Promise<number>;
}

export interface SendFigures {
  /** From the send call until the relay accepted the last notice. */
  ms: number;
  /** Until the send call answered. */
  answeredMs: number;
  bytes: number;
}

/** A worker replica in this process (ROLE=all): the BFF, the job queue's workers and one sender. */
export interface DeliveryWorker {
  mailer: Mailer;
  queue: JobQueue;
  base: string;
  token: string;
  close(): Promise<void>;
}

export const BENCH_PASSWORD = 'bench-reminder-password';

/**
 * Starts the BFF over HTTP on loopback with the workers of a ROLE=all replica (the `outbox` and `notice-fanout`
 * queues polled, every half second when idle), sending to `smtpUrl`; signs the demo supplier's administrator in.
 */
export async function startDeliveryWorker(
  db: Db,
  config: Config,
  settings: { smtpUrl: string; from: string; poolSize: number; tracking: { secret: string; appUrl: string } },
  filesDir: string,
): Promise<DeliveryWorker> {
  if (!(await db('users').where({ email: 'admin@acme.demo' }).first('id'))) await seedDemo(db, BENCH_PASSWORD);
  const logger = createLogger('silent');
  const mailer = new Mailer(db, settings.smtpUrl, settings.from, logger, settings.tracking, {
    poolSize: settings.poolSize,
  });
  const files = new LocalFileStore(filesDir);
  const jobs = createJobs(db, mailer, config, files).filter((j) => ['outbox', 'notice-fanout'].includes(j.name));
  const queue = createJobQueue(db, jobs, mailer, { logger, poll: true, pollingIntervalSeconds: 0.5 });
  await queue.start();
  const deps = { db, config, logger, mail: mailer, files, jobs: queue };
  await warmModules(deps);
  const app = createApp({ deps, modules: createModules(deps) });
  const http = await new Promise<Server>((resolve) => {
    const s = createServer(app.callback()).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
  const token = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', email: 'admin@acme.demo', password: BENCH_PASSWORD }),
  }).then(async (r) => ((await r.json()) as { d: { access_token: string } }).d.access_token);
  return {
    mailer,
    queue,
    base,
    token,
    close: async () => {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await mailer.stop();
      await queue.stop();
      mailer.close();
    },
  };
}

/**
 * An approved, open Class I recall of the demo supplier with one Acknowledge action and `count` customers (one address
 * each, `<prefix><n>@hospital-…`), marked sent when `sent`; both delivery benches start from it.
 */
export async function insertBenchRecall(
  db: Db,
  options: { count: number; name: string; prefix: string; sent: boolean },
): Promise<{ eventId: number; acme: number }> {
  const { count, name, prefix } = options;
  const acme = ((await db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number }).id;
  const [event] = (await db('communications')
    .insert({
      organization_id: acme,
      type: 'RECALL',
      status: 'OPEN',
      current_step: 3,
      name: `Infusion pump model IP-200: occlusion alarm may fail (${name})`,
      event_id: `RC-${options.sent ? 'BENCH' : 'SEND'}-${name}`,
      classification: 'CLASSI',
      subtype: 'CORRECTION',
      approved_at: db.fn.now(),
      ...(options.sent ? { first_sent_at: db.fn.now() } : {}),
    })
    .returning('id')) as { id: number }[];
  const eventId = event!.id;
  await db('communication_actions').insert({
    communication_id: eventId,
    organization_id: acme,
    action_type: 'Acknowledge',
    title: 'Confirm receipt',
    sort_order: 1,
  });
  await db.raw(
    `INSERT INTO communication_affected_customers (communication_id, organization_id, customer_key, name, emails, source)
     SELECT :eventId, :acme, 'email:' || :prefix || g || '@' || :name || '.example.org', 'Customer ' || g || ' Regional Hospital',
       ARRAY[:prefix || g || '@hospital-' || (g % 97) || '.' || :name || '.example.org'], 'MANUAL'
     FROM generate_series(1, :count) g`,
    { eventId, acme, count, name, prefix },
  );
  return { eventId, acme };
}

/** An approved, open Class I recall of the demo supplier with `count` customers (one address each), never sent. */
export async function prepareSend(db: Db, count: number, name: string): Promise<number> {
  const { eventId } = await insertBenchRecall(db, { count, name, prefix: 'send', sent: false });
  await db.raw('VACUUM ANALYZE communication_affected_customers, provider_communications, outbox_emails, notice_links');
  return eventId;
}

/** One send: from the supplier's call until the relay accepted the `count`th notice. */
export async function measureSend(
  worker: DeliveryWorker,
  relay: SendRelay,
  eventId: number,
  count: number,
): Promise<SendFigures> {
  const accepted = relay.expect(count);
  const started = performance.now();
  const res = await fetch(`${worker.base}/supplier/communications/${eventId}/send-notification/RECALL?sendType=new`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${worker.token}` },
  });
  const answeredMs = performance.now() - started;
  const body = (await res.json()) as { d?: { emails_queued?: number }; m?: string };
  if (res.status !== 200 || body.d?.emails_queued !== count)
    throw new Error(`the send answered ${res.status}: ${JSON.stringify(body)}`);
  const ms = (await accepted) - started;
  return { ms, answeredMs, bytes: relay.bytes / count };
}
