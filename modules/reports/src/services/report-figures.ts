import type { Knex } from 'knex';
import {
  actionsView,
  affectedCustomersView,
  answersView,
  customRowsView,
  overdueSql,
  productsView,
  providerCommunicationsView,
  unitAnswersView,
} from '@portal/communications';

/*
 * The figures of the reports: counts over communications' rows, read through its read views (plain sub-queries
 * PostgreSQL pulls up, so each count is the grouped pass over the table it was, on the same indexes).
 */

// ---------- the summary reports' grouped counts (sub-queries to left-join on `communication_id`) ----------

/** Per communication, its active affected customers (`n`), of one supplier or of all (`org` null). */
export function customerCounts(db: Knex, org: number | null): Knex.QueryBuilder {
  const q = db.from(affectedCustomersView(db).as('ac')).where({ status: 'ACTIVE' });
  if (org !== null) q.where('organization_id', org);
  return q.groupBy('communication_id').select('communication_id', db.raw('count(*)::int as n'));
}

/** Per communication, its live provider communications: notified, acknowledged and completed, like customerCounts. */
export function providerCommunicationTotals(db: Knex, org: number | null): Knex.QueryBuilder {
  const q = db.from(providerCommunicationsView(db).as('pc'));
  if (org !== null) q.where('supplier_organization_id', org);
  return q
    .whereNot('status', 'DELETED')
    .groupBy('communication_id')
    .select(
      'communication_id',
      db.raw('count(*)::int as notified'),
      db.raw('count(acknowledged_at)::int as acknowledged'),
      db.raw(`count(*) FILTER (WHERE response_status = 'COMPLETED')::int as completed`),
      db.raw(`count(*) FILTER (WHERE ${overdueSql('pc')})::int as overdue`),
    );
}

// ---------- one communication's figures ----------

/** One communication's active affected customers, and its live provider communications by status and response status. */
export async function providerCommunicationCounts(
  db: Knex,
  supplierId: number,
  id: number,
): Promise<{
  customers: number;
  notices: { status: string; response_status: 'COMPLETED' | 'NOTCOMPLETED'; n: number; acknowledged: number }[];
}> {
  const [customers, notices] = await Promise.all([
    db
      .from(affectedCustomersView(db).as('ac'))
      .where({ communication_id: id, organization_id: supplierId, status: 'ACTIVE' })
      .first(db.raw('count(*)::int as n')),
    db
      .from(providerCommunicationsView(db).as('pc'))
      .where({ communication_id: id, supplier_organization_id: supplierId })
      .whereNot('status', 'DELETED')
      .groupBy('status', 'response_status')
      .select(
        'status',
        'response_status',
        db.raw('count(*)::int as n'),
        db.raw('count(acknowledged_at)::int as acknowledged'),
      ),
  ]);
  return {
    customers: Number((customers as { n: number } | undefined)?.n ?? 0),
    notices: notices as Awaited<ReturnType<typeof providerCommunicationCounts>>['notices'],
  };
}

/** The distinct values a communication's products hold per custom field (by field id), gathered in SQL. */
export async function productFieldValues(
  db: Knex,
  id: number,
  supplierId: number,
): Promise<{ key: string; vals: unknown[] }[]> {
  return (
    await db.raw(
      `SELECT kv.key, json_agg(DISTINCT kv.value) AS vals FROM ? p, jsonb_each(p.custom_fields) kv
          WHERE p.communication_id = ? AND p.organization_id = ? GROUP BY kv.key`,
      [productsView(db), id, supplierId],
    )
  ).rows as { key: string; vals: unknown[] }[];
}

/**
 * A custom-content communication's per-unit progress: units answered per (provider communication, action), and the
 * custom rows listed per provider organisation.
 */
export async function unitProgress(
  db: Knex,
  id: number,
  supplierId: number,
): Promise<{
  answered: { provider_communication_id: string; action_id: string; n: number }[];
  rows: { provider_organization_id: string; n: number }[];
}> {
  const [answered, rows] = await Promise.all([
    db
      .from(unitAnswersView(db).as('u'))
      .where({ communication_id: id })
      .groupBy('provider_communication_id', 'action_id')
      .select('provider_communication_id', 'action_id', db.raw('count(*)::int AS n')) as Promise<
      { provider_communication_id: string; action_id: string; n: number }[]
    >,
    db
      .from(customRowsView(db).as('r'))
      .where({ communication_id: id, organization_id: supplierId })
      .groupBy('provider_organization_id')
      .select('provider_organization_id', db.raw('count(*)::int AS n')) as Promise<
      { provider_organization_id: string; n: number }[]
    >,
  ]);
  return { answered, rows };
}

/** A custom-content communication's units: the customers' rows, and those answered for every per-unit action. */
export async function unitTotals(
  db: Knex,
  id: number,
  supplierId: number,
): Promise<{ units: number; answered: number }> {
  return (
    await db.raw(
      `SELECT count(*)::int AS units,
        count(*) FILTER (WHERE a.n > 0 AND (SELECT count(DISTINCT u.action_id) FROM ? u
          WHERE u.custom_row_id = r.id) = a.n)::int AS answered
      FROM ? r,
        (SELECT count(*)::int AS n FROM ? ca WHERE communication_id = ? AND per_unit) a
      WHERE r.communication_id = ? AND r.organization_id = ?`,
      [unitAnswersView(db), customRowsView(db), actionsView(db), id, id, supplierId],
    )
  ).rows[0] as { units: number; answered: number };
}

export interface EffectivenessCounts {
  consignees: number;
  notified: number;
  acknowledged: number;
  responded: number;
  completed: number;
  /** Issue 32: consignees whose notice is past its response-due date, open and unanswered. */
  overdue: number;
}

/** The join of an affected customer's live provider communication (of the same communication), as `pc`. */
export function liveProviderCommunication(customerId: string, communicationId: string) {
  return function joinPc(this: Knex.JoinClause) {
    this.on('pc.affected_customer_id', '=', customerId)
      .andOn('pc.communication_id', '=', communicationId)
      .andOnVal('pc.status', '<>', 'DELETED');
  };
}

/** One communication's consignees (active affected customers) and how many were notified, acknowledged, responded, completed. */
export async function effectivenessCounts(
  db: Knex,
  supplierId: number,
  communicationId: number,
): Promise<EffectivenessCounts> {
  return (await db
    .from(affectedCustomersView(db).as('ac'))
    .leftJoin(providerCommunicationsView(db).as('pc'), liveProviderCommunication('ac.id', 'ac.communication_id'))
    .where({ 'ac.communication_id': communicationId, 'ac.organization_id': supplierId, 'ac.status': 'ACTIVE' })
    .first(
      db.raw('count(*)::int as consignees'),
      db.raw('count(pc.sent_at)::int as notified'),
      db.raw('count(pc.acknowledged_at)::int as acknowledged'),
      db.raw(
        `count(*) FILTER (WHERE pc.acknowledged_at IS NOT NULL OR pc.response_status = 'COMPLETED' OR EXISTS (SELECT 1 FROM ? r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED'))::int as responded`,
        [answersView(db)],
      ),
      db.raw(`count(*) FILTER (WHERE pc.response_status = 'COMPLETED')::int as completed`),
      db.raw(`count(*) FILTER (WHERE ${overdueSql('pc')})::int as overdue`),
    )) as EffectivenessCounts;
}

/** The names of the customers of some of a communication's provider communications, by provider communication id. */
export async function customerNamesOf(
  db: Knex,
  communicationId: number,
  pcIds: number[],
): Promise<Map<number, string>> {
  const rows = (await db
    .from(providerCommunicationsView(db).as('pc'))
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .where('pc.communication_id', communicationId)
    .whereRaw('pc.id = ANY(?::bigint[])', [pcIds])
    .select('pc.id', 'ac.name')) as { id: string; name: string }[];
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
