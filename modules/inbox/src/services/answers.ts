import type { Knex } from 'knex';
import type { Actor, Config, FileStore } from '@portal/core';
import {
  acknowledge,
  type ActionView,
  type AnswerInput,
  answerAction,
  answerAll,
  answerUnits,
  deleteActionFile,
  type FileView,
  listActionFiles,
  noticeView,
  type UnitAnswerInput,
  uploadActionFiles,
} from '@portal/communications';
import { loadScopedProviderCommunication } from './scope.js';

/**
 * A signed-in provider user answering its own provider communication: the scope and type checks of `loadScopedProviderCommunication`,
 * then the shared notice services with Respondent { email: actor.email, actor } (history and answers name the user).
 */

export async function providerAcknowledge(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  const pc = await acknowledge(db, n.pc.id, n.respondent, { communicationId });
  return { acknowledged_at: pc.acknowledged_at, acknowledged_by: pc.acknowledged_by };
}

export async function providerActions(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
): Promise<ActionView[]> {
  return (
    await noticeView(db, config.jwtSecret, await loadScopedProviderCommunication(db, actor, pcId, { communicationId }))
  ).actions;
}

export async function providerAnswer(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
  input: AnswerInput,
) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return answerAction(db, n.pc.id, n.respondent, actionId, input, { communicationId });
}

/** Answers a per-unit action for some of the provider's own rows. */
export async function providerAnswerUnits(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
  answers: UnitAnswerInput[],
) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return answerUnits(db, n.pc.id, n.respondent, actionId, answers, { communicationId });
}

export async function providerAnswerAll(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  answers: (AnswerInput & { actionId: number })[],
) {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return answerAll(db, n.pc.id, n.respondent, answers, { communicationId });
}

export async function providerActionFiles(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
): Promise<FileView[]> {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return listActionFiles(db, config.jwtSecret, n.pc.id, actionId);
}

export async function providerUploadActionFiles(
  db: Knex,
  store: FileStore,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
  uploads: { name: string; data: Buffer }[],
): Promise<FileView[]> {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return uploadActionFiles(db, store, config.jwtSecret, n.pc.id, n.respondent, actionId, uploads, { communicationId });
}

export async function providerDeleteActionFile(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  actionId: number,
  fileId: number,
): Promise<void> {
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  await deleteActionFile(db, n.pc.id, n.respondent, fileId, { communicationId, actionId });
}
