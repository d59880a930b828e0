import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import { copyInto, type Logger } from '@portal/core';
import { OutboxEmail } from './models/OutboxEmail.js';
import { emailFrame } from './templates/engine.js';
import type { TemplateLanguage } from './templates/catalog.js';
import { loadTemplate, renderStored, type StoredContent, type TemplateRef } from './templates/render.js';
import { recipientLanguages } from './recipients.js';
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

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/** Failures that will not get better by retrying (the address is refused): recorded as Bounce at once. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface DrainResult {
  sent: number;
  failed: number;
  bounced: number;
}

/**
 * Sends due emails. Each row is claimed with FOR UPDATE SKIP LOCKED inside its own short transaction, so any
 * number of BFF replicas (or the CLI) can drain at once without sending one email twice. Transient failures are
 * retried with backoff up to MAX_ATTEMPTS, then marked ERROR; permanent refusals are marked Bounce.
 */
export async function drainOutbox(
  db: Knex,
  transport: Transporter,
  from: string,
  logger?: Logger,
  limit = 100,
  stopped: () => boolean = () => false,
  tracking?: EmailTracking,
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0, bounced: 0 };
  for (let i = 0; i < limit && !stopped(); i++) {
    const done = await db.transaction(async (trx) => {
      const row = await OutboxEmail.query(trx)
        .where({ status: 'DELIVERY' })
        .where('next_attempt_at', '<=', trx.fn.now())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .first();
      if (!row) return false;
      try {
        const { text, html } = await contentOf(trx, row, tracking);
        const info = await transport.sendMail({
          from,
          to: row.to_email,
          subject: row.subject,
          text,
          html: html ? emailFrame(row.subject, html) : undefined,
          headers: { 'X-Outbox-Id': String(row.id) },
        });
        await OutboxEmail.query(trx)
          .findById(row.id)
          .patch({
            status: 'SENT',
            sent_at: trx.fn.now(),
            message_id: info.messageId ?? null,
            attempts: row.attempts + 1,
            last_error: null,
          });
        result.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const permanent = isPermanent(error);
        const status = permanent ? 'Bounce' : attempts >= MAX_ATTEMPTS ? 'ERROR' : 'DELIVERY';
        await OutboxEmail.query(trx)
          .findById(row.id)
          .patch({
            status,
            attempts,
            last_error: String((error as Error).message ?? error).slice(0, 1000),
            next_attempt_at: trx.raw(`now() + make_interval(secs => ?)`, [30 * 2 ** attempts]),
          });
        logger?.warn({ outboxId: row.id, attempts, status, err: (error as Error).message }, 'email delivery failed');
        if (permanent) result.bounced++;
        else result.failed++;
      }
      return true;
    });
    if (!done) break;
  }
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
