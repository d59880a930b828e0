import type { Knex } from 'knex';
import type { ActionType } from '../constants.js';

// ---------- one event's figures ----------

/** One event's active affected customers, and its live provider communications by status and response status. */
export async function providerCommunicationCounts(
  db: Knex,
  supplierId: number,
  id: number,
): Promise<{
  customers: number;
  notices: { status: string; response_status: 'COMPLETED' | 'NOTCOMPLETED'; n: number; acknowledged: number }[];
}> {
  const [customers, notices] = await Promise.all([
    db('communication_affected_customers')
      .where({ communication_id: id, organization_id: supplierId, status: 'ACTIVE' })
      .first(db.raw('count(*)::int as n')),
    db('provider_communications')
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

export interface ReportAction {
  id: number;
  sort_order: number;
  title: string;
  description: string | null;
  action_type: ActionType;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
  per_unit: boolean;
}

/** An event's actions in their order (of one supplier when `supplierId` is given). */
export async function communicationActions(
  db: Knex | Knex.Transaction,
  id: number,
  supplierId?: number,
): Promise<ReportAction[]> {
  const q = db('communication_actions').where({ communication_id: id });
  if (supplierId !== undefined) q.where({ organization_id: supplierId });
  return (await q
    .orderBy(['sort_order', 'id'])
    .select(
      'id',
      'sort_order',
      'action_type',
      'title',
      'description',
      'options',
      'is_required',
      'is_disabled',
      'per_unit',
    )) as ReportAction[];
}

/** The distinct values an event's products hold per custom field (by field id), gathered in SQL. */
export async function productFieldValues(
  db: Knex,
  id: number,
  supplierId: number,
): Promise<{ key: string; vals: unknown[] }[]> {
  return (
    await db.raw(
      `SELECT kv.key, json_agg(DISTINCT kv.value) AS vals FROM communication_products p, jsonb_each(p.custom_fields) kv
          WHERE p.communication_id = ? AND p.organization_id = ? GROUP BY kv.key`,
      [id, supplierId],
    )
  ).rows as { key: string; vals: unknown[] }[];
}

/**
 * A custom-content event's per-unit progress: units answered per (provider communication, action), and the custom
 * rows listed per provider organisation.
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
    db('provider_unit_answers')
      .where({ communication_id: id })
      .groupBy('provider_communication_id', 'action_id')
      .select('provider_communication_id', 'action_id', db.raw('count(*)::int AS n')) as Promise<
      { provider_communication_id: string; action_id: string; n: number }[]
    >,
    db('communication_custom_rows')
      .where({ communication_id: id, organization_id: supplierId })
      .groupBy('provider_organization_id')
      .select('provider_organization_id', db.raw('count(*)::int AS n')) as Promise<
      { provider_organization_id: string; n: number }[]
    >,
  ]);
  return { answered, rows };
}

/** A custom-content event's units: the customers' rows, and those answered for every per-unit action. */
export async function unitTotals(
  db: Knex,
  id: number,
  supplierId: number,
): Promise<{ units: number; answered: number }> {
  return (
    await db.raw(
      `SELECT count(*)::int AS units,
        count(*) FILTER (WHERE a.n > 0 AND (SELECT count(DISTINCT u.action_id) FROM provider_unit_answers u
          WHERE u.custom_row_id = r.id) = a.n)::int AS answered
      FROM communication_custom_rows r,
        (SELECT count(*)::int AS n FROM communication_actions WHERE communication_id = ? AND per_unit) a
      WHERE r.communication_id = ? AND r.organization_id = ?`,
      [id, id, supplierId],
    )
  ).rows[0] as { units: number; answered: number };
}

export interface EffectivenessCounts {
  consignees: number;
  notified: number;
  acknowledged: number;
  responded: number;
  completed: number;
}

/** The join of an affected customer's live provider communication (of the same event), as `pc`. */
export function liveProviderCommunication(customerId: string, communicationId: string) {
  return function joinPc(this: Knex.JoinClause) {
    this.on('pc.affected_customer_id', '=', customerId)
      .andOn('pc.communication_id', '=', communicationId)
      .andOnVal('pc.status', '<>', 'DELETED');
  };
}

/** One event's consignees (active affected customers) and how many were notified, acknowledged, responded, completed. */
export async function effectivenessCounts(
  db: Knex,
  supplierId: number,
  communicationId: number,
): Promise<EffectivenessCounts> {
  return (await db('communication_affected_customers as ac')
    .leftJoin('provider_communications as pc', liveProviderCommunication('ac.id', 'ac.communication_id'))
    .where({ 'ac.communication_id': communicationId, 'ac.organization_id': supplierId, 'ac.status': 'ACTIVE' })
    .first(
      db.raw('count(*)::int as consignees'),
      db.raw('count(pc.sent_at)::int as notified'),
      db.raw('count(pc.acknowledged_at)::int as acknowledged'),
      db.raw(
        `count(*) FILTER (WHERE pc.acknowledged_at IS NOT NULL OR pc.response_status = 'COMPLETED' OR EXISTS (SELECT 1 FROM provider_responses r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED'))::int as responded`,
      ),
      db.raw(`count(*) FILTER (WHERE pc.response_status = 'COMPLETED')::int as completed`),
    )) as EffectivenessCounts;
}

/** The names of the customers of some of an event's provider communications, by provider communication id. */
export async function customerNamesOf(
  db: Knex,
  communicationId: number,
  pcIds: number[],
): Promise<Map<number, string>> {
  const rows = (await db('provider_communications as pc')
    .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .where('pc.communication_id', communicationId)
    .whereRaw('pc.id = ANY(?::bigint[])', [pcIds])
    .select('pc.id', 'ac.name')) as { id: string; name: string }[];
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
