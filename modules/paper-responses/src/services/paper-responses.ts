import type { Knex } from 'knex';
import { type Actor, ConflictError, type ModelObject, NotFoundError, signedUrls } from '@portal/core';
import { PaperResponse } from '../models/PaperResponse.js';
import { type CommunicationRow, loadOwnCommunication } from '@portal/communications';
import { findLiveProviderCommunication, type ProviderCommunicationRow } from '@portal/communications';

/**
 * Paper responses (spec 001 §7.5): a customer answered on paper (fax, mail) and the supplier keys the answers in.
 * The answers are provider_responses rows with source 'Paper' and the paper response's id, checked by the same
 * rules as electronic answers, so completion, tracking and reports count them the same way.
 */

export type Db = Knex | Knex.Transaction;
export type Upload = { name: string; data: Buffer };

export type PaperResponseRow = ModelObject<PaperResponse>;

export interface FileRow {
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
export const paperFile = (secret: string) => (f: FileRow) => ({
  id: f.id,
  name: f.name,
  extension: f.extension,
  type: f.mimetype,
  size: Number(f.size),
  actionId: f.action_id,
  paperresponseid: f.paper_response_id,
  ...signedUrls(secret, f.file_key, f.name),
});

export const paperView = (secret: string) => (p: PaperResponseRow) => ({
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
export const dateIn = (timeZone: string, at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

// ---------- loading, scoped to the caller's supplier ----------

/** One of the caller's events that has been sent (OPEN or CLOSED); a draft is refused. */
export async function loadSentCommunication(
  db: Db,
  actor: Actor,
  communicationId: number,
  forUpdate = false,
): Promise<CommunicationRow> {
  const event = await loadOwnCommunication(db, actor, communicationId, { forUpdate });
  if (event.status === 'DRAFT') throw new ConflictError('NOT_SENT');
  return event;
}

/** A notified customer (provider communication) of the event; locked when its answers are about to change. */
export async function loadCustomer(
  db: Db,
  actor: Actor,
  event: CommunicationRow,
  pcId: number,
  forUpdate = false,
): Promise<ProviderCommunicationRow> {
  const pc = await findLiveProviderCommunication(db, actor.organizationId, pcId, {
    communicationId: event.id,
    forUpdate,
  });
  if (!pc) throw new NotFoundError('PROVIDER_COMMUNICATION_NOT_FOUND');
  return pc;
}

export async function loadCustomerById(
  db: Db,
  actor: Actor,
  pcId: number,
): Promise<{ pc: ProviderCommunicationRow; event: CommunicationRow }> {
  const row = await findLiveProviderCommunication(db, actor.organizationId, pcId);
  if (!row) throw new NotFoundError('PROVIDER_COMMUNICATION_NOT_FOUND');
  const event = await loadSentCommunication(db, actor, row.communication_id);
  return { event, pc: await loadCustomer(db, actor, event, pcId) };
}

export interface PaperContext {
  paper: PaperResponseRow;
  event: CommunicationRow;
  pc: ProviderCommunicationRow;
}

export async function loadPaper(db: Db, actor: Actor, id: number, forUpdate = false): Promise<PaperContext> {
  const q = PaperResponse.query(db).findOne({ id, supplier_organization_id: actor.organizationId, status: 'ACTIVE' });
  if (forUpdate) q.forUpdate();
  const paper = await q;
  if (!paper) throw new NotFoundError('PAPER_RESPONSE_NOT_FOUND');
  const event = await loadSentCommunication(db, actor, paper.communication_id);
  return { paper, event, pc: await loadCustomer(db, actor, event, paper.provider_communication_id, forUpdate) };
}

export const respondentOf = (actor: Actor) => ({ email: actor.email, actor });
