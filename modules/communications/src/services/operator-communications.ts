import type { Knex } from 'knex';
import { vocabularyLabel } from '@portal/vocabulary';
import {
  type Actor,
  applyListFilters,
  ConflictError,
  COUNT_CAP,
  cursorBatches,
  type FileResult,
  ForbiddenError,
  isOperator,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  type ReportColumn,
  reportFile,
  type ReportFormat,
  runList,
  sheet,
  transaction,
} from '@portal/core';
import { linkedFdaRecords } from '@portal/fda';
import { findOrganizationCard, type OrganizationCard, organizationsView } from '@portal/organizations';
import { COMMUNICATION_TYPES, type CommunicationType } from '../constants.js';
import { Communication } from '../models/Communication.js';
import type { CommunicationRow } from './access.js';
import { customRowCustomers, customRowsPage } from './custom-content.js';
import {
  withTallies,
  type CommunicationDetail,
  type CommunicationListRow,
  communicationDetail,
  EVENT_LIST_COLUMNS,
  communicationList,
  INFO_FIELDS,
} from './communications.js';
import { markDraftDeleted } from './communication-lifecycle.js';
import { type DocumentRow, documentOfAnyCommunication, documentsOfCommunication } from './documents.js';
import { appendHistory, type HistoryRow, listHistory } from './history.js';
import { communicationColumn } from './report-columns.js';

/**
 * The operator's view of every supplier's events (spec 001 §7.10, `/notisphere/communications`): a list across tenants,
 * a read-only view with histories and documents, copy and delete on the supplier's behalf, and the Recalls Report.
 * Only an operator organisation may call these (403 otherwise, whatever its permissions).
 */
/** Any event's customer rows for the operator (View Recall, read-only). */
export async function operatorCustomRows(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object & { provider_organization_id?: number },
) {
  assertOperator(actor);
  return customRowsPage(db, await loadAnyCommunication(db, id), raw);
}

export async function operatorCustomRowCustomers(db: Knex, actor: Actor, id: number) {
  assertOperator(actor);
  return customRowCustomers(db, await loadAnyCommunication(db, id));
}

export function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new ForbiddenError();
}

export const EVENT_STATUSES = ['DRAFT', 'OPEN', 'CLOSED'] as const;
/** Provider progress of an event: every notice sent is completed, or some are still in progress. */
export const PROVIDER_STATUSES = ['COMPLETED', 'NOTCOMPLETED'] as const;

/** The filters shared by the list, the Recalls Report and the Event Summary Report. */
export interface OperatorCommunicationFilters {
  status?: (typeof EVENT_STATUSES)[number];
  statusProvider?: (typeof PROVIDER_STATUSES)[number];
  organizationId?: number;
  category?: CommunicationType;
}

/**
 * Narrows a query over `communications as c` to live events and the filters. `statusProvider` reads the event's tallies
 * (one row per event), so it needs no scan of the provider communications.
 */
export function applyOperatorFilters(qb: Knex.QueryBuilder, f: OperatorCommunicationFilters): Knex.QueryBuilder {
  qb.whereNot('c.status', 'DELETED');
  if (f.status) qb.where('c.status', f.status);
  if (f.organizationId) qb.where('c.organization_id', f.organizationId);
  if (f.category) qb.where('c.type', f.category);
  if (f.statusProvider)
    qb.whereExists((q) =>
      q
        .from('communication_tallies as ct')
        .whereRaw('ct.communication_id = c.id AND ct.sent > 0')
        .whereRaw(f.statusProvider === 'COMPLETED' ? 'ct.completed >= ct.sent' : 'ct.completed < ct.sent'),
    );
  return qb;
}

const operatorList: ListSpec = {
  fields: { ...communicationList.fields, supplier_name: 'o.name' },
  searchColumns: [...communicationList.searchColumns, 'o.name'],
  defaultSort: [{ column: 'c.updated_at', direction: 'desc' }],
  // communications_operator_recent_idx / _type_recent_idx and communications_operator_name_idx (20261124020000).
  indexedSorts: ['updated_at:desc', 'name:asc'],
};

export interface OperatorCommunicationRow extends CommunicationListRow {
  organization_id: number;
  supplier_name: string;
  /** COMPLETED when every notice sent is completed, NOTCOMPLETED while some are in progress, null before sending. */
  status_provider: 'COMPLETED' | 'NOTCOMPLETED' | null;
  fda_recall_numbers?: string[] | null;
  /** The FDA recalls the event names: their classification and status, beside the event's own. */
  fda: { recall_number: string; found: boolean; classification: string | null; status: string | null }[];
}

export type OperatorListQuery = Record<string, unknown> &
  OperatorCommunicationFilters & { communicationType?: CommunicationType };

function typesOf(q: { communicationType?: CommunicationType; category?: CommunicationType }): CommunicationType[] {
  return q.communicationType ? [q.communicationType] : [...COMMUNICATION_TYPES];
}

/**
 * The exact total from the counters (communication_counts, per organisation, type and status) when the filters are
 * counter keys; a provider-status filter is counted up to COUNT_CAP like a search.
 */
function operatorTotal(db: Knex, q: OperatorListQuery, filtered: Knex.QueryBuilder): Knex.QueryBuilder {
  if (q.statusProvider)
    return db
      .queryBuilder()
      .count({ n: '*' })
      .from(
        filtered
          .clone()
          .clearSelect()
          .select(db.raw('1'))
          .limit(COUNT_CAP + 1)
          .as('capped'),
      );
  const counters = db('communication_counts')
    .whereIn('type', typesOf(q))
    .whereNot('status', 'DELETED')
    .select(db.raw('coalesce(sum(n), 0)::bigint'));
  if (q.category) counters.where('type', q.category);
  if (q.status) counters.where('status', q.status);
  if (q.organizationId) counters.where('organization_id', q.organizationId);
  return counters;
}

/** Every supplier's events (both types, or `communicationType`), newest change first, with each event's counts. */
export async function listOperatorCommunications(
  db: Knex,
  actor: Actor,
  raw: OperatorListQuery,
): Promise<ListPage<OperatorCommunicationRow>> {
  assertOperator(actor);
  const query = parseListQuery(raw, operatorList);
  const base = applyOperatorFilters(
    db('communications as c')
      .join(organizationsView(db).as('o'), 'o.id', 'c.organization_id')
      .whereIn('c.type', typesOf(raw)),
    raw,
  );
  const page = await runList<OperatorCommunicationRow>(
    base,
    query,
    operatorList,
    'c.id',
    (qb) => qb.select(...EVENT_LIST_COLUMNS, 'c.organization_id', 'c.fda_recall_numbers', 'o.name as supplier_name'),
    'c.updated_at',
    {
      total: operatorTotal(db, raw, base),
      // Walks communications_operator_*recent_idx (runList's own probe orders NULLS FIRST, which no index here serves).
      latest: base.clone().orderByRaw('c.updated_at DESC NULLS LAST').limit(1).select('c.updated_at'),
      perPageRow: withTallies(db),
    },
  );
  // A provider-status total came from a capped count (above): clamp it like runList does for a search.
  if (raw.statusProvider && page.total > COUNT_CAP) {
    page.total = COUNT_CAP;
    page.totalCapped = true;
  }
  // The page's FDA recall numbers, looked up together (one statement per FDA table for the whole page).
  const linked = new Map(
    (await linkedFdaRecords(db, [...new Set(page.items.flatMap((i) => i.fda_recall_numbers ?? []))])).map((r) => [
      r.recall_number,
      r,
    ]),
  );
  for (const item of page.items) {
    item.status_provider = providerStatus(item.sent_count, item.completed_count);
    item.fda = (item.fda_recall_numbers ?? []).map((n) => {
      const r = linked.get(n);
      return {
        recall_number: n,
        found: Boolean(r?.found),
        classification: r?.classification ?? null,
        status: r?.status ?? null,
      };
    });
    delete item.fda_recall_numbers;
  }
  return page;
}

function providerStatus(sent: number, completed: number): OperatorCommunicationRow['status_provider'] {
  if (!sent) return null;
  return completed >= sent ? 'COMPLETED' : 'NOTCOMPLETED';
}

/** A live event of any supplier (404 for a deleted or missing one). */
async function loadAnyCommunication(
  db: Knex | Knex.Transaction,
  id: number,
  forUpdate = false,
): Promise<Communication> {
  const q = Communication.query(db).findById(id).whereNot({ status: 'DELETED' });
  if (forUpdate) q.forUpdate();
  const row = await q;
  if (!row) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  return row;
}

export interface OperatorCommunicationDetail extends CommunicationDetail {
  supplier_name: string;
  documents: DocumentRow[];
}

/** One event as its supplier sees it (products, actions, counts), with its supplier and documents; read-only. */
export async function getOperatorCommunication(
  db: Knex,
  secret: string,
  actor: Actor,
  id: number,
): Promise<OperatorCommunicationDetail> {
  assertOperator(actor);
  const row = await loadAnyCommunication(db, id);
  const [detail, supplier, documents] = await Promise.all([
    communicationDetail(db, row),
    findOrganizationCard(db, row.organization_id) as Promise<OrganizationCard>,
    documentsOfCommunication(db, secret, id),
  ]);
  return { ...detail, supplier_name: supplier.name, documents };
}

export async function operatorCommunicationHistories(db: Knex, actor: Actor, id: number): Promise<HistoryRow[]> {
  assertOperator(actor);
  await loadAnyCommunication(db, id);
  return listHistory(db, id);
}

export async function operatorDocument(db: Knex, secret: string, actor: Actor, documentId: number) {
  assertOperator(actor);
  return documentOfAnyCommunication(db, secret, documentId);
}

/**
 * The information a copy takes: all but the supplier's own event id, which is unique per supplier, and the
 * response-due date, which belongs to a send (the copy gets its own when it is sent).
 */
const COPIED_FIELDS = INFO_FIELDS.filter(
  (k): k is Exclude<(typeof INFO_FIELDS)[number], 'event_id' | 'response_due_date'> =>
    k !== 'event_id' && k !== 'response_due_date',
);

/**
 * Copy: a new DRAFT in the event's supplier organisation with the event's information (step 0), products (step 1) and
 * actions (step 2), for the supplier to complete and send. Recipients, documents, answers and the supplier's own event
 * id are not copied (the event id is unique per supplier; recipients are chosen anew). Recorded in the new event's
 * history and in the audit history under the supplier, with the operator's identity.
 */
export async function copyOperatorCommunication(
  db: Knex,
  actor: Actor,
  id: number,
  requestId?: string,
): Promise<CommunicationDetail> {
  assertOperator(actor);
  const copy = await transaction(db, async (trx) => {
    const source = await loadAnyCommunication(trx, id);
    const values = Object.fromEntries(COPIED_FIELDS.map((k) => [k, source[k] ?? null])) as Partial<CommunicationRow>;
    const name = `Copy of ${source.name}`.slice(0, 200);
    const copy = await Communication.query(trx).insert({
      ...values,
      name,
      organization_id: source.organization_id,
      status: 'DRAFT',
      current_step: Math.min(source.current_step, 2),
      created_by: actor.userId,
    });
    // Products and actions in one INSERT ... SELECT each: an event may hold thousands of products.
    await trx.raw(
      `INSERT INTO communication_products (communication_id, organization_id, sort_order, product_name, catalog_number,
         lot_number, udi, description, expiration_date, quantity, custom_fields)
       SELECT ?, organization_id, sort_order, product_name, catalog_number, lot_number, udi, description,
         expiration_date, quantity, custom_fields
       FROM communication_products WHERE communication_id = ? ORDER BY sort_order, id`,
      [copy.id, id],
    );
    await trx.raw(
      `INSERT INTO communication_actions (communication_id, organization_id, sort_order, action_type, title, description,
         options, is_required, is_disabled)
       SELECT ?, organization_id, sort_order, action_type, title, description, options, is_required, is_disabled
       FROM communication_actions WHERE communication_id = ? ORDER BY sort_order, id`,
      [copy.id, id],
    );
    await appendHistory(trx, actor, {
      communicationId: copy.id,
      organizationId: source.organization_id,
      action: 'CREATED',
      entityType: 'communication',
      entityId: copy.id,
      after: { ...values, name, copied_from: id },
    });
    await recordAudit(trx, actor, {
      organizationId: source.organization_id,
      action: 'OPERATOR_COPIED_COMMUNICATION',
      entityType: 'communication',
      entityId: copy.id,
      after: { copied_from: id, name },
      requestId,
    });
    return copy;
  });
  // Read after the commit: the detail's parallel reads cannot share the transaction's one connection. The row is read
  // again too: the insert's model holds only the inserted columns (no timestamps, event_id, FDA numbers).
  return communicationDetail(db, await loadAnyCommunication(db, copy.id));
}

/**
 * Delete on the supplier's behalf: soft (status DELETED, kept), only for a DRAFT (an approved event has gone or is
 * going to its recipients: 409), and `supplierId` must be the event's supplier (404 otherwise, as for a missing event).
 * Recorded in the event's history and in the audit history under the supplier, with the operator's identity.
 */
export async function deleteOperatorCommunication(
  db: Knex,
  actor: Actor,
  id: number,
  supplierId: number,
  requestId?: string,
): Promise<void> {
  assertOperator(actor);
  await transaction(db, async (trx) => {
    const event = await loadAnyCommunication(trx, id, true);
    if (Number(event.organization_id) !== supplierId) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    if (event.status !== 'DRAFT') throw new ConflictError('NOT_DELETABLE.operator', { status: event.status });
    await markDraftDeleted(trx, actor, id, supplierId);
    await recordAudit(trx, actor, {
      organizationId: supplierId,
      action: 'OPERATOR_DELETED_COMMUNICATION',
      entityType: 'communication',
      entityId: id,
      before: { status: 'DRAFT', name: event.name },
      after: { status: 'DELETED' },
      requestId,
    });
  });
}

// ---------- Recalls Report ----------

interface RecallsReportRow {
  id: number;
  name: string;
  event_id: string | null;
  supplier_name: string;
  type: string;
  subtype: string | null;
  classification: string | null;
  status: string;
  event_date: string | null;
  created_at: Date;
  approved_at: Date | null;
  first_sent_at: Date | null;
  closed_at: Date | null;
  updated_at: Date;
  customers: number;
  sent: number;
  acknowledged: number;
  completed: number;
  response_due_date: string | null;
}

const recallsColumns: ReportColumn<RecallsReportRow>[] = [
  communicationColumn.name,
  communicationColumn.eventId,
  { header: 'Supplier', value: (r) => r.supplier_name, width: 28 },
  { header: 'Type', value: (r) => vocabularyLabel('communicationType', r.type), width: 18 },
  communicationColumn.subtype,
  communicationColumn.classification,
  { header: 'Status', value: (r) => vocabularyLabel('communicationStatus', r.status), width: 10 },
  {
    header: 'Provider Status',
    value: (r) => {
      const s = providerStatus(r.sent, r.completed);
      return s ? vocabularyLabel('responseStatus', s) : '';
    },
    width: 14,
  },
  communicationColumn.eventDate,
  { header: 'Created At', value: (r) => r.created_at, kind: 'datetime' },
  communicationColumn.approvedAt,
  communicationColumn.firstSentAt,
  communicationColumn.closedAt,
  { header: 'Last Updated', value: (r) => r.updated_at, kind: 'datetime' },
  communicationColumn.customers,
  { header: 'Notified', value: (r) => r.sent, kind: 'number', width: 10 },
  communicationColumn.acknowledged,
  communicationColumn.completed,
  // Issue 32: last, so the columns before keep their places.
  { header: 'Response Due', value: (r) => r.response_due_date, kind: 'date', width: 12 },
];

/**
 * "Recalls Report MM-DD-YYYY": every live event matching the filters (and the list's `search` and `filterModel`),
 * newest change first, in one statement read through a cursor, with each event's counts from its tallies.
 */
export function recallsReport(
  db: Knex,
  actor: Actor,
  filters: OperatorCommunicationFilters & { search?: string; filterModel?: string },
  format: ReportFormat,
  timeZone: string,
  onError: (err: unknown) => void,
): FileResult {
  assertOperator(actor);
  const query = applyOperatorFilters(
    db('communications as c')
      .join(organizationsView(db).as('o'), 'o.id', 'c.organization_id')
      .leftJoin('communication_tallies as ct', 'ct.communication_id', 'c.id'),
    filters,
  )
    .orderByRaw('c.updated_at DESC NULLS LAST, c.id')
    .select(
      'c.id',
      'c.name',
      'c.event_id',
      'o.name as supplier_name',
      'c.type',
      'c.subtype',
      'c.classification',
      'c.status',
      db.raw(`to_char(c.event_date, 'YYYY-MM-DD') as event_date`),
      'c.created_at',
      'c.approved_at',
      'c.first_sent_at',
      'c.closed_at',
      'c.updated_at',
      db.raw('coalesce(ct.customers, 0) as customers'),
      db.raw('coalesce(ct.sent, 0) as sent'),
      db.raw('coalesce(ct.acknowledged, 0) as acknowledged'),
      db.raw('coalesce(ct.completed, 0) as completed'),
      db.raw(`to_char(c.response_due_date, 'YYYY-MM-DD') as response_due_date`),
    );
  // The grid's search and column filters too, so the file holds what the operator sees (same whitelist: 400 otherwise).
  applyListFilters(query, parseListQuery(filters, operatorList), operatorList);
  return reportFile(
    'Recalls Report',
    format,
    [sheet({ name: 'Recalls', columns: recallsColumns, rows: cursorBatches<RecallsReportRow>(query) })],
    timeZone,
    onError,
  );
}
