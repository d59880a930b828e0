import { setMaxListeners } from 'node:events';
import { copyInto, type Logger } from '@portal/core';
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
  const { id } = await OutboxEmail.query(db).insert({
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
  return id;
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

/** Queues many emails in the caller's transaction with one COPY (PostgreSQL's bulk load path; rows are wide). */
export async function enqueueEmails(db: Knex | Knex.Transaction, emails: BulkEmail[]): Promise<void> {
  if (!emails.length) return;
  // The database's now(), what the column's default would give (the transaction's start), not this machine's clock.
  const now = ((await db.raw('SELECT now() AS now')) as { rows: { now: Date }[] }).rows[0]!.now;
  const rows = emails.map((e) => ({
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
}

export const MAX_ATTEMPTS = 5;

/**
 * How long a claimed email belongs to its sender. A sender that dies leaves its emails claimed; they are due again
 * when the lease ends. Sends still running near its end are aborted (and retried), so two senders never hold one
 * email at the same time.
 */
export const LEASE_SECONDS = 120;
const DEFAULT_POOL_SIZE = 5;
/** The most emails one claim takes: a bulk send of 10,000 leaves in 50 claims and 50 marks. */
const MAX_BATCH = 200;

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

/** An email claimed for sending: what the message needs, and what marking it needs. */
export interface ClaimedEmail
  extends Pick<
    OutboxRow,
    | 'id'
    | 'to_email'
    | 'subject'
    | 'text_body'
    | 'html_body'
    | 'template_version_id'
    | 'template_values'
    | 'template_language'
  > {
  /** Counted at the claim: this attempt's number, which also proves the claim is still this sender's when marked. */
  attempts: number;
  /** When it was due before the claim: an email given back unsent keeps its place in the queue. */
  due_at: Date;
}

/**
 * Claims up to `count` due emails for `leaseSeconds` in one committed statement: the attempt is counted, `lease_until`
 * marks it in flight, and `next_attempt_at` moves to the lease's end, so it is due again if it is never marked. SKIP
 * LOCKED keeps concurrent claims apart; a claim that commits first is seen by the others' recheck of the WHERE.
 */
export async function claimDueEmails(db: Knex, count: number, leaseSeconds = LEASE_SECONDS): Promise<ClaimedEmail[]> {
  const { rows } = (await db.raw(
    `WITH due AS (
       SELECT id, next_attempt_at FROM outbox_emails
       WHERE status = 'DELIVERY' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
       ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
     UPDATE outbox_emails o SET attempts = o.attempts + 1, lease_until = now() + make_interval(secs => ?),
       next_attempt_at = now() + make_interval(secs => ?), updated_at = now()
     FROM due WHERE o.id = due.id
     RETURNING o.id, o.to_email, o.subject, o.text_body, o.html_body, o.template_version_id, o.template_values,
       o.template_language, o.attempts, due.next_attempt_at AS due_at`,
    [count, leaseSeconds, leaseSeconds],
  )) as { rows: ClaimedEmail[] };
  // Sent in the order they were due (RETURNING has no order).
  return rows.sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || a.id - b.id);
}

type Outcome = { email: ClaimedEmail } & (
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'failed'; error: unknown }
  /** Never handed to the relay (shutdown, relay down, lease nearly over): given back with its attempt. */
  | { kind: 'released' }
);

/**
 * Marks a batch in one statement (the metric triggers on outbox_emails are per statement and count the new
 * statuses), and gives back the emails never handed to the relay in another. Each row is changed only while the
 * claim is still this sender's (same attempt number): a sender whose lease ran out does not overwrite the next one.
 */
async function markBatch(db: Knex, outcomes: Outcome[], result: DrainResult, logger?: Logger): Promise<void> {
  const marked = outcomes.filter((o) => o.kind !== 'released');
  const released = outcomes.filter((o) => o.kind === 'released');
  let stale = 0;
  if (marked.length) {
    const status = (o: Outcome): string => {
      if (o.kind === 'sent') return 'SENT';
      if (o.kind === 'failed' && isBounce(o.error)) return 'Bounce';
      return o.email.attempts >= MAX_ATTEMPTS ? 'ERROR' : 'DELIVERY';
    };
    const lastError = (o: Outcome) =>
      o.kind === 'failed' ? String((o.error as Error)?.message ?? o.error).slice(0, 1000) : null;
    const rows = marked.map((o) => ({
      id: o.email.id,
      attempts: o.email.attempts,
      status: status(o),
      message_id: o.kind === 'sent' ? o.messageId : null,
      last_error: lastError(o),
    }));
    const { rowCount } = (await db.raw(
      `UPDATE outbox_emails o SET status = v.status, last_error = v.last_error,
         sent_at = CASE WHEN v.status = 'SENT' THEN now() ELSE o.sent_at END,
         message_id = CASE WHEN v.status = 'SENT' THEN v.message_id ELSE o.message_id END,
         next_attempt_at = CASE WHEN v.status = 'SENT' THEN o.next_attempt_at
           ELSE now() + make_interval(secs => 30 * 2 ^ o.attempts) END,
         lease_until = NULL, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id bigint, attempts int, status text, message_id text, last_error text)
       WHERE o.id = v.id AND o.attempts = v.attempts AND o.status = 'DELIVERY'`,
      [JSON.stringify(rows)],
    )) as { rowCount: number };
    stale += marked.length - rowCount;
    for (const o of marked) {
      if (o.kind === 'sent') result.sent++;
      else if (status(o) === 'Bounce') result.bounced++;
      else result.failed++;
      if (o.kind === 'failed')
        logger?.warn(
          { outboxId: o.email.id, attempts: o.email.attempts, status: status(o), err: lastError(o) },
          'email delivery failed',
        );
    }
  }
  if (released.length) {
    const rows = released.map((o) => ({ id: o.email.id, attempts: o.email.attempts, due_at: o.email.due_at }));
    const { rowCount } = (await db.raw(
      `UPDATE outbox_emails o SET attempts = o.attempts - 1, lease_until = NULL, next_attempt_at = v.due_at,
         updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id bigint, attempts int, due_at timestamptz)
       WHERE o.id = v.id AND o.attempts = v.attempts AND o.status = 'DELIVERY'`,
      [JSON.stringify(rows)],
    )) as { rowCount: number };
    stale += released.length - rowCount;
  }
  if (stale) logger?.warn({ emails: stale }, 'outbox lease ran out before marking: left to the sender that took them');
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

export interface DrainOptions extends DeliverySettings {
  logger?: Logger;
  /** Asked before each claim and each message: true ends the drain after the messages already with the relay. */
  stopped?: () => boolean;
  /** Signs the click and open tracking of bulk notices, rendered when sent. */
  tracking?: EmailTracking;
  leaseSeconds?: number;
}

/**
 * Sends due emails until none is due (or `stopped()`, or the relay is down). Emails are claimed in batches with a
 * lease (`claimDueEmails`), each claim committed before any SMTP: no transaction stays open while the relay talks.
 * A batch is sent concurrently over the pooled transport, bounded by the pool size, and marked in one statement;
 * the next batch is claimed while one is sending, so the connections do not wait for the database. Any number of
 * replicas (or the CLI) can drain at once. A 4xx answer or an unreachable relay is retried with backoff
 * (30 * 2^attempts s) up to MAX_ATTEMPTS, then ERROR; a 5xx answer to the message is a Bounce with the relay's reason.
 */
export async function drainOutbox(
  db: Knex,
  transport: Transporter,
  from: string,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const { logger, stopped = () => false, tracking, leaseSeconds = LEASE_SECONDS, ratePerSecond } = options;
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const result: DrainResult = { sent: 0, failed: 0, bounced: 0 };
  // One message waiting per connection besides the one it sends, so no connection idles between two messages.
  const slots = new Slots(poolSize * 2);
  // Under a rate ceiling a batch must leave well within its lease (two batches are in flight at once).
  const maxBatch = ratePerSecond
    ? Math.max(1, Math.min(MAX_BATCH, Math.floor((ratePerSecond * leaseSeconds) / 4)))
    : MAX_BATCH;
  let delivered = 0;
  let relayFailuresInARow = 0;
  let broken = false;
  // A relay that refuses the first connection is down; once mail went through, a failure on every connection is.
  const relayDown = () => relayFailuresInARow >= (delivered ? poolSize : 1);
  const halted = () => broken || stopped() || relayDown();

  const deliver = async (email: ClaimedEmail, lease: AbortSignal): Promise<Outcome> => {
    await slots.take();
    try {
      if (halted() || lease.aborted) return { email, kind: 'released' };
      // Rendered with the plain pool, outside any transaction.
      const { text, html } = await contentOf(db, email, tracking);
      const message: Mail.Options & { signal?: AbortSignal } = {
        from,
        to: email.to_email,
        subject: email.subject,
        text,
        html: html ? emailFrame(email.subject, html) : undefined,
        headers: { 'X-Outbox-Id': String(email.id) },
        signal: lease,
      };
      const info = (await transport.sendMail(message)) as { messageId?: string };
      delivered++;
      relayFailuresInARow = 0;
      return { email, kind: 'sent', messageId: info.messageId ?? null };
    } catch (error) {
      if (isRelayFailure(error)) relayFailuresInARow++;
      else relayFailuresInARow = 0;
      return { email, kind: 'failed', error };
    } finally {
      slots.give();
    }
  };

  const sendBatch = async (emails: ClaimedEmail[]): Promise<void> => {
    // Sends still running at 80% of the lease are aborted: past its end another sender may take the email.
    const lease = AbortSignal.timeout(leaseSeconds * 800);
    // Each message in flight listens to it (nodemailer's send and its pool): more than the default warning's 10.
    setMaxListeners(0, lease);
    const outcomes = await Promise.all(emails.map((email) => deliver(email, lease)));
    await markBatch(db, outcomes, result, logger);
  };

  // Slow start: a drain of one email claims one, and a relay that is down costs a few attempts, not a batch.
  let batchSize = 1;
  const batches: Promise<void>[] = [];
  try {
    while (!halted()) {
      const emails = await claimDueEmails(db, batchSize, leaseSeconds);
      if (!emails.length) break;
      batchSize = Math.min(maxBatch, batchSize * 2);
      const batch = sendBatch(emails);
      // A batch that could not be marked (the database gone) stops the claims; handled here, thrown below.
      batch.catch(() => {
        broken = true;
      });
      batches.push(batch);
      // Two batches in flight: the one sending, and the next, claimed meanwhile and queued behind it.
      if (batches.length >= 2) await batches[batches.length - 2];
    }
  } finally {
    // Every batch ends, and is marked, whether the loop ended or threw.
    await Promise.allSettled(batches);
  }
  // A batch that could not be marked fails the drain, even one the loop did not wait for.
  await Promise.all(batches);
  if (relayDown()) logger?.warn('SMTP relay unreachable: the outbox drain stops until the next run');
  return result;
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
