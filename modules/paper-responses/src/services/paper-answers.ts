import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  ConflictError,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  IMAGE_EXTENSIONS,
  newFileKey,
  ValidationError,
} from '@portal/core';
import { appendHistory } from '@portal/communications';
import {
  type ActionRow,
  answerUnits,
  deleteAnswer,
  dropPaperFiles,
  communicationActions,
  insertAnswerFile,
  upsertAnswer,
  checkValue,
  type ProviderCommunicationRow,
  refreshCompletion,
  type AnswerValue,
  type UnitAnswerInput,
} from '@portal/communications';
import { answerOfAction } from './answer-reads.js';
import { loadPaper, type PaperContext, respondentOf, type Upload } from './paper-responses.js';
import { withStoredFiles } from './paper-writes.js';
import { getPaperActions } from './paper-reads.js';

// ---------- the answers of a paper response ----------

export interface PaperAnswer extends AnswerValue {
  actionId: number;
  /** A per-unit action's answers, one per row of the customer's own. */
  units?: UnitAnswerInput[];
}

const isEmptyValue = (value: AnswerValue) =>
  Object.values(value).every((v) => v === undefined || v === false || v === '' || (Array.isArray(v) && v.length === 0));

/**
 * Sets the listed actions' paper answers (an empty value clears one; unlisted actions stay as they are). Values are
 * checked by the electronic rules (checkValue); a required action may stay unanswered, since a paper form can come
 * back incomplete, and then the customer stays "In Progress". An action answered electronically refuses the save.
 * New files come as `uploads` by action id; an Image/Document value lists the paper files to keep (all when absent).
 */
export async function writePaperAnswers(
  trx: Knex.Transaction,
  store: FileStore,
  actor: Actor,
  { paper, event, pc }: PaperContext,
  answers: PaperAnswer[],
  uploads: Map<number, Upload[]>,
  stored: string[],
): Promise<void> {
  const actions = new Map((await communicationActions(trx, event.id)).map((a) => [a.id, a]));
  const inputs = [...answers];
  for (const actionId of uploads.keys()) if (!inputs.some((a) => a.actionId === actionId)) inputs.push({ actionId });
  const seen = new Set<number>();
  for (const input of inputs) {
    const action = actions.get(input.actionId);
    if (!action) throw new ValidationError('ACTION_NOT_IN_EVENT', { id: input.actionId });
    if (seen.has(action.id)) throw new ValidationError('LISTED_TWICE', { title: action.title });
    seen.add(action.id);
    if (action.is_disabled) throw new ConflictError('ACTION_DISABLED');
    if (input.units !== undefined) {
      await writePaperUnits(trx, actor, { paper, event, pc }, action, input.units);
      continue;
    }
    const fileKey =
      action.action_type === 'Image' ? 'valueImage' : action.action_type === 'Document' ? 'valueDocument' : null;
    const newFiles = uploads.get(action.id) ?? [];
    if (newFiles.length && !fileKey) throw new ValidationError('ACTION_NO_FILES', { title: action.title });
    const [allowed, message] =
      action.action_type === 'Image'
        ? ([IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'] as const)
        : ([DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'] as const);
    const newIds: number[] = [];
    for (const file of await Promise.all(newFiles.map((f) => checkUpload(f, allowed, message)))) {
      const key = newFileKey(`responses/${event.organization_id}`, file.name);
      await store.put(key, file.data);
      stored.push(key);
      const fileId = await insertAnswerFile(trx, {
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
      throw new ConflictError('ANSWERED_ELECTRONICALLY', { title: action.title });
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
 * A per-unit action's paper answers, through the one unit-answer service: the customer's own rows only
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
  if (!action.per_unit) throw new ValidationError('ACTION_ANSWERED_ONCE', { title: action.title });
  if (!units.length) return;
  const existing = await answerOfAction(trx, pc.id, action.id);
  if (existing && existing.status === 'SUBMITTED' && existing.paper_response_id === null)
    throw new ConflictError('ANSWERED_ELECTRONICALLY', { title: action.title });
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
    if (!match) throw new ValidationError('UNEXPECTED_FILE_FIELD', { field: u.field });
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
