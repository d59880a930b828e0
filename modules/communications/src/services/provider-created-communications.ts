import type { Knex } from 'knex';
import { insertInBatches } from '@portal/core';
import type { CommunicationType } from '../constants.js';

// ---------- provider-created events (the inbox's own events) ----------

/**
 * Inserts a provider's own event, OPEN at once and addressed to the provider itself: the event, its one customer (the
 * provider), its provider communication, and its products and actions (rows without their event). The caller (the
 * inbox) records that the provider created it.
 */
export async function insertSelfAddressedCommunication(
  trx: Knex.Transaction,
  e: {
    organizationId: number;
    organizationName: string;
    email: string;
    userId: number | null;
    type: CommunicationType;
    info: Record<string, unknown>;
    responseStatus: 'NOTCOMPLETED' | 'COMPLETED';
    products: Record<string, unknown>[];
    actions: Record<string, unknown>[];
  },
): Promise<{ id: number; providerCommunicationId: number }> {
  const [event] = (await trx('communications')
    .insert({
      organization_id: e.organizationId,
      type: e.type,
      status: 'OPEN',
      current_step: 2,
      ...e.info,
      created_by: e.userId,
      approved_by: e.userId,
      approved_at: trx.fn.now(),
      first_sent_at: trx.fn.now(),
    })
    .returning('id')) as { id: number }[];
  const id = event!.id;
  const [customer] = (await trx('communication_affected_customers')
    .insert({
      communication_id: id,
      organization_id: e.organizationId,
      provider_organization_id: e.organizationId,
      customer_key: `org:${e.organizationId}`,
      name: e.organizationName,
      emails: [e.email.toLowerCase()],
      source: 'PROVIDER',
    })
    .returning('id')) as { id: number }[];
  const [pc] = (await trx('provider_communications')
    .insert({
      communication_id: id,
      communication_type: e.type,
      supplier_organization_id: e.organizationId,
      provider_organization_id: e.organizationId,
      affected_customer_id: customer!.id,
      status: 'OPEN',
      response_status: e.responseStatus,
      sent_at: trx.fn.now(),
    })
    .returning('id')) as { id: number }[];
  const own = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, communication_id: id }));
  await insertInBatches(trx, 'communication_products', own(e.products));
  if (e.actions.length) await trx('communication_actions').insert(own(e.actions));
  return { id, providerCommunicationId: pc!.id };
}

/** Sets some information fields of an event (none: nothing). */
export async function updateCommunicationInfo(
  trx: Knex.Transaction,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  if (Object.keys(values).length)
    await trx('communications')
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() });
}

/** Notes that an event changed. */
export async function touchCommunication(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('communications').where({ id }).update({ updated_at: trx.fn.now() });
}

/** Replaces an event's products (rows without their event); returns the names it had, in order. */
export async function replaceCommunicationProducts(
  trx: Knex.Transaction,
  id: number,
  products: Record<string, unknown>[],
): Promise<string[]> {
  const before = (await trx('communication_products')
    .where({ communication_id: id })
    .orderBy('sort_order')
    .pluck('product_name')) as string[];
  await trx('communication_products').where({ communication_id: id }).delete();
  await insertInBatches(
    trx,
    'communication_products',
    products.map((p) => ({ ...p, communication_id: id })),
  );
  return before;
}

/**
 * Replaces the actions of an event sent to one provider communication (a provider-created event), whose completion
 * then follows the new actions: COMPLETED when none is required. Returns the actions it had, in order.
 */
export async function replaceSelfAddressedActions(
  trx: Knex.Transaction,
  id: number,
  providerCommunicationId: number,
  actions: (Record<string, unknown> & { is_required: boolean })[],
): Promise<{ action_type: string; title: string }[]> {
  const before = (await trx('communication_actions')
    .where({ communication_id: id })
    .orderBy('sort_order')
    .select('action_type', 'title')) as { action_type: string; title: string }[];
  await trx('communication_actions').where({ communication_id: id }).delete();
  if (actions.length) await trx('communication_actions').insert(actions.map((a) => ({ ...a, communication_id: id })));
  const complete = !actions.some((a) => a.is_required);
  await trx('provider_communications')
    .where({ id: providerCommunicationId })
    .update({
      response_status: complete ? 'COMPLETED' : 'NOTCOMPLETED',
      completed_at: complete ? trx.fn.now() : null,
      updated_at: trx.fn.now(),
    });
  return before;
}
