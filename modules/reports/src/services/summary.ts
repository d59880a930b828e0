import type { Knex } from 'knex';
import { vocabularyLabel } from '@portal/vocabulary';
import {
  type Actor,
  cursorBatches,
  epochMsSql,
  type FileResult,
  type ReportColumn,
  sheet,
  ValidationError,
  type RowOf,
} from '@portal/core';
import {
  COMMUNICATION_TYPES,
  communicationColumn,
  communicationsView,
  PERMISSION_OF_TYPE,
} from '@portal/communications';
import {
  applyOperatorFilters,
  assertOperator,
  assertTypePermission,
  loadOwnCommunication,
  type OperatorCommunicationFilters,
} from '@portal/communications';
import { engagementOf, outboxView } from '@portal/notifications';
import { organizationsView } from '@portal/organizations';
import { fileOf, percent, type ReportContext, type ReportFormat } from './event-reports.js';
import { customerCounts, providerCommunicationCounts, providerCommunicationTotals } from './report-figures.js';
import { openCommunicationReport, REPORT_TYPES } from './report-history.js';
import type { eventSummarySchema } from '../output-schemas.js';

export const EMAIL_STATUSES = ['DRAFT', 'DELIVERY', 'SENT', 'ERROR', 'Bounce'] as const;

export type EventSummary = RowOf<typeof eventSummarySchema>;

/** The numbers of one event's notice, in four grouped queries. */
export async function getEventSummary(db: Knex, actor: Actor, id: number): Promise<EventSummary> {
  const event = await loadOwnCommunication(db, actor, id);
  const [counts, emails, engagement] = await Promise.all([
    providerCommunicationCounts(db, actor.organizationId, id),
    db
      .from(outboxView(db).as('o'))
      .where({ reference_type: 'communication', reference_id: String(id), organization_id: actor.organizationId })
      .groupBy('status')
      .select('status', db.raw('count(*)::int as n')),
    engagementOf(db, {
      reference_type: 'communication',
      reference_id: String(id),
      organization_id: actor.organizationId,
    }),
  ]);
  const byStatus: Record<string, number> = { OPEN: 0, CLOSED: 0 };
  const byResponse = { COMPLETED: 0, NOTCOMPLETED: 0 };
  let total = 0;
  let acknowledged = 0;
  for (const r of counts.notices) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    byResponse[r.response_status] += r.n;
    total += r.n;
    acknowledged += r.acknowledged;
  }
  const emailByStatus = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<
    (typeof EMAIL_STATUSES)[number],
    number
  >;
  let emailTotal = 0;
  for (const r of emails as { status: (typeof EMAIL_STATUSES)[number]; n: number }[]) {
    emailByStatus[r.status] = r.n;
    emailTotal += r.n;
  }
  const e = (engagement ?? { opened: 0, clicked: 0 }) as { opened: number; clicked: number };
  return {
    id: event.id,
    name: event.name,
    event_id: event.event_id,
    type: event.type,
    status: event.status,
    customers: counts.customers,
    provider_communications: { total, by_status: byStatus, by_response: byResponse },
    acknowledged,
    completed: byResponse.COMPLETED,
    emails: { total: emailTotal, by_status: emailByStatus, opened: e.opened, clicked: e.clicked },
    acknowledgement_rate: percent(acknowledged, total),
    completion_rate: percent(byResponse.COMPLETED, total),
  };
}

// ---------- Recall Events Summary Report: one row per event with its counts ----------

interface CommunicationCountsRow {
  id: number;
  name: string;
  supplier_name: string;
  event_id: string | null;
  type: string;
  subtype: string | null;
  classification: string | null;
  status: string;
  event_date: string | null;
  /** Instants as milliseconds since the epoch. */
  approved_at: number | null;
  first_sent_at: number | null;
  closed_at: number | null;
  customers: number;
  notified: number;
  acknowledged: number;
  completed: number;
  emails_sent: number;
  emails_failed: number;
  /** Issue 32: the event's response-due date (YYYY-MM-DD) and its notices past it, open and unanswered. */
  response_due_date: string | null;
  overdue: number;
}

/** The statement's columns; `communicationCountsRow` reads them in this order. */
const communicationColumns = (db: Knex) => [
  'c.id',
  'c.name',
  'c.event_id',
  'c.type',
  'c.subtype',
  'c.classification',
  'c.status',
  ...['approved_at', 'first_sent_at', 'closed_at'].map((c) => db.raw(`${epochMsSql(`c.${c}`)} as ${c}`)),
  'o.name as supplier_name',
  db.raw(`to_char(c.event_date, 'YYYY-MM-DD') as event_date`),
  db.raw('coalesce(ac.n, 0) as customers'),
  db.raw('coalesce(pc.notified, 0) as notified'),
  db.raw('coalesce(pc.acknowledged, 0) as acknowledged'),
  db.raw('coalesce(pc.completed, 0) as completed'),
  db.raw('coalesce(m.sent, 0) as emails_sent'),
  db.raw('coalesce(m.failed, 0) as emails_failed'),
  db.raw(`to_char(c.response_due_date, 'YYYY-MM-DD') as response_due_date`),
  db.raw('coalesce(pc.overdue, 0) as overdue'),
];

/** A row of the statement read as an array (pg's rowMode 'array'): one object literal, one shape. */
function communicationCountsRow(v: unknown[]): CommunicationCountsRow {
  return {
    id: v[0] as number,
    name: v[1] as string,
    event_id: v[2] as string | null,
    type: v[3] as string,
    subtype: v[4] as string | null,
    classification: v[5] as string | null,
    status: v[6] as string,
    approved_at: v[7] as number | null,
    first_sent_at: v[8] as number | null,
    closed_at: v[9] as number | null,
    supplier_name: v[10] as string,
    event_date: v[11] as string | null,
    customers: v[12] as number,
    notified: v[13] as number,
    acknowledged: v[14] as number,
    completed: v[15] as number,
    emails_sent: v[16] as number,
    emails_failed: v[17] as number,
    response_due_date: v[18] as string | null,
    overdue: v[19] as number,
  };
}

const summaryColumns: ReportColumn<CommunicationCountsRow>[] = [
  communicationColumn.name,
  communicationColumn.eventId,
  { header: 'Type', value: (r) => vocabularyLabel('communicationType', r.type), width: 20 },
  communicationColumn.subtype,
  communicationColumn.classification,
  { header: 'Status', value: (r) => r.status, width: 10 },
  communicationColumn.eventDate,
  communicationColumn.approvedAt,
  communicationColumn.firstSentAt,
  communicationColumn.closedAt,
  communicationColumn.customers,
  { header: 'Notified', value: (r) => r.notified, kind: 'number', width: 10 },
  communicationColumn.acknowledged,
  communicationColumn.completed,
  { header: 'Acknowledgement Rate (%)', value: (r) => percent(r.acknowledged, r.notified), kind: 'number', width: 14 },
  { header: 'Completion Rate (%)', value: (r) => percent(r.completed, r.notified), kind: 'number', width: 14 },
  { header: 'Emails Sent', value: (r) => r.emails_sent, kind: 'number', width: 11 },
  { header: 'Emails Failed', value: (r) => r.emails_failed, kind: 'number', width: 11 },
  // Issue 32: after the columns the report had, so theirs keep their places.
  { header: 'Response Due', value: (r) => r.response_due_date, kind: 'date', width: 12 },
  { header: 'Overdue', value: (r) => r.overdue, kind: 'number', width: 9 },
];

/**
 * Every event in `scope` with its counts, in one statement read through a cursor: each count is one grouped pass
 * over the organisation's rows (the planner pushes a one-event scope into them), never a query per event or batch.
 */
async function* communicationBatches(
  db: Knex,
  org: number | null,
  scope: (q: Knex.QueryBuilder) => void,
): AsyncGenerator<CommunicationCountsRow[]> {
  // org null: every supplier's events (the operator's report); the counts are then grouped over every organisation.
  const own = (column: string) => (q: Knex.QueryBuilder) => {
    if (org !== null) q.where(column, org);
  };
  const customers = customerCounts(db, org).as('ac');
  const notices = providerCommunicationTotals(db, org).as('pc');
  const emails = db
    .from(outboxView(db).as('o'))
    .where({ reference_type: 'communication' })
    .modify(own('organization_id'))
    .groupBy('reference_id')
    .select(
      'reference_id',
      db.raw(`count(*) FILTER (WHERE status = 'SENT')::int as sent`),
      db.raw(`count(*) FILTER (WHERE status IN ('ERROR', 'Bounce'))::int as failed`),
    )
    .as('m');
  const query = db
    .from(communicationsView(db).as('c'))
    .join(organizationsView(db).as('o'), 'o.id', 'c.organization_id')
    .leftJoin(customers, 'ac.communication_id', 'c.id')
    .leftJoin(notices, 'pc.communication_id', 'c.id')
    .leftJoin(emails, 'm.reference_id', db.raw('c.id::text'))
    .modify(own('c.organization_id'))
    .modify(scope)
    .orderBy('c.id')
    .select(communicationColumns(db));
  for await (const batch of cursorBatches<unknown[]>(query, 1000, 'array')) yield batch.map(communicationCountsRow);
}

/** The summary row of one event (GET /:id/summeryreport). */
export async function eventSummaryReport(ctx: ReportContext, id: number): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.summary);
  return fileOf(ctx, 'Recall Events Summary Report', 'xlsx', [
    sheet({
      name: 'Summary',
      columns: summaryColumns,
      rows: communicationBatches(ctx.db, ctx.actor.organizationId, (q) => q.where('c.id', id)),
    }),
  ]);
}

export const DASHBOARD_STATUSES = ['OPEN', 'CLOSED', 'DRAFT', 'ALL'] as const;

/** Every event of the supplier in one status (or ALL but deleted), of the types the caller may manage. */
export async function dashboardSummaryReport(
  ctx: ReportContext,
  status: string,
  format: ReportFormat,
): Promise<FileResult> {
  const wanted = status.toUpperCase();
  if (!(DASHBOARD_STATUSES as readonly string[]).includes(wanted))
    throw new ValidationError('STATUS_FILTER_INVALID', { allowed: DASHBOARD_STATUSES.join(', ') });
  const types = COMMUNICATION_TYPES.filter((t) => ctx.actor.permissions.includes(PERMISSION_OF_TYPE[t]));
  if (!types.length) assertTypePermission(ctx.actor, 'RECALL');
  return fileOf(ctx, 'Recall Events Summary Report', format, [
    sheet({
      name: 'Summary',
      columns: summaryColumns,
      rows: communicationBatches(ctx.db, ctx.actor.organizationId, (q) => {
        q.whereIn('c.type', types);
        if (wanted === 'ALL') q.whereNot('c.status', 'DELETED');
        else q.where('c.status', wanted);
      }),
    }),
  ]);
}

/**
 * The operator's "Event Summary Report" (`/notisphere/communications/{csv|xlsx}/summary`): the Recall Events Summary
 * Report's columns, with the supplier, for every supplier's live events matching the operator's filters.
 */
export function operatorEventSummaryReport(
  ctx: ReportContext,
  filters: OperatorCommunicationFilters,
  format: ReportFormat,
): FileResult {
  assertOperator(ctx.actor);
  return fileOf(ctx, 'Event Summary Report', format, [
    sheet({
      name: 'Summary',
      columns: [{ header: 'Supplier', value: (r) => r.supplier_name, width: 28 }, ...summaryColumns],
      // One supplier's report groups only that supplier's rows, as the supplier's own report does.
      rows: communicationBatches(ctx.db, filters.organizationId ?? null, (q) => applyOperatorFilters(q, filters)),
    }),
  ]);
}
