import type { Knex } from 'knex';
import type { ProviderCommunicationRow } from './provider-communications.js';
import type { AnswerValue } from './answers.js';

/*
 * The writes paper responses make on this module's answers (provider_responses, response_files), and the locked read
 * of a provider communication they write under: the paper-responses module keeps its own rows and calls these,
 * passing its transaction. What it only reads of them goes through the read views (read-views.ts).
 */

type Db = Knex | Knex.Transaction;

/**
 * A live provider communication of the supplier (of one event when `communicationId` is given), locked with
 * `forUpdate`, or undefined.
 */
export async function findLiveProviderCommunication(
  db: Db,
  supplierId: number,
  id: number,
  options: { communicationId?: number; forUpdate?: boolean } = {},
): Promise<ProviderCommunicationRow | undefined> {
  const q = db('provider_communications').where({ id });
  if (options.communicationId !== undefined) q.where({ communication_id: options.communicationId });
  q.where({ supplier_organization_id: supplierId }).whereNot({ status: 'DELETED' });
  if (options.forUpdate) q.forUpdate();
  return (await q.first()) as ProviderCommunicationRow | undefined;
}

/** Deletes one answer (a paper answer cleared). */
export async function deleteAnswer(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('provider_responses').where({ id }).delete();
}

/** Inserts or replaces the answer of (provider communication, action) with `answer`. */
export async function upsertAnswer(
  trx: Knex.Transaction,
  keys: {
    provider_communication_id: number;
    communication_id: number;
    action_id: number;
    supplier_organization_id: number;
    provider_organization_id: number | null;
  },
  answer: Record<string, unknown>,
): Promise<void> {
  await trx('provider_responses')
    .insert({ ...answer, ...keys })
    .onConflict(['provider_communication_id', 'action_id'])
    .merge({ ...answer, updated_at: trx.fn.now() });
}

/** Deletes the answers keyed in from one paper response; returns what they were. */
export async function dropPaperAnswers(
  trx: Knex.Transaction,
  paperResponseId: number,
): Promise<{ action_id: number; value: AnswerValue }[]> {
  const answers = (await trx('provider_responses')
    .where({ paper_response_id: paperResponseId })
    .select('action_id', 'value')) as { action_id: number; value: AnswerValue }[];
  await trx('provider_responses').where({ paper_response_id: paperResponseId }).delete();
  return answers;
}

export interface AnswerFileRow {
  id: number;
  provider_communication_id: number;
  action_id: number;
  supplier_organization_id: number;
  paper_response_id: number | null;
  name: string;
  extension: string;
  mimetype: string;
  size: number;
  file_key: string;
}

/** Stores a response file's row; returns its id. */
export async function insertAnswerFile(
  trx: Knex.Transaction,
  row: Omit<AnswerFileRow, 'id'> & { uploaded_by_email: string | null; uploaded_by_user_id: number | null },
): Promise<number> {
  const [inserted] = await trx('response_files').insert(row).returning('id');
  return (inserted as { id: number }).id;
}

/**
 * Marks deleted the live files of a paper response: all of them, or of one action but those in `keep`.
 */
export async function dropPaperFiles(
  trx: Knex.Transaction,
  paperResponseId: number,
  only?: { actionId: number; keep: number[] },
): Promise<void> {
  const q = trx('response_files');
  if (only) q.where({ paper_response_id: paperResponseId, action_id: only.actionId });
  else q.where({ paper_response_id: paperResponseId });
  q.whereNull('deleted_at');
  if (only) q.whereNotIn('id', only.keep);
  await q.update({ deleted_at: trx.fn.now() });
}
