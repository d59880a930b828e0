import type { Knex } from 'knex';
import { type Actor, type ListPage, type ListSpec, parseListQuery, runList } from '@portal/core';
import { type CommunicationRow, loadOwnCommunication } from '@portal/communications';
import { findUserCard, usersView } from '@portal/organizations';

/** The names report downloads are recorded under (report_history.report_type). */
export const REPORT_TYPES = {
  providerStatus: 'ProviderStatusReport',
  fdaEffectiveness: 'FDAEffectivenessReport',
  changeHistory: 'ChangeHistoryReport',
  audit: 'AuditReport',
  recallEventStatus: 'RecallEventStatusReport',
  eventStatusByLocation: 'EventStatusByLocationReport',
  summary: 'RecallEventsSummaryReport',
  notification: 'NotificationReport',
  productTemplate: 'ProductTemplate',
} as const;

/** A client-named report type: letters, digits, dash, underscore (never free text). */
export const REPORT_TYPE_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

export interface ReportHistoryRow {
  id: number;
  report_type: string;
  created_by: number | null;
  created_by_name: string | null;
  created_by_email: string | null;
  created_at: Date;
}

/** Records that the caller generated a report of one of their events (inside their transaction when given). */
export async function recordReport(
  db: Knex | Knex.Transaction,
  actor: Actor,
  communicationId: number,
  reportType: string,
): Promise<ReportHistoryRow> {
  const [row] = await db('report_history')
    .insert({
      communication_id: communicationId,
      organization_id: actor.organizationId,
      report_type: reportType,
      created_by: actor.userId,
    })
    .returning(['id', 'report_type', 'created_by', 'created_at']);
  const user = await findUserCard(db, actor.userId);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return {
    ...(row as Omit<ReportHistoryRow, 'created_by_name' | 'created_by_email'>),
    created_by_name: name || null,
    created_by_email: user?.email ?? actor.email,
  };
}

/** The checks every report of one event starts with: the caller's own event (404 otherwise), and the download recorded. */
export async function openCommunicationReport(
  db: Knex,
  actor: Actor,
  communicationId: number,
  reportType: string,
): Promise<CommunicationRow> {
  const event = await loadOwnCommunication(db, actor, communicationId);
  await recordReport(db, actor, communicationId, reportType);
  return event;
}

export async function addReportHistory(
  db: Knex,
  actor: Actor,
  communicationId: number,
  reportType: string,
): Promise<ReportHistoryRow> {
  await loadOwnCommunication(db, actor, communicationId);
  return recordReport(db, actor, communicationId, reportType);
}

const historyList: ListSpec = {
  fields: { created_at: 'r.created_at', report_type: 'r.report_type', created_by_email: 'u.email' },
  searchColumns: ['u.email', 'u.first_name', 'u.last_name'],
  defaultSort: [{ column: 'r.created_at', direction: 'desc' }],
};

/** Who generated reports of this type for the event, newest first (paged like every list). */
export async function listReportHistory(
  db: Knex,
  actor: Actor,
  communicationId: number,
  reportType: string,
  raw: object,
): Promise<ListPage<ReportHistoryRow>> {
  await loadOwnCommunication(db, actor, communicationId);
  const query = parseListQuery(raw, historyList);
  const base = db('report_history as r').leftJoin(usersView(db).as('u'), 'u.id', 'r.created_by').where({
    'r.communication_id': communicationId,
    'r.organization_id': actor.organizationId,
    'r.report_type': reportType,
  });
  return runList<ReportHistoryRow>(
    base,
    query,
    historyList,
    'r.id',
    (qb) =>
      qb.select(
        'r.id',
        'r.report_type',
        'r.created_by',
        'r.created_at',
        'u.email as created_by_email',
        db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as created_by_name`),
      ),
    'r.created_at',
  );
}

/** A report-history row an organisation adds for one of its reports of an event (the provider's own downloads). */
export async function insertReportHistory(
  trx: Knex | Knex.Transaction,
  row: { communicationId: number; organizationId: number; reportType: string; userId: number },
): Promise<Record<string, unknown> & { id: number }> {
  const [inserted] = await trx('report_history')
    .insert({
      communication_id: row.communicationId,
      organization_id: row.organizationId,
      report_type: row.reportType,
      created_by: row.userId,
    })
    .returning('*');
  return inserted as Record<string, unknown> & { id: number };
}

/** An organisation's report history of one event, newest first, with who made each (`reportType` or `all`). */
export function reportHistoryOf(
  db: Knex,
  where: { communicationId: number; organizationId: number; reportType: string },
): Knex.QueryBuilder {
  const q = db('report_history as r')
    .leftJoin(usersView(db).as('u'), 'u.id', 'r.created_by')
    .where({ 'r.communication_id': where.communicationId, 'r.organization_id': where.organizationId })
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .select('r.id', 'r.report_type', 'r.created_at', 'u.email as created_by_email');
  if (where.reportType !== 'all') q.where('r.report_type', where.reportType);
  return q;
}
