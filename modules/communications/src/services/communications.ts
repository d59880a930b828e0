import type { Knex } from 'knex';
import { type Actor, type ListPage, type ListSpec, parseListQuery, runList, type RowOf } from '@portal/core';
import { COMMUNICATION_TYPES, type CommunicationType, PERMISSION_OF_TYPE } from '../constants.js';
import { assertTypePermission, type CommunicationRow, loadOwnCommunication } from './access.js';
import { activeProductFields, checkCustomFields } from './product-fields.js';
import { defaultResponseDueDate } from './reminder-plans.js';
import { type LinkedFdaRecord, linkedFdaRecords } from '@portal/fda';
import type { communicationListRowSchema } from '../list-output-schemas.js';
import type { communicationActionSchema, communicationProductSchema } from '../communication-output-schemas.js';

/** An event's information (step 0), as the supplier writes it. */
export const INFO_FIELDS = [
  'type',
  'subtype',
  'name',
  'event_id',
  'classification',
  'reason',
  'description',
  'disposition',
  'lead_time',
  'event_date',
  'end_date',
  'contact_name',
  'contact_email',
  'contact_phone',
  /** Issue 32: null = set at send from the organisation's days for the class. */
  'response_due_date',
] as const;

export type CommunicationInfo = Partial<Record<(typeof INFO_FIELDS)[number], string | null>> & {
  type: CommunicationType;
  name: string;
};

export const pick = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

// ---------- list ----------

/** The supplier's event list; the operator's (every supplier's, operator-communications.ts) adds the supplier's name. */
export const communicationList: ListSpec = {
  fields: {
    id: 'c.id',
    name: 'c.name',
    event_id: 'c.event_id',
    status: 'c.status',
    type: 'c.type',
    subtype: 'c.subtype',
    classification: 'c.classification',
    created_at: 'c.created_at',
    updated_at: 'c.updated_at',
    approved_at: 'c.approved_at',
    event_date: 'c.event_date',
    response_due_date: 'c.response_due_date',
  },
  searchColumns: ['c.name', 'c.event_id'],
  defaultSort: [{ column: 'c.updated_at', direction: 'desc' }],
  // communications_list_recent_idx and communications_list_name_idx (per organisation and type).
  indexedSorts: ['updated_at:desc', 'name:asc'],
};

/** The exact number of the supplier's events of these types that the list shows, from the counters (no scan): a subquery. */
function communicationTotal(db: Knex, organizationId: number, types: CommunicationType[]): Knex.QueryBuilder {
  return db('communication_counts')
    .where('organization_id', organizationId)
    .whereIn('type', types)
    .whereNot('status', 'DELETED')
    .select(db.raw('coalesce(sum(n), 0)::bigint'));
}

export type CommunicationListRow = RowOf<typeof communicationListRowSchema>;

/** The columns of a `CommunicationListRow` read from `communications as c` (the counts come from its tallies). */
export const EVENT_LIST_COLUMNS = [
  'c.id',
  'c.name',
  'c.event_id',
  'c.type',
  'c.subtype',
  'c.status',
  'c.classification',
  'c.event_date',
  'c.response_due_date',
  'c.created_at',
  'c.updated_at',
  'c.approved_at',
];

/** The supplier's events of one type (or of every type the caller may see), with each event's counts from its tallies. */
export async function listCommunications(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown> & { communicationType?: CommunicationType },
): Promise<ListPage<CommunicationListRow>> {
  const types = raw.communicationType
    ? [raw.communicationType]
    : COMMUNICATION_TYPES.filter((t) => actor.permissions.includes(PERMISSION_OF_TYPE[t]));
  for (const t of types) assertTypePermission(actor, t);
  const query = parseListQuery(raw, communicationList);
  const base = db('communications as c')
    .where('c.organization_id', actor.organizationId)
    .whereIn('c.type', types)
    .whereNot('c.status', 'DELETED');
  const page = await runList<CommunicationListRow>(
    base,
    query,
    communicationList,
    'c.id',
    (qb) => qb.select(EVENT_LIST_COLUMNS),
    'c.updated_at',
    { total: communicationTotal(db, actor.organizationId, types), summaryInPage: true, perPageRow: withTallies(db) },
  );
  return page;
}

/**
 * The cut page's rows with their event's counts (communication_tallies, kept by triggers), in the page's own statement
 * (runList's `perPageRow`): one index lookup per row of the page, none for the rows a deep page skips.
 */
export function withTallies(db: Knex): (page: Knex.QueryBuilder) => Knex.QueryBuilder {
  return (page) =>
    db
      .select(
        'p.*',
        db.raw(`coalesce(t.customers, 0) AS customers_count, coalesce(t.sent, 0) AS sent_count,
          coalesce(t.acknowledged, 0) AS acknowledged_count, coalesce(t.completed, 0) AS completed_count`),
      )
      .from(page.as('p'))
      .joinRaw(
        `LEFT JOIN LATERAL (SELECT customers, sent, acknowledged, completed FROM communication_tallies
          WHERE communication_id = p.id) t ON true`,
      );
}

// ---------- one event ----------

export type ProductRow = RowOf<typeof communicationProductSchema>;

export type ActionRow = RowOf<typeof communicationActionSchema>;

export interface CommunicationDetail extends CommunicationRow {
  products: ProductRow[];
  actions: ActionRow[];
  customers_count: number;
  locations_count: number;
  provider_communications_count: number;
  /** Issue 15: the FDA records the event names (`fda_recall_numbers`), as the fda module knows them. */
  fda_records: LinkedFdaRecord[];
  /** Issue 32: the response-due date it would get if sent today without one (the wizard prefills it). */
  response_due_date_default: string | null;
}

const PRODUCT_COLUMNS = [
  'id',
  'sort_order',
  'product_name',
  'catalog_number',
  'lot_number',
  'udi',
  'description',
  'expiration_date',
  'quantity',
  'custom_fields',
];
const ACTION_COLUMNS = [
  'id',
  'sort_order',
  'action_type',
  'title',
  'description',
  'options',
  'is_required',
  'is_disabled',
  'per_unit',
  'due_date',
];

export async function getCommunication(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
): Promise<CommunicationDetail> {
  return communicationDetail(db, await loadOwnCommunication(db, actor, id));
}

/** An event already loaded (and checked) with its products, actions and counts. */
export async function communicationDetail(
  db: Knex | Knex.Transaction,
  row: CommunicationRow,
): Promise<CommunicationDetail> {
  const id = row.id;
  const [products, actions, customers, locations, pcs, fdaRecords, dueDefault] = await Promise.all([
    db('communication_products').where({ communication_id: id }).orderBy(['sort_order', 'id']).select(PRODUCT_COLUMNS),
    db('communication_actions').where({ communication_id: id }).orderBy(['sort_order', 'id']).select(ACTION_COLUMNS),
    db('communication_affected_customers')
      .where({ communication_id: id, status: 'ACTIVE' })
      .count<{ n: number }[]>({ n: '*' })
      .first(),
    db('communication_affected_locations').where({ communication_id: id }).count<{ n: number }[]>({ n: '*' }).first(),
    db('provider_communications')
      .where({ communication_id: id })
      .whereNot({ status: 'DELETED' })
      .count<{ n: number }[]>({ n: '*' })
      .first(),
    linkedFdaRecords(db, row.fda_recall_numbers ?? []),
    defaultResponseDueDate(db, row),
  ]);
  return {
    ...row,
    fda_records: fdaRecords,
    products: products as ProductRow[],
    actions: actions as ActionRow[],
    customers_count: Number((customers as { n: number } | undefined)?.n ?? 0),
    locations_count: Number((locations as { n: number } | undefined)?.n ?? 0),
    provider_communications_count: Number((pcs as { n: number } | undefined)?.n ?? 0),
    response_due_date_default: dueDefault,
  };
}

export { activeProductFields, checkCustomFields };
