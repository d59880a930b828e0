import type { Knex } from 'knex';
import { ConflictError, NotFoundError, ValidationError, transaction } from '@portal/core';
import { customRowsOf } from './custom-content.js';
import { appendHistory } from './history.js';
import {
  type ActionRow,
  type AnswerInput,
  checkValue,
  refreshCompletion,
  type AnswerValue,
  saveAnswer,
} from './answers.js';
import { assertOpen, loadProviderCommunication, type Respondent } from './provider-communications.js';

export type UnitAnswerInput = Pick<AnswerInput, 'valueText' | 'valueNumeric' | 'valueYesNo'> & { rowId: number };

/**
 * The action's answer once every row has one: Numeric the sum of the units, Yes / No "Yes" only when every
 * row says Yes, Text each row's answer after its lot or serial. Reports and completion read it like any answer.
 */
function summary(
  type: string,
  rows: { id: number; lot_number: string | null; serial_number: string | null; product_name: string }[],
  byRow: Map<number, AnswerValue>,
): AnswerInput {
  if (type === 'Numeric')
    return { valueNumeric: String(rows.reduce((sum, r) => sum + Number(byRow.get(r.id)?.valueNumeric ?? 0), 0)) };
  if (type === 'YesNo') return { valueYesNo: rows.every((r) => byRow.get(r.id)?.valueYesNo === 'Yes') ? 'Yes' : 'No' };
  return {
    valueText: rows
      .map((r) => `${r.serial_number ?? r.lot_number ?? r.product_name}: ${byRow.get(r.id)?.valueText ?? ''}`)
      .join('; ')
      .slice(0, 10_000),
  };
}

/**
 * Answers a per-unit action for some of the provider's own rows. A row of another customer is "not found", like a
 * missing one. When every row holds an answer, the action's own answer is submitted with their summary, and the
 * provider communication's completion is recomputed, in the same transaction.
 *
 * `paper.paperResponseId`: the supplier keys in a paper response's unit answers. Like the paper response's other
 * answers they are tagged with it, may be keyed in for a closed event, and never overwrite an electronic answer.
 */
export async function answerUnits(
  db: Knex,
  pcId: number,
  respondent: Respondent,
  actionId: number,
  answers: UnitAnswerInput[],
  expect: { communicationId?: number; organizationId?: number } = {},
  paper: { paperResponseId?: number } = {},
): Promise<{ response_status: string; answered: number; rows: number }> {
  const paperResponseId = paper.paperResponseId ?? null;
  return transaction(db, async (trx) => {
    const { pc, event } = await loadProviderCommunication(trx, pcId, { ...expect, forUpdate: true });
    const ctx = { pc, event, respondent };
    if (paperResponseId === null) assertOpen(ctx);
    const action = (await trx('communication_actions').where({ id: actionId, communication_id: event.id }).first()) as
      | (ActionRow & { per_unit: boolean })
      | undefined;
    if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
    if (!action.per_unit) throw new ConflictError('NOT_PER_UNIT');
    if (action.is_disabled) throw new ConflictError('ACTION_DISABLED');
    const rows = await customRowsOf(trx, event, pc);
    const own = new Set(rows.map((r) => r.id));
    for (const a of answers) if (!own.has(a.rowId)) throw new NotFoundError('ROW_NOT_FOUND');
    if (new Set(answers.map((a) => a.rowId)).size !== answers.length) throw new ValidationError('ROW_ANSWERED_TWICE');
    if (paperResponseId !== null) {
      const electronic = await trx('provider_unit_answers')
        .where({ provider_communication_id: pc.id, action_id: actionId })
        .whereIn(
          'custom_row_id',
          answers.map((a) => a.rowId),
        )
        .where((w) => w.whereNull('paper_response_id').orWhereNot({ paper_response_id: paperResponseId }))
        .first('id');
      if (electronic) throw new ConflictError('ANSWERED_ELECTRONICALLY.unit', { title: action.title });
    }
    for (const a of answers) {
      const value = await checkValue(trx, pc.id, action, { ...a, submit: true });
      await trx('provider_unit_answers')
        .insert({
          provider_communication_id: pc.id,
          communication_id: event.id,
          action_id: actionId,
          custom_row_id: a.rowId,
          value: JSON.stringify(value),
          responder_email: respondent.email,
          paper_response_id: paperResponseId,
        })
        .onConflict(['provider_communication_id', 'action_id', 'custom_row_id'])
        .merge({
          value: JSON.stringify(value),
          responder_email: respondent.email,
          // The newest answer wins, as for whole actions: an electronic one replaces a keyed-in paper one.
          paper_response_id: paperResponseId,
          updated_at: trx.fn.now(),
        });
    }
    await appendHistory(trx, respondent.actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'UNITS_ANSWERED',
      entityType: 'action',
      entityId: actionId,
      actorEmail: respondent.email,
      after:
        paperResponseId === null
          ? { rows: answers.map((a) => a.rowId) }
          : { rows: answers.map((a) => a.rowId), source: 'Paper', paper_response_id: paperResponseId },
    });
    const given = (await trx('provider_unit_answers')
      .where({ provider_communication_id: pc.id, action_id: actionId })
      .select('custom_row_id', 'value')) as { custom_row_id: string; value: AnswerValue }[];
    const byRow = new Map(given.map((g) => [Number(g.custom_row_id), g.value]));
    if (rows.length > 0 && rows.every((r) => byRow.has(r.id))) {
      await saveAnswer(
        trx,
        ctx,
        actionId,
        { ...summary(action.action_type, rows, byRow), submit: true },
        paperResponseId,
      );
      await refreshCompletion(trx, ctx);
    }
    return { response_status: ctx.pc.response_status, answered: byRow.size, rows: rows.length };
  });
}

/** Removes the unit answers keyed in from a deleted paper response; answers the rows' actions, for the history. */
export async function dropPaperUnitAnswers(
  trx: Knex.Transaction,
  paperResponseId: number,
): Promise<{ action_id: number; custom_row_id: number; value: AnswerValue }[]> {
  const rows = (await trx('provider_unit_answers')
    .where({ paper_response_id: paperResponseId })
    .del()
    .returning(['action_id', 'custom_row_id', 'value'])) as {
    action_id: string;
    custom_row_id: string;
    value: AnswerValue;
  }[];
  return rows.map((r) => ({ action_id: Number(r.action_id), custom_row_id: Number(r.custom_row_id), value: r.value }));
}

/** A provider communication's unit answers so far, with the paper response each was keyed in from (null: electronic). */
export async function unitAnswersOf(
  db: Knex | Knex.Transaction,
  pcId: number,
): Promise<{ action_id: number; row_id: number; value: AnswerValue; paper_response_id: number | null }[]> {
  const rows = (await db('provider_unit_answers')
    .where({ provider_communication_id: pcId })
    .orderBy('id')
    .select('action_id', 'custom_row_id', 'value', 'paper_response_id')) as {
    action_id: string;
    custom_row_id: string;
    value: AnswerValue;
    paper_response_id: string | null;
  }[];
  return rows.map((r) => ({
    action_id: Number(r.action_id),
    row_id: Number(r.custom_row_id),
    value: r.value,
    paper_response_id: r.paper_response_id === null ? null : Number(r.paper_response_id),
  }));
}
