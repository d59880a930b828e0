import type { Knex } from 'knex';

/*
 * What the reports and paper responses read of this module's tables (docs/decisions.md): read views they
 * join beside their own rows, and the statements of reports that are about this module's rows only, built here and
 * streamed by the caller (each report stays one streaming statement, or keyset batches, as before).
 */

// ---------- views ----------

/** Events with the columns the summary reports show and the operator's filters read (`applyOperatorFilters`). */
export function reportCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('communications').select(
    'id',
    'organization_id',
    'name',
    'event_id',
    'type',
    'subtype',
    'classification',
    'status',
    'event_date',
    'approved_at',
    'first_sent_at',
    'closed_at',
  );
}

/** Events with their list tallies (active affected customers, acknowledged provider communications). */
export function talliedCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('communications as c')
    .join('communication_tallies as t', 't.communication_id', 'c.id')
    .select(
      'c.id',
      'c.organization_id',
      'c.name',
      'c.event_id',
      'c.type',
      'c.status',
      'c.first_sent_at',
      't.customers',
      't.acknowledged',
    );
}

/**
 * Per event, its active affected customers (`n`), of one supplier or of all (`org` null): a grouped sub-query to
 * left-join on `communication_id`.
 */
export function customerCountsView(db: Knex, org: number | null): Knex.QueryBuilder {
  const q = db('communication_affected_customers').where({ status: 'ACTIVE' });
  if (org !== null) q.where('organization_id', org);
  return q.groupBy('communication_id').select('communication_id', db.raw('count(*)::int as n'));
}

/** Per event, its live provider communications: notified, acknowledged and completed, grouped like customerCountsView. */
export function providerCommunicationCountsView(db: Knex, org: number | null): Knex.QueryBuilder {
  const q = db('provider_communications');
  if (org !== null) q.where('supplier_organization_id', org);
  return q
    .whereNot('status', 'DELETED')
    .groupBy('communication_id')
    .select(
      'communication_id',
      db.raw('count(*)::int as notified'),
      db.raw('count(acknowledged_at)::int as acknowledged'),
      db.raw(`count(*) FILTER (WHERE response_status = 'COMPLETED')::int as completed`),
    );
}

/**
 * Provider communications with their customer's name and their progress, for lists of the notified customers
 * (the paper responses' list and customer picker).
 */
export function customerProviderCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('provider_communications as pc')
    .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .select(
      'pc.id',
      'pc.communication_id',
      'pc.supplier_organization_id',
      'pc.provider_organization_id',
      'pc.status',
      'pc.sent_at',
      'pc.response_status',
      'ac.name as customer_name',
    );
}

/** Affected locations with their address, to join (`l.id`) or list beside a customer's rows. */
export function affectedLocationsView(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('communication_affected_locations').select(
    'id',
    'communication_id',
    'affected_customer_id',
    'location_id',
    'location_name',
    'address1',
    'city',
    'state',
    'zip',
  );
}

/** A correlated sub-query: how many answers were keyed in from the paper response `paperIdColumn` names. */
export function paperAnswerCount(db: Knex, paperIdColumn: string): Knex.QueryBuilder {
  return db('provider_responses as r')
    .where('r.paper_response_id', db.ref(paperIdColumn))
    .select(db.raw('count(*)::int'));
}
