import type { Knex } from 'knex';
import { cursorBatches, epochMsSql } from '@portal/core';
import {
  AFFECTED_LOCATION_COLUMNS,
  affectedCustomersView,
  affectedLocationsView,
  answerFilesView,
  type AnswerValue,
  answersView,
  historyView,
  type LocationColumnsRow,
  overdueSql,
  providerCommunicationsView,
} from '@portal/communications';
import { organizationsView, usersView } from '@portal/organizations';
import { liveProviderCommunication } from './report-figures.js';

/*
 * The statements of the reports, streamed by the caller (each report one statement read through a cursor, or keyset
 * batches): communications' rows read through its read views, which PostgreSQL pulls up, so each keeps the plan and
 * indexes it had on the tables.
 */

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
  /**
   * Submitted answers (drafts are not answers yet) as [action id, value, source, file names]: source Electronic or Paper
   * (keyed in); file names by file id (as text) for an Image or Document answer, else null.
   */
  answer_list: [number, AnswerValue, string, Record<string, string> | null][] | null;
  /** Issue 32: the response-due date (YYYY-MM-DD) and whether the notice is past it, open and unanswered. */
  due_date: string | null;
  overdue: boolean;
  /** "Not affected" answered: the reason and who said it ("reason (Name (email))"), else null. */
  not_affected: string | null;
}

/**
 * The Provider Status Report's rows: one statement (read through a cursor by `providerStatusBatches`), each live
 * provider communication with its customer, provider and submitted answers gathered by a subquery on (provider
 * communication, action) as `answer_list`. Shaped for a fast export: the recipients already joined with "; " and the
 * instants as milliseconds since the epoch. The select order is the order `providerStatusRow` reads.
 */
export function providerStatusQuery(db: Knex, supplierId: number, communicationId: number): Knex.QueryBuilder {
  return db
    .from(providerCommunicationsView(db).as('pc'))
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
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
      // A file answer's names come along (issue 33: the report names the files rather than counting them), read only for
      // answers that hold files, on response_files' (provider communication, action) index.
      db.raw(
        `(SELECT json_agg(json_build_array(r.action_id, r.value, r.source,
          CASE WHEN r.value -> 'valueDocument' IS NOT NULL OR r.value -> 'valueImage' IS NOT NULL THEN
            (SELECT json_object_agg(f.id, f.name) FROM ? f
              WHERE f.provider_communication_id = r.provider_communication_id AND f.action_id = r.action_id)
          END)) FROM ? r
        WHERE r.provider_communication_id = pc.id AND r.communication_id = ? AND r.supplier_organization_id = ? AND r.status = 'SUBMITTED') AS answer_list`,
        [answerFilesView(db), answersView(db), communicationId, supplierId],
      ),
      db.raw(`to_char(pc.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`${overdueSql('pc')} as overdue`),
      db.raw(
        `CASE WHEN pc.not_affected_at IS NOT NULL THEN pc.not_affected_reason || ' (' || pc.not_affected_by || ')' END as not_affected`,
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
    due_date: v[14] as string | null,
    overdue: v[15] as boolean,
    not_affected: v[16] as string | null,
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
  /** Issue 32: the notice's response-due date and whether it is past it, open and unanswered (false before sending). */
  due_date: string | null;
  overdue: boolean;
  not_affected: string | null;
}

/** One keyset batch of a communication's consignees (active affected customers) with their notice's progress. */
export async function consigneesAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<ConsigneeRow[]> {
  return (await db
    .from(affectedCustomersView(db).as('ac'))
    .leftJoin(providerCommunicationsView(db).as('pc'), liveProviderCommunication('ac.id', 'ac.communication_id'))
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
      db.raw('(SELECT count(*)::int FROM ? l WHERE l.affected_customer_id = ac.id) as locations', [
        affectedLocationsView(db),
      ]),
      db.raw(
        `coalesce(EXISTS (SELECT 1 FROM ? r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED'), false) as answered`,
        [answersView(db)],
      ),
      db.raw(`to_char(pc.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`coalesce(${overdueSql('pc')}, false) as overdue`),
      db.raw(
        `CASE WHEN pc.not_affected_at IS NOT NULL THEN pc.not_affected_reason || ' (' || pc.not_affected_by || ')' END as not_affected`,
      ),
    )) as ConsigneeRow[];
}

export interface LocationStatusRow extends LocationColumnsRow {
  id: number;
  customer_name: string | null;
  pc_status: string | null;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  response_status: string | null;
  completed_at: Date | null;
  /** Issue 32: its customer's notice's response-due date, and whether that notice is overdue. */
  due_date: string | null;
  overdue: boolean;
  not_affected: string | null;
}

/** One keyset batch of a communication's affected locations with their customer and its notice's progress. */
export async function locationStatusAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  after: number,
  size: number,
): Promise<LocationStatusRow[]> {
  return (await db
    .from(affectedLocationsView(db).as('l'))
    .leftJoin(affectedCustomersView(db).as('ac'), 'ac.id', 'l.affected_customer_id')
    .leftJoin(
      providerCommunicationsView(db).as('pc'),
      liveProviderCommunication('l.affected_customer_id', 'l.communication_id'),
    )
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
      db.raw(`to_char(pc.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`coalesce(${overdueSql('pc')}, false) as overdue`),
      db.raw(
        `CASE WHEN pc.not_affected_at IS NOT NULL THEN pc.not_affected_reason || ' (' || pc.not_affected_by || ')' END as not_affected`,
      ),
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

/** One keyset batch of a communication's history (only the changes after approval with `changesOnly`), with who and whom. */
export async function historyAfter(
  db: Knex,
  supplierId: number,
  communicationId: number,
  changesOnly: boolean,
  after: number,
  size: number,
): Promise<HistoryReportRow[]> {
  return (await db
    .from(historyView(db).as('h'))
    .leftJoin(usersView(db).as('u'), 'u.id', 'h.actor_user_id')
    .leftJoin(providerCommunicationsView(db).as('pc'), 'pc.id', 'h.provider_communication_id')
    .leftJoin(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
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
