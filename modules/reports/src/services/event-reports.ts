import type { Knex } from 'knex';
import { historySentence, vocabularyLabel } from '@portal/vocabulary';
import {
  type Actor,
  type AnySheet,
  type FileResult,
  formatDateTime,
  keysetBatches,
  type ReportColumn,
  reportFile,
  type ReportFormat,
  sheet,
} from '@portal/core';
import {
  communicationActions,
  fieldText,
  historyActorColumns,
  historyFacts,
  productFieldColumns,
  productFieldsOfCommunication,
  type ReportAction,
} from '@portal/communications';
import { conversationsOfCommunication } from '@portal/conversations';
import { emailsAbout, type ReportedEmail } from '@portal/notifications';
import { answerText } from './answer-cells.js';
import {
  customerNamesOf,
  effectivenessCounts,
  productFieldValues,
  unitProgress,
  unitTotals,
} from './report-figures.js';
import { openCommunicationReport, REPORT_TYPES } from './report-history.js';
import {
  type ConsigneeRow,
  consigneesAfter,
  historyAfter,
  type HistoryReportRow,
  locationStatusAfter,
  type LocationStatusRow,
  providerStatusBatches,
  type ProviderStatusRow,
} from './report-statements.js';

export type { ReportFormat };

export interface ReportContext {
  db: Knex;
  actor: Actor;
  timeZone: string;
  onError: (err: unknown) => void;
}

const BATCH = 1000;

export function fileOf(ctx: ReportContext, title: string, format: ReportFormat, sheets: AnySheet[]): FileResult {
  return reportFile(title, format, sheets, ctx.timeZone, ctx.onError);
}

/** A share as a percentage with one decimal (0 when there is nothing to divide). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** A response status as its word (spec 000: OPEN and NOTCOMPLETED read In Progress), never its code. */
export const responseLabel = (status: string | null | undefined) =>
  status === 'COMPLETED' ? vocabularyLabel('responseStatus', 'COMPLETED') : status ? 'In Progress' : '';

// ---------- Provider Status Report: one row per provider communication, one column per action ----------

type ListedAnswer = NonNullable<ProviderStatusRow['answer_list']>[number];

/** The submitted answer of a row to an action (a row holds a few at most: a scan beats building a map per row). */
function answerOf(r: ProviderStatusRow, actionId: number): ListedAnswer | undefined {
  const list = r.answer_list;
  if (list) for (const answer of list) if (Number(answer[0]) === actionId) return answer;
  return undefined;
}

/** How the submitted answers came in: Electronic, Paper (keyed in by the supplier) or both. */
function responseMethod(r: ProviderStatusRow): string {
  const list = r.answer_list;
  if (!list) return '';
  let electronic = false;
  let paper = false;
  for (const answer of list) {
    if (answer[2] === 'Electronic') electronic = true;
    else if (answer[2] === 'Paper') paper = true;
  }
  return electronic ? (paper ? 'Electronic, Paper' : 'Electronic') : paper ? 'Paper' : '';
}

/**
 * The report's rows in one statement read through a cursor (like a COPY of them), each with its submitted answers
 * gathered by a subquery on (provider communication, action): no second query and no round trip per batch.
 */
export function providerStatusRows(
  db: Knex,
  actor: Actor,
  communicationId: number,
): AsyncGenerator<ProviderStatusRow[]> {
  return providerStatusBatches(db, actor.organizationId, communicationId, BATCH);
}

const providerStatusColumns: ReportColumn<ProviderStatusRow>[] = [
  { header: 'Customer Name', value: (r) => r.customer_name, width: 32 },
  { header: 'Provider Organization', value: (r) => r.provider_name, width: 32 },
  { header: 'Recipients', value: (r) => r.recipients, width: 40 },
  { header: 'Status', value: (r) => r.status, width: 10 },
  { header: 'Sent At', value: (r) => r.sent_ms, kind: 'datetime' },
  { header: 'Last Notified', value: (r) => r.last_notified_ms, kind: 'datetime' },
  { header: 'Acknowledged At', value: (r) => r.acknowledged_ms, kind: 'datetime' },
  { header: 'Acknowledged By', value: (r) => r.acknowledged_by, width: 30 },
  { header: 'Response Status', value: (r) => responseLabel(r.response_status), width: 16 },
  { header: 'Completed At', value: (r) => r.completed_ms, kind: 'datetime' },
  { header: 'Reminders Sent', value: (r) => r.reminder_count, kind: 'number', width: 14 },
];

/**
 * Issue 32: the response-due date, whether the row is past it (open and unanswered), and a "not affected" answer with
 * who gave it, after every column a report had before, so theirs keep their places.
 */
const dueColumns = <
  R extends { due_date: string | null; overdue: boolean; not_affected: string | null },
>(): ReportColumn<R>[] => [
  { header: 'Response Due', value: (r) => r.due_date, kind: 'date', width: 12 },
  { header: 'Overdue', value: (r) => r.overdue, kind: 'yesno', width: 9 },
  { header: 'Not Affected', value: (r) => r.not_affected, width: 40 },
];

/** Last, after the action columns, so the columns before them keep their places. */
const responseMethodColumn: ReportColumn<ProviderStatusRow> = {
  header: 'Response Method',
  value: responseMethod,
  width: 16,
};

/** Per per-unit action, a column "<title> (units answered)": "answered of rows" for each provider communication. */
async function perUnitColumns(
  ctx: ReportContext,
  id: number,
  actions: ReportAction[],
): Promise<ReportColumn<ProviderStatusRow>[]> {
  const perUnit = actions.filter((a) => a.per_unit);
  if (perUnit.length === 0) return [];
  const { answered, rows } = await unitProgress(ctx.db, id, ctx.actor.organizationId);
  const answeredOf = new Map(answered.map((a) => [`${a.provider_communication_id}:${a.action_id}`, a.n]));
  const rowsOf = new Map(rows.map((r) => [Number(r.provider_organization_id), r.n]));
  return perUnit.map((a) => ({
    header: `${a.title} (units answered)`,
    value: (r: ProviderStatusRow) =>
      `${answeredOf.get(`${r.id}:${a.id}`) ?? 0} of ${rowsOf.get(Number(r.provider_organization_id)) ?? 0}`,
    width: 18,
  }));
}

export async function providerStatusReport(ctx: ReportContext, id: number, format: ReportFormat): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.providerStatus);
  const actions = await communicationActions(ctx.db, id, ctx.actor.organizationId);
  // The event's custom product fields, a column each: the values its products hold, after the actions.
  const fields = await productFieldsOfCommunication(ctx.db, id, ctx.actor.organizationId);
  // Distinct values per field, gathered in SQL (an event may list 10,000 products).
  const distinct = fields.length ? await productFieldValues(ctx.db, id, ctx.actor.organizationId) : [];
  const valuesOf = new Map(distinct.map((d) => [d.key, d.vals]));
  // A provider's row shows every value the event's products hold, not one product's.
  const eventValues = new Map(
    fields.map((f) => [
      f.id,
      (valuesOf.get(String(f.id)) ?? [])
        .map((v) => fieldText(f, v))
        .filter((t) => t !== '')
        .sort()
        .join('; '),
    ]),
  );
  const fieldColumns = productFieldColumns<ProviderStatusRow>(fields, (f) => eventValues.get(f.id));
  const actionColumns = actions.map(
    (a): ReportColumn<ProviderStatusRow> => ({
      header: a.title,
      value: (r) => {
        const answer = answerOf(r, Number(a.id));
        return answer ? answerText(a.action_type, answer[1], answer[3]) : '';
      },
      width: 24,
    }),
  );
  // Per-unit actions of a custom-content event: how many of each customer's rows are answered.
  const unitColumns = await perUnitColumns(ctx, id, actions);
  return fileOf(ctx, 'Provider Status Report', format, [
    sheet({
      name: 'Provider Status',
      columns: [
        ...providerStatusColumns,
        ...actionColumns,
        responseMethodColumn,
        ...fieldColumns,
        ...unitColumns,
        ...dueColumns<ProviderStatusRow>(),
      ],
      rows: providerStatusRows(ctx.db, ctx.actor, id),
    }),
  ]);
}

// ---------- consignees: every affected customer with its notice's progress ----------

function consigneeRows(db: Knex, actor: Actor, communicationId: number): AsyncGenerator<ConsigneeRow[]> {
  return keysetBatches<ConsigneeRow>(
    (after, size) => consigneesAfter(db, actor.organizationId, communicationId, after, size),
    BATCH,
  );
}

/** Replied in any way: acknowledged the notice, submitted an answer, or completed its actions. */
const responded = (r: ConsigneeRow) => Boolean(r.acknowledged_at) || r.answered || r.response_status === 'COMPLETED';

/**
 * FDA effectiveness-check levels (21 CFR 7.42(b)(3)): A = 100% of consignees, B = between 10% and 100%, C = 10%,
 * D = 2%, E = none. The level reached is read from the share of consignees that acknowledged the notice.
 */
export function effectivenessLevel(acknowledged: number, consignees: number): 'A' | 'B' | 'C' | 'D' | 'E' {
  if (consignees === 0) return 'E';
  const share = acknowledged / consignees;
  if (share >= 1) return 'A';
  if (share > 0.1) return 'B';
  if (share >= 0.1) return 'C';
  if (share >= 0.02) return 'D';
  return 'E';
}

export const FDA_LEVELS: [string, string][] = [
  ['A', '100% of consignees'],
  ['B', 'Between 10% and 100% of consignees'],
  ['C', '10% of consignees'],
  ['D', '2% of consignees'],
  ['E', 'No effectiveness checks'],
];

/**
 * A custom-content event's units: the customers' rows, and those answered for every per-unit action. Lines
 * of the FDA summary, none for another event.
 */
async function unitCounts(
  ctx: ReportContext,
  event: { id: number; custom_content?: boolean },
): Promise<[string, unknown][]> {
  if (!event.custom_content) return [];
  const counts = await unitTotals(ctx.db, event.id, ctx.actor.organizationId);
  return [
    ['Units Listed', counts.units],
    ['Units Answered', counts.answered],
    ['Unit Answer Rate (%)', percent(counts.answered, counts.units)],
  ];
}

export async function fdaEffectivenessReport(ctx: ReportContext, id: number): Promise<FileResult> {
  const event = await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.fdaEffectiveness);
  const c = await effectivenessCounts(ctx.db, ctx.actor.organizationId, id);
  const level = effectivenessLevel(c.acknowledged, c.consignees);
  const summary: [string, unknown][] = [
    ['Event Name', event.name],
    ['Event ID', event.event_id],
    ['Classification', vocabularyLabel('classification', event.classification)],
    ['Status', vocabularyLabel('communicationStatus', event.status)],
    ['Report Generated', formatDateTime(new Date(), ctx.timeZone)],
    ['Consignees', c.consignees],
    ['Notified', c.notified],
    ['Acknowledged', c.acknowledged],
    ['Responded', c.responded],
    ['Completed', c.completed],
    ['Acknowledgement Rate (%)', percent(c.acknowledged, c.consignees)],
    ['Completion Rate (%)', percent(c.completed, c.consignees)],
    ...(await unitCounts(ctx, event)),
    ['Effectiveness Check Level Reached', level],
    ...FDA_LEVELS.map(([l, what]): [string, unknown] => [`Level ${l}`, what]),
    // Issue 32: after the lines the report had, so theirs keep their places.
    ['Response Due', event.response_due_date ?? ''],
    ['Overdue', c.overdue],
  ];
  return fileOf(ctx, 'FDA Effectiveness Report', 'xlsx', [
    sheet<[string, unknown]>({
      name: 'Summary',
      columns: [
        { header: 'Item', value: (l) => l[0], width: 36 },
        { header: 'Value', value: (l) => l[1], width: 40 },
      ],
      rows: [summary],
    }),
    sheet<ConsigneeRow>({
      name: 'Consignees',
      columns: [
        { header: 'Consignee', value: (r) => r.name, width: 32 },
        { header: 'Provider Organization', value: (r) => r.provider_name, width: 32 },
        { header: 'Recipients', value: (r) => r.emails, width: 40 },
        { header: 'Notified', value: (r) => Boolean(r.sent_at), kind: 'yesno', width: 10 },
        { header: 'Notified At', value: (r) => r.sent_at, kind: 'datetime' },
        { header: 'Acknowledged', value: (r) => Boolean(r.acknowledged_at), kind: 'yesno', width: 12 },
        { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
        { header: 'Acknowledged By', value: (r) => r.acknowledged_by, width: 30 },
        { header: 'Responded', value: responded, kind: 'yesno', width: 10 },
        { header: 'Completed', value: (r) => r.response_status === 'COMPLETED', kind: 'yesno', width: 10 },
        { header: 'Completed At', value: (r) => r.completed_at, kind: 'datetime' },
        ...dueColumns<ConsigneeRow>(),
      ],
      rows: consigneeRows(ctx.db, ctx.actor, id),
    }),
  ]);
}

// ---------- Recall Event Status Report: every affected customer and where its notice stands ----------

const consigneeStatus = (r: ConsigneeRow) =>
  r.pc_status ? vocabularyLabel('communicationStatus', r.pc_status) : 'Not notified';

export async function recallEventStatusReport(
  ctx: ReportContext,
  id: number,
  format: ReportFormat,
): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.recallEventStatus);
  return fileOf(ctx, 'Recall Event Status Report', format, [
    sheet<ConsigneeRow>({
      name: 'Event Status',
      columns: [
        { header: 'Customer Name', value: (r) => r.name, width: 32 },
        { header: 'Provider Organization', value: (r) => r.provider_name, width: 32 },
        { header: 'Recipients', value: (r) => r.emails, width: 40 },
        { header: 'Source', value: (r) => vocabularyLabel('recipientSource', r.source), width: 18 },
        { header: 'Locations', value: (r) => r.locations, kind: 'number', width: 10 },
        { header: 'Status', value: consigneeStatus, width: 14 },
        { header: 'Sent At', value: (r) => r.sent_at, kind: 'datetime' },
        { header: 'Last Notified', value: (r) => r.last_notified_at, kind: 'datetime' },
        { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
        { header: 'Acknowledged By', value: (r) => r.acknowledged_by, width: 30 },
        { header: 'Response Status', value: (r) => responseLabel(r.response_status), width: 16 },
        { header: 'Completed At', value: (r) => r.completed_at, kind: 'datetime' },
        ...dueColumns<ConsigneeRow>(),
      ],
      rows: consigneeRows(ctx.db, ctx.actor, id),
    }),
  ]);
}

// ---------- Event Status By Location: affected locations with their status and their customer's progress ----------

type LocationRow = LocationStatusRow;

export async function eventStatusByLocationReport(ctx: ReportContext, id: number): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.eventStatusByLocation);
  const { db, actor } = ctx;
  const rows = keysetBatches<LocationRow>(
    (after, size) => locationStatusAfter(db, actor.organizationId, id, after, size),
    BATCH,
  );
  return fileOf(ctx, 'Event Status By Location Report', 'xlsx', [
    sheet<LocationRow>({
      name: 'Locations',
      columns: [
        { header: 'Location ID', value: (r) => r.location_id, width: 14 },
        { header: 'Location Name', value: (r) => r.location_name, width: 32 },
        { header: 'IDN', value: (r) => r.idn, width: 16 },
        { header: 'Address 1', value: (r) => r.address1, width: 28 },
        { header: 'Address 2', value: (r) => r.address2, width: 16 },
        { header: 'City', value: (r) => r.city, width: 16 },
        { header: 'State', value: (r) => r.state, width: 8 },
        { header: 'Zip', value: (r) => r.zip, width: 10 },
        { header: 'Type', value: (r) => r.type, width: 14 },
        { header: 'Email', value: (r) => r.email, width: 28 },
        { header: 'Location Status', value: (r) => vocabularyLabel('locationStatus', r.status), width: 14 },
        { header: 'Customer Name', value: (r) => r.customer_name, width: 32 },
        { header: 'Notice Status', value: (r) => r.pc_status ?? 'Not notified', width: 14 },
        { header: 'Sent At', value: (r) => r.sent_at, kind: 'datetime' },
        { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
        { header: 'Response Status', value: (r) => responseLabel(r.response_status), width: 16 },
        { header: 'Completed At', value: (r) => r.completed_at, kind: 'datetime' },
        ...dueColumns<LocationRow>(),
      ],
      rows,
    }),
  ]);
}

// ---------- Notification Report: every email of the event and of its conversations ----------

type EmailRow = ReportedEmail & { customer_name: string | null };

export async function notificationReport(ctx: ReportContext, id: number): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.notification);
  const { db, actor } = ctx;
  // A conversation's emails carry the conversation, not the provider communication: its customer comes from here.
  const conversations = await conversationsOfCommunication(db, actor.organizationId, id);
  const pcOfConversation = new Map(conversations.map((c) => [String(c.id), c.provider_communication_id]));
  const rows = keysetBatches<EmailRow>(async (after, size) => {
    const emails = await emailsAbout(
      db,
      actor.organizationId,
      [
        { type: 'communication', ids: [id] },
        { type: 'conversation', ids: conversations.map((c) => c.id) },
      ],
      after,
      size,
    );
    const pcOf = (e: ReportedEmail) =>
      e.provider_communication_id ??
      (e.reference_type === 'conversation' ? (pcOfConversation.get(e.reference_id) ?? null) : null);
    const pcIds = [...new Set(emails.map(pcOf).filter((p): p is number => p !== null))];
    const names = await customerNamesOf(db, id, pcIds);
    return emails.map((e) => ({ ...e, customer_name: names.get(pcOf(e) ?? 0) ?? null }));
  }, BATCH);
  return fileOf(ctx, 'Notification Report', 'xlsx', [
    sheet<EmailRow>({
      name: 'Notifications',
      columns: [
        { header: 'To', value: (r) => r.to_email, width: 32 },
        { header: 'Customer Name', value: (r) => r.customer_name, width: 32 },
        { header: 'Subject', value: (r) => r.subject, width: 48 },
        { header: 'Kind', value: (r) => vocabularyLabel('emailKind', r.kind), width: 22 },
        { header: 'Status', value: (r) => r.status, width: 10 },
        { header: 'Queued At', value: (r) => r.created_at, kind: 'datetime' },
        { header: 'Sent At', value: (r) => r.sent_at, kind: 'datetime' },
        { header: 'Attempts', value: (r) => r.attempts, kind: 'number', width: 10 },
        { header: 'Last Error', value: (r) => r.last_error, width: 40 },
        { header: 'Opened', value: (r) => r.opened, kind: 'yesno', width: 9 },
        { header: 'Clicked', value: (r) => r.clicked, kind: 'yesno', width: 9 },
      ],
      rows,
    }),
  ]);
}

// ---------- Audit Report (every history row) and Change History Report (changes after approval) ----------

function historyRows(
  db: Knex,
  actor: Actor,
  communicationId: number,
  changesOnly: boolean,
): AsyncGenerator<HistoryReportRow[]> {
  return keysetBatches<HistoryReportRow>(
    (after, size) => historyAfter(db, actor.organizationId, communicationId, changesOnly, after, size),
    BATCH,
  );
}

const historyColumns: ReportColumn<HistoryReportRow>[] = [
  ...historyActorColumns,
  { header: 'Action', value: (r) => r.action, width: 22 },
  {
    header: 'What happened',
    value: (r) => historySentence({ action: r.action, facts: historyFacts(r.action, r.before, r.after) }),
    width: 40,
  },
  { header: 'Entity', value: (r) => r.entity_type, width: 20 },
  { header: 'Entity ID', value: (r) => r.entity_id, width: 10 },
  { header: 'Customer', value: (r) => r.customer_name, width: 28 },
  { header: 'Before', value: (r) => r.before, kind: 'json', width: 50 },
  { header: 'After', value: (r) => r.after, kind: 'json', width: 50 },
];

export async function auditReport(ctx: ReportContext, id: number, format: ReportFormat): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.audit);
  return fileOf(ctx, 'Audit Report', format, [
    sheet({ name: 'Audit', columns: historyColumns, rows: historyRows(ctx.db, ctx.actor, id, false) }),
  ]);
}

/** The change history: rows recorded as changes after approval (is_change), the same ones GET /:id/Audit lists. */
export async function changeHistoryReport(ctx: ReportContext, id: number): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, REPORT_TYPES.changeHistory);
  return fileOf(ctx, 'Change History Report', 'xlsx', [
    sheet({ name: 'Change History', columns: historyColumns, rows: historyRows(ctx.db, ctx.actor, id, true) }),
  ]);
}
