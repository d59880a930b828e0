import { setMaxListeners } from 'node:events';
import { type JobContext, JobQueue, type Logger, type QueueJob, transaction } from '@portal/core';
import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { addOutboxJobs, type OutboxJobData, type OutboxRow } from './outbox-queue.js';
import { emailFrame } from './templates/engine.js';
import { renderStored } from './templates/render.js';
import type { EmailTracking } from './tracking.js';

export const MAX_ATTEMPTS = 5;
const DEFAULT_POOL_SIZE = 5;

/** How the sender talks to the relay: SMTP_POOL_SIZE and SMTP_RATE_PER_SECOND. */
export interface DeliverySettings {
  /** SMTP connections kept open and used at once (default 5). */
  poolSize?: number;
  /** The most emails per second this process hands the relay; unset = no ceiling. */
  ratePerSecond?: number;
}

/** A pooled transport: connections (and their greeting and EHLO) are reused from one message to the next. */
export function createTransport(smtpUrl: string, settings: DeliverySettings = {}): Transporter {
  const { poolSize = DEFAULT_POOL_SIZE, ratePerSecond } = settings;
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: poolSize,
    // nodemailer counts messages per rateDelta ms across every connection of the pool.
    ...(ratePerSecond ? { rateDelta: 1000, rateLimit: ratePerSecond } : {}),
  });
}

type SmtpError = { code?: string; responseCode?: number; message?: string };

/**
 * The relay refused this message for good (a 5xx answer to its envelope or its data): recorded as Bounce at once.
 * A 5xx at the greeting or to AUTH is about the relay, not the message, and is retried like a 4xx.
 */
function isBounce(error: unknown): boolean {
  const { code, responseCode } = error as SmtpError;
  // 503 is "bad sequence of commands": the session, not the message (nodemailer retries it too).
  const permanent =
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  return permanent && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/** The relay could not be reached or talked to at all (down, refusing connections, "421 closing"). */
function isRelayFailure(error: unknown): boolean {
  const { code, responseCode } = error as SmtpError;
  return (
    responseCode === 421 ||
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'EPROTOCOL', 'EPROXY'].includes(
      code ?? '',
    )
  );
}

export interface DrainResult {
  sent: number;
  failed: number;
  bounced: number;
}

/** An email being sent: what the message needs, and its attempt's number (counted before the relay saw it). */
export type SendingEmail = Pick<
  OutboxRow,
  | 'id'
  | 'to_email'
  | 'subject'
  | 'text_body'
  | 'html_body'
  | 'template_version_id'
  | 'template_values'
  | 'template_language'
  | 'attempts'
>;

type Outcome = { email: SendingEmail } & (
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'failed'; error: unknown }
  /** Never handed to the relay (shutdown, relay down, the job's time nearly over): its attempt is taken back. */
  | { kind: 'released' }
);

/**
 * Counts an attempt for each of `ids` still waiting to be sent, in one committed statement before any SMTP, so an
 * attempt cut short by a crash is on record; answers them in id order.
 */
async function startAttempts(db: Knex, ids: number[]): Promise<SendingEmail[]> {
  const { rows } = (await db.raw(
    `UPDATE outbox_emails SET attempts = attempts + 1, updated_at = now()
     WHERE id = ANY(?::bigint[]) AND status = 'DELIVERY'
     RETURNING id, to_email, subject, text_body, html_body, template_version_id, template_values, template_language,
       attempts`,
    [ids],
  )) as { rows: SendingEmail[] };
  return rows.sort((a, b) => a.id - b.id);
}

/** Email status after an outcome: SENT, Bounce, ERROR (the last attempt failed) or still DELIVERY (retried). */
function statusOf(o: Outcome): string {
  if (o.kind === 'sent') return 'SENT';
  if (o.kind === 'failed' && isBounce(o.error)) return 'Bounce';
  if (o.kind === 'failed' && o.email.attempts >= MAX_ATTEMPTS) return 'ERROR';
  return 'DELIVERY';
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 1000);

/**
 * Marks a job's outcomes in one transaction (the metric triggers on outbox_emails are per statement and count the new
 * statuses): each email's status, the relay's answer and message id; the attempts of emails never handed over are
 * taken back. `giveBack`: those emails get a job of their own, due at once (another replica sends them).
 */
async function markOutcomes(db: Knex, outcomes: Outcome[], giveBack: boolean): Promise<void> {
  const marked = outcomes.filter((o) => o.kind !== 'released');
  const released = outcomes.filter((o) => o.kind === 'released').map((o) => o.email.id);
  await transaction(db, async (trx) => {
    if (marked.length)
      await trx.raw(
        `UPDATE outbox_emails o SET status = v.status, last_error = v.last_error,
           sent_at = CASE WHEN v.status = 'SENT' THEN now() ELSE o.sent_at END,
           message_id = CASE WHEN v.status = 'SENT' THEN v.message_id ELSE o.message_id END,
           updated_at = now()
         FROM jsonb_to_recordset(?::jsonb) AS v(id bigint, status text, message_id text, last_error text)
         WHERE o.id = v.id AND o.status = 'DELIVERY'`,
        [
          JSON.stringify(
            marked.map((o) => ({
              id: o.email.id,
              status: statusOf(o),
              message_id: o.kind === 'sent' ? o.messageId : null,
              last_error: o.kind === 'failed' ? errorText(o.error) : null,
            })),
          ),
        ],
      );
    if (released.length) {
      await trx.raw(
        `UPDATE outbox_emails SET attempts = attempts - 1, updated_at = now()
         WHERE id = ANY(?::bigint[]) AND status = 'DELIVERY' AND attempts > 0`,
        [released],
      );
      if (giveBack) await addOutboxJobs(trx, released);
    }
  });
}

/** At most `size` holders at once; the others wait their turn in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

export interface SenderOptions extends DeliverySettings {
  logger?: Logger;
  /** Signs the click and open tracking of bulk notices, rendered when sent. */
  tracking?: EmailTracking;
}

/** The relay answered, but not for good (a 4xx), or could not be reached: the job is retried by the queue. */
export class TransientDeliveryError extends Error {}

/**
 * The `outbox` job's work in one process: sends a job's emails over one pooled transport and marks them. Every job the
 * process runs at once shares the pool's slots (two messages waiting per connection), so the connections do not idle
 * while a job is marked and the next one starts.
 */
export class OutboxSender {
  /** What this sender did since it was made: emails sent, failed (to be retried, or ERROR), bounced. */
  readonly result: DrainResult = { sent: 0, failed: 0, bounced: 0 };
  private readonly slots: Slots;
  private readonly poolSize: number;

  constructor(
    private readonly db: Knex,
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly options: SenderOptions = {},
  ) {
    this.poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    this.slots = new Slots(this.poolSize * 2);
  }

  /**
   * Sends one `outbox` job: its emails still DELIVERY get an attempt counted (committed before any SMTP), the first is
   * sent alone (a relay that is down costs one attempt, not a batch), the rest at once through the pool. Then all are
   * marked in one transaction: SENT; Bounce on a 5xx to the message, with the relay's reason; a 4xx or an unreachable
   * relay is recorded and the job throws, so the queue retries it with its doubling delay (only the emails still
   * DELIVERY are sent then), until MAX_ATTEMPTS make an email ERROR. Shutting down, or near the job's expiry, the
   * emails not yet handed over are given back to a new job.
   */
  readonly sendJob = async (job: QueueJob, context: JobContext): Promise<Record<string, number>> => {
    const { ids } = job.data as unknown as OutboxJobData;
    const emails = await startAttempts(this.db, ids.map(Number));
    const done: DrainResult = { sent: 0, failed: 0, bounced: 0 };
    if (!emails.length) return { ...done };
    const { deadline, stopping } = context;
    // Each message in flight listens to the deadline (nodemailer's send and its pool): more than the default 10.
    setMaxListeners(0, deadline);
    let delivered = 0;
    let relayFailuresInARow = 0;
    // A relay that refuses the first message is down; once mail went through, a failure on every connection is.
    const relayDown = () => relayFailuresInARow >= (delivered ? this.poolSize : 1);
    const halted = () => stopping() || deadline.aborted || relayDown();

    const deliver = async (email: SendingEmail): Promise<Outcome> => {
      await this.slots.take();
      try {
        if (halted()) return { email, kind: 'released' };
        // Rendered with the plain pool, outside any transaction.
        const { text, html } = await contentOf(this.db, email, this.options.tracking);
        const message: Mail.Options & { signal?: AbortSignal } = {
          from: this.from,
          to: email.to_email,
          subject: email.subject,
          text,
          html: html ? emailFrame(email.subject, html) : undefined,
          headers: { 'X-Outbox-Id': String(email.id) },
          signal: deadline,
        };
        const info = (await this.transport.sendMail(message)) as { messageId?: string };
        delivered++;
        relayFailuresInARow = 0;
        return { email, kind: 'sent', messageId: info.messageId ?? null };
      } catch (error) {
        if (isRelayFailure(error)) relayFailuresInARow++;
        else relayFailuresInARow = 0;
        return { email, kind: 'failed', error };
      } finally {
        this.slots.give();
      }
    };

    const [first, ...rest] = emails;
    const outcomes = [await deliver(first!)];
    outcomes.push(...(await Promise.all(rest.map(deliver))));
    const retried = outcomes.filter((o) => o.kind === 'failed' && statusOf(o) === 'DELIVERY');
    // Given back to a job of their own only when nothing is retried: a retried job sends them again itself.
    await markOutcomes(this.db, outcomes, retried.length === 0);
    for (const o of outcomes) {
      if (o.kind === 'released') continue;
      const status = statusOf(o);
      if (o.kind === 'sent') done.sent++;
      else if (status === 'Bounce') done.bounced++;
      else done.failed++;
      if (o.kind === 'failed')
        this.options.logger?.warn(
          { outboxId: o.email.id, attempts: o.email.attempts, status, err: errorText(o.error) },
          'email delivery failed',
        );
    }
    this.result.sent += done.sent;
    this.result.failed += done.failed;
    this.result.bounced += done.bounced;
    if (retried.length) {
      const first = retried[0] as { error: unknown };
      throw new TransientDeliveryError(
        `${retried.length} of ${outcomes.length} emails to be retried${relayDown() ? ' (SMTP relay unreachable)' : ''}: ${errorText(first.error)}`,
      );
    }
    return { ...done };
  };
}

export interface DrainOptions extends SenderOptions {
  /** Asked before each job and each message: true ends the drain after the messages already with the relay. */
  stopped?: () => boolean;
}

/**
 * Sends, in this process, every `outbox` job due now (`JobQueue.drain`) over `transport`; answers what it sent. Jobs
 * whose emails must be retried wait for their retry. The same work the workers do; the tests and the CLI use it.
 */
export async function drainOutbox(
  db: Knex,
  transport: Transporter,
  from: string,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const sender = new OutboxSender(db, transport, from, options);
  const queue = new JobQueue(db, { logger: options.logger });
  const { stopped } = options;
  queue.register('outbox', (job, context) =>
    sender.sendJob(job, stopped ? { ...context, stopping: () => context.stopping() || stopped() } : context),
  );
  await queue.drain('outbox');
  return { ...sender.result };
}

/** An email's text and HTML: as stored, or rendered now from its template version and values (bulk notices). */
export async function contentOf(
  db: Knex | Knex.Transaction,
  row: Pick<
    OutboxRow,
    'id' | 'text_body' | 'html_body' | 'template_version_id' | 'template_values' | 'template_language'
  >,
  tracking?: EmailTracking,
): Promise<{ text: string; html: string | null }> {
  if (!row.template_values || row.template_version_id === null) return { text: row.text_body, html: row.html_body };
  return renderStored(
    db,
    Number(row.template_version_id),
    row.template_language ?? 'en',
    row.template_values,
    tracking && { ...tracking, outboxId: Number(row.id) },
  );
}

export async function listOutbox(
  db: Knex,
  options: { status?: string; to?: string; limit?: number } = {},
): Promise<OutboxRow[]> {
  const q = db('outbox_emails')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 20);
  if (options.status) q.where({ status: options.status });
  if (options.to) q.whereRaw('lower(to_email) = lower(?)', [options.to]);
  const rows = (await q) as OutboxRow[];
  return Promise.all(rows.map(async (r) => ({ ...r, ...(await bodiesOf(db, r)) })));
}

const bodiesOf = async (db: Knex, r: OutboxRow) => {
  const { text, html } = await contentOf(db, r);
  return { text_body: text, html_body: html };
};
