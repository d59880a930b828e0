import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  newFileKey,
  NotFoundError,
  signedUrls,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';

export interface DocumentRow {
  id: number;
  communication_id: number;
  kind: string;
  name: string;
  extension: string;
  type: string;
  size: number;
  created_at: Date;
  signed_url: string;
  signed_url_review: string;
}

const withUrls =
  (secret: string) =>
  (d: {
    id: number;
    communication_id: number;
    kind: string;
    name: string;
    extension: string;
    mimetype: string;
    size: number;
    file_key: string;
    created_at: Date;
  }): DocumentRow => ({
    id: d.id,
    communication_id: d.communication_id,
    kind: d.kind,
    name: d.name,
    extension: d.extension,
    type: d.mimetype,
    size: Number(d.size),
    created_at: d.created_at,
    ...signedUrls(secret, d.file_key, d.name),
  });

/** Stores uploaded notice documents (checked by extension and content), one after another, and records them. */
export async function uploadDocuments(
  db: Knex,
  files: FileStore,
  secret: string,
  actor: Actor,
  communicationId: number,
  uploads: { name: string; data: Buffer }[],
  kind: 'DOCUMENT' | 'SUPPORTING',
): Promise<DocumentRow[]> {
  if (!uploads.length) throw new ValidationError('FILE_REQUIRED');
  const event = await loadOwnCommunication(db, actor, communicationId);
  // Only the first file's extension decides (spec §5); every file's content is still checked.
  const checked = await Promise.all(
    uploads.map((u) => checkUpload(u, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document')),
  );
  return transactionWithFiles(db, files, async (trx, stored) => {
    const out: DocumentRow[] = [];
    for (const file of checked) {
      const key = newFileKey(`communications/${actor.organizationId}`, file.name);
      await files.put(key, file.data);
      stored.push(key);
      const [row] = await trx('communication_documents')
        .insert({
          communication_id: event.id,
          organization_id: actor.organizationId,
          kind,
          name: file.name,
          extension: file.extension,
          mimetype: file.mimetype,
          size: file.size,
          file_key: key,
          uploaded_by: actor.userId,
        })
        .returning('*');
      await appendHistory(trx, actor, {
        communicationId: event.id,
        organizationId: actor.organizationId,
        action: 'DOCUMENT_UPLOADED',
        entityType: 'document',
        entityId: (row as { id: number }).id,
        after: { name: file.name, size: file.size },
        isChange: event.status !== 'DRAFT',
      });
      out.push(withUrls(secret)(row as Parameters<ReturnType<typeof withUrls>>[0]));
    }
    return out;
  });
}

export async function listDocuments(
  db: Knex,
  secret: string,
  actor: Actor,
  communicationId: number,
  kind?: string,
): Promise<DocumentRow[]> {
  await loadOwnCommunication(db, actor, communicationId);
  const q = db('communication_documents')
    .where({ communication_id: communicationId, organization_id: actor.organizationId })
    .whereNull('deleted_at')
    .orderBy('id');
  if (kind) q.where({ kind });
  return ((await q) as Parameters<ReturnType<typeof withUrls>>[0][]).map(withUrls(secret));
}

/** One document of the caller's own events, with fresh signed links. */
export async function getDocument(db: Knex, secret: string, actor: Actor, documentId: number): Promise<DocumentRow> {
  const row = await db('communication_documents as d')
    .join('communications as c', 'c.id', 'd.communication_id')
    .where({ 'd.id': documentId, 'd.organization_id': actor.organizationId })
    .whereNull('d.deleted_at')
    .whereNot('c.status', 'DELETED')
    .first('d.*');
  if (!row) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  await loadOwnCommunication(db, actor, (row as { communication_id: number }).communication_id);
  return withUrls(secret)(row as Parameters<ReturnType<typeof withUrls>>[0]);
}

export async function deleteDocument(db: Knex, actor: Actor, documentId: number): Promise<void> {
  await transaction(db, async (trx) => {
    const row = (await trx('communication_documents')
      .where({ id: documentId, organization_id: actor.organizationId })
      .whereNull('deleted_at')
      .forUpdate()
      .first()) as { id: number; communication_id: number; name: string } | undefined;
    if (!row) throw new NotFoundError('DOCUMENT_NOT_FOUND');
    const event = await loadOwnCommunication(trx, actor, row.communication_id);
    await trx('communication_documents').where({ id: documentId }).update({ deleted_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: row.communication_id,
      organizationId: actor.organizationId,
      action: 'DOCUMENT_DELETED',
      entityType: 'document',
      entityId: documentId,
      before: { name: row.name },
      isChange: event.status !== 'DRAFT',
    });
  });
}

/** A document of an event, for a notice already resolved from its link (no tenant actor on public forms). */
export async function getDocumentOfNotice(
  db: Knex,
  secret: string,
  communicationId: number,
  documentId: number,
): Promise<DocumentRow> {
  const row = await db('communication_documents')
    .where({ id: documentId, communication_id: communicationId })
    .whereNull('deleted_at')
    .first();
  if (!row) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  return withUrls(secret)(row as Parameters<ReturnType<typeof withUrls>>[0]);
}

/** Every live document of an event, whoever owns it (the operator's read-only view; the caller checked the event). */
export async function documentsOfCommunication(
  db: Knex,
  secret: string,
  communicationId: number,
): Promise<DocumentRow[]> {
  const rows = await db('communication_documents')
    .where({ communication_id: communicationId })
    .whereNull('deleted_at')
    .orderBy('id');
  return (rows as Parameters<ReturnType<typeof withUrls>>[0][]).map(withUrls(secret));
}

/** One live document of a live event of any organisation, with fresh signed links (the operator's read-only view). */
export async function documentOfAnyCommunication(db: Knex, secret: string, documentId: number): Promise<DocumentRow> {
  const row = await db('communication_documents as d')
    .join('communications as c', 'c.id', 'd.communication_id')
    .where('d.id', documentId)
    .whereNull('d.deleted_at')
    .whereNot('c.status', 'DELETED')
    .first('d.*');
  if (!row) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  return withUrls(secret)(row as Parameters<ReturnType<typeof withUrls>>[0]);
}
