import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  ConflictError,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  newFileKey,
  NotFoundError,
  type UploadedFile,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import { PaperResponse } from '../models/PaperResponse.js';
import { parseDate } from '@portal/reports';
import type { CommunicationRow } from '@portal/communications';
import { appendHistory } from '@portal/communications';
import {
  dropPaperAnswers,
  dropPaperFiles,
  dropPaperUnitAnswers,
  type ProviderCommunicationRow,
  refreshCompletion,
} from '@portal/communications';
import {
  dateIn,
  loadCustomer,
  loadPaper,
  loadSentCommunication,
  type PaperResponseView,
  paperView,
  respondentOf,
  type Upload,
} from './paper-responses.js';
import { customerLocations } from './paper-reads.js';

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

export async function checkHeader(
  trx: Knex.Transaction,
  pc: ProviderCommunicationRow,
  input: PaperResponseInput,
  timeZone: string,
) {
  if (input.notifiedDate && parseDate(input.notifiedDate) !== input.notifiedDate)
    throw new ValidationError('NOTIFIED_DATE_INVALID');
  const notified = input.notifiedDate || (pc.sent_at ? dateIn(timeZone, new Date(pc.sent_at)) : null);
  if (notified && input.responseDate < notified)
    throw ValidationError.field('responseDate', 'RESPONSE_BEFORE_NOTIFIED');
  const locationId = input.locationId ?? null;
  if (locationId !== null && !(await customerLocations(trx, pc).where({ id: locationId }).first())) {
    throw ValidationError.field('locationId', 'LOCATION_NOT_AFFECTED');
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
export async function withStoredFiles<T>(
  db: Knex,
  store: FileStore,
  work: (trx: Knex.Transaction, stored: string[]) => Promise<T>,
): Promise<T> {
  try {
    return await transactionWithFiles(db, store, work);
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).constraint === 'paper_responses_one_active_per_customer')
      throw new ConflictError('PAPER_RESPONSE_EXISTS');
    throw error;
  }
}

export async function insertPaper(
  trx: Knex.Transaction,
  actor: Actor,
  event: CommunicationRow,
  pc: ProviderCommunicationRow,
  header: Awaited<ReturnType<typeof checkHeader>>,
  document: Partial<DocumentColumns>,
): Promise<PaperResponse> {
  if (await PaperResponse.query(trx).findOne({ provider_communication_id: pc.id, status: 'ACTIVE' }).select('id'))
    throw new ConflictError('PAPER_RESPONSE_EXISTS');
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
  const doc = document ? await checkUpload(document, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document') : null;
  return withStoredFiles(db, store, async (trx, stored) => {
    const event = await loadSentCommunication(trx, actor, input.communicationId);
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
  const doc = document ? await checkUpload(document, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document') : null;
  let replacedKey: string | null = null;
  const view = await withStoredFiles(db, store, async (trx, stored) => {
    const { paper, event, pc } = await loadPaper(trx, actor, input.id, true);
    if (input.communicationId !== undefined && input.communicationId !== paper.communication_id)
      throw new NotFoundError('PAPER_RESPONSE_NOT_FOUND');
    if (
      input.providerCommunicationId !== undefined &&
      input.providerCommunicationId !== paper.provider_communication_id
    )
      throw new ValidationError('PAPER_CUSTOMER_FIXED');
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
