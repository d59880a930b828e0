import type { Knex } from 'knex';
import { type Actor, BusinessRuleError, ConflictError, NotFoundError, transaction } from '@portal/core';
import { type CommunicationRow, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { Communication } from '../models/Communication.js';

// ---------- approve, close/reopen, delete ----------

/** What a DRAFT still lacks before approval (DESIGN §4), in words a coordinator understands. */
export async function missingForApproval(db: Knex | Knex.Transaction, id: number): Promise<string[]> {
  const count = async (table: string, extra: Record<string, unknown> = {}) =>
    Number(
      (
        (await db(table)
          .where({ communication_id: id, ...extra })
          .count<{ n: number }[]>({ n: '*' })
          .first()) as { n: number } | undefined
      )?.n ?? 0,
    );
  const missing: string[] = [];
  // A custom-content event may list its products only as customers' own rows.
  if ((await count('communication_products')) === 0 && (await count('communication_custom_rows')) === 0)
    missing.push('at least one product');
  if ((await count('communication_actions')) === 0) missing.push('at least one action');
  if ((await count('communication_affected_customers', { status: 'ACTIVE' })) === 0)
    missing.push('at least one recipient');
  return missing;
}

export async function approveCommunication(db: Knex, actor: Actor, id: number): Promise<Communication> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'DRAFT') throw new ConflictError('NOT_DRAFT.approve', { status: event.status });
    const missing = await missingForApproval(trx, id);
    if (missing.length)
      throw new BusinessRuleError('INCOMPLETE', { missing: missing.join(', ') }).withDetails({ missing });
    const [row] = await Communication.query(trx)
      .where({ id })
      .patch({ status: 'OPEN', approved_at: trx.fn.now(), approved_by: actor.userId, current_step: 3 })
      .returning('*');
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'APPROVED',
      entityType: 'communication',
      entityId: id,
      before: { status: 'DRAFT' },
      after: { status: 'OPEN' },
    });
    return row!;
  });
}

/** Close and reopen are one toggle (spec 001 §4); closing closes every provider communication of the event too. */
export async function toggleCloseOpen(db: Knex, actor: Actor, id: number): Promise<Communication> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status === 'DRAFT') throw new ConflictError('NOT_APPROVED');
    const closing = event.status === 'OPEN';
    const next = closing ? 'CLOSED' : 'OPEN';
    const [row] = await Communication.query(trx)
      .where({ id })
      .patch({ status: next, closed_at: closing ? trx.fn.now() : null })
      .returning('*');
    await trx('provider_communications')
      .where({ communication_id: id })
      .whereIn('status', closing ? ['OPEN'] : ['CLOSED'])
      .update({ status: next, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: closing ? 'CLOSED' : 'REOPENED',
      entityType: 'communication',
      entityId: id,
      before: { status: event.status },
      after: { status: next },
    });
    return row!;
  });
}

/** Soft delete of a draft; an OPEN or CLOSED event has been sent and is kept (409). */
export async function deleteCommunication(db: Knex, actor: Actor, id: number): Promise<void> {
  await transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'DRAFT') throw new ConflictError('NOT_DELETABLE', { status: event.status });
    await markDraftDeleted(trx, actor, id, actor.organizationId);
  });
}

/**
 * Deletes a draft (checked by the caller) softly, recorded in the event's history: the supplier's own delete and the
 * operator's on its behalf (operator-communications.ts), which also audits it.
 */
export async function markDraftDeleted(
  trx: Knex.Transaction,
  actor: Actor,
  id: number,
  supplierId: number,
): Promise<void> {
  await trx('communications')
    .where({ id })
    .update({ status: 'DELETED', deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
  await appendHistory(trx, actor, {
    communicationId: id,
    organizationId: supplierId,
    action: 'DELETED',
    entityType: 'communication',
    entityId: id,
    before: { status: 'DRAFT' },
    after: { status: 'DELETED' },
  });
}

/** update-status/{status}: the named transition, through the same rules as the dedicated calls. */
export async function updateStatus(db: Knex, actor: Actor, id: number, status: string): Promise<CommunicationRow> {
  const event = await loadOwnCommunication(db, actor, id);
  if (status === 'OPEN' && event.status === 'DRAFT') return approveCommunication(db, actor, id);
  if ((status === 'CLOSED' && event.status === 'OPEN') || (status === 'OPEN' && event.status === 'CLOSED'))
    return toggleCloseOpen(db, actor, id);
  if (status === 'DELETED') {
    await deleteCommunication(db, actor, id);
    return { ...event, status: 'DELETED' };
  }
  if (status === event.status) return event;
  throw new ConflictError('INVALID_TRANSITION', { from: event.status, to: status });
}

export async function assertExists(db: Knex, actor: Actor, id: number): Promise<void> {
  const found = await db('communications')
    .where({ id, organization_id: actor.organizationId })
    .whereNot({ status: 'DELETED' })
    .first('id');
  if (!found) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
}
