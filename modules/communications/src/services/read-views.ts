import type { Knex } from 'knex';
import type { ProviderCommunicationRow } from './responses.js';

/*
 * Read views of this module's tables for the modules that show them beside their own rows: plain
 * sub-queries with a fixed projection, joined as `.join(providerCommunicationsView(db).as('pc'), …)`, which PostgreSQL pulls up
 * into the outer query. Pass the caller's `trx` inside a transaction.
 */

/** Events: who sent what, of which type, in which state. */
export function communicationsView(db: Knex): Knex.QueryBuilder {
  return db('communications').select('id', 'organization_id', 'type', 'status', 'name', 'event_id');
}

/** Provider communications (one notice to one customer), with the customer's name. */
export function providerCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('provider_communications as pc')
    .leftJoin('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .select(
      'pc.id',
      'pc.communication_id',
      'pc.supplier_organization_id',
      'pc.provider_organization_id',
      'pc.status',
      'ac.name as customer_name',
    );
}

/** The actions of events: their titles and types. */
export function actionsView(db: Knex): Knex.QueryBuilder {
  return db('communication_actions').select('id', 'communication_id', 'action_type', 'title', 'sort_order');
}

/** One provider communication, whatever its status, or undefined. */
export async function findProviderCommunication(db: Knex, id: number): Promise<ProviderCommunicationRow | undefined> {
  return (await db('provider_communications').where({ id }).first()) as ProviderCommunicationRow | undefined;
}

/**
 * What the events a provider received name (the provider's FDA card): their suppliers and their FDA recall
 * numbers, over live notices of sent events.
 */
export async function receivedCommunicationTraits(
  db: Knex,
  providerOrganizationIds: number[],
): Promise<{ supplierIds: number[]; recallNumbers: string[] }> {
  const received = () =>
    db('provider_communications as pc')
      .join('communications as c', 'c.id', 'pc.communication_id')
      .whereIn('pc.provider_organization_id', providerOrganizationIds)
      .whereNot('pc.status', 'DELETED')
      .whereIn('c.status', ['OPEN', 'CLOSED']);
  const [suppliers, numbers] = await Promise.all([
    received().distinct('pc.supplier_organization_id') as Promise<{ supplier_organization_id: number }[]>,
    received()
      .whereRaw(`c.fda_recall_numbers <> '{}'`)
      .distinct(db.raw('unnest(c.fda_recall_numbers) AS recall_number')) as Promise<{ recall_number: string }[]>,
  ]);
  return {
    supplierIds: suppliers.map((s) => Number(s.supplier_organization_id)),
    recallNumbers: numbers.map((n) => n.recall_number),
  };
}

/** The answer a provider communication holds for one action (its status and, for a paper answer, the paper response). */
export async function storedAnswerOf(
  db: Knex | Knex.Transaction,
  providerCommunicationId: number,
  actionId: number,
): Promise<{ status: string; paper_response_id: number | null } | undefined> {
  return (await db('provider_responses')
    .where({ provider_communication_id: providerCommunicationId, action_id: actionId })
    .first('status', 'paper_response_id')) as { status: string; paper_response_id: number | null } | undefined;
}
