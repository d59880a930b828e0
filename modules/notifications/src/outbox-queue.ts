import { addJobs, copyInto, type NewJob, transaction } from '@portal/core';
import type { Knex } from 'knex';
import { OutboxEmail } from './models/OutboxEmail.js';
import { recipientLanguages } from './recipients.js';
import type { TemplateLanguage } from './templates/catalog.js';
import { loadTemplate, type StoredContent, type TemplateRef } from './templates/render.js';

/*
 * Queueing mail: every email is a row of `outbox_emails` written in the caller's transaction, with the `outbox` job that
 * will send it, so mail exists exactly when the change that caused it commits. The sender is in outbox.ts.
 */

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

/** Outbox ids per `outbox` job: a bulk send of 10,000 leaves as 50 jobs, each marked in one statement. */
export const OUTBOX_JOB_SIZE = 200;

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
