import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  BusinessRuleError,
  checkUpload,
  type FileStore,
  ValidationError,
  transaction,
  type MessagePart,
} from '@portal/core';
import { actionColumnHeader, TEMPLATE_HEADERS } from './template.js';
import { type Cell, cellText, parseDate, readRows } from '@portal/reports';
import { appendHistory } from '@portal/communications';
import {
  type ActionRow,
  communicationActions,
  findLiveProviderCommunication,
  type ProviderCommunicationRow,
  type AnswerValue,
} from '@portal/communications';
import { loadSentCommunication, type Upload } from './paper-responses.js';
import { type PaperAnswer, writePaperAnswers } from './paper-answers.js';
import { checkHeader, insertPaper } from './paper-writes.js';

// ---------- import of the filled Paper Response Template ----------

const YES = ['yes', 'y', 'true', 'x', '1'];
const NO = ['no', 'n', 'false', '0'];

/** A template cell as an answer of its action, or the reason it is not one. */
function cellAnswer(action: ActionRow, cell: Cell): AnswerValue | { error: string } {
  const raw = cellText(cell);
  const lower = raw.toLowerCase();
  switch (action.action_type) {
    case 'Acknowledge':
      if (YES.includes(lower)) return { valueAcknowledge: true };
      return NO.includes(lower) ? { valueAcknowledge: false } : { error: 'answer Yes to acknowledge.' };
    case 'Text':
      return { valueText: raw };
    case 'Numeric':
      return { valueNumeric: typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : raw };
    case 'YesNo':
      if (YES.includes(lower)) return { valueYesNo: 'Yes' };
      return NO.includes(lower) ? { valueYesNo: 'No' } : { error: 'answer Yes or No.' };
    case 'Checkbox':
    case 'MultipleChoice': {
      const chosen: string[] = [];
      for (const part of raw.split(/\s*(?:;|\n|\s\/\s|,)\s*/).filter(Boolean)) {
        const option = action.options.find((o) => o.toLowerCase() === part.toLowerCase());
        if (!option) return { error: `"${part}" is not one of: ${action.options.join(', ')}.` };
        if (!chosen.includes(option)) chosen.push(option);
      }
      return action.action_type === 'Checkbox' ? { valueCheckbox: chosen } : { valueMultiChoice: chosen };
    }
    default:
      return { error: 'files cannot be imported; add them to the paper response on the page.' };
  }
}

/** A refused row: its problems in English, or the one rule it broke with that message's code. */
export interface ImportRowError extends Partial<MessagePart> {
  row: number;
  message: string;
}

/**
 * POST /{id}/paper-response-import: each template row with a responder name or an answer becomes a paper response
 * of its customer. Every row is checked (and written in a savepoint, to run the same checks as the form); if any row
 * is bad, nothing is written and every bad row comes back with its row number.
 */
export async function importPaperResponses(
  db: Knex,
  store: FileStore,
  actor: Actor,
  communicationId: number,
  upload: Upload | undefined,
  timeZone: string,
) {
  await loadSentCommunication(db, actor, communicationId);
  if (!upload) throw new ValidationError('PAPER_TEMPLATE_REQUIRED');
  const file = await checkUpload(upload, ['xlsx'], 'UNSUPPORTED_FILE_TYPE.paperTemplate');
  let rows: Awaited<ReturnType<typeof readRows>>;
  try {
    rows = await readRows('xlsx', file.data);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError('SPREADSHEET_UNREADABLE');
    throw error;
  }
  return transaction(db, async (trx) => {
    const event = await loadSentCommunication(trx, actor, communicationId, true);
    const [header, ...data] = rows;
    const column = (name: string) => (header ? header[1].findIndex((h) => cellText(h) === name) : -1);
    const [pcCol, responderCol, dateCol] = [
      column(TEMPLATE_HEADERS.pc),
      column(TEMPLATE_HEADERS.responder),
      column(TEMPLATE_HEADERS.responseDate),
    ];
    if (pcCol < 0 || responderCol < 0 || dateCol < 0) {
      throw new ValidationError('NOT_PAPER_TEMPLATE');
    }
    const actions: ActionRow[] = await communicationActions(trx, event.id);
    const actionCols = actions
      .map((action) => ({ action, index: column(actionColumnHeader(action)) }))
      .filter((c) => c.index >= 0);
    const errors: ImportRowError[] = [];
    const created: number[] = [];
    const seen = new Set<number>();
    for (const [line, cells] of data) {
      const cell = (i: number): Cell => cells[i] ?? null;
      const responder = cellText(cell(responderCol));
      const answered = actionCols.filter((c) => cellText(cell(c.index)) !== '');
      if (!responder && !answered.length) continue;
      const problems: string[] = [];
      const pcId = Number(cellText(cell(pcCol)));
      let pc: ProviderCommunicationRow | undefined;
      if (!Number.isInteger(pcId) || pcId <= 0) problems.push(`${TEMPLATE_HEADERS.pc} is missing.`);
      else {
        pc = await findLiveProviderCommunication(trx, actor.organizationId, pcId, {
          communicationId: event.id,
          forUpdate: true,
        });
        if (!pc) problems.push(`Provider Communication ID ${pcId} is not a customer of this event.`);
        else if (seen.has(pcId)) problems.push('This customer is on more than one row.');
        seen.add(pcId);
      }
      if (!responder) problems.push('Responder Name is required.');
      const rawDate = cellText(cell(dateCol));
      const responseDate = parseDate(cell(dateCol));
      if (!rawDate) problems.push('Response Date is required.');
      else if (!responseDate) problems.push(`Response Date "${rawDate}" is not a date (MM/DD/YYYY).`);
      const answers: PaperAnswer[] = [];
      for (const { action, index } of answered) {
        const value = cellAnswer(action, cell(index));
        if ('error' in value) problems.push(`${action.title}: ${value.error}`);
        else answers.push({ actionId: action.id, ...value });
      }
      if (problems.length || !pc) {
        errors.push({ row: line, message: problems.join(' ') });
        continue;
      }
      const customer = pc;
      // The same checks as the form, in a savepoint so one bad row does not hide the next ones.
      try {
        await trx.transaction(async (sp) => {
          const header = await checkHeader(
            sp,
            customer,
            { responderName: responder, responseDate: responseDate! },
            timeZone,
          );
          const paper = await insertPaper(sp, actor, event, customer, header, {});
          await writePaperAnswers(sp, store, actor, { paper, event, pc: customer }, answers, new Map(), []);
          created.push(paper.id);
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push({ row: line, ...error.part });
      }
    }
    if (errors.length) {
      const details = errors.map((e) => `row ${e.row}: ${e.message}`).join(' ');
      throw new BusinessRuleError('IMPORT_ROWS_INVALID', { details }).withDetails(errors);
    }
    if (!created.length) throw new ValidationError('PAPER_FILE_EMPTY');
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      action: 'PAPER_RESPONSES_IMPORTED',
      entityType: 'paper_response',
      after: { file: file.name, created },
    });
    return { created: created.length, paper_response_ids: created };
  });
}
