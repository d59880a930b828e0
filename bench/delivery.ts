/**
 * pnpm bench:delivery: how fast queued emails leave, against nodemailer alone.
 * - The relay: an in-process smtp-server on loopback (no auth, no STARTTLS, no reverse lookups) that accepts every
 *   message and keeps nothing but a count.
 * - Baseline: nodemailer's pooled transport (SMTP_POOL_SIZE connections, 5 by default) sending DELIVERY_N messages of
 *   the product's own content (one notice the product sent, parsed back) straight to the relay, kept fed with twice
 *   the pool size at a time; and, for reference, handed all N at once.
 * - Case 1 (bench/delivery-send.ts): a supplier's send of a recall to DELIVERY_N customers, from the send call (HTTP, to
 *   the BFF in this process) until the relay accepted the Nth notice: the send's transaction, the fan-out's jobs and the
 *   `outbox` jobs sent by this process's job queue workers (a ROLE=all replica), with the same pool size.
 * - For reference: DELIVERY_N recall notices already queued (enqueueEmails, the bulk send's COPY, with their jobs),
 *   sent by the same workers, from the kick until the relay accepted the Nth.
 * - Case 2 (bench/delivery-reminders.ts): a reminder round to DELIVERY_N non-responders of one recall, from the
 *   reminder job's start until the relay accepted the Nth reminder, beside the same baseline sending N messages of the
 *   reminder's own content.
 * DELIVERY_RUNS (3) measured runs of each, alternating, after one warm-up of each; the median is printed and written
 * into bench/RESULTS.md. Nothing is asserted.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type MailparserNamespace from 'mailparser';
import type NodemailerNamespace from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { migrateLatest } from '../migrations/index.js';
import { createDb, type Db, loadConfig, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { type BulkEmail, enqueueEmails, loadTemplate } from '../modules/notifications/src/index.js';
import { REMINDER_BATCH as REMINDER_BATCH_SIZE } from '../modules/communications/src/index.js';
import { measureReminderRound, prepareReminderRound, type RoundFigures } from './delivery-reminders.js';
import {
  type DeliveryWorker,
  measureSend,
  prepareSend,
  type SendFigures,
  startDeliveryWorker,
} from './delivery-send.js';
import { stats, table } from './harness.js';

// Dependencies of the notifications module and of the test helpers, not of the bench: resolved from there.
const nodemailer = createRequire(new URL('../modules/notifications/package.json', import.meta.url))(
  'nodemailer',
) as typeof NodemailerNamespace;
const { simpleParser } = createRequire(new URL('../test/package.json', import.meta.url))(
  'mailparser',
) as typeof MailparserNamespace;

const N = Number(process.env.DELIVERY_N ?? 10_000);
const RUNS = Number(process.env.DELIVERY_RUNS ?? 3);
const POOL_SIZE = Number(process.env.SMTP_POOL_SIZE ?? 5);
const WARMUP = Math.min(N, 500);
const FROM = 'Recall Portal <no-reply@portal.local>';
const TRACKING = { secret: 'bench-tracking-secret-of-32-characters', appUrl: 'https://portal.example.org' };
const SECTION = '## Email delivery at the relay speed (issue 31; bench/delivery.ts)';
const log = (m: string) => process.stdout.write(`${m}\n`);

/** The relay: accepts every message, counts messages and bytes, keeps the first one whole. */
interface Relay {
  url: string;
  accepted: number;
  bytes: number;
  first: Buffer | null;
  /** From now on, counts from zero; resolves with the moment the `n`th message was accepted. */
  expect(n: number): Promise<number>;
  close(): Promise<void>;
}

async function startRelay(): Promise<Relay> {
  let target = Number.POSITIVE_INFINITY;
  let reached: (at: number) => void = () => undefined;
  const relay: Relay = {
    url: '',
    accepted: 0,
    bytes: 0,
    first: null,
    expect(n) {
      relay.accepted = 0;
      relay.bytes = 0;
      target = n;
      return new Promise<number>((resolve) => {
        reached = resolve;
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] | null = relay.first ? null : [];
      stream.on('data', (chunk: Buffer) => {
        relay.bytes += chunk.length;
        chunks?.push(chunk);
      });
      stream.on('end', () => {
        if (chunks && !relay.first) relay.first = Buffer.concat(chunks);
        callback();
        if (++relay.accepted === target) reached(performance.now());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  relay.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`;
  return relay;
}

/**
 * `count` recall notices to distinct customers, queued as a bulk send queues them: values only, rendered when sent.
 * Held (a date far ahead) until `releaseNotices`, so the polling workers do not start before the clock.
 */
async function queueNotices(db: Db, count: number, run: string): Promise<void> {
  const held = new Date(Date.now() + 365 * 86_400_000);
  const template = (await loadTemplate(db, 'RECALL_NOTICE', { language: 'en' }))!;
  const emails: BulkEmail[] = Array.from({ length: count }, (_, i) => {
    const { subject, stored } = template.renderLater(
      {
        supplier_name: 'Acme Medical Devices',
        customer_name: `Customer ${i} Regional Hospital`,
        event_name: 'Infusion pump model IP-200: occlusion alarm may fail',
        event_id: 'RC-2026-0042',
        classification: 'Class I',
        reason: 'Device malfunction',
        notice_link: `https://portal.example.org/provider/recall-notice-webform?token=${run}-${i.toString(36).padStart(8, '0')}`,
      },
      { track: ['notice_link'] },
    );
    return {
      organizationId: null,
      kind: 'NOTICE',
      to: `customer${i}@hospital-${i % 97}.example.org`,
      subject,
      text: '',
      templateVersionId: template.versionId,
      stored: { content: stored, language: 'en' },
      notBefore: held,
    };
  });
  for (let at = 0; at < emails.length; at += 5_000) await enqueueEmails(db, emails.slice(at, at + 5_000));
  // Each run starts from a vacuumed table, not from the dead rows of the run before.
  await db.raw('VACUUM ANALYZE outbox_emails');
}

interface Measured {
  ms: number;
  bytes: number;
  /** The product only: until the drain returned, every email marked SENT. */
  drainedMs?: number;
}

/**
 * nodemailer alone. `window` messages are handed to the pool at a time (a new one as each is accepted), or all N at
 * once when it is 0: the straightforward use, but then the pool composes every message up front and walks a queue of
 * N, which at 10,000 is slower than keeping it fed.
 */
async function measureBaseline(
  relay: Relay,
  message: NodemailerNamespace.SendMailOptions,
  count: number,
  window: number,
): Promise<Measured> {
  const transport = nodemailer.createTransport({ url: relay.url, pool: true, maxConnections: POOL_SIZE });
  const accepted = relay.expect(count);
  const started = performance.now();
  const send = (i: number) => transport.sendMail({ ...message, to: `customer${i}@hospital-${i % 97}.example.org` });
  if (window) {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(window, count) }, async () => {
        while (next < count) await send(next++);
      }),
    );
  } else await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const ms = (await accepted) - started;
  transport.close();
  return { ms, bytes: relay.bytes / count };
}

/** The held notices and their jobs are due now. */
async function releaseNotices(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`UPDATE outbox_emails SET next_attempt_at = now() WHERE status = 'DELIVERY'`);
    await trx.raw(`UPDATE pgboss.job SET start_after = now() WHERE name = 'outbox' AND state = 'created'`);
  });
}

/** Notices already queued with their jobs, sent by the workers: from their release until the relay accepted the Nth. */
async function measureProduct(
  db: Db,
  relay: Relay,
  worker: DeliveryWorker,
  count: number,
  run: string,
): Promise<Measured> {
  await queueNotices(db, count, run);
  const accepted = relay.expect(count);
  const started = performance.now();
  await releaseNotices(db);
  worker.mailer.kick();
  const ms = (await accepted) - started;
  // Until every email is marked SENT.
  const waiting = async () =>
    Number(((await db('outbox_emails').where({ status: 'DELIVERY' }).count({ n: '*' }).first()) as { n: number }).n);
  while ((await waiting()) > 0) await new Promise((r) => setTimeout(r, 10));
  const drainedMs = performance.now() - started;
  return { ms, bytes: relay.bytes / count, drainedMs };
}

export async function measureDelivery(): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-delivery-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const db = createDb(server.url('bench'), { min: 0, max: 10 });
  const relay = await startRelay();
  let worker: DeliveryWorker | null = null;
  try {
    await migrateLatest(db);
    const config = {
      ...loadConfig({ ...process.env, DATABASE_URL: server.url('bench'), DATA_DIR: dir }),
      appUrl: TRACKING.appUrl,
      authRateLimitPerMinute: 0,
    };
    worker = await startDeliveryWorker(
      db,
      config,
      { smtpUrl: relay.url, from: FROM, poolSize: POOL_SIZE, tracking: TRACKING },
      path.join(dir, 'files'),
    );
    // Warm-up (not measured): the product first, whose first notice becomes the baseline's message.
    await measureProduct(db, relay, worker, WARMUP, 'warmup');
    const parsed = await simpleParser(relay.first!);
    const message = {
      from: FROM,
      subject: parsed.subject,
      text: parsed.text,
      html: typeof parsed.html === 'string' ? parsed.html : undefined,
    };
    await measureBaseline(relay, message, WARMUP, POOL_SIZE * 2);
    await measureBaseline(relay, message, WARMUP, 0);
    // Case 1's warm-up: a send to WARMUP customers.
    await measureSend(worker, relay, await prepareSend(db, WARMUP, 'warmup'), WARMUP);
    // Case 2's recalls, and its warm-up, whose first reminder becomes its baseline's message.
    const warmRound = await prepareReminderRound(db, WARMUP, 'warmup');
    const round = await prepareReminderRound(db, N, 'round');
    relay.first = null;
    await measureReminderRound(db, relay, warmRound, worker.mailer, TRACKING.appUrl);
    const parsedReminder = await simpleParser(relay.first!);
    const reminderMessage = {
      from: FROM,
      subject: parsedReminder.subject,
      text: parsedReminder.text,
      html: typeof parsedReminder.html === 'string' ? parsedReminder.html : undefined,
    };
    await measureBaseline(relay, reminderMessage, WARMUP, POOL_SIZE * 2);
    const baseline: Measured[] = [];
    const allAtOnce: Measured[] = [];
    const product: Measured[] = [];
    const sends: SendFigures[] = [];
    const reminderBaseline: Measured[] = [];
    const reminders: RoundFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await measureBaseline(relay, message, N, POOL_SIZE * 2));
      log(`  baseline run ${run + 1}: ${(N / (baseline[run]!.ms / 1000)).toFixed(0)} emails/s`);
      allAtOnce.push(await measureBaseline(relay, message, N, 0));
      log(`  baseline, all at once, run ${run + 1}: ${(N / (allAtOnce[run]!.ms / 1000)).toFixed(0)} emails/s`);
      const eventId = await prepareSend(db, N, `run${run}`);
      sends.push(await measureSend(worker, relay, eventId, N));
      log(
        `  send run ${run + 1}: ${(N / (sends[run]!.ms / 1000)).toFixed(0)} emails/s (answered in ${sends[run]!.answeredMs.toFixed(0)} ms)`,
      );
      product.push(await measureProduct(db, relay, worker, N, `run${run}`));
      log(`  queued notices run ${run + 1}: ${(N / (product[run]!.ms / 1000)).toFixed(0)} emails/s`);
      reminderBaseline.push(await measureBaseline(relay, reminderMessage, N, POOL_SIZE * 2));
      log(`  baseline (reminder) run ${run + 1}: ${(N / (reminderBaseline[run]!.ms / 1000)).toFixed(0)} emails/s`);
      reminders.push(await measureReminderRound(db, relay, round, worker.mailer, TRACKING.appUrl));
      log(`  reminder round run ${run + 1}: ${(N / (reminders[run]!.ms / 1000)).toFixed(0)} emails/s`);
    }
    const median = (runs: Measured[], pick: (m: Measured) => number) => stats(runs.map(pick)).median;
    const baseMs = median(baseline, (m) => m.ms);
    const allAtOnceMs = median(allAtOnce, (m) => m.ms);
    const productMs = median(product, (m) => m.ms);
    const drainedMs = median(product, (m) => m.drainedMs!);
    const sendMs = stats(sends.map((m) => m.ms)).median;
    const answeredMs = stats(sends.map((m) => m.answeredMs)).median;
    const reminderBaseMs = median(reminderBaseline, (m) => m.ms);
    const roundMs = stats(reminders.map((m) => m.ms)).median;
    const roundQueuedMs = stats(reminders.map((m) => m.queuedMs)).median;
    const rate = (ms: number) => `${(N / (ms / 1000)).toFixed(0)}`;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    const load = os.loadavg()[0]!.toFixed(2);
    return [
      SECTION,
      '',
      `${N} emails, SMTP pool of ${POOL_SIZE} connections, no rate ceiling, to an smtp-server on loopback in the same process (it shares this process's CPU with the sender) that accepts every message; median of ${RUNS} runs of each, alternating, after a warm-up of ${WARMUP}. Baseline: nodemailer's pooled transport with the same pool size sending the product's own notice (parsed back from the relay) to N addresses, kept fed with ${POOL_SIZE * 2} messages at a time as the product feeds it (handed all N at once it is slower at this size: second row). Case 1: a supplier's send of one recall to N customers (one address each), timed from the send call (\`PUT …/send-notification\` over HTTP to the BFF in this process) until the relay accepted the Nth notice: the send's transaction (provider communications, the first 500 addresses' notices with their \`outbox\` jobs, a \`notice-fanout\` job for the rest), then the fan-out's chunks and the \`outbox\` jobs (up to 200 emails each), worked by this process's job queue workers (pg-boss, two outbox jobs at a time) as a ROLE=all replica runs them, sending over one pooled transport. For reference: N notices already queued with their jobs (\`enqueueEmails\`: values only, rendered when sent, with click and open tracking), sent by the same workers from the kick. Run ${new Date().toISOString()} on ${os.cpus().length} CPU(s), Node ${process.version}, embedded PostgreSQL, load average ${load}. Goal: case 1 within 1.5x of the baseline.`,
      '',
      table(
        ['path', 'emails', 'size per message', 'time (median)', 'emails/s', 'ratio to baseline'],
        [
          [
            `nodemailer pooled transport, ${POOL_SIZE * 2} messages handed at a time (baseline)`,
            String(N),
            kb(median(baseline, (m) => m.bytes)),
            seconds(baseMs),
            rate(baseMs),
            '1.00x',
          ],
          [
            'nodemailer pooled transport, all N handed at once',
            String(N),
            kb(median(allAtOnce, (m) => m.bytes)),
            seconds(allAtOnceMs),
            rate(allAtOnceMs),
            `${(allAtOnceMs / baseMs).toFixed(2)}x`,
          ],
          [
            "case 1: the supplier's send call, until the relay accepted the last notice",
            String(N),
            kb(stats(sends.map((m) => m.bytes)).median),
            seconds(sendMs),
            rate(sendMs),
            `${(sendMs / baseMs).toFixed(2)}x`,
          ],
          ['case 1: the send call alone, until it answered', String(N), '', seconds(answeredMs), '', ''],
          [
            'reference: notices already queued, sent by the workers, until the relay accepted the last',
            String(N),
            kb(median(product, (m) => m.bytes)),
            seconds(productMs),
            rate(productMs),
            `${(productMs / baseMs).toFixed(2)}x`,
          ],
          [
            'reference: until every email is marked SENT',
            String(N),
            '',
            seconds(drainedMs),
            rate(drainedMs),
            `${(drainedMs / baseMs).toFixed(2)}x`,
          ],
        ],
      ),
      '',
      'Before (issue 31): one email per transaction over a new SMTP connection each, 100 per drain: 1,000 emails took 195 s (5.1 emails/s).',
      '',
      `### Case 2: a reminder round to ${N} non-responders`,
      '',
      `One open Class I recall whose ${N} recipients (one address each) were notified 25 hours ago and have neither acknowledged nor answered: every one is due. Product: the \`reminders\` job as it runs (\`sendReminders\`: the events with something due, then batches of ${REMINDER_BATCH_SIZE} provider communications a transaction, each queueing the reminders with new links and their \`outbox\` jobs, counting them and writing the history, then kicking this process's job queue workers, which send while the next batch is queued), timed from the job's start until the relay accepted the Nth reminder. Baseline: nodemailer's pooled transport with the same pool size sending the product's own reminder (parsed back from the relay) to N addresses, fed ${POOL_SIZE * 2} at a time. Same relay, alternating with the runs above. Goal: within 1.5x of the baseline.`,
      '',
      table(
        ['path', 'emails', 'size per message', 'time (median)', 'emails/s', 'ratio to baseline'],
        [
          [
            `nodemailer pooled transport, the reminder, ${POOL_SIZE * 2} messages handed at a time (baseline)`,
            String(N),
            kb(median(reminderBaseline, (m) => m.bytes)),
            seconds(reminderBaseMs),
            rate(reminderBaseMs),
            '1.00x',
          ],
          [
            'product: reminder job started, until the relay accepted the last reminder',
            String(N),
            kb(stats(reminders.map((m) => m.bytes)).median),
            seconds(roundMs),
            rate(roundMs),
            `${(roundMs / reminderBaseMs).toFixed(2)}x`,
          ],
          [
            'product: the reminder job alone, until every reminder is queued',
            String(N),
            '',
            seconds(roundQueuedMs),
            rate(roundQueuedMs),
            `${(roundQueuedMs / reminderBaseMs).toFixed(2)}x`,
          ],
        ],
      ),
      '',
      'Before (issue 31): one transaction of at most 500 reminders a run of the hourly job, and one history statement per reminder: a round to 10,000 took 20 hours.',
      '',
      '',
    ];
  } finally {
    await worker?.close();
    await relay.close();
    await db.destroy();
    await server.stop().catch((err: unknown) => log(`stopping PostgreSQL: ${String(err)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run alone: its own embedded PostgreSQL; the section replaces its former self in bench/RESULTS.md, or is appended. */
async function main(): Promise<void> {
  const section = (await measureDelivery()).join('\n');
  log(`\n${section}`);
  const file = new URL('./RESULTS.md', import.meta.url);
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(SECTION);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const updated =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next < 0 ? '' : current.slice(next + 1)}`;
  writeFileSync(file, updated);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
