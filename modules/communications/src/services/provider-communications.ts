import type { Knex } from 'knex';
import type { HistoryFacts } from '@portal/vocabulary';
import { type Actor, ConflictError, type LinkKind, NotFoundError, sha256, transaction } from '@portal/core';
import { usersView } from '@portal/organizations';
import type { CommunicationRow } from './access.js';
import { appendHistory, historyFacts } from './history.js';
import { Communication } from '../models/Communication.js';

/** Who answers: a signed-in provider user, or someone reached by a secure link (recipient, delegate, sales rep). */
export interface Respondent {
  email: string;
  actor: Actor | null;
}

export interface ProviderCommunicationRow {
  id: number;
  communication_id: number;
  supplier_organization_id: number;
  provider_organization_id: number | null;
  affected_customer_id: number;
  status: 'OPEN' | 'CLOSED' | 'DELETED';
  response_status: 'NOTCOMPLETED' | 'COMPLETED';
  sent_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  completed_at: Date | null;
  /** Issue 32: the event's response-due date, kept by a trigger (YYYY-MM-DD). */
  due_date?: string | null;
  /** Issue 32: the provider's "not affected" answer, when it gave one (read with the row). */
  not_affected_reason?: string | null;
  not_affected_at?: Date | null;
}

export interface NoticeContext {
  pc: ProviderCommunicationRow;
  event: CommunicationRow;
  respondent: Respondent;
}

/**
 * Resolves a public notice link (DESIGN §4). Unknown, expired and revoked tokens all answer the same 404; the ids
 * of the public paths are then checked against the link, so an id alone, or another notice's token, gets nothing.
 */
export async function resolveNoticeLink(
  db: Knex | Knex.Transaction,
  token: string | undefined,
): Promise<{ pcId: number; email: string }> {
  if (!token || token.length < 32 || token.length > 200) throw new NotFoundError('INVALID_LINK');
  // Recipient links only: delegate and sales-rep links open their own, narrower forms.
  const link = (await db('notice_links')
    .where({ token_hash: sha256(token), purpose: 'RECIPIENT' })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .first('id', 'provider_communication_id', 'email')) as
    | { id: number; provider_communication_id: number; email: string }
    | undefined;
  if (!link) throw new NotFoundError('INVALID_LINK');
  await db('notice_links').where({ id: link.id }).update({ last_used_at: db.fn.now() });
  return { pcId: link.provider_communication_id, email: link.email };
}

/** Loads the provider communication and its event; `expect` ids from a path must all match, or it is a 404. */
export async function loadProviderCommunication(
  db: Knex | Knex.Transaction,
  pcId: number,
  expect: { communicationId?: number; organizationId?: number; forUpdate?: boolean } = {},
): Promise<{ pc: ProviderCommunicationRow; event: CommunicationRow }> {
  const q = db('provider_communications').where({ id: pcId }).whereNot({ status: 'DELETED' });
  // FOR NO KEY UPDATE: queues the writers of this provider communication, not the inserts that merely reference it.
  if (expect.forUpdate) q.forNoKeyUpdate();
  const pc = (await q.first()) as ProviderCommunicationRow | undefined;
  if (!pc) throw new NotFoundError('INVALID_LINK');
  const event = await Communication.query(db).findById(pc.communication_id).whereIn('status', ['OPEN', 'CLOSED']);
  if (!event) throw new NotFoundError('INVALID_LINK');
  if (expect.communicationId !== undefined && expect.communicationId !== pc.communication_id)
    throw new NotFoundError('INVALID_LINK');
  if (
    expect.organizationId !== undefined &&
    expect.organizationId !== pc.supplier_organization_id &&
    expect.organizationId !== pc.provider_organization_id
  ) {
    throw new NotFoundError('INVALID_LINK');
  }
  return { pc, event };
}

/**
 * The recipient's emailed link as a route's link rule (`link: { link: recipientLink(db), ids }` in a route table):
 * the token's provider communication, its event and the link's email as the respondent. The ids a route's path names
 * must be the link's: its provider communication, its event, its supplier or provider, its affected customer.
 */
export function recipientLink(db: Knex): LinkKind<NoticeContext> {
  return {
    name: 'notice',
    async resolve(token, expect) {
      const { pcId, email } = await resolveNoticeLink(db, token);
      if (expect.providerCommunicationId !== undefined && expect.providerCommunicationId !== pcId)
        throw new NotFoundError('INVALID_LINK');
      const { pc, event } = await loadProviderCommunication(db, pcId, {
        communicationId: expect.communicationId,
        organizationId: expect.organizationId,
      });
      if (expect.affectedCustomerId !== undefined && expect.affectedCustomerId !== pc.affected_customer_id)
        throw new NotFoundError('INVALID_LINK');
      return { pc, event, respondent: { email, actor: null } };
    },
  };
}

// ---------- acknowledging ----------

export function assertOpen(ctx: NoticeContext): void {
  if (ctx.pc.status !== 'OPEN' || ctx.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
}

/** Acknowledges receipt; idempotent (the first acknowledgement is kept), recorded with who and when. */
export async function acknowledge(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  expect: { communicationId?: number; organizationId?: number } = {},
): Promise<ProviderCommunicationRow> {
  return transaction(db, async (trx) => {
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
    assertOpen({ pc, event, respondent });
    if (pc.acknowledged_at) return pc;
    const [row] = await trx('provider_communications')
      .where({ id: pc.id })
      .update({ acknowledged_at: trx.fn.now(), acknowledged_by: respondent.email, updated_at: trx.fn.now() })
      .returning('*');
    await appendHistory(trx, respondent.actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'ACKNOWLEDGED',
      entityType: 'provider_communication',
      entityId: pc.id,
      actorEmail: respondent.email,
      before: { acknowledged_at: null },
      after: { acknowledged_by: respondent.email },
    });
    return row as ProviderCommunicationRow;
  });
}

export async function providerCommunicationHistory(
  db: Knex,
  pcId: number,
): Promise<
  {
    action: string;
    actor_email: string | null;
    actor_name: string | null;
    created_at: Date;
    entity_type: string;
    entity_id: string | null;
    facts: HistoryFacts;
  }[]
> {
  const rows = (await db('communication_history as h')
    .leftJoin(usersView(db).as('u'), 'u.id', 'h.actor_user_id')
    .where({ 'h.provider_communication_id': pcId })
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .select(
      'h.action',
      'h.actor_email',
      'h.created_at',
      'h.entity_type',
      'h.entity_id',
      'h.before',
      'h.after',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`),
    )) as {
    action: string;
    actor_email: string | null;
    actor_name: string | null;
    created_at: Date;
    entity_type: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
  }[];
  // The recorded values stay on the server; the provider gets the sentence's facts only.
  return rows.map(({ before, after, ...row }) => ({ ...row, facts: historyFacts(row.action, before, after) }));
}
