import type { Knex } from 'knex';
import { type Actor, NotFoundError, transaction } from '@portal/core';
import {
  actionsView,
  affectedCustomersView,
  answersView,
  appendHistory,
  loadOwnCommunication,
  providerCommunicationsView,
  revokeDelegateLink,
} from '@portal/communications';

/**
 * Issue 33: the supplier's own delegates on one of its events (POST /supplier/communications/{id}/delegate records
 * them in provider_delegates, which this module owns, marked `by_supplier`): the provider's own delegates stay the
 * provider's. The caller has shown the event is its own (loadOwnCommunication) before this is read.
 */
function supplierDelegates(db: Knex | Knex.Transaction, communicationId: number): Knex.QueryBuilder {
  return db('provider_delegates as d').where({ 'd.communication_id': communicationId, 'd.by_supplier': true });
}

export interface SupplierDelegateRow {
  id: number;
  provider_communication_id: number;
  customer_name: string | null;
  action_id: number | null;
  action_title: string | null;
  email: string;
  message: string | null;
  status: 'ACTIVE' | 'REVOKED';
  response_status: string;
  created_at: Date;
  last_sent_at: Date;
}

/** GET /supplier/communications/{id}/delegates: newest first; another supplier's event answers 404. */
export async function listSupplierDelegates(
  db: Knex,
  actor: Actor,
  communicationId: number,
): Promise<SupplierDelegateRow[]> {
  await loadOwnCommunication(db, actor, communicationId);
  return (await supplierDelegates(db, communicationId)
    .leftJoin(providerCommunicationsView(db).as('pc'), 'pc.id', 'd.provider_communication_id')
    .leftJoin(affectedCustomersView(db).as('c'), 'c.id', 'pc.affected_customer_id')
    .leftJoin(actionsView(db).as('a'), 'a.id', 'd.action_id')
    .leftJoin(answersView(db).as('r'), function join() {
      this.on('r.action_id', '=', 'd.action_id').andOn(
        'r.provider_communication_id',
        '=',
        'd.provider_communication_id',
      );
    })
    .orderBy('d.id', 'desc')
    .limit(1000)
    .select(
      'd.id',
      'd.provider_communication_id',
      'c.name as customer_name',
      'd.action_id',
      'a.title as action_title',
      'd.email',
      'd.message',
      'd.status',
      // A whole-event delegate (no action) has no single answer: its progress is the customer's.
      db.raw(`coalesce(r.status, pc.response_status, 'NA') as response_status`),
      'd.created_at',
      'd.last_sent_at',
    )) as SupplierDelegateRow[];
}

/**
 * POST /supplier/communications/{id}/delegates/{delegateId}/revoke: the delegate's link stops working at once and the
 * delegate stays listed as Revoked; recorded in the event's history. Only the supplier's own ACTIVE delegates:
 * anything else (revoked already, a provider's delegate, another event's) answers 404 DELEGATE_NOT_FOUND. Allowed on a
 * closed event too (taking access away is always possible).
 */
export async function revokeSupplierDelegate(
  db: Knex,
  actor: Actor,
  communicationId: number,
  delegateId: number,
): Promise<{ id: number; status: 'REVOKED' }> {
  return transaction(db, async (trx) => {
    await loadOwnCommunication(trx, actor, communicationId);
    const d = (await supplierDelegates(trx, communicationId)
      .where({ 'd.id': delegateId, 'd.status': 'ACTIVE' })
      .forNoKeyUpdate()
      .first('d.id', 'd.email', 'd.action_id', 'd.notice_link_id', 'd.provider_communication_id')) as
      | {
          id: number;
          email: string;
          action_id: number | null;
          notice_link_id: number | null;
          provider_communication_id: number;
        }
      | undefined;
    if (!d) throw new NotFoundError('DELEGATE_NOT_FOUND');
    await trx('provider_delegates').where({ id: d.id }).update({ status: 'REVOKED' });
    await revokeDelegateLink(trx, d.notice_link_id === null ? null : Number(d.notice_link_id));
    await appendHistory(trx, actor, {
      communicationId,
      organizationId: actor.organizationId,
      providerCommunicationId: Number(d.provider_communication_id),
      action: 'DELEGATE_REVOKED',
      entityType: 'provider_delegate',
      entityId: Number(d.id),
      before: { status: 'ACTIVE' },
      after: { status: 'REVOKED', email: d.email, action_id: d.action_id, by: 'supplier' },
    });
    return { id: Number(d.id), status: 'REVOKED' as const };
  });
}
