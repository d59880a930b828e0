/**
 * The provider's downloads (spec 001 §7.4 "Provider-side downloads"): per event (scoped like every provider route: another
 * provider's notice is a 404) and over the provider's lists. Every file goes through the one spreadsheet writer, read in
 * batches (keyset or one cursor), with the spec's names and the caller's time zone.
 */
import type { Knex } from 'knex';
import { historySentence, vocabularyLabel } from '@portal/vocabulary';
import {
  type AnySheet,
  ConflictError,
  cursorBatches,
  type FileResult,
  keysetBatches,
  type ReportColumn,
  type ReportFormat,
  sheet,
} from '@portal/core';
import { organizationsView, usersView } from '@portal/organizations';
import {
  actionsView,
  affectedLocationColumns,
  answersView,
  COMMUNICATION_TYPES,
  communicationsView,
  type CustomRow,
  customRowsOf,
  historyActorColumns,
  ownFieldValue,
  productFieldColumns,
  productFieldsOfCommunication,
  providerCommunicationsView,
  unitAnswersOf,
} from '@portal/communications';
import { fileOf, type ReportContext } from '@portal/reports';
import {
  type CustomerLocationRow as LocationRow,
  customerLocationsPage,
  noticeProductsQuery,
  perUnitActionsOf,
  type ProviderCommunicationProductRow as ProductRow,
} from './communication-reads.js';
import { changeHistory } from './provider-communication.js';
import { providerListRowsQuery, type ProviderListQuery } from './provider-list.js';
import type { ResponderRow } from './provider-rows.js';
import { loadScopedProviderCommunication, mayManageType, scopeIds } from './scope.js';

const BATCH = 1000;

export const PROVIDER_REPORT_TITLES = {
  affectedLocations: 'Affected Locations Report',
  affectedProducts: 'Affected Products Report',
  customizedContent: 'Customized Content Report',
  changeHistory: 'Change History Report',
  recallSummary: 'Provider Recall Summary Report',
  delegateSummary: 'Delegate Summary Report',
  /** The operator's eR responses (every provider's rows). */
  operatorResponses: 'eR Responses Report',
} as const;

/** A person's or a notice's response status in words (the eR list's person statuses, else the notice's). */
const PERSON_STATUS: Record<string, string> = { DRAFT: 'Draft', ERROR: 'Error', SUBMITTED: 'Submitted' };
const responseWords = (status: string | null | undefined) =>
  status && Object.hasOwn(PERSON_STATUS, status) ? PERSON_STATUS[status]! : vocabularyLabel('responseStatus', status);

const subtypeWords = (type: string, subtype: string | null) =>
  vocabularyLabel(type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype', subtype);

type HistoryRow = Awaited<ReturnType<typeof changeHistory>>[number];

// ---------- per event ----------

/** The provider's own affected locations of the event: those of the customer its notice was sent to. */
export async function providerAffectedLocationsReport(
  ctx: ReportContext,
  communicationId: number,
  pcId: number,
): Promise<FileResult> {
  const { pc } = await loadScopedProviderCommunication(ctx.db, ctx.actor, pcId, { communicationId });
  const rows = keysetBatches<LocationRow>(
    (after, size) => customerLocationsPage(ctx.db, communicationId, pc.affected_customer_id, after, size),
    BATCH,
  );
  return fileOf(ctx, PROVIDER_REPORT_TITLES.affectedLocations, 'xlsx', [
    sheet<LocationRow>({
      name: 'Affected Locations',
      columns: affectedLocationColumns,
      rows,
    }),
  ]);
}

/** A product as the event lists it, or as a custom-content event's row for one customer. */
type ProductColumnsRow = Pick<
  ProductRow,
  'product_name' | 'catalog_number' | 'lot_number' | 'serial_number' | 'udi' | 'quantity' | 'expiration_date'
>;

/** The product columns both product sheets show (Affected Products, Custom Content), defined once; each sheet orders them. */
const productColumn: Record<
  'name' | 'catalogNumber' | 'lotNumber' | 'serialNumber' | 'udi' | 'quantity' | 'expirationDate',
  ReportColumn<ProductColumnsRow>
> = {
  name: { header: 'Product Name', value: (r) => r.product_name, width: 32 },
  catalogNumber: { header: 'Catalog Number', value: (r) => r.catalog_number, width: 18 },
  lotNumber: { header: 'Lot Number', value: (r) => r.lot_number, width: 16 },
  serialNumber: { header: 'Serial Number', value: (r) => r.serial_number ?? null, width: 16 },
  udi: { header: 'UDI', value: (r) => r.udi, width: 24 },
  quantity: { header: 'Quantity', value: (r) => r.quantity, kind: 'number', width: 10 },
  expirationDate: { header: 'Expiration Date', value: (r) => r.expiration_date, kind: 'date', width: 14 },
};

/** The event's products, in the order the supplier listed them. */
export async function providerAffectedProductsReport(
  ctx: ReportContext,
  communicationId: number,
  pcId: number,
): Promise<FileResult> {
  const { event, pc } = await loadScopedProviderCommunication(ctx.db, ctx.actor, pcId, { communicationId });
  const fields = await productFieldsOfCommunication(ctx.db, event.id, event.organization_id);
  // A custom-content event: the provider's own rows only; nobody else's, and none when it has no organisation.
  const query = noticeProductsQuery(ctx.db, event, pc.provider_organization_id);
  return fileOf(ctx, PROVIDER_REPORT_TITLES.affectedProducts, 'xlsx', [
    sheet<ProductRow>({
      name: 'Affected Products',
      columns: [
        productColumn.name,
        productColumn.catalogNumber,
        productColumn.lotNumber,
        ...(event.custom_content ? [productColumn.serialNumber] : []),
        productColumn.udi,
        { header: 'Description', value: (r) => r.description, width: 40 },
        productColumn.expirationDate,
        productColumn.quantity,
        ...productFieldColumns<ProductRow>(fields, ownFieldValue),
      ],
      rows: cursorBatches<ProductRow>(query, BATCH),
    }),
  ]);
}

interface InternalActionRow {
  id: number;
  title: string;
  description: string | null;
  assignee_email: string | null;
  due_date: string | null;
  status: string;
  created_by_email: string | null;
  created_at: Date;
  updated_at: Date;
}

interface NoteRow {
  id: number;
  note: string;
  file_name: string | null;
  created_by_email: string | null;
  created_at: Date;
  updated_at: Date;
}

interface DocumentRow {
  id: number;
  name: string;
  extension: string;
  size: number;
  uploaded_by_email: string | null;
  created_at: Date;
}

const ITEM_STATUS: Record<string, string> = { OPEN: 'Open', COMPLETED: 'Completed' };

/**
 * A custom-content event's first sheet: the provider's own rows, each with its answer to every per-unit
 * action. None for another event, so the workspace sheets keep their places there.
 */
async function customContentSheet(
  ctx: ReportContext,
  event: { id: number; organization_id: number; custom_content?: boolean },
  pc: { id: number; provider_organization_id: number | null },
): Promise<AnySheet[]> {
  if (!event.custom_content) return [];
  const [rows, fields, actions, answers] = await Promise.all([
    customRowsOf(ctx.db, event, pc),
    productFieldsOfCommunication(ctx.db, event.id, event.organization_id),
    perUnitActionsOf(ctx.db, event.id),
    unitAnswersOf(ctx.db, pc.id),
  ]);
  const answerOf = new Map(answers.map((a) => [`${a.row_id}:${a.action_id}`, a.value]));
  return [
    sheet<CustomRow>({
      name: 'Custom Content',
      columns: [
        { header: 'Customer Key', value: (r) => r.customer_key, width: 16 },
        productColumn.name,
        productColumn.catalogNumber,
        productColumn.lotNumber,
        productColumn.serialNumber,
        productColumn.udi,
        productColumn.quantity,
        productColumn.expirationDate,
        ...productFieldColumns<CustomRow>(fields, ownFieldValue),
        ...actions.map((a) => ({
          header: a.title,
          value: (r: CustomRow) => {
            const v = answerOf.get(`${r.id}:${a.id}`);
            return v?.valueNumeric ?? v?.valueYesNo ?? v?.valueText ?? '';
          },
          width: 20,
        })),
      ],
      rows: [rows],
    }),
  ];
}

/** The Customized Content Report as CSV: the one "Custom Content" sheet of a custom-content event. */
export async function providerCustomContentCsv(
  ctx: ReportContext,
  communicationId: number,
  pcId: number,
): Promise<FileResult> {
  const { event, pc } = await loadScopedProviderCommunication(ctx.db, ctx.actor, pcId, { communicationId });
  const sheets = await customContentSheet(ctx, event, pc);
  if (sheets.length === 0) throw new ConflictError('CUSTOM_REPORT_XLSX_ONLY');
  return fileOf(ctx, PROVIDER_REPORT_TITLES.customizedContent, 'csv', sheets);
}

/**
 * What the provider added to the notice (docs/decisions.md): its internal actions, its notes and its documents, one sheet
 * each; removed ones are left out, as the view leaves them out.
 */
export async function providerCustomizedContentReport(
  ctx: ReportContext,
  communicationId: number,
  pcId: number,
): Promise<FileResult> {
  const { scope, event, pc } = await loadScopedProviderCommunication(ctx.db, ctx.actor, pcId, { communicationId });
  const { db } = ctx;
  const custom = await customContentSheet(ctx, event, pc);
  // Each workspace sheet: the notice's rows of one table that are not removed, in id order, with who added each.
  const liveRows = <R extends { id: number }>(
    table: string,
    notRemoved: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
    columns: string[],
    author: 'created_by' | 'uploaded_by',
  ) =>
    keysetBatches<R>(
      async (after, size) =>
        (await notRemoved(db(`${table} as t`))
          .where('t.provider_communication_id', pcId)
          .whereIn('t.organization_id', scope)
          .leftJoin(usersView(db).as('u'), 'u.id', `t.${author}`)
          .where('t.id', '>', after)
          .orderBy('t.id')
          .limit(size)
          .select(...columns.map((c) => `t.${c}`), `u.email as ${author}_email`)) as R[],
      BATCH,
    );
  const actions = liveRows<InternalActionRow>(
    'provider_internal_actions',
    (q) => q.whereNot('t.status', 'DELETED'),
    ['id', 'title', 'description', 'assignee_email', 'due_date', 'status', 'created_at', 'updated_at'],
    'created_by',
  );
  const notes = liveRows<NoteRow>(
    'provider_communication_notes',
    (q) => q.whereNull('t.deleted_at'),
    ['id', 'note', 'file_name', 'created_at', 'updated_at'],
    'created_by',
  );
  const documents = liveRows<DocumentRow>(
    'provider_documents',
    (q) => q.whereNull('t.deleted_at'),
    ['id', 'name', 'extension', 'size', 'created_at'],
    'uploaded_by',
  );
  return fileOf(ctx, PROVIDER_REPORT_TITLES.customizedContent, 'xlsx', [
    ...custom,
    sheet<InternalActionRow>({
      name: 'Internal Actions',
      columns: [
        { header: 'Title', value: (r) => r.title, width: 32 },
        { header: 'Description', value: (r) => r.description, width: 40 },
        { header: 'Assignee', value: (r) => r.assignee_email, width: 28 },
        { header: 'Due Date', value: (r) => r.due_date, kind: 'date', width: 12 },
        { header: 'Status', value: (r) => ITEM_STATUS[r.status] ?? r.status, width: 12 },
        { header: 'Created By', value: (r) => r.created_by_email, width: 28 },
        { header: 'Created At', value: (r) => r.created_at, kind: 'datetime' },
        { header: 'Updated At', value: (r) => r.updated_at, kind: 'datetime' },
      ],
      rows: actions,
    }),
    sheet<NoteRow>({
      name: 'Notes',
      columns: [
        { header: 'Note', value: (r) => r.note, width: 60 },
        { header: 'Attachment', value: (r) => r.file_name, width: 28 },
        { header: 'Created By', value: (r) => r.created_by_email, width: 28 },
        { header: 'Created At', value: (r) => r.created_at, kind: 'datetime' },
        { header: 'Updated At', value: (r) => r.updated_at, kind: 'datetime' },
      ],
      rows: notes,
    }),
    sheet<DocumentRow>({
      name: 'Documents',
      columns: [
        { header: 'File Name', value: (r) => r.name, width: 36 },
        { header: 'Type', value: (r) => r.extension, width: 8 },
        { header: 'Size (bytes)', value: (r) => r.size, kind: 'number', width: 12 },
        { header: 'Uploaded By', value: (r) => r.uploaded_by_email, width: 28 },
        { header: 'Uploaded At', value: (r) => r.created_at, kind: 'datetime' },
      ],
      rows: documents,
    }),
  ]);
}

/**
 * The event's changes after approval that the provider sees (the same rows as POST /change-history: the event's own and
 * this notice's), each as a sentence; the provider gets the facts, never the recorded before/after values.
 */
export async function providerChangeHistoryReport(
  ctx: ReportContext,
  communicationId: number,
  pcId: number,
): Promise<FileResult> {
  const rows = await changeHistory(ctx.db, ctx.actor, communicationId, pcId);
  return fileOf(ctx, PROVIDER_REPORT_TITLES.changeHistory, 'xlsx', [
    sheet<HistoryRow>({
      name: 'Change History',
      columns: [
        ...historyActorColumns,
        { header: 'What happened', value: (r) => historySentence({ action: r.action, facts: r.facts }), width: 48 },
      ],
      rows: [rows],
    }),
  ]);
}

// ---------- over the lists ----------

type SummaryRow = ResponderRow;

/**
 * Every row of the provider list a list query matches (not one page), in the list's order: the same query builder as the
 * list, read through one cursor. With `responses` (the eR responses list), one row per responding person.
 */
export async function providerRecallSummaryReport(
  ctx: ReportContext,
  raw: ProviderListQuery,
  format: ReportFormat,
): Promise<FileResult> {
  const { query } = await providerListRowsQuery(ctx.db, ctx.actor, raw);
  return fileOf(ctx, PROVIDER_REPORT_TITLES.recallSummary, format, [
    sheet<SummaryRow>({
      name: 'Summary',
      columns: recallSummaryColumns(Boolean(raw.responses)),
      rows: cursorBatches<SummaryRow>(query, BATCH),
    }),
  ]);
}

/**
 * The Provider Recall Summary Report's columns; with `responses` (eR responses rows) the responder's; `provider` adds the
 * provider after the supplier (the operator's eR responses file, whose rows carry `provider_name`).
 */
export function recallSummaryColumns<R extends SummaryRow & { provider_name?: string }>(
  responses: boolean,
  provider = false,
): ReportColumn<R>[] {
  return [
    { header: 'Name', value: (r) => r.name, width: 36 },
    { header: 'Event ID', value: (r) => r.event_id, width: 16 },
    { header: 'Type', value: (r) => vocabularyLabel('communicationType', r.type), width: 16 },
    { header: 'Subtype', value: (r) => subtypeWords(r.type, r.subtype), width: 20 },
    { header: 'Classification', value: (r) => vocabularyLabel('classification', r.classification), width: 14 },
    { header: 'Supplier', value: (r) => r.supplier_name, width: 28 },
    ...(provider ? ([{ header: 'Provider', value: (r) => r.provider_name, width: 28 }] as ReportColumn<R>[]) : []),
    { header: 'Site', value: (r) => r.site_name, width: 24 },
    ...(responses
      ? ([
          { header: 'Responder', value: (r) => r.responder_name, width: 28 },
          { header: 'Responded At', value: (r) => r.responded_at, kind: 'datetime' },
        ] as ReportColumn<R>[])
      : []),
    { header: 'Status', value: (r) => vocabularyLabel('communicationStatus', r.status), width: 10 },
    { header: 'Response Status', value: (r) => responseWords(r.response_status), width: 16 },
    { header: 'Received', value: (r) => r.sent_at, kind: 'datetime' },
    { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
    { header: 'Acknowledged By', value: (r) => r.acknowledged_by, width: 28 },
    { header: 'Completed At', value: (r) => r.completed_at, kind: 'datetime' },
    { header: 'Last Updated', value: (r) => r.updated_at, kind: 'datetime' },
  ];
}

interface DelegateRow {
  id: number;
  event_name: string;
  event_id: string | null;
  type: string;
  organization_name: string;
  action_id: number | null;
  action_title: string | null;
  email: string;
  status: string;
  created_at: Date;
  last_sent_at: Date;
  response_status: string | null;
}

const DELEGATE_STATUS: Record<string, string> = { ACTIVE: 'Active', REVOKED: 'Revoked' };
const DELEGATE_RESPONSE: Record<string, string> = { DRAFT: 'Draft', SUBMITTED: 'Submitted' };

/**
 * Every delegate of the provider's organisation and its sites, on the event types the caller manages: the event, the action
 * (or the whole notice), the email, whether the delegation stands, when it was last sent and the delegated action's answer.
 */
export async function providerDelegateSummaryReport(ctx: ReportContext, format: ReportFormat): Promise<FileResult> {
  const { db, actor } = ctx;
  const scope = await scopeIds(db, actor);
  const types = COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t));
  const rows = keysetBatches<DelegateRow>(
    async (after, size) =>
      (await db('provider_delegates as d')
        .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'd.provider_communication_id')
        .join(communicationsView(db).as('c'), 'c.id', 'pc.communication_id')
        .join(organizationsView(db).as('o'), 'o.id', 'pc.provider_organization_id')
        .leftJoin(actionsView(db).as('a'), 'a.id', 'd.action_id')
        .whereIn('pc.provider_organization_id', scope)
        .whereIn('pc.communication_type', types)
        .whereNot('pc.status', 'DELETED')
        .where('d.id', '>', after)
        .orderBy('d.id')
        .limit(size)
        .select(
          'd.id',
          'c.name as event_name',
          'c.event_id',
          'c.type',
          'o.name as organization_name',
          'd.action_id',
          'a.title as action_title',
          'd.email',
          'd.status',
          'd.created_at',
          'd.last_sent_at',
          // The delegated action's answer on this notice: the delegate's own when there are several people's.
          db.raw(
            `(SELECT r.status FROM ? r
            WHERE r.provider_communication_id = d.provider_communication_id AND r.action_id = d.action_id
            ORDER BY (lower(r.responder_email) = lower(d.email)) DESC NULLS LAST, r.updated_at DESC LIMIT 1) as response_status`,
            [answersView(db)],
          ),
        )) as DelegateRow[],
    BATCH,
  );
  return fileOf(ctx, PROVIDER_REPORT_TITLES.delegateSummary, format, [
    sheet<DelegateRow>({
      name: 'Delegates',
      columns: [
        { header: 'Event Name', value: (r) => r.event_name, width: 36 },
        { header: 'Event ID', value: (r) => r.event_id, width: 16 },
        { header: 'Type', value: (r) => vocabularyLabel('communicationType', r.type), width: 16 },
        { header: 'Organization', value: (r) => r.organization_name, width: 28 },
        { header: 'Action', value: (r) => (r.action_id === null ? 'All actions' : r.action_title), width: 32 },
        { header: 'Email', value: (r) => r.email, width: 30 },
        { header: 'Status', value: (r) => DELEGATE_STATUS[r.status] ?? r.status, width: 10 },
        { header: 'Delegated At', value: (r) => r.created_at, kind: 'datetime' },
        { header: 'Last Sent', value: (r) => r.last_sent_at, kind: 'datetime' },
        {
          header: 'Response Status',
          value: (r) => (r.response_status ? (DELEGATE_RESPONSE[r.response_status] ?? r.response_status) : 'NA'),
          width: 16,
        },
      ],
      rows,
    }),
  ]);
}
