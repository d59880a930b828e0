import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  BusinessRuleError,
  checkUpload,
  ConflictError,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  IMAGE_EXTENSIONS,
  type ListPage,
  type ListSpec,
  type ModelObject,
  newFileKey,
  NotFoundError,
  parseListQuery,
  runList,
  signedUrls,
  UPLOAD_MESSAGES,
  type UploadedFile,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import { actionColumnHeader, TEMPLATE_HEADERS } from './template.js';
import { PaperResponse } from '../models/PaperResponse.js';
import { type Cell, cellText, parseDate, readRows } from '@portal/reports';
import { type CommunicationRow, loadOwnCommunication } from '@portal/communications';
import { appendHistory } from '@portal/communications';
import { organizationsView } from '@portal/organizations';
import {
  type ActionRow,
  affectedLocationsView,
  answerOfAction,
  answersOfNotice,
  answerUnits,
  customerNoticesView,
  deleteAnswer,
  dropPaperAnswers,
  dropPaperFiles,
  eventActions,
  filesOfPaper,
  findLiveNotice,
  insertResponseFile,
  liveResponseFilesView,
  paperAnswerCount,
  responseOf,
  upsertAnswer,
  checkValue,
  customRowsOf,
  dropPaperUnitAnswers,
  type ProviderCommunicationRow,
  refreshCompletion,
  type ResponseValue,
  RESPONSE_MESSAGES,
  type UnitAnswerInput,
  unitAnswersOf,
} from '@portal/communications';

/**
 * Paper responses (spec 001 §7.5): a customer answered on paper (fax, mail) and the supplier keys the answers in.
 * The answers are provider_responses rows with source 'Paper' and the paper response's id, checked by the same
 * rules as electronic answers, so completion, tracking and reports count them the same way.
 */

type Db = Knex | Knex.Transaction;
type Upload = { name: string; data: Buffer };

export const PAPER_MESSAGES = {
  notFound: 'Paper response not found.',
  notSent: 'Paper responses can only be recorded for an event that has been sent.',
  duplicate: 'This customer already has a paper response; edit that one instead.',
  customerFixed: 'The customer of a paper response cannot be changed; delete it and record a new one.',
  location: 'This location is not an affected location of the customer.',
  dates: 'The response date cannot be before the notified date.',
  noDocument: 'This paper response has no document.',
  electronic: (title: string) =>
    `"${title}" has already been answered electronically; a paper response cannot overwrite it.`,
} as const;

export type PaperResponseRow = ModelObject<PaperResponse>;

interface FileRow {
  id: number;
  action_id: number;
  paper_response_id: number;
  name: string;
  extension: string;
  mimetype: string;
  size: number;
  file_key: string;
}

/** A file of a paper response, in the spec's file-entry shape (001 line 24) plus the signed links. */
const paperFile = (secret: string) => (f: FileRow) => ({
  id: f.id,
  name: f.name,
  extension: f.extension,
  type: f.mimetype,
  size: Number(f.size),
  actionId: f.action_id,
  paperresponseid: f.paper_response_id,
  ...signedUrls(secret, f.file_key, f.name),
});

const paperView = (secret: string) => (p: PaperResponseRow) => ({
  id: p.id,
  communication_id: p.communication_id,
  provider_communication_id: p.provider_communication_id,
  affected_location_id: p.affected_location_id,
  responder_name: p.responder_name,
  response_date: p.response_date,
  notified_date: p.notified_date,
  status: p.status,
  created_at: p.created_at,
  updated_at: p.updated_at,
  document: p.document_file_key
    ? {
        name: p.document_name!,
        extension: p.document_extension!,
        type: p.document_mimetype!,
        size: Number(p.document_size),
        ...signedUrls(secret, p.document_file_key, p.document_name!),
      }
    : null,
});
export type PaperResponseView = ReturnType<ReturnType<typeof paperView>>;

/** YYYY-MM-DD of an instant in the caller's time zone. */
const dateIn = (timeZone: string, at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

// ---------- loading, scoped to the caller's supplier ----------

/** One of the caller's events that has been sent (OPEN or CLOSED); a draft is refused. */
async function loadSentEvent(
  db: Db,
  actor: Actor,
  communicationId: number,
  forUpdate = false,
): Promise<CommunicationRow> {
  const event = await loadOwnCommunication(db, actor, communicationId, { forUpdate });
  if (event.status === 'DRAFT') throw new ConflictError(PAPER_MESSAGES.notSent, 'NOT_SENT');
  return event;
}

/** A notified customer (provider communication) of the event; locked when its answers are about to change. */
async function loadCustomer(
  db: Db,
  actor: Actor,
  event: CommunicationRow,
  pcId: number,
  forUpdate = false,
): Promise<ProviderCommunicationRow> {
  const pc = await findLiveNotice(db, actor.organizationId, pcId, { communicationId: event.id, forUpdate });
  if (!pc) throw new NotFoundError('Provider communication not found.');
  return pc;
}

async function loadCustomerById(
  db: Db,
  actor: Actor,
  pcId: number,
): Promise<{ pc: ProviderCommunicationRow; event: CommunicationRow }> {
  const row = await findLiveNotice(db, actor.organizationId, pcId);
  if (!row) throw new NotFoundError('Provider communication not found.');
  const event = await loadSentEvent(db, actor, row.communication_id);
  return { event, pc: await loadCustomer(db, actor, event, pcId) };
}

interface PaperContext {
  paper: PaperResponseRow;
  event: CommunicationRow;
  pc: ProviderCommunicationRow;
}

async function loadPaper(db: Db, actor: Actor, id: number, forUpdate = false): Promise<PaperContext> {
  const q = PaperResponse.query(db).findOne({ id, supplier_organization_id: actor.organizationId, status: 'ACTIVE' });
  if (forUpdate) q.forUpdate();
  const paper = await q;
  if (!paper) throw new NotFoundError(PAPER_MESSAGES.notFound);
  const event = await loadSentEvent(db, actor, paper.communication_id);
  return { paper, event, pc: await loadCustomer(db, actor, event, paper.provider_communication_id, forUpdate) };
}

const respondentOf = (actor: Actor) => ({ email: actor.email, actor });

// ---------- reading ----------

const paperList: ListSpec = {
  fields: {
    customer_name: 'pc.customer_name',
    provider_name: 'po.name',
    location_name: 'al.location_name',
    responder_name: 'p.responder_name',
    response_date: 'p.response_date',
    notified_date: 'p.notified_date',
    response_status: 'pc.response_status',
    created_at: 'p.created_at',
    updated_at: 'p.updated_at',
  },
  searchColumns: ['pc.customer_name', 'po.name', 'al.location_name', 'p.responder_name'],
  defaultSort: [{ column: 'p.created_at', direction: 'desc' }],
};

export interface PaperListRow {
  id: number;
  provider_communication_id: number;
  customer_name: string;
  provider_name: string | null;
  affected_location_id: number | null;
  location_name: string | null;
  responder_name: string;
  response_date: string;
  notified_date: string | null;
  document_name: string | null;
  response_status: string;
  answers: number;
  created_at: Date;
  updated_at: Date;
}

/** The event's paper responses (paged; search by customer, provider, location or responder name). */
export async function listPaperResponses(
  db: Knex,
  actor: Actor,
  communicationId: number,
  raw: object,
): Promise<ListPage<PaperListRow>> {
  await loadSentEvent(db, actor, communicationId);
  const query = parseListQuery(raw, paperList);
  const base = db('paper_responses as p')
    .join(customerNoticesView(db).as('pc'), 'pc.id', 'p.provider_communication_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .leftJoin(affectedLocationsView(db).as('al'), 'al.id', 'p.affected_location_id')
    .where({
      'p.communication_id': communicationId,
      'p.supplier_organization_id': actor.organizationId,
      'p.status': 'ACTIVE',
    });
  return runList<PaperListRow>(
    base,
    query,
    paperList,
    'p.id',
    (qb) =>
      qb.select(
        'p.id',
        'p.provider_communication_id',
        'pc.customer_name',
        'po.name as provider_name',
        'p.affected_location_id',
        'al.location_name',
        'p.responder_name',
        'p.response_date',
        'p.notified_date',
        'p.document_name',
        'pc.response_status',
        'p.created_at',
        'p.updated_at',
        paperAnswerCount(db, 'p.id').as('answers'),
      ),
    'p.updated_at',
  );
}

/** The notified customers of the event, each with its active paper response when it has one. */
export async function providerNames(db: Knex, actor: Actor, communicationId: number) {
  await loadSentEvent(db, actor, communicationId);
  return db
    .from(customerNoticesView(db).as('pc'))
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .leftJoin('paper_responses as p', function join() {
      this.on('p.provider_communication_id', '=', 'pc.id').andOnVal('p.status', '=', 'ACTIVE');
    })
    .where({ 'pc.communication_id': communicationId, 'pc.supplier_organization_id': actor.organizationId })
    .whereNot('pc.status', 'DELETED')
    .orderBy(['pc.customer_name', 'pc.id'])
    .select(
      'pc.id as provider_communication_id',
      'pc.customer_name',
      'po.name as provider_name',
      'pc.sent_at',
      'pc.response_status',
      'p.id as paper_response_id',
    );
}

function customerLocations(db: Db, pc: ProviderCommunicationRow) {
  return db
    .from(affectedLocationsView(db).as('l'))
    .where({ communication_id: pc.communication_id, affected_customer_id: pc.affected_customer_id })
    .orderBy(['location_name', 'id'])
    .select('id', 'location_id', 'location_name', 'address1', 'city', 'state', 'zip');
}

/** Affected locations of a customer that can take a new paper response (none once the customer has one). */
export async function locationNames(db: Knex, actor: Actor, pcId: number) {
  const { pc } = await loadCustomerById(db, actor, pcId);
  if (await db('paper_responses').where({ provider_communication_id: pc.id, status: 'ACTIVE' }).first('id')) return [];
  return customerLocations(db, pc);
}

/** Affected locations the paper response being edited may name. */
export async function editLocationNames(db: Knex, actor: Actor, paperResponseId: number) {
  const { pc } = await loadPaper(db, actor, paperResponseId);
  return customerLocations(db, pc);
}

/** When the customer was notified: the date its notice was first sent, in the caller's time zone. */
export async function notifiedDate(db: Knex, actor: Actor, pcId: number, timeZone: string) {
  const { pc } = await loadCustomerById(db, actor, pcId);
  return {
    provider_communication_id: pc.id,
    sent_at: pc.sent_at,
    notified_date: pc.sent_at ? dateIn(timeZone, new Date(pc.sent_at)) : null,
  };
}

/**
 * The event's actions with this paper response's values and files (id 0: a new one, for communicationId and
 * optionally providerCommunicationId). An action the customer already answered electronically carries that answer
 * and cannot be given a paper value.
 */
export async function getPaperActions(
  db: Knex,
  secret: string,
  actor: Actor,
  paperResponseId: number,
  query: { communicationId?: number; providerCommunicationId?: number } = {},
) {
  let event: CommunicationRow;
  let pc: ProviderCommunicationRow | null = null;
  let paper: PaperResponseRow | null = null;
  if (paperResponseId) ({ paper, event, pc } = await loadPaper(db, actor, paperResponseId));
  else {
    if (!query.communicationId) throw new ValidationError('communicationId is required for a new paper response.');
    event = await loadSentEvent(db, actor, query.communicationId);
    if (query.providerCommunicationId) pc = await loadCustomer(db, actor, event, query.providerCommunicationId);
  }
  const [actions, responses, files, rows, units] = await Promise.all([
    eventActions(db, event.id),
    pc ? answersOfNotice(db, pc.id) : [],
    paper ? filesOfPaper(db, paper.id) : [],
    // The customer's own rows only (issue 16): a per-unit action is keyed in row by row.
    pc ? customRowsOf(db, event, pc) : [],
    pc ? unitAnswersOf(db, pc.id) : [],
  ]);
  type Answer = {
    action_id: number;
    value: ResponseValue;
    status: string;
    source: string;
    paper_response_id: number | null;
    responder_email: string | null;
    submitted_at: Date | null;
  };
  const toFile = paperFile(secret);
  return {
    paper_response: paper ? paperView(secret)(paper) : null,
    actions: (actions as (ActionRow & { sort_order: number; description: string | null; per_unit: boolean })[]).map(
      (a) => {
        const answer = (responses as Answer[]).find((r) => r.action_id === a.id);
        const mine = answer && paper && answer.paper_response_id === paper.id;
        const electronic = answer && !mine && answer.status === 'SUBMITTED' && answer.paper_response_id === null;
        const unitsOf = units.filter((u) => u.action_id === Number(a.id));
        return {
          ...a,
          /** Per-unit actions: one entry per own row, with this paper response's value or the electronic one. */
          units: a.per_unit
            ? rows.map((r) => {
                const u = unitsOf.find((x) => x.row_id === r.id);
                const ours = u !== undefined && paper !== null && u.paper_response_id === Number(paper.id);
                return {
                  row_id: r.id,
                  product_name: r.product_name,
                  lot_number: r.lot_number,
                  serial_number: r.serial_number,
                  udi: r.udi,
                  quantity: r.quantity,
                  value: ours ? u.value : null,
                  electronic_value: u && u.paper_response_id === null ? u.value : null,
                };
              })
            : [],
          value: mine ? answer.value : null,
          electronic_answer: electronic
            ? { value: answer.value, responder_email: answer.responder_email, submitted_at: answer.submitted_at }
            : null,
          files: (files as FileRow[]).filter((f) => f.action_id === a.id).map(toFile),
        };
      },
    ),
  };
}

/** Signed links of the scanned paper document. */
export async function paperDocument(db: Knex, secret: string, actor: Actor, paperResponseId: number) {
  const view = paperView(secret)((await loadPaper(db, actor, paperResponseId)).paper);
  if (!view.document) throw new NotFoundError(PAPER_MESSAGES.noDocument);
  return view.document;
}

/** GET /file/paper/{id}: one file of a paper response of the caller's supplier, with signed links. */
export async function getPaperFile(db: Knex, secret: string, actor: Actor, fileId: number) {
  const row = (await db
    .from(liveResponseFilesView(db).as('f'))
    .join('paper_responses as p', 'p.id', 'f.paper_response_id')
    .where({
      'f.id': fileId,
      'f.supplier_organization_id': actor.organizationId,
      'p.supplier_organization_id': actor.organizationId,
      'p.status': 'ACTIVE',
    })
    .first('f.*', 'p.communication_id')) as (FileRow & { communication_id: number }) | undefined;
  if (!row) throw new NotFoundError('File not found.');
  await loadOwnCommunication(db, actor, row.communication_id);
  return paperFile(secret)(row);
}

// ---------- writing the paper response itself ----------

export interface PaperResponseInput {
  id?: number;
  communicationId?: number;
  providerCommunicationId?: number;
  locationId?: number | null;
  responderName: string;
  responseDate: string;
  notifiedDate?: string | null;
  /** Update only: drop the stored document (a new upload replaces it anyway). */
  removeDocument?: boolean;
}

async function checkHeader(
  trx: Knex.Transaction,
  pc: ProviderCommunicationRow,
  input: PaperResponseInput,
  timeZone: string,
) {
  if (input.notifiedDate && parseDate(input.notifiedDate) !== input.notifiedDate)
    throw new ValidationError('notifiedDate must be a date (YYYY-MM-DD).');
  const notified = input.notifiedDate || (pc.sent_at ? dateIn(timeZone, new Date(pc.sent_at)) : null);
  if (notified && input.responseDate < notified)
    throw new ValidationError(PAPER_MESSAGES.dates, [{ field: 'responseDate', message: PAPER_MESSAGES.dates }]);
  const locationId = input.locationId ?? null;
  if (locationId !== null && !(await customerLocations(trx, pc).where({ id: locationId }).first())) {
    throw new ValidationError(PAPER_MESSAGES.location, [{ field: 'locationId', message: PAPER_MESSAGES.location }]);
  }
  return {
    affected_location_id: locationId,
    responder_name: input.responderName.trim(),
    response_date: input.responseDate,
    notified_date: notified,
  };
}

async function storeDocument(
  store: FileStore,
  actor: Actor,
  file: UploadedFile,
  stored: string[],
): Promise<DocumentColumns> {
  const key = newFileKey(`paper-responses/${actor.organizationId}`, file.name);
  await store.put(key, file.data);
  stored.push(key);
  return {
    document_name: file.name,
    document_extension: file.extension,
    document_mimetype: file.mimetype,
    document_size: file.size,
    document_file_key: key,
  };
}

interface DocumentColumns {
  document_name: string | null;
  document_extension: string | null;
  document_mimetype: string | null;
  document_size: number | null;
  document_file_key: string | null;
}
const NO_DOCUMENT: DocumentColumns = {
  document_name: null,
  document_extension: null,
  document_mimetype: null,
  document_size: null,
  document_file_key: null,
};

/** Runs a write that may store files; on failure the stored files are removed again. */
async function withStoredFiles<T>(
  db: Knex,
  store: FileStore,
  work: (trx: Knex.Transaction, stored: string[]) => Promise<T>,
): Promise<T> {
  try {
    return await transactionWithFiles(db, store, work);
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).constraint === 'paper_responses_one_active_per_customer')
      throw new ConflictError(PAPER_MESSAGES.duplicate, 'PAPER_RESPONSE_EXISTS');
    throw error;
  }
}

async function insertPaper(
  trx: Knex.Transaction,
  actor: Actor,
  event: CommunicationRow,
  pc: ProviderCommunicationRow,
  header: Awaited<ReturnType<typeof checkHeader>>,
  document: Partial<DocumentColumns>,
): Promise<PaperResponse> {
  if (await PaperResponse.query(trx).findOne({ provider_communication_id: pc.id, status: 'ACTIVE' }).select('id'))
    throw new ConflictError(PAPER_MESSAGES.duplicate, 'PAPER_RESPONSE_EXISTS');
  const row = await PaperResponse.query(trx)
    .insert({
      communication_id: event.id,
      supplier_organization_id: actor.organizationId,
      provider_communication_id: pc.id,
      ...header,
      ...document,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('*');
  await appendHistory(trx, actor, {
    communicationId: event.id,
    organizationId: event.organization_id,
    providerCommunicationId: pc.id,
    action: 'PAPER_RESPONSE_CREATED',
    entityType: 'paper_response',
    entityId: row.id,
    after: { ...header, document_name: document.document_name ?? null },
  });
  return row;
}

/** Records a paper response of one notified customer: who answered, when, and optionally the scanned form. */
export async function createPaperResponse(
  db: Knex,
  store: FileStore,
  secret: string,
  actor: Actor,
  input: PaperResponseInput & { communicationId: number; providerCommunicationId: number },
  document: Upload | undefined,
  timeZone: string,
): Promise<PaperResponseView> {
  const doc = document ? checkUpload(document, DOCUMENT_EXTENSIONS, UPLOAD_MESSAGES.document) : null;
  return withStoredFiles(db, store, async (trx, stored) => {
    const event = await loadSentEvent(trx, actor, input.communicationId);
    const pc = await loadCustomer(trx, actor, event, input.providerCommunicationId, true);
    const header = await checkHeader(trx, pc, input, timeZone);
    const row = await insertPaper(
      trx,
      actor,
      event,
      pc,
      header,
      doc ? await storeDocument(store, actor, doc, stored) : {},
    );
    return paperView(secret)(row);
  });
}

/** Changes who answered, when, the location or the document of a paper response; the customer stays. */
export async function updatePaperResponse(
  db: Knex,
  store: FileStore,
  secret: string,
  actor: Actor,
  input: PaperResponseInput & { id: number },
  document: Upload | undefined,
  timeZone: string,
): Promise<PaperResponseView> {
  const doc = document ? checkUpload(document, DOCUMENT_EXTENSIONS, UPLOAD_MESSAGES.document) : null;
  let replacedKey: string | null = null;
  const view = await withStoredFiles(db, store, async (trx, stored) => {
    const { paper, event, pc } = await loadPaper(trx, actor, input.id, true);
    if (input.communicationId !== undefined && input.communicationId !== paper.communication_id)
      throw new NotFoundError(PAPER_MESSAGES.notFound);
    if (
      input.providerCommunicationId !== undefined &&
      input.providerCommunicationId !== paper.provider_communication_id
    )
      throw new ValidationError(PAPER_MESSAGES.customerFixed);
    const header = await checkHeader(trx, pc, input, timeZone);
    const documentChange: Partial<DocumentColumns> = doc
      ? await storeDocument(store, actor, doc, stored)
      : input.removeDocument
        ? NO_DOCUMENT
        : {};
    if ('document_file_key' in documentChange) replacedKey = paper.document_file_key;
    const [row] = await PaperResponse.query(trx)
      .where({ id: paper.id })
      .patch({ ...header, ...documentChange, updated_by: actor.userId })
      .returning('*');
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'PAPER_RESPONSE_UPDATED',
      entityType: 'paper_response',
      entityId: paper.id,
      before: {
        affected_location_id: paper.affected_location_id,
        responder_name: paper.responder_name,
        response_date: paper.response_date,
        notified_date: paper.notified_date,
        document_name: paper.document_name,
      },
      after: { ...header, document_name: row!.document_name },
    });
    return paperView(secret)(row!);
  });
  // The old scan goes once the new row is committed.
  if (replacedKey) await store.remove(replacedKey);
  return view;
}

/** Deletes a paper response with its answers and files; the customer's completion is recomputed. */
export async function deletePaperResponse(
  db: Knex,
  actor: Actor,
  paperResponseId: number,
): Promise<{ response_status: string }> {
  return transaction(db, async (trx) => {
    const { paper, event, pc } = await loadPaper(trx, actor, paperResponseId, true);
    const answers = await dropPaperAnswers(trx, paper.id);
    const unitAnswers = await dropPaperUnitAnswers(trx, paper.id);
    await dropPaperFiles(trx, paper.id);
    await trx('paper_responses')
      .where({ id: paper.id })
      .update({ status: 'DELETED', updated_by: actor.userId, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'PAPER_RESPONSE_DELETED',
      entityType: 'paper_response',
      entityId: paper.id,
      before: {
        responder_name: paper.responder_name,
        response_date: paper.response_date,
        answers,
        ...(unitAnswers.length ? { unit_answers: unitAnswers } : {}),
      },
      after: { status: 'DELETED' },
    });
    const ctx = { pc, event, respondent: respondentOf(actor) };
    await refreshCompletion(trx, ctx);
    return { response_status: ctx.pc.response_status };
  });
}

// ---------- the answers of a paper response ----------

export interface PaperAnswer extends ResponseValue {
  actionId: number;
  /** A per-unit action's answers, one per row of the customer's own (issue 16). */
  units?: UnitAnswerInput[];
}

const isEmptyValue = (value: ResponseValue) =>
  Object.values(value).every((v) => v === undefined || v === false || v === '' || (Array.isArray(v) && v.length === 0));

/**
 * Sets the listed actions' paper answers (an empty value clears one; unlisted actions stay as they are). Values are
 * checked by the electronic rules (checkValue); a required action may stay unanswered, since a paper form can come
 * back incomplete, and then the customer stays "In Progress". An action answered electronically refuses the save.
 * New files come as `uploads` by action id; an Image/Document value lists the paper files to keep (all when absent).
 */
async function writePaperAnswers(
  trx: Knex.Transaction,
  store: FileStore,
  actor: Actor,
  { paper, event, pc }: PaperContext,
  answers: PaperAnswer[],
  uploads: Map<number, Upload[]>,
  stored: string[],
): Promise<void> {
  const actions = new Map((await eventActions(trx, event.id)).map((a) => [a.id, a]));
  const inputs = [...answers];
  for (const actionId of uploads.keys()) if (!inputs.some((a) => a.actionId === actionId)) inputs.push({ actionId });
  const seen = new Set<number>();
  for (const input of inputs) {
    const action = actions.get(input.actionId);
    if (!action) throw new ValidationError(`Action ${input.actionId} is not an action of this event.`);
    if (seen.has(action.id)) throw new ValidationError(`"${action.title}" is listed twice.`);
    seen.add(action.id);
    if (action.is_disabled) throw new ConflictError(RESPONSE_MESSAGES.disabled, 'ACTION_DISABLED');
    if (input.units !== undefined) {
      await writePaperUnits(trx, actor, { paper, event, pc }, action, input.units);
      continue;
    }
    const fileKey =
      action.action_type === 'Image' ? 'valueImage' : action.action_type === 'Document' ? 'valueDocument' : null;
    const newFiles = uploads.get(action.id) ?? [];
    if (newFiles.length && !fileKey) throw new ValidationError(`"${action.title}" does not take files.`);
    const [allowed, message] =
      action.action_type === 'Image'
        ? [IMAGE_EXTENSIONS, UPLOAD_MESSAGES.image]
        : [DOCUMENT_EXTENSIONS, UPLOAD_MESSAGES.document];
    const newIds: number[] = [];
    for (const file of newFiles.map((f) => checkUpload(f, allowed, message))) {
      const key = newFileKey(`responses/${event.organization_id}`, file.name);
      await store.put(key, file.data);
      stored.push(key);
      const fileId = await insertResponseFile(trx, {
        provider_communication_id: pc.id,
        action_id: action.id,
        supplier_organization_id: event.organization_id,
        paper_response_id: paper.id,
        name: file.name,
        extension: file.extension,
        mimetype: file.mimetype,
        size: file.size,
        file_key: key,
        uploaded_by_email: actor.email,
        uploaded_by_user_id: actor.userId,
      });
      newIds.push(fileId);
    }
    const given =
      fileKey && input[fileKey] !== undefined ? { [fileKey]: [...input[fileKey]!.map(Number), ...newIds] } : {};
    const value = await checkValue(trx, pc.id, action, { ...input, ...given, submit: false }, paper.id);
    if (fileKey) {
      await dropPaperFiles(trx, paper.id, { actionId: action.id, keep: (value[fileKey] ?? []) as number[] });
    }
    const existing = await answerOfAction(trx, pc.id, action.id);
    const ours = existing?.paper_response_id === paper.id;
    if (isEmptyValue(value)) {
      if (!existing || !ours) continue;
      await deleteAnswer(trx, existing.id);
      await appendHistory(trx, actor, {
        communicationId: event.id,
        organizationId: event.organization_id,
        providerCommunicationId: pc.id,
        action: 'PAPER_ANSWER_CLEARED',
        entityType: 'action',
        entityId: action.id,
        before: { value: existing.value, source: 'Paper', paper_response_id: paper.id },
      });
      continue;
    }
    if (existing && !ours && existing.status === 'SUBMITTED')
      throw new ConflictError(PAPER_MESSAGES.electronic(action.title), 'ANSWERED_ELECTRONICALLY');
    const answer = {
      value: JSON.stringify(value),
      status: 'SUBMITTED',
      source: 'Paper',
      paper_response_id: paper.id,
      responder_user_id: actor.userId,
      responder_email: actor.email,
      submitted_at: trx.fn.now(),
    };
    await upsertAnswer(
      trx,
      {
        provider_communication_id: pc.id,
        communication_id: event.id,
        action_id: action.id,
        supplier_organization_id: event.organization_id,
        provider_organization_id: pc.provider_organization_id,
      },
      answer,
    );
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'PAPER_RESPONDED',
      entityType: 'action',
      entityId: action.id,
      before: existing ? { value: existing.value, status: existing.status, source: existing.source } : null,
      after: { value, status: 'SUBMITTED', source: 'Paper', paper_response_id: paper.id },
    });
  }
  await trx('paper_responses').where({ id: paper.id }).update({ updated_by: actor.userId, updated_at: trx.fn.now() });
  await refreshCompletion(trx, { pc, event, respondent: respondentOf(actor) });
}

/**
 * A per-unit action's paper answers (issue 16), through the one unit-answer service: the customer's own rows only
 * (another customer's row is 404), the electronic rules for each value, and the action's summary once every row is
 * answered. A row or action answered electronically refuses the save, as for whole actions.
 */
async function writePaperUnits(
  trx: Knex.Transaction,
  actor: Actor,
  { paper, event, pc }: PaperContext,
  action: ActionRow & { per_unit: boolean },
  units: UnitAnswerInput[],
): Promise<void> {
  if (!action.per_unit) throw new ValidationError(`"${action.title}" is answered once, not per unit.`);
  if (!units.length) return;
  const existing = await responseOf(trx, pc.id, action.id);
  if (existing && existing.status === 'SUBMITTED' && existing.paper_response_id === null)
    throw new ConflictError(PAPER_MESSAGES.electronic(action.title), 'ANSWERED_ELECTRONICALLY');
  const result = await answerUnits(
    trx,
    pc.id,
    respondentOf(actor),
    action.id,
    units,
    { communicationId: event.id },
    { paperResponseId: paper.id },
  );
  // answerUnits recomputed completion on its own copy of the row; keep ours in step for the final recompute.
  pc.response_status = result.response_status as ProviderCommunicationRow['response_status'];
}

/** Files of a multipart save, by action: form fields named `file_<actionId>`. */
function uploadsByAction(uploads: { field: string; name: string; data: Buffer }[]): Map<number, Upload[]> {
  const out = new Map<number, Upload[]>();
  for (const u of uploads) {
    const match = /^file_(\d+)$/.exec(u.field);
    if (!match) throw new ValidationError(`Unexpected file field "${u.field}": send each file as file_<actionId>.`);
    const list = out.get(Number(match[1])) ?? [];
    list.push({ name: u.name, data: u.data });
    out.set(Number(match[1]), list);
  }
  return out;
}

/** POST /paper/supplieractions: saves the action values (and files) of a paper response, all or nothing. */
export async function savePaperActions(
  db: Knex,
  store: FileStore,
  secret: string,
  actor: Actor,
  paperResponseId: number,
  answers: PaperAnswer[],
  uploads: { field: string; name: string; data: Buffer }[],
) {
  const files = uploadsByAction(uploads);
  await withStoredFiles(db, store, async (trx, stored) => {
    const ctx = await loadPaper(trx, actor, paperResponseId, true);
    await writePaperAnswers(trx, store, actor, ctx, answers, files, stored);
  });
  return getPaperActions(db, secret, actor, paperResponseId);
}

// ---------- import of the filled Paper Response Template ----------

const YES = ['yes', 'y', 'true', 'x', '1'];
const NO = ['no', 'n', 'false', '0'];

/** A template cell as an answer of its action, or the reason it is not one. */
function cellAnswer(action: ActionRow, cell: Cell): ResponseValue | { error: string } {
  const raw = cellText(cell);
  const lower = raw.toLowerCase();
  switch (action.action_type) {
    case 'Acknowledge':
      if (YES.includes(lower)) return { valueAcknowledge: true };
      return NO.includes(lower) ? { valueAcknowledge: false } : { error: 'answer Yes to acknowledge.' };
    case 'Text':
      return { valueText: raw };
    case 'Numeric':
      return { valueNumeric: typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : raw };
    case 'YesNo':
      if (YES.includes(lower)) return { valueYesNo: 'Yes' };
      return NO.includes(lower) ? { valueYesNo: 'No' } : { error: 'answer Yes or No.' };
    case 'Checkbox':
    case 'MultipleChoice': {
      const chosen: string[] = [];
      for (const part of raw.split(/\s*(?:;|\n|\s\/\s|,)\s*/).filter(Boolean)) {
        const option = action.options.find((o) => o.toLowerCase() === part.toLowerCase());
        if (!option) return { error: `"${part}" is not one of: ${action.options.join(', ')}.` };
        if (!chosen.includes(option)) chosen.push(option);
      }
      return action.action_type === 'Checkbox' ? { valueCheckbox: chosen } : { valueMultiChoice: chosen };
    }
    default:
      return { error: 'files cannot be imported; add them to the paper response on the page.' };
  }
}

export interface ImportRowError {
  row: number;
  message: string;
}

/**
 * POST /{id}/paper-response-import: each template row with a responder name or an answer becomes a paper response
 * of its customer. Every row is checked (and written in a savepoint, to run the same checks as the form); if any row
 * is bad, nothing is written and every bad row comes back with its row number.
 */
export async function importPaperResponses(
  db: Knex,
  store: FileStore,
  actor: Actor,
  communicationId: number,
  upload: Upload | undefined,
  timeZone: string,
) {
  await loadSentEvent(db, actor, communicationId);
  if (!upload) throw new ValidationError('Choose the filled Paper Response Template (.xlsx) to upload.');
  const file = checkUpload(
    upload,
    ['xlsx'],
    'The paper responses must be uploaded as the Paper Response Template (.xlsx).',
  );
  let rows: Awaited<ReturnType<typeof readRows>>;
  try {
    rows = await readRows('xlsx', file.data);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError('The file could not be read as a spreadsheet.');
    throw error;
  }
  return transaction(db, async (trx) => {
    const event = await loadSentEvent(trx, actor, communicationId, true);
    const [header, ...data] = rows;
    const column = (name: string) => (header ? header[1].findIndex((h) => cellText(h) === name) : -1);
    const [pcCol, responderCol, dateCol] = [
      column(TEMPLATE_HEADERS.pc),
      column(TEMPLATE_HEADERS.responder),
      column(TEMPLATE_HEADERS.responseDate),
    ];
    if (pcCol < 0 || responderCol < 0 || dateCol < 0) {
      throw new ValidationError(
        'This is not a Paper Response Template: download the template of this event and fill it in.',
      );
    }
    const actions: ActionRow[] = await eventActions(trx, event.id);
    const actionCols = actions
      .map((action) => ({ action, index: column(actionColumnHeader(action)) }))
      .filter((c) => c.index >= 0);
    const errors: ImportRowError[] = [];
    const created: number[] = [];
    const seen = new Set<number>();
    for (const [line, cells] of data) {
      const cell = (i: number): Cell => cells[i] ?? null;
      const responder = cellText(cell(responderCol));
      const answered = actionCols.filter((c) => cellText(cell(c.index)) !== '');
      if (!responder && !answered.length) continue;
      const problems: string[] = [];
      const pcId = Number(cellText(cell(pcCol)));
      let pc: ProviderCommunicationRow | undefined;
      if (!Number.isInteger(pcId) || pcId <= 0) problems.push(`${TEMPLATE_HEADERS.pc} is missing.`);
      else {
        pc = await findLiveNotice(trx, actor.organizationId, pcId, { communicationId: event.id, forUpdate: true });
        if (!pc) problems.push(`Provider Communication ID ${pcId} is not a customer of this event.`);
        else if (seen.has(pcId)) problems.push('This customer is on more than one row.');
        seen.add(pcId);
      }
      if (!responder) problems.push('Responder Name is required.');
      const rawDate = cellText(cell(dateCol));
      const responseDate = parseDate(cell(dateCol));
      if (!rawDate) problems.push('Response Date is required.');
      else if (!responseDate) problems.push(`Response Date "${rawDate}" is not a date (MM/DD/YYYY).`);
      const answers: PaperAnswer[] = [];
      for (const { action, index } of answered) {
        const value = cellAnswer(action, cell(index));
        if ('error' in value) problems.push(`${action.title}: ${value.error}`);
        else answers.push({ actionId: action.id, ...value });
      }
      if (problems.length || !pc) {
        errors.push({ row: line, message: problems.join(' ') });
        continue;
      }
      const customer = pc;
      // The same checks as the form, in a savepoint so one bad row does not hide the next ones.
      try {
        await trx.transaction(async (sp) => {
          const header = await checkHeader(
            sp,
            customer,
            { responderName: responder, responseDate: responseDate! },
            timeZone,
          );
          const paper = await insertPaper(sp, actor, event, customer, header, {});
          await writePaperAnswers(sp, store, actor, { paper, event, pc: customer }, answers, new Map(), []);
          created.push(paper.id);
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push({ row: line, message: error.message });
      }
    }
    if (errors.length) {
      throw new BusinessRuleError(
        `The file was not imported: ${errors.map((e) => `row ${e.row}: ${e.message}`).join(' ')}`,
        'IMPORT_ROWS_INVALID',
        errors,
      );
    }
    if (!created.length)
      throw new ValidationError(
        "The file holds no paper responses: fill in a Responder Name or an answer on a customer's row.",
      );
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      action: 'PAPER_RESPONSES_IMPORTED',
      entityType: 'paper_response',
      after: { file: file.name, created },
    });
    return { created: created.length, paper_response_ids: created };
  });
}
