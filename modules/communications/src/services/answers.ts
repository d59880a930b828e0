import type { Knex } from 'knex';
import {
  ConflictError,
  type FromSchema,
  NotFoundError,
  ValidationError,
  transaction,
  type MessageArgs,
} from '@portal/core';
import type { ActionType } from '../constants.js';
import type { answerValueProps } from '../schemas.js';
import { appendHistory } from './history.js';
import {
  assertOpen,
  loadProviderCommunication,
  type NoticeContext,
  type Respondent,
} from './provider-communications.js';

// ---------- answering ----------

export interface AnswerValue {
  valueAcknowledge?: boolean;
  valueText?: string;
  valueNumeric?: string;
  valueYesNo?: 'Yes' | 'No';
  valueCheckbox?: string[];
  valueMultiChoice?: string[];
  valueImage?: number[];
  valueDocument?: number[];
}

/**
 * An answer as the client sends it (`answerValueProps`; `submit` false keeps it a DRAFT, true submits it). A number may
 * come as text or as a JSON number; `normalise` makes it the stored `AnswerValue`.
 */
export type AnswerInput = FromSchema<{ readonly type: 'object'; readonly properties: typeof answerValueProps }>;

export interface ActionRow {
  id: number;
  action_type: ActionType;
  title: string;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
}

const invalid = (action: ActionRow, ...args: MessageArgs) => ValidationError.field(`actions.${action.id}`, ...args);

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
): Promise<AnswerValue> {
  const submit = input.submit !== false;
  const need = (present: boolean) => {
    if (!present && submit && action.is_required) throw invalid(action, 'FIELD_REQUIRED');
  };
  switch (action.action_type) {
    case 'Acknowledge':
      if (input.valueAcknowledge !== undefined && typeof input.valueAcknowledge !== 'boolean')
        throw invalid(action, 'ANSWER_NOT_BOOLEAN', { key: 'valueAcknowledge' });
      need(input.valueAcknowledge === true);
      return { valueAcknowledge: input.valueAcknowledge === true };
    case 'Text': {
      const text = typeof input.valueText === 'string' ? input.valueText.trim() : '';
      if (input.valueText !== undefined && typeof input.valueText !== 'string')
        throw invalid(action, 'ANSWER_NOT_TEXT', { key: 'valueText' });
      need(text !== '');
      return { valueText: text };
    }
    case 'Numeric': {
      const raw =
        input.valueNumeric === undefined || input.valueNumeric === null ? '' : String(input.valueNumeric).trim();
      if (raw !== '' && !/^\d+$/.test(raw)) throw invalid(action, 'NUMBER_REQUIRED');
      need(raw !== '');
      return { valueNumeric: raw };
    }
    case 'YesNo':
      if (input.valueYesNo !== undefined && input.valueYesNo !== 'Yes' && input.valueYesNo !== 'No')
        throw invalid(action, 'ANSWER_NOT_YES_NO', { key: 'valueYesNo' });
      need(input.valueYesNo !== undefined);
      return input.valueYesNo ? { valueYesNo: input.valueYesNo } : {};
    case 'Checkbox':
    case 'MultipleChoice': {
      const key = action.action_type === 'Checkbox' ? 'valueCheckbox' : 'valueMultiChoice';
      const chosen = input[key] ?? [];
      if (!Array.isArray(chosen) || !chosen.every((c) => typeof c === 'string' && action.options.includes(c))) {
        throw invalid(action, 'ANSWER_OPTION_UNKNOWN', { key, options: action.options.join(', ') });
      }
      if (new Set(chosen).size !== chosen.length) throw invalid(action, 'ANSWER_OPTION_TWICE', { key });
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
        throw invalid(action, 'ANSWER_FILE_UNKNOWN', { key });
      const chosen = given === undefined ? uploaded : given.map(Number);
      need(chosen.length > 0);
      return { [key]: chosen };
    }
    default:
      throw invalid(action, 'ACTION_TYPE_UNKNOWN');
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
    .update({
      response_status: next,
      completed_at: complete ? trx.fn.now() : null,
      updated_at: trx.fn.now(),
      // An answer that reopens a "not affected" notice withdraws that answer: the product was there after all.
      ...(complete ? {} : { not_affected_reason: null, not_affected_by: null, not_affected_at: null }),
    });
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
  /** Keyed in from this paper response (per-unit summaries): source 'Paper', tagged with it. */
  paperResponseId: number | null = null,
): Promise<void> {
  const action = (await trx('communication_actions').where({ id: actionId, communication_id: ctx.event.id }).first()) as
    | ActionRow
    | undefined;
  if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
  if (action.is_disabled) throw new ConflictError('ACTION_DISABLED');
  const value = await checkValue(trx, ctx.pc.id, action, input);
  const status = input.submit === false ? 'DRAFT' : 'SUBMITTED';
  const before = (await trx('provider_responses')
    .where({ provider_communication_id: ctx.pc.id, action_id: actionId })
    .first('value', 'status')) as { value: AnswerValue; status: string } | undefined;
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
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
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
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    assertOpen(ctx);
    for (const a of answers) await saveAnswer(trx, ctx, a.actionId, a);
    await refreshCompletion(trx, ctx);
    return { response_status: ctx.pc.response_status };
  });
}
