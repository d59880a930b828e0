import type { Knex } from 'knex';
import { type HistoryFacts, vocabularyLabel } from '@portal/vocabulary';
import { customRowsOf } from './custom-content.js';
import { fieldValues, type ProductField, productFieldsOfEvent } from './product-fields.js';
import {
  type Actor,
  checkUpload,
  ConflictError,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  IMAGE_EXTENSIONS,
  newFileKey,
  NotFoundError,
  sha256,
  signedUrls,
  UPLOAD_MESSAGES,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import { findOrganizationCard, usersView } from '@portal/organizations';
import type { ActionType } from '../constants.js';
import type { CommunicationRow } from './access.js';
import { appendHistory, historyFacts } from './history.js';
import { Communication } from '../models/Communication.js';

/** Who answers: a signed-in provider user, or someone reached by a secure link (recipient, delegate, sales rep). */
export interface Respondent {
  email: string;
  actor: Actor | null;
}

export interface ProviderCommunicationRow {
  id: number;
  communication_id: number;
  supplier_organization_id: number;
  provider_organization_id: number | null;
  affected_customer_id: number;
  status: 'OPEN' | 'CLOSED' | 'DELETED';
  response_status: 'NOTCOMPLETED' | 'COMPLETED';
  sent_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  completed_at: Date | null;
}

export interface NoticeContext {
  pc: ProviderCommunicationRow;
  event: CommunicationRow;
  respondent: Respondent;
}

const NOT_FOUND = 'This link is invalid or has expired.';

/**
 * Resolves a public notice link (DESIGN §4). Unknown, expired and revoked tokens all answer the same 404; the ids
 * of the public paths are then checked against the link, so an id alone, or another notice's token, gets nothing.
 */
export async function resolveNoticeLink(
  db: Knex | Knex.Transaction,
  token: string | undefined,
): Promise<{ pcId: number; email: string }> {
  if (!token || token.length < 32 || token.length > 200) throw new NotFoundError(NOT_FOUND);
  // Recipient links only: delegate and sales-rep links open their own, narrower forms.
  const link = (await db('notice_links')
    .where({ token_hash: sha256(token), purpose: 'RECIPIENT' })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .first('id', 'provider_communication_id', 'email')) as
    | { id: number; provider_communication_id: number; email: string }
    | undefined;
  if (!link) throw new NotFoundError(NOT_FOUND);
  await db('notice_links').where({ id: link.id }).update({ last_used_at: db.fn.now() });
  return { pcId: link.provider_communication_id, email: link.email };
}

/** Loads the provider communication and its event; `expect` ids from a path must all match, or it is a 404. */
export async function loadNotice(
  db: Knex | Knex.Transaction,
  pcId: number,
  expect: { communicationId?: number; organizationId?: number; forUpdate?: boolean } = {},
): Promise<{ pc: ProviderCommunicationRow; event: CommunicationRow }> {
  const q = db('provider_communications').where({ id: pcId }).whereNot({ status: 'DELETED' });
  // FOR NO KEY UPDATE: queues the writers of this provider communication, not the inserts that merely reference it.
  if (expect.forUpdate) q.forNoKeyUpdate();
  const pc = (await q.first()) as ProviderCommunicationRow | undefined;
  if (!pc) throw new NotFoundError(NOT_FOUND);
  const event = await Communication.query(db).findById(pc.communication_id).whereIn('status', ['OPEN', 'CLOSED']);
  if (!event) throw new NotFoundError(NOT_FOUND);
  if (expect.communicationId !== undefined && expect.communicationId !== pc.communication_id)
    throw new NotFoundError(NOT_FOUND);
  if (
    expect.organizationId !== undefined &&
    expect.organizationId !== pc.supplier_organization_id &&
    expect.organizationId !== pc.provider_organization_id
  ) {
    throw new NotFoundError(NOT_FOUND);
  }
  return { pc, event };
}

// ---------- reading ----------

export interface ActionView {
  id: number;
  sort_order: number;
  action_type: ActionType;
  title: string;
  description: string | null;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
  /** Answered per customer row (issue 16); `unit_answers` then holds the answers given so far, by row. */
  per_unit: boolean;
  unit_answers: { row_id: number; value: ResponseValue }[];
  response: {
    status: 'DRAFT' | 'SUBMITTED';
    value: ResponseValue;
    responder_email: string | null;
    submitted_at: Date | null;
    updated_at: Date;
  } | null;
  files: FileView[];
}

export interface FileView {
  id: number;
  name: string;
  extension: string;
  type: string;
  size: number;
  signed_url: string;
  signed_url_review: string;
}

type Words = { en: string; vi: string } | null;
/** The managed lookup values' words for the event's codes (issue 12): public forms have no signed-in label load. */
export interface NoticeLabels {
  subtype: Words;
  classification: Words;
  reason: Words;
  disposition: Words;
  lead_time: Words;
}

export function noticeLabels(
  event: Pick<CommunicationRow, 'type' | 'subtype' | 'classification' | 'reason' | 'disposition' | 'lead_time'>,
): NoticeLabels {
  const words = (vocabulary: Parameters<typeof vocabularyLabel>[0], code: string | null): Words =>
    code ? { en: vocabularyLabel(vocabulary, code, 'en'), vi: vocabularyLabel(vocabulary, code, 'vi') } : null;
  return {
    subtype: words(event.type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype', event.subtype),
    classification: words('classification', event.classification),
    reason: words('reason', event.reason),
    disposition: words('disposition', event.disposition),
    lead_time: words('leadTime', event.lead_time),
  };
}

export interface NoticeView {
  communication: Pick<
    CommunicationRow,
    | 'id'
    | 'type'
    | 'subtype'
    | 'name'
    | 'event_id'
    | 'classification'
    | 'reason'
    | 'description'
    | 'disposition'
    | 'lead_time'
    | 'event_date'
    | 'end_date'
    | 'contact_name'
    | 'contact_email'
    | 'contact_phone'
    | 'status'
  > & { supplier_name: string; organization_id: number; labels: NoticeLabels };
  provider_communication: ProviderCommunicationRow & {
    customer_name: string;
    response_label: 'In Progress' | 'Completed';
  };
  /** Each product with `fields`: its custom field values in the spec's value fields. */
  products: Record<string, unknown>[];
  /** The custom fields the products are shown with (a column each), in order. */
  product_fields: ProductField[];
  actions: ActionView[];
  documents: FileView[];
  email: string;
}

export const fileView =
  (secret: string) =>
  (f: { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }): FileView => ({
    id: f.id,
    name: f.name,
    extension: f.extension,
    type: f.mimetype,
    size: Number(f.size),
    ...signedUrls(secret, f.file_key, f.name),
  });

export async function noticeView(db: Knex, secret: string, ctx: NoticeContext): Promise<NoticeView> {
  const { pc, event } = ctx;
  const [supplier, customer, products, actions, responses, files, documents, productFields, unitAnswers] =
    await Promise.all([
      findOrganizationCard(db, event.organization_id),
      db('communication_affected_customers').where({ id: pc.affected_customer_id }).first('name'),
      // A custom-content event shows each customer its own rows, never another's (issue 16).
      event.custom_content
        ? customRowsOf(db, event, pc)
        : db('communication_products')
            .where({ communication_id: event.id })
            .orderBy(['sort_order', 'id'])
            .select(
              'id',
              'product_name',
              'catalog_number',
              'lot_number',
              'udi',
              'description',
              'expiration_date',
              'quantity',
              'custom_fields',
            ),
      db('communication_actions')
        .where({ communication_id: event.id })
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
        ),
      db('provider_responses')
        .where({ provider_communication_id: pc.id })
        .select('action_id', 'status', 'value', 'responder_email', 'submitted_at', 'updated_at'),
      db('response_files').where({ provider_communication_id: pc.id }).whereNull('deleted_at').orderBy('id'),
      db('communication_documents').where({ communication_id: event.id }).whereNull('deleted_at').orderBy('id'),
      productFieldsOfEvent(db, event.id, event.organization_id),
      event.custom_content
        ? (db('provider_unit_answers')
            .where({ provider_communication_id: pc.id })
            .orderBy('id')
            .select('action_id', 'custom_row_id', 'value') as Promise<
            { action_id: number; custom_row_id: number; value: ResponseValue }[]
          >)
        : Promise.resolve([]),
    ]);
  const toFile = fileView(secret);
  return {
    communication: {
      id: event.id,
      type: event.type,
      subtype: event.subtype,
      name: event.name,
      event_id: event.event_id,
      classification: event.classification,
      reason: event.reason,
      description: event.description,
      disposition: event.disposition,
      lead_time: event.lead_time,
      event_date: event.event_date,
      end_date: event.end_date,
      contact_name: event.contact_name,
      contact_email: event.contact_email,
      contact_phone: event.contact_phone,
      status: event.status,
      supplier_name: (supplier as { name: string }).name,
      organization_id: event.organization_id,
      labels: noticeLabels(event),
    },
    provider_communication: {
      ...pc,
      customer_name: (customer as { name: string } | undefined)?.name ?? '',
      response_label: pc.response_status === 'COMPLETED' ? 'Completed' : 'In Progress',
    },
    products: (products as { custom_fields: Record<string, unknown> | null }[]).map((p) => ({
      ...p,
      fields: fieldValues(productFields, p.custom_fields),
    })),
    product_fields: productFields,
    actions: (actions as Omit<ActionView, 'response' | 'files' | 'unit_answers'>[]).map((a) => {
      const r = (
        responses as {
          action_id: number;
          status: 'DRAFT' | 'SUBMITTED';
          value: ResponseValue;
          responder_email: string | null;
          submitted_at: Date | null;
          updated_at: Date;
        }[]
      ).find((x) => x.action_id === a.id);
      return {
        ...a,
        unit_answers: unitAnswers
          .filter((u) => Number(u.action_id) === Number(a.id))
          .map((u) => ({ row_id: Number(u.custom_row_id), value: u.value })),
        response: r
          ? {
              status: r.status,
              value: r.value,
              responder_email: r.responder_email,
              submitted_at: r.submitted_at,
              updated_at: r.updated_at,
            }
          : null,
        files: (
          files as {
            id: number;
            action_id: number;
            name: string;
            extension: string;
            mimetype: string;
            size: number;
            file_key: string;
          }[]
        )
          .filter((f) => f.action_id === a.id)
          .map(toFile),
      };
    }),
    documents: (
      documents as { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }[]
    ).map(toFile),
    email: ctx.respondent.email,
  };
}

// ---------- acknowledging ----------

export function assertOpen(ctx: NoticeContext): void {
  if (ctx.pc.status !== 'OPEN' || ctx.event.status !== 'OPEN')
    throw new ConflictError('This event is closed and can no longer be answered.', 'EVENT_CLOSED');
}

/** Acknowledges receipt; idempotent (the first acknowledgement is kept), recorded with who and when. */
export async function acknowledge(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  expect: { communicationId?: number; organizationId?: number } = {},
): Promise<ProviderCommunicationRow> {
  return transaction(db, async (trx) => {
    const { pc, event } = await loadNotice(trx, pcId, { ...expect, forUpdate: true });
    assertOpen({ pc, event, respondent });
    if (pc.acknowledged_at) return pc;
    const [row] = await trx('provider_communications')
      .where({ id: pc.id })
      .update({ acknowledged_at: trx.fn.now(), acknowledged_by: respondent.email, updated_at: trx.fn.now() })
      .returning('*');
    await appendHistory(trx, respondent.actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'ACKNOWLEDGED',
      entityType: 'provider_communication',
      entityId: pc.id,
      actorEmail: respondent.email,
      before: { acknowledged_at: null },
      after: { acknowledged_by: respondent.email },
    });
    return row as ProviderCommunicationRow;
  });
}

// ---------- answering ----------

export interface ResponseValue {
  valueAcknowledge?: boolean;
  valueText?: string;
  valueNumeric?: string;
  valueYesNo?: 'Yes' | 'No';
  valueCheckbox?: string[];
  valueMultiChoice?: string[];
  valueImage?: number[];
  valueDocument?: number[];
}

export interface AnswerInput extends ResponseValue {
  /** false keeps the answer a DRAFT; true submits it. */
  submit?: boolean;
}

export const RESPONSE_MESSAGES = {
  required: 'Field required',
  numeric: 'Only numeric values are accepted.',
  disabled: 'This action is disabled and cannot be edited.',
} as const;

export interface ActionRow {
  id: number;
  action_type: ActionType;
  title: string;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
}

const invalid = (action: ActionRow, message: string) =>
  new ValidationError(message, [{ field: `actions.${action.id}`, message }]);

/**
 * Checks one answer against its action type (spec §3 value fields, §5 rules) and keeps only the matching field.
 * A submitted answer to a required action must hold a value; a draft may be partial.
 */
export async function checkValue(
  trx: Knex.Transaction,
  pcId: number,
  action: ActionRow,
  input: AnswerInput,
  paperResponseId: number | null = null,
): Promise<ResponseValue> {
  const submit = input.submit !== false;
  const need = (present: boolean) => {
    if (!present && submit && action.is_required) throw invalid(action, RESPONSE_MESSAGES.required);
  };
  switch (action.action_type) {
    case 'Acknowledge':
      if (input.valueAcknowledge !== undefined && typeof input.valueAcknowledge !== 'boolean')
        throw invalid(action, 'valueAcknowledge must be true or false');
      need(input.valueAcknowledge === true);
      return { valueAcknowledge: input.valueAcknowledge === true };
    case 'Text': {
      const text = typeof input.valueText === 'string' ? input.valueText.trim() : '';
      if (input.valueText !== undefined && typeof input.valueText !== 'string')
        throw invalid(action, 'valueText must be text');
      need(text !== '');
      return { valueText: text };
    }
    case 'Numeric': {
      const raw =
        input.valueNumeric === undefined || input.valueNumeric === null ? '' : String(input.valueNumeric).trim();
      if (raw !== '' && !/^\d+$/.test(raw)) throw invalid(action, RESPONSE_MESSAGES.numeric);
      need(raw !== '');
      return { valueNumeric: raw };
    }
    case 'YesNo':
      if (input.valueYesNo !== undefined && input.valueYesNo !== 'Yes' && input.valueYesNo !== 'No')
        throw invalid(action, 'valueYesNo must be Yes or No');
      need(input.valueYesNo !== undefined);
      return input.valueYesNo ? { valueYesNo: input.valueYesNo } : {};
    case 'Checkbox':
    case 'MultipleChoice': {
      const key = action.action_type === 'Checkbox' ? 'valueCheckbox' : 'valueMultiChoice';
      const chosen = input[key] ?? [];
      if (!Array.isArray(chosen) || !chosen.every((c) => typeof c === 'string' && action.options.includes(c))) {
        throw invalid(action, `${key} must be chosen from: ${action.options.join(', ')}`);
      }
      if (new Set(chosen).size !== chosen.length) throw invalid(action, `${key} lists an option twice`);
      need(chosen.length > 0);
      return { [key]: chosen };
    }
    case 'Image':
    case 'Document': {
      const key = action.action_type === 'Image' ? 'valueImage' : 'valueDocument';
      // The files are those uploaded to this action of this notice (electronic answer) or of this paper response;
      // ids sent by the client must be among them.
      const files = trx('response_files')
        .where({ provider_communication_id: pcId, action_id: action.id })
        .whereNull('deleted_at');
      if (paperResponseId === null) files.whereNull('paper_response_id');
      else files.where({ paper_response_id: paperResponseId });
      const uploaded = (await files.pluck('id')) as number[];
      const given = input[key];
      if (given !== undefined && (!Array.isArray(given) || !given.every((id) => uploaded.includes(Number(id)))))
        throw invalid(action, `${key} names a file that was not uploaded to this action`);
      const chosen = given === undefined ? uploaded : given.map(Number);
      need(chosen.length > 0);
      return { [key]: chosen };
    }
    default:
      throw invalid(action, 'Unknown action type');
  }
}

/** Recomputes COMPLETED: every required action has a submitted answer (DESIGN §4). Answers whether it changed. */
export async function refreshCompletion(trx: Knex.Transaction, ctx: NoticeContext): Promise<boolean> {
  const missing = (await trx('communication_actions as a')
    .leftJoin('provider_responses as r', function join() {
      this.on('r.action_id', '=', 'a.id').andOn('r.provider_communication_id', '=', trx.raw('?', [ctx.pc.id]));
    })
    .where({ 'a.communication_id': ctx.event.id, 'a.is_required': true })
    .where((w) => w.whereNull('r.id').orWhereNot('r.status', 'SUBMITTED'))
    .count<{ n: number }[]>({ n: '*' })
    .first()) as { n: number };
  const complete = Number(missing.n) === 0;
  const next = complete ? 'COMPLETED' : 'NOTCOMPLETED';
  if (next === ctx.pc.response_status) return false;
  await trx('provider_communications')
    .where({ id: ctx.pc.id })
    .update({ response_status: next, completed_at: complete ? trx.fn.now() : null, updated_at: trx.fn.now() });
  await appendHistory(trx, ctx.respondent.actor, {
    communicationId: ctx.event.id,
    organizationId: ctx.event.organization_id,
    providerCommunicationId: ctx.pc.id,
    action: complete ? 'COMPLETED' : 'REOPENED_RESPONSE',
    entityType: 'provider_communication',
    entityId: ctx.pc.id,
    actorEmail: ctx.respondent.email,
    before: { response_status: ctx.pc.response_status },
    after: { response_status: next },
  });
  ctx.pc.response_status = next;
  return true;
}

export async function saveAnswer(
  trx: Knex.Transaction,
  ctx: NoticeContext,
  actionId: number,
  input: AnswerInput,
  /** Keyed in from this paper response (per-unit summaries of issue 16): source 'Paper', tagged with it. */
  paperResponseId: number | null = null,
): Promise<void> {
  const action = (await trx('communication_actions').where({ id: actionId, communication_id: ctx.event.id }).first()) as
    | ActionRow
    | undefined;
  if (!action) throw new NotFoundError('Action not found.');
  if (action.is_disabled) throw new ConflictError(RESPONSE_MESSAGES.disabled, 'ACTION_DISABLED');
  const value = await checkValue(trx, ctx.pc.id, action, input);
  const status = input.submit === false ? 'DRAFT' : 'SUBMITTED';
  const before = (await trx('provider_responses')
    .where({ provider_communication_id: ctx.pc.id, action_id: actionId })
    .first('value', 'status')) as { value: ResponseValue; status: string } | undefined;
  const source = paperResponseId === null ? 'Electronic' : 'Paper';
  await trx('provider_responses')
    .insert({
      provider_communication_id: ctx.pc.id,
      communication_id: ctx.event.id,
      action_id: actionId,
      supplier_organization_id: ctx.event.organization_id,
      provider_organization_id: ctx.pc.provider_organization_id,
      source,
      paper_response_id: paperResponseId,
      value: JSON.stringify(value),
      status,
      responder_user_id: ctx.respondent.actor?.userId ?? null,
      responder_email: ctx.respondent.email,
      submitted_at: status === 'SUBMITTED' ? trx.fn.now() : null,
    })
    .onConflict(['provider_communication_id', 'action_id'])
    .merge({
      // An electronic answer replaces a keyed-in paper one (the newest answer wins).
      source,
      paper_response_id: paperResponseId,
      value: JSON.stringify(value),
      status,
      responder_user_id: ctx.respondent.actor?.userId ?? null,
      responder_email: ctx.respondent.email,
      submitted_at: status === 'SUBMITTED' ? trx.fn.now() : null,
      updated_at: trx.fn.now(),
    });
  await appendHistory(trx, ctx.respondent.actor, {
    communicationId: ctx.event.id,
    organizationId: ctx.event.organization_id,
    providerCommunicationId: ctx.pc.id,
    action: paperResponseId !== null ? 'PAPER_RESPONDED' : status === 'SUBMITTED' ? 'RESPONDED' : 'RESPONSE_DRAFTED',
    entityType: 'action',
    entityId: actionId,
    actorEmail: ctx.respondent.email,
    before: before ?? null,
    after:
      paperResponseId === null
        ? { value, status }
        : { value, status, source: 'Paper', paper_response_id: paperResponseId },
  });
}

/** Answers one action (draft or submit) and recomputes completion, in one transaction. */
export async function answerAction(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  actionId: number,
  input: AnswerInput,
  expect: { communicationId?: number; organizationId?: number } = {},
): Promise<{ response_status: string }> {
  return transaction(db, async (trx) => {
    const { pc, event } = await loadNotice(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    assertOpen(ctx);
    await saveAnswer(trx, ctx, actionId, input);
    await refreshCompletion(trx, ctx);
    return { response_status: ctx.pc.response_status };
  });
}

/** Answers several actions at once; all or nothing. */
export async function answerAll(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  answers: (AnswerInput & { actionId: number })[],
  expect: { communicationId?: number; organizationId?: number } = {},
): Promise<{ response_status: string }> {
  return transaction(db, async (trx) => {
    const { pc, event } = await loadNotice(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    assertOpen(ctx);
    for (const a of answers) await saveAnswer(trx, ctx, a.actionId, a);
    await refreshCompletion(trx, ctx);
    return { response_status: ctx.pc.response_status };
  });
}

// ---------- action files ----------

/** Uploads files to an Image or Document action, one after another; rules and messages of spec §5. */
export async function uploadActionFiles(
  db: Knex,
  store: FileStore,
  secret: string,
  pcId: number,
  respondent: Respondent,
  actionId: number,
  uploads: { name: string; data: Buffer }[],
  expect: { communicationId?: number; organizationId?: number } = {},
): Promise<FileView[]> {
  if (!uploads.length) throw new ValidationError(UPLOAD_MESSAGES.empty);
  return transactionWithFiles(db, store, async (trx, stored) => {
    const { pc, event } = await loadNotice(trx, pcId, { ...expect, forUpdate: true });
    assertOpen({ pc, event, respondent });
    const action = (await trx('communication_actions').where({ id: actionId, communication_id: event.id }).first()) as
      | ActionRow
      | undefined;
    if (!action) throw new NotFoundError('Action not found.');
    if (action.is_disabled) throw new ConflictError(RESPONSE_MESSAGES.disabled, 'ACTION_DISABLED');
    if (action.action_type !== 'Image' && action.action_type !== 'Document')
      throw new ValidationError('This action does not take files.');
    const [allowed, message] =
      action.action_type === 'Image'
        ? [IMAGE_EXTENSIONS, UPLOAD_MESSAGES.image]
        : [DOCUMENT_EXTENSIONS, UPLOAD_MESSAGES.document];
    const checked = uploads.map((u) => checkUpload(u, allowed, message));
    const out: FileView[] = [];
    for (const file of checked) {
      const key = newFileKey(`responses/${event.organization_id}`, file.name);
      await store.put(key, file.data);
      stored.push(key);
      const [row] = await trx('response_files')
        .insert({
          provider_communication_id: pc.id,
          action_id: actionId,
          supplier_organization_id: event.organization_id,
          name: file.name,
          extension: file.extension,
          mimetype: file.mimetype,
          size: file.size,
          file_key: key,
          uploaded_by_email: respondent.email,
          uploaded_by_user_id: respondent.actor?.userId ?? null,
        })
        .returning('*');
      await appendHistory(trx, respondent.actor, {
        communicationId: event.id,
        organizationId: event.organization_id,
        providerCommunicationId: pc.id,
        action: 'FILE_UPLOADED',
        entityType: 'action',
        entityId: actionId,
        actorEmail: respondent.email,
        after: { name: file.name, size: file.size },
      });
      out.push(
        fileView(secret)(
          row as { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string },
        ),
      );
    }
    return out;
  });
}

export async function listActionFiles(db: Knex, secret: string, pcId: number, actionId: number): Promise<FileView[]> {
  const rows = await db('response_files')
    .where({ provider_communication_id: pcId, action_id: actionId })
    .whereNull('deleted_at')
    .orderBy('id');
  return (
    rows as { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }[]
  ).map(fileView(secret));
}

/** One live answer file of a provider communication (signed links), or undefined. */
export async function findActionFile(
  db: Knex,
  secret: string,
  pcId: number,
  fileId: number,
): Promise<FileView | undefined> {
  const file = (await db('response_files')
    .where({ id: fileId, provider_communication_id: pcId })
    .whereNull('deleted_at')
    .first('action_id')) as { action_id: number } | undefined;
  if (!file) return undefined;
  const list = await listActionFiles(db, secret, pcId, file.action_id);
  return list.find((f) => f.id === fileId);
}

/** Deletes a file of an action; a submitted answer that listed it drops it, and completion is recomputed. */
export async function deleteActionFile(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  fileId: number,
  expect: { communicationId?: number; organizationId?: number; actionId?: number } = {},
): Promise<void> {
  await transaction(db, async (trx) => {
    const { pc, event } = await loadNotice(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    assertOpen(ctx);
    const file = (await trx('response_files')
      .where({ id: fileId, provider_communication_id: pc.id })
      .whereNull('deleted_at')
      .whereNull('paper_response_id')
      .first()) as { id: number; action_id: number; name: string } | undefined;
    if (!file || (expect.actionId !== undefined && file.action_id !== expect.actionId))
      throw new NotFoundError('File not found.');
    await trx('response_files').where({ id: fileId }).update({ deleted_at: trx.fn.now() });
    const response = (await trx('provider_responses')
      .where({ provider_communication_id: pc.id, action_id: file.action_id })
      .first('id', 'value')) as { id: number; value: ResponseValue } | undefined;
    if (response) {
      const value = { ...response.value };
      for (const key of ['valueImage', 'valueDocument'] as const)
        if (value[key]) value[key] = value[key]!.filter((id) => id !== fileId);
      const empty = (value.valueImage ?? value.valueDocument ?? []).length === 0;
      await trx('provider_responses')
        .where({ id: response.id })
        .update({
          value: JSON.stringify(value),
          ...(empty ? { status: 'DRAFT', submitted_at: null } : {}),
          updated_at: trx.fn.now(),
        });
    }
    await appendHistory(trx, respondent.actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'FILE_DELETED',
      entityType: 'action',
      entityId: file.action_id,
      actorEmail: respondent.email,
      before: { name: file.name },
    });
    await refreshCompletion(trx, ctx);
  });
}

export async function noticeHistory(
  db: Knex,
  pcId: number,
): Promise<
  {
    action: string;
    actor_email: string | null;
    actor_name: string | null;
    created_at: Date;
    entity_type: string;
    entity_id: string | null;
    facts: HistoryFacts;
  }[]
> {
  const rows = (await db('communication_history as h')
    .leftJoin(usersView(db).as('u'), 'u.id', 'h.actor_user_id')
    .where({ 'h.provider_communication_id': pcId })
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .select(
      'h.action',
      'h.actor_email',
      'h.created_at',
      'h.entity_type',
      'h.entity_id',
      'h.before',
      'h.after',
      db.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`),
    )) as {
    action: string;
    actor_email: string | null;
    actor_name: string | null;
    created_at: Date;
    entity_type: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
  }[];
  // The recorded values stay on the server; the provider gets the sentence's facts only.
  return rows.map(({ before, after, ...row }) => ({ ...row, facts: historyFacts(row.action, before, after) }));
}
