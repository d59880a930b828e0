import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  type Config,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  newFileKey,
  NotFoundError,
  recordAudit,
  signedUrls,
  ValidationError,
  transaction,
  transactionWithFiles,
  type FromSchema,
} from '@portal/core';
import { usersView } from '@portal/organizations';
import { appendHistory } from '@portal/communications';
import { findAnswerFileOfProviders } from './communication-reads.js';
import { loadScopedProviderCommunication, scopeIds } from './scope.js';
import type { internalActionBody } from '../schemas.js';

/**
 * The provider's private workspace on a provider communication: its own documents, notes with an optional attachment,
 * and internal follow-up actions. Rows carry the provider organisation and are read only within the caller's scope.
 */

type StoredFile = { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string };
const fileOut = (secret: string, f: StoredFile) => ({
  id: f.id,
  name: f.name,
  extension: f.extension,
  type: f.mimetype,
  size: Number(f.size),
  ...signedUrls(secret, f.file_key, f.name),
});

async function storeChecked(store: FileStore, stored: string[], area: string, upload: { name: string; data: Buffer }) {
  const file = await checkUpload(upload, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document');
  const key = newFileKey(area, file.name);
  await store.put(key, file.data);
  stored.push(key);
  return { ...file, key };
}

// ---------- provider documents (POST /:id/file, GET /document/:id, PUT /document/:id deletes) ----------

export async function uploadProviderDocuments(
  db: Knex,
  store: FileStore,
  config: Config,
  actor: Actor,
  pcId: number,
  uploads: { name: string; data: Buffer }[],
) {
  if (!uploads.length) throw new ValidationError('UPLOAD_FAILED');
  return transactionWithFiles(db, store, async (trx, stored) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { forUpdate: true });
    const out = [];
    for (const upload of uploads) {
      const file = await storeChecked(store, stored, `providers/${actor.organizationId}`, upload);
      const [row] = await trx('provider_documents')
        .insert({
          organization_id: n.pc.provider_organization_id,
          provider_communication_id: pcId,
          communication_id: n.event.id,
          name: file.name,
          extension: file.extension,
          mimetype: file.mimetype,
          size: file.size,
          file_key: file.key,
          uploaded_by: actor.userId,
        })
        .returning('*');
      await appendHistory(trx, actor, {
        communicationId: n.event.id,
        organizationId: n.event.organization_id,
        providerCommunicationId: pcId,
        action: 'PROVIDER_DOCUMENT_UPLOADED',
        entityType: 'provider_document',
        entityId: (row as StoredFile).id,
        after: { name: file.name, size: file.size },
      });
      out.push(fileOut(config.jwtSecret, row as StoredFile));
    }
    return out;
  });
}

async function loadProviderDocument(db: Knex | Knex.Transaction, actor: Actor, documentId: number) {
  const scope = await scopeIds(db, actor);
  const row = (await db('provider_documents')
    .where({ id: documentId })
    .whereIn('organization_id', scope)
    .whereNull('deleted_at')
    .first()) as (StoredFile & { provider_communication_id: number; communication_id: number }) | undefined;
  if (!row) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  const n = await loadScopedProviderCommunication(db, actor, Number(row.provider_communication_id));
  return { row, n };
}

export async function getProviderDocument(db: Knex, config: Config, actor: Actor, documentId: number) {
  const { row } = await loadProviderDocument(db, actor, documentId);
  return fileOut(config.jwtSecret, row);
}

export async function listProviderDocuments(db: Knex, config: Config, actor: Actor, pcId: number) {
  await loadScopedProviderCommunication(db, actor, pcId);
  const rows = (await db('provider_documents')
    .where({ provider_communication_id: pcId })
    .whereNull('deleted_at')
    .orderBy('id')) as StoredFile[];
  return rows.map((r) => fileOut(config.jwtSecret, r));
}

export async function deleteProviderDocument(db: Knex, actor: Actor, documentId: number): Promise<void> {
  await transaction(db, async (trx) => {
    const { row, n } = await loadProviderDocument(trx, actor, documentId);
    await trx('provider_documents').where({ id: documentId }).update({ deleted_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: n.pc.id,
      action: 'PROVIDER_DOCUMENT_DELETED',
      entityType: 'provider_document',
      entityId: documentId,
      before: { name: row.name },
    });
  });
}

/** One answer file of a provider communication in scope (GET /file/:id and /file/delegateAction/:id). */
export async function getAnswerFile(db: Knex, config: Config, actor: Actor, fileId: number, onlyDelegates = false) {
  const scope = await scopeIds(db, actor);
  const row = await findAnswerFileOfProviders<StoredFile>(db, fileId, scope, { onlyDelegates });
  if (!row) throw new NotFoundError('FILE_NOT_FOUND');
  await loadScopedProviderCommunication(db, actor, Number(row.provider_communication_id));
  return fileOut(config.jwtSecret, row);
}

// ---------- notes (001 §7.7) ----------

interface NoteRow {
  id: number;
  organization_id: number;
  provider_communication_id: number;
  communication_id: number;
  note: string;
  file_name: string | null;
  file_extension: string | null;
  file_mimetype: string | null;
  file_size: number | null;
  file_key: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

const noteOut = (secret: string, n: NoteRow & { created_by_email?: string | null }) => ({
  id: n.id,
  communication_id: n.communication_id,
  provider_communication_id: n.provider_communication_id,
  note: n.note,
  created_by_email: n.created_by_email ?? null,
  created_at: n.created_at,
  updated_at: n.updated_at,
  document: n.file_key
    ? fileOut(secret, {
        id: n.id,
        name: n.file_name!,
        extension: n.file_extension!,
        mimetype: n.file_mimetype!,
        size: Number(n.file_size),
        file_key: n.file_key,
      })
    : null,
});

/** Saves a note (noteId 0 creates), with an optional attachment, private to the provider organisation. */
export async function saveNote(
  db: Knex,
  store: FileStore,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  noteId: number,
  input: { note: string; removeFile?: boolean },
  uploads: { name: string; data: Buffer }[],
) {
  const text = input.note.trim();
  if (!text) throw ValidationError.field('note', 'FIELD_REQUIRED');
  if (uploads.length > 1) throw new ValidationError('NOTE_ONE_FILE');
  return transactionWithFiles(db, store, async (trx, stored) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId });
    const file = uploads[0] ? await storeChecked(store, stored, `notes/${actor.organizationId}`, uploads[0]) : null;
    const fileCols = file
      ? {
          file_name: file.name,
          file_extension: file.extension,
          file_mimetype: file.mimetype,
          file_size: file.size,
          file_key: file.key,
        }
      : input.removeFile
        ? { file_name: null, file_extension: null, file_mimetype: null, file_size: null, file_key: null }
        : {};
    let row: NoteRow | undefined;
    if (noteId === 0) {
      [row] = (await trx('provider_communication_notes')
        .insert({
          organization_id: actor.organizationId,
          provider_communication_id: pcId,
          communication_id: n.event.id,
          note: text,
          created_by: actor.userId,
          updated_by: actor.userId,
          ...fileCols,
        })
        .returning('*')) as NoteRow[];
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'NOTE_CREATED',
        entityType: 'provider_communication_note',
        entityId: row!.id,
        after: { note: text, file: file?.name ?? null },
      });
    } else {
      const before = (await trx('provider_communication_notes')
        .where({ id: noteId, provider_communication_id: pcId })
        .whereIn('organization_id', n.scope)
        .whereNull('deleted_at')
        .forUpdate()
        .first()) as NoteRow | undefined;
      if (!before) throw new NotFoundError('NOTE_NOT_FOUND');
      [row] = (await trx('provider_communication_notes')
        .where({ id: noteId })
        .update({ note: text, updated_by: actor.userId, updated_at: trx.fn.now(), ...fileCols })
        .returning('*')) as NoteRow[];
      await recordAudit(trx, actor, {
        organizationId: actor.organizationId,
        action: 'NOTE_UPDATED',
        entityType: 'provider_communication_note',
        entityId: noteId,
        before: { note: before.note, file: before.file_name },
        after: { note: text, file: row!.file_name },
      });
    }
    return noteOut(config.jwtSecret, row!);
  });
}

async function loadNote(
  db: Knex,
  actor: Actor,
  noteId: number,
): Promise<NoteRow & { created_by_email: string | null }> {
  const scope = await scopeIds(db, actor);
  const row = (await db('provider_communication_notes as n')
    .leftJoin(usersView(db).as('u'), 'u.id', 'n.created_by')
    .where('n.id', noteId)
    .whereIn('n.organization_id', scope)
    .whereNull('n.deleted_at')
    .first('n.*', 'u.email as created_by_email')) as (NoteRow & { created_by_email: string | null }) | undefined;
  if (!row) throw new NotFoundError('NOTE_NOT_FOUND');
  await loadScopedProviderCommunication(db, actor, Number(row.provider_communication_id));
  return row;
}

export async function getNote(db: Knex, config: Config, actor: Actor, noteId: number) {
  return noteOut(config.jwtSecret, await loadNote(db, actor, noteId));
}

export async function getNoteDocument(db: Knex, config: Config, actor: Actor, noteId: number) {
  const note = await loadNote(db, actor, noteId);
  if (!note.file_key) throw new NotFoundError('DOCUMENT_NOT_FOUND');
  return noteOut(config.jwtSecret, note).document;
}

export async function listNotes(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const rows = (await db('provider_communication_notes as n')
    .leftJoin(usersView(db).as('u'), 'u.id', 'n.created_by')
    .where('n.provider_communication_id', pcId)
    .whereIn('n.organization_id', n.scope)
    .whereNull('n.deleted_at')
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .select('n.*', 'u.email as created_by_email')) as (NoteRow & { created_by_email: string | null })[];
  return rows.map((r) => noteOut(config.jwtSecret, r));
}

// ---------- internal actions ----------

export type InternalActionInput = FromSchema<typeof internalActionBody>;

/** Creates (no id) or updates an internal follow-up task; DELETED removes it from lists. */
export async function saveInternalAction(db: Knex, actor: Actor, input: InternalActionInput) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, input.providerCommunicationId, {
      communicationId: input.communicationId,
    });
    const values = {
      title: input.title.trim(),
      description: input.description ?? null,
      assignee_email: input.assignee_email?.trim().toLowerCase() || null,
      due_date: input.due_date ?? null,
      status: input.status ?? 'OPEN',
    };
    if (!values.title) throw ValidationError.field('title', 'FIELD_REQUIRED');
    let row: Record<string, unknown> | undefined;
    let before: Record<string, unknown> | null = null;
    if (input.id) {
      before =
        ((await trx('provider_internal_actions')
          .where({ id: input.id, provider_communication_id: n.pc.id })
          .whereIn('organization_id', n.scope)
          .whereNot({ status: 'DELETED' })
          .forUpdate()
          .first()) as Record<string, unknown> | undefined) ?? null;
      if (!before) throw new NotFoundError('INTERNAL_ACTION_NOT_FOUND');
      [row] = (await trx('provider_internal_actions')
        .where({ id: input.id })
        .update({ ...values, updated_at: trx.fn.now() })
        .returning('*')) as Record<string, unknown>[];
    } else {
      [row] = (await trx('provider_internal_actions')
        .insert({
          ...values,
          organization_id: actor.organizationId,
          provider_communication_id: n.pc.id,
          communication_id: n.event.id,
          created_by: actor.userId,
        })
        .returning('*')) as Record<string, unknown>[];
    }
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: n.pc.id,
      action: input.id ? 'INTERNAL_ACTION_UPDATED' : 'INTERNAL_ACTION_CREATED',
      entityType: 'internal_action',
      entityId: row!.id as number,
      before,
      after: values,
    });
    return row!;
  });
}

/** Internal actions of a provider communication (y = 0) or one of them. */
export async function listInternalActions(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const q = db('provider_internal_actions')
    .where({ provider_communication_id: pcId })
    .whereIn('organization_id', n.scope)
    .whereNot({ status: 'DELETED' })
    .orderBy('id');
  if (actionId !== 0) {
    const row = await q.where({ id: actionId }).first();
    if (!row) throw new NotFoundError('INTERNAL_ACTION_NOT_FOUND');
    return row as Record<string, unknown>;
  }
  return q;
}
