import type { Knex } from 'knex';
import { cursorBatches, epochMsSql } from '@portal/core';
import { organizationsView, usersView } from '@portal/organizations';
import type { ActionType } from '../constants.js';
import { type AffectedLocationFields, AFFECTED_LOCATION_COLUMNS } from './locations.js';
import type { ResponseValue } from './responses.js';

/*
 * What the reports and paper responses read of this module's tables (issue 10, docs/decisions.md): read views they
 * join beside their own rows, and the statements of reports that are about this module's rows only, built here and
 * streamed by the caller (each report stays one streaming statement, or keyset batches, as before).
 */

// ---------- views ----------

/** Events with the columns the summary reports show and the operator's filters read (`applyOperatorFilters`). */
export function eventsView(db: Knex): Knex.QueryBuilder {
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
export function talliedEventsView(db: Knex): Knex.QueryBuilder {
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
export function noticeCountsView(db: Knex, org: number | null): Knex.QueryBuilder {
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
export function customerNoticesView(db: Knex): Knex.QueryBuilder {
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

// ---------- one event's figures ----------

/** One event's active affected customers, and its live provider communications by status and response status. */
export async function eventNoticeCounts(
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
    notices: notices as Awaited<ReturnType<typeof eventNoticeCounts>>['notices'],
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
export async function eventActions(
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
function liveNotice(customerId: string, communicationId: string) {
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
    .leftJoin('provider_communications as pc', liveNotice('ac.id', 'ac.communication_id'))
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

// ---------- report statements (streamed by the caller) ----------

export interface ProviderStatusRow {
  id: number;
  provider_organization_id: number | null;
  customer_name: string;
  provider_name: string | null;
  /** The customer's emails joined with "; ". */
  recipients: string;
  status: string;
  /** Instants as milliseconds since the epoch. */
  sent_ms: number | null;
  last_notified_ms: number | null;
  acknowledged_ms: number | null;
  acknowledged_by: string | null;
  response_status: string;
  completed_ms: number | null;
  reminder_count: number;
  /** Submitted answers (drafts are not answers yet) as [action id, value, source]: Electronic or Paper (keyed in). */
  answer_list: [number, ResponseValue, string][] | null;
}

/**
 * The Provider Status Report's rows: one statement (read through a cursor by `providerStatusBatches`), each live
 * provider communication with its customer, provider and submitted answers gathered by a subquery on (provider
 * communication, action) as `answer_list`. Shaped for a fast export: the recipients already joined with "; " and the
 * instants as milliseconds since the epoch. The select order is the order `providerStatusRow` reads.
 */
export function providerStatusQuery(db: Knex, supplierId: number, communicationId: number): Knex.QueryBuilder {
  return db('provider_communications as pc')
    .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .where({ 'pc.supplier_organization_id': supplierId, 'pc.communication_id': communicationId })
    .whereNot('pc.status', 'DELETED')
    .orderBy('pc.id')
    .select(
      'pc.id',
      'pc.provider_organization_id',
      'ac.name as customer_name',
      'po.name as provider_name',
      db.raw(`array_to_string(ac.emails, '; ') as recipients`),
      'pc.status',
      db.raw(`${epochMsSql('pc.sent_at')} as sent_ms`),
      db.raw(`${epochMsSql('pc.last_notified_at')} as last_notified_ms`),
      db.raw(`${epochMsSql('pc.acknowledged_at')} as acknowledged_ms`),
      'pc.acknowledged_by',
      'pc.response_status',
      db.raw(`${epochMsSql('pc.completed_at')} as completed_ms`),
      'pc.reminder_count',
      db.raw(
        `(SELECT json_agg(json_build_array(r.action_id, r.value, r.source)) FROM provider_responses r
        WHERE r.provider_communication_id = pc.id AND r.communication_id = ? AND r.supplier_organization_id = ? AND r.status = 'SUBMITTED') AS answer_list`,
        [communicationId, supplierId],
      ),
    );
}

/** A row of `providerStatusQuery` read as an array (one object literal, one shape, instead of pg's per-field build). */
function providerStatusRow(v: unknown[]): ProviderStatusRow {
  return {
    id: v[0] as number,
    provider_organization_id: v[1] as number | null,
    customer_name: v[2] as string,
    provider_name: v[3] as string | null,
    recipients: v[4] as string,
    status: v[5] as string,
    sent_ms: v[6] as number | null,
    last_notified_ms: v[7] as number | null,
    acknowledged_ms: v[8] as number | null,
    acknowledged_by: v[9] as string | null,
    response_status: v[10] as string,
    completed_ms: v[11] as number | null,
    reminder_count: v[12] as number,
    answer_list: v[13] as ProviderStatusRow['answer_list'],
  };
}

/** The Provider Status Report's rows in batches of `size`, through one cursor. */
export async function* providerStatusBatches(
  db: Knex,
  supplierId: number,
  communicationId: number,
  size: number,
): AsyncGenerator<ProviderStatusRow[]> {
  const query = providerStatusQuery(db, supplierId, communicationId);
  for await (const batch of cursorBatches<unknown[]>(query, size, 'array')) yield batch.map(providerStatusRow);
}

export interface ConsigneeRow {
  id: number;
  name: string;
  provider_name: string | null;
  emails: string[];
  source: string;
  locations: number;
  pc_status: string | null;
  sent_at: Date | null;
  last_notified_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  response_status: string | null;
  completed_at: Date | null;
  answered: boolean;
}

/** One keyset batch of an event's consignees (active affected customers) with their notice's progress. */
export async function consigneesAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<ConsigneeRow[]> {
  return (await db('communication_affected_customers as ac')
    .leftJoin('provider_communications as pc', liveNotice('ac.id', 'ac.communication_id'))
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'ac.provider_organization_id')
    .where({ 'ac.communication_id': communicationId, 'ac.organization_id': supplierId, 'ac.status': 'ACTIVE' })
    .where('ac.id', '>', after)
    .orderBy('ac.id')
    .limit(size)
    .select(
      'ac.id',
      'ac.name',
      'po.name as provider_name',
      'ac.emails',
      'ac.source',
      'pc.status as pc_status',
      'pc.sent_at',
      'pc.last_notified_at',
      'pc.acknowledged_at',
      'pc.acknowledged_by',
      'pc.response_status',
      'pc.completed_at',
      db.raw(
        '(SELECT count(*)::int FROM communication_affected_locations l WHERE l.affected_customer_id = ac.id) as locations',
      ),
      db.raw(
        `coalesce(EXISTS (SELECT 1 FROM provider_responses r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED'), false) as answered`,
      ),
    )) as ConsigneeRow[];
}

export interface LocationStatusRow extends AffectedLocationFields {
  customer_name: string | null;
  pc_status: string | null;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  response_status: string | null;
  completed_at: Date | null;
}

/** One keyset batch of an event's affected locations with their customer and its notice's progress. */
export async function locationStatusAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<LocationStatusRow[]> {
  return (await db('communication_affected_locations as l')
    .leftJoin('communication_affected_customers as ac', 'ac.id', 'l.affected_customer_id')
    .leftJoin('provider_communications as pc', liveNotice('l.affected_customer_id', 'l.communication_id'))
    .where({ 'l.communication_id': communicationId, 'l.organization_id': supplierId })
    .where('l.id', '>', after)
    .orderBy('l.id')
    .limit(size)
    .select(
      ...AFFECTED_LOCATION_COLUMNS,
      'ac.name as customer_name',
      'pc.status as pc_status',
      'pc.sent_at',
      'pc.acknowledged_at',
      'pc.response_status',
      'pc.completed_at',
    )) as LocationStatusRow[];
}

export interface HistoryReportRow {
  id: number;
  created_at: Date;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  customer_name: string | null;
  before: unknown;
  after: unknown;
}

/** One keyset batch of an event's history (only the changes after approval with `changesOnly`), with who and whom. */
export async function historyAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  changesOnly: boolean,
  after: number,
  size: number,
): Promise<HistoryReportRow[]> {
  return (await db('communication_history as h')
    .leftJoin(usersView(db).as('u'), 'u.id', 'h.actor_user_id')
    .leftJoin('provider_communications as pc', 'pc.id', 'h.provider_communication_id')
    .leftJoin('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .where({ 'h.communication_id': communicationId, 'h.organization_id': supplierId })
    .modify((q) => {
      if (changesOnly) q.where('h.is_change', true);
    })
    .where('h.id', '>', after)
    .orderBy('h.id')
    .limit(size)
    .select(
      'h.id',
      'h.created_at',
      'h.actor_email',
      'h.action',
      'h.entity_type',
      'h.entity_id',
      'h.before',
      'h.after',
      'ac.name as customer_name',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`),
    )) as HistoryReportRow[];
}

export interface NoticeRecipientRow {
  id: number;
  customer_name: string;
  provider_name: string | null;
  emails: string[];
}

/** One keyset batch of an event's live provider communications with their customer, provider and recipients. */
export async function noticeRecipientsAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<NoticeRecipientRow[]> {
  return (await db('provider_communications as pc')
    .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .where({ 'pc.supplier_organization_id': supplierId, 'pc.communication_id': communicationId })
    .whereNot('pc.status', 'DELETED')
    .where('pc.id', '>', after)
    .orderBy('pc.id')
    .limit(size)
    .select('pc.id', 'ac.name as customer_name', 'po.name as provider_name', 'ac.emails')) as NoticeRecipientRow[];
}
