import type { Knex } from 'knex';
import { type Actor, historyJson } from '@portal/core';
import { usersView } from '@portal/organizations';
import type { HistoryFacts } from '@portal/vocabulary';

export interface HistoryEntry {
  communicationId: number;
  organizationId: number;
  providerCommunicationId?: number | null;
  action: string;
  entityType: string;
  entityId?: number | string | null;
  before?: unknown;
  after?: unknown;
  /** A change after approval (postupdate), shown in the change history report. */
  isChange?: boolean;
  actorEmail?: string | null;
}

/** Appends to communication_history inside the caller's transaction (DESIGN §4: who, when, what, before, after). */
export async function appendHistory(
  trx: Knex | Knex.Transaction,
  actor: Actor | null,
  entry: HistoryEntry,
): Promise<void> {
  await trx('communication_history').insert({
    communication_id: entry.communicationId,
    organization_id: entry.organizationId,
    provider_communication_id: entry.providerCommunicationId ?? null,
    actor_user_id: actor?.userId ?? null,
    actor_email: entry.actorEmail ?? actor?.email ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : historyJson(entry.before),
    after: entry.after === undefined ? null : historyJson(entry.after),
    is_change: entry.isChange ?? false,
  });
}

/**
 * One entry per provider communication (a reminder round's REMINDER_SENT), in one statement: the ids travel as one
 * array, whatever their number.
 */
export async function appendProviderCommunicationHistory(
  trx: Knex | Knex.Transaction,
  actor: Actor | null,
  entry: {
    communicationId: number;
    organizationId: number;
    providerCommunicationIds: number[];
    action: string;
    actorEmail?: string | null;
  },
): Promise<void> {
  if (!entry.providerCommunicationIds.length) return;
  await trx.raw(
    `INSERT INTO communication_history (communication_id, organization_id, provider_communication_id, actor_user_id,
       actor_email, action, entity_type, entity_id)
     SELECT :communicationId::bigint, :organizationId::bigint, x.id, :userId::bigint, :email::text, :action::text,
       'provider_communication', x.id::text
     FROM unnest(:ids::bigint[]) AS x(id)`,
    {
      communicationId: entry.communicationId,
      organizationId: entry.organizationId,
      userId: actor?.userId ?? null,
      email: entry.actorEmail ?? actor?.email ?? null,
      action: entry.action,
      ids: entry.providerCommunicationIds,
    },
  );
}

export interface HistoryRow {
  id: number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  provider_communication_id: number | null;
  before: unknown;
  after: unknown;
  is_change: boolean;
  created_at: Date;
  /** What the history sentence names (counts, a file or an address); see `historySentence` in @portal/vocabulary. */
  facts: HistoryFacts;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.join(', ') : null;
const count = (v: unknown): number | null => (Array.isArray(v) ? v.length : typeof v === 'number' ? v : null);

/** The few facts a history sentence names, read from the entry's recorded before and after values. */
export function historyFacts(action: string, before: unknown, after: unknown): HistoryFacts {
  const a = record(after);
  const b = record(before);
  switch (action) {
    case 'NOTIFICATION_SENT':
      return { count: count(a.customers_notified) ?? count(a.provider_communications_created) };
    case 'STEP1_SAVED':
    case 'STEP2_SAVED':
    case 'PRODUCTS_ADDED':
    case 'RECIPIENTS_ADDED':
      return { count: count(after) };
    case 'RECIPIENTS_REMOVED':
      return { count: count(b.customer_ids) };
    case 'SALES_REPS_NOTIFIED':
      return { count: count(a.sales_reps) };
    case 'NOTIFICATION_FORWARDED':
      return { count: count(a.recipients) };
    case 'REMINDERS_SENT_NOW':
      return { count: count(a.reminded) };
    case 'PAPER_RESPONSES_IMPORTED':
      return { count: count(a.created) };
    case 'FILES_DOWNLOADED':
      return { count: count(a.count) };
    case 'CUSTOM_ROWS_SAVED':
    case 'CUSTOM_ROWS_CORRECTED':
      return { count: count(a.rows) };
    case 'DELEGATED':
    case 'DELEGATE_MAIL_RESENT':
    case 'DELEGATE_REVOKED':
      return { email: text(a.email) };
    case 'OWNER_ASSIGNED':
      return { email: text(a.owner_email) };
    case 'NOTICE_RESENT':
      return { email: text(a.to) };
    case 'ACCESS_REQUESTED':
      return { email: text(a.administrator) };
    case 'DOCUMENT_UPLOADED':
    case 'DOCUMENT_DELETED':
    case 'PROVIDER_DOCUMENT_UPLOADED':
    case 'PROVIDER_DOCUMENT_DELETED':
    case 'FILE_UPLOADED':
    case 'FILE_DELETED':
      return { name: text(a.name) ?? text(b.name) };
    case 'CONVERSATION_STARTED':
    case 'CONVERSATION_MESSAGE':
    case 'CONVERSATION_CLOSED':
    case 'CONVERSATION_REOPENED':
      return { name: text(a.subject) };
    case 'PROVIDER_STATUS_CHANGED':
      return { status: text(a.status_provider) };
    default:
      return {};
  }
}

export async function listHistory(
  db: Knex,
  communicationId: number,
  options: { changesOnly?: boolean; limit?: number } = {},
): Promise<HistoryRow[]> {
  const q = db('communication_history as h')
    .leftJoin(usersView(db).as('u'), 'u.id', 'h.actor_user_id')
    .where('h.communication_id', communicationId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(options.limit ?? 1000)
    .select(
      'h.id',
      'h.action',
      'h.entity_type',
      'h.entity_id',
      'h.actor_email',
      'h.provider_communication_id',
      'h.before',
      'h.after',
      'h.is_change',
      'h.created_at',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`),
    );
  if (options.changesOnly) q.where('h.is_change', true);
  const rows = (await q) as Omit<HistoryRow, 'facts'>[];
  return rows.map((r) => ({ ...r, facts: historyFacts(r.action, r.before, r.after) }));
}
