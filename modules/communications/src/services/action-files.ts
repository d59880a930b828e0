import type { Knex } from 'knex';
import {
  checkUpload,
  ConflictError,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  IMAGE_EXTENSIONS,
  newFileKey,
  NotFoundError,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import { appendHistory } from './history.js';
import { assertOpen, loadProviderCommunication, type Respondent } from './provider-communications.js';
import { type FileView, fileView } from './notice-view.js';
import { type ActionRow, refreshCompletion, type AnswerValue } from './answers.js';

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
  if (!uploads.length) throw new ValidationError('UPLOAD_FAILED');
  return transactionWithFiles(db, store, async (trx, stored) => {
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
    assertOpen({ pc, event, respondent });
    const action = (await trx('communication_actions').where({ id: actionId, communication_id: event.id }).first()) as
      | ActionRow
      | undefined;
    if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
    if (action.is_disabled) throw new ConflictError('ACTION_DISABLED');
    if (action.action_type !== 'Image' && action.action_type !== 'Document')
      throw new ValidationError('ACTION_TAKES_NO_FILES');
    const [allowed, message] =
      action.action_type === 'Image'
        ? ([IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'] as const)
        : ([DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'] as const);
    const checked = await Promise.all(uploads.map((u) => checkUpload(u, allowed, message)));
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
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    assertOpen(ctx);
    const file = (await trx('response_files')
      .where({ id: fileId, provider_communication_id: pc.id })
      .whereNull('deleted_at')
      .whereNull('paper_response_id')
      .first()) as { id: number; action_id: number; name: string } | undefined;
    if (!file || (expect.actionId !== undefined && file.action_id !== expect.actionId))
      throw new NotFoundError('FILE_NOT_FOUND');
    await trx('response_files').where({ id: fileId }).update({ deleted_at: trx.fn.now() });
    const response = (await trx('provider_responses')
      .where({ provider_communication_id: pc.id, action_id: file.action_id })
      .first('id', 'value')) as { id: number; value: AnswerValue } | undefined;
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
