import { setMaxListeners } from 'node:events';
import {
  addJobs,
  copyInto,
  type JobContext,
  JobQueue,
  type Logger,
  type NewJob,
  type QueueJob,
  transaction,
} from '@portal/core';
import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { OutboxEmail } from './models/OutboxEmail.js';
import { recipientLanguages } from './recipients.js';
import type { TemplateLanguage } from './templates/catalog.js';
import { emailFrame } from './templates/engine.js';
import { loadTemplate, renderStored, type StoredContent, type TemplateRef } from './templates/render.js';
import type { EmailTracking } from './tracking.js';

interface EmailBase {
  organizationId: number | null;
  kind: string;
  to: string;
  referenceType?: string;
  referenceId?: string | number;
}

/** Written content (subject and text in code), kept for callers that build their own. */
export interface WrittenEmail extends EmailBase {
  subject: string;
  text: string;
  html?: string;
  template?: undefined;
}

/** Content from an email template (modules/notifications/src/templates): rendered when queued. */
export interface TemplatedEmail extends EmailBase {
  template: TemplateRef;
}

export type OutgoingEmail = WrittenEmail | TemplatedEmail;

/** The status of an email whose template does not exist at all: recorded, never sent. */
export const MISSING_TEMPLATE_STATUS = 'ERROR_MISSING_TEMPLATE';

export interface OutboxRow {
  id: number;
  organization_id: number | null;
  kind: string;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'DRAFT' | 'DELIVERY' | 'SENT' | 'Bounce' | 'ERROR' | 'ERROR_MISSING_TEMPLATE';
  template_version_id: number | null;
  /** Set when the bodies are rendered at sending (bulk notices): text_body is then empty and html_body null. */
  template_values: StoredContent | null;
  template_language: TemplateLanguage | null;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/**
 * Queues an email in the caller's transaction (DESIGN §5): it exists if and only if the change that caused it
 * commits. Status DELIVERY means waiting for the sender.
 */
export async function enqueueEmail(db: Knex | Knex.Transaction, email: OutgoingEmail): Promise<number> {
  let content: {
    subject: string;
    text: string;
    html: string | null;
    versionId: number | null;
    status: OutboxEmail['status'];
  };
  if (email.template) {
    const { key, values, overrideOrganizationId } = email.template;
    // The sender may name the language; otherwise the recipient's own (English without an account).
    const language = email.template.language ?? (await recipientLanguages(db, [email.to])).values().next().value;
    const template = await loadTemplate(db, key, { overrideOrganizationId, language });
    if (template) {
      const r = template.render(values);
      content = { subject: r.subject, text: r.text, html: r.html, versionId: template.versionId, status: 'DELIVERY' };
    } else content = { ...missingTemplate(key), html: null, versionId: null, status: MISSING_TEMPLATE_STATUS };
  } else
    content = {
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      versionId: null,
      status: 'DELIVERY',
    };
  const insert = async (trx: Knex | Knex.Transaction) => {
    const { id } = await OutboxEmail.query(trx).insert({
      organization_id: email.organizationId,
      kind: email.kind,
      to_email: email.to.trim().toLowerCase(),
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      status: content.status,
      template_version_id: content.versionId,
      reference_type: email.referenceType ?? null,
      reference_id: email.referenceId === undefined ? null : String(email.referenceId),
    });
    // Its job, in the same transaction: the email is sent exactly when it exists.
    if (content.status === 'DELIVERY') await addOutboxJobs(trx, [Number(id)]);
    return Number(id);
  };
  return (db as Knex.Transaction).isTransaction ? insert(db) : transaction(db, insert);
}

/** What an email without a template records in place of content. */
export function missingTemplate(key: string): { subject: string; text: string } {
  return { subject: `[no template ${key}]`, text: '' };
}

export interface BulkEmail extends EmailBase {
  subject: string;
  /** The bodies, unless `stored` says how to render them when the email is sent. */
  text: string;
  html?: string;
  stored?: { content: StoredContent; language: TemplateLanguage };
  /** The template version the content was rendered from (null when written in code or missing). */
  templateVersionId?: number | null;
  /** No template was found: the row is recorded with ERROR_MISSING_TEMPLATE and never sent. */
  missingTemplate?: boolean;
  providerCommunicationId?: number | null;
  /** Not sent before this time (a scheduled notification date). */
  notBefore?: Date | null;
}

const OUTBOX_COLUMNS = [
  'id',
  'organization_id',
  'kind',
  'to_email',
  'subject',
  'text_body',
  'html_body',
  'status',
  'reference_type',
  'reference_id',
  'provider_communication_id',
  'next_attempt_at',
  'template_version_id',
  'template_values',
  'template_language',
];

/**
 * Queues many emails in the caller's transaction with one COPY (PostgreSQL's bulk load path; rows are wide), and their
 * `outbox` jobs with them. Their ids are drawn first (one statement), so the jobs can name them.
 */
export async function enqueueEmails(db: Knex | Knex.Transaction, emails: BulkEmail[]): Promise<void> {
  if (!emails.length) return;
  if (!(db as Knex.Transaction).isTransaction) return transaction(db, (trx) => enqueueEmails(trx, emails));
  // The database's now(), what the column's default would give (the transaction's start), not this machine's clock;
  // and one id per email from the table's sequence.
  const drawn = (
    (await db.raw(
      `SELECT now() AS now, array(SELECT nextval(pg_get_serial_sequence('outbox_emails', 'id'))
         FROM generate_series(1, ?)) AS ids`,
      [emails.length],
    )) as { rows: { now: Date; ids: number[] }[] }
  ).rows[0]!;
  const { now } = drawn;
  const ids = drawn.ids.map(Number);
  const rows = emails.map((e, i) => ({
    id: ids[i],
    organization_id: e.organizationId,
    kind: e.kind,
    to_email: e.to.trim().toLowerCase(),
    subject: e.subject,
    text_body: e.text,
    html_body: e.html ?? null,
    status: e.missingTemplate ? MISSING_TEMPLATE_STATUS : 'DELIVERY',
    reference_type: e.referenceType ?? null,
    reference_id: e.referenceId === undefined ? null : String(e.referenceId),
    provider_communication_id: e.providerCommunicationId ?? null,
    next_attempt_at: e.notBefore ?? now,
    template_version_id: e.templateVersionId ?? null,
    template_values: e.stored ? JSON.stringify(e.stored.content) : null,
    template_language: e.stored?.language ?? null,
  }));
  await copyInto(db, 'outbox_emails', OUTBOX_COLUMNS, rows);
  // The jobs that send them: the emails to send, grouped by when they may leave (a scheduled send's all at once).
  const byStart = new Map<number, number[]>();
  emails.forEach((e, i) => {
    if (e.missingTemplate) return;
    const at = e.notBefore?.getTime() ?? 0;
    const group = byStart.get(at) ?? [];
    group.push(ids[i]!);
    byStart.set(at, group);
  });
  for (const [at, group] of byStart) await addOutboxJobs(db, group, at ? new Date(at) : null);
}

export const MAX_ATTEMPTS = 5;
/** Outbox ids per `outbox` job: a bulk send of 10,000 leaves as 50 jobs, each marked in one statement. */
export const OUTBOX_JOB_SIZE = 200;
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

/** The `outbox` job's data: the outbox ids it sends. */
export interface OutboxJobData {
  ids: number[];
}

/**
 * Adds the `outbox` jobs that send `ids`, OUTBOX_JOB_SIZE a job, in the caller's transaction: an email queued always
 * has a job that will send it. `startAfter`: not before (a scheduled notification date).
 */
export async function addOutboxJobs(
  db: Knex | Knex.Transaction,
  ids: number[],
  startAfter?: Date | null,
): Promise<void> {
  const jobs: NewJob[] = [];
  for (let at = 0; at < ids.length; at += OUTBOX_JOB_SIZE)
    jobs.push({
      queue: 'outbox',
      data: { ids: ids.slice(at, at + OUTBOX_JOB_SIZE) },
      ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}),
    });
  await addJobs(db, jobs);
}

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
