import type { Knex } from 'knex';
import { type AnswerValue, answerFilesView, answersView } from '@portal/communications';
import type { FileRow } from './paper-responses.js';

/*
 * What the paper responses read of communications' answers and answer files, through its read views (its writes on
 * them are communications' functions). Pass the caller's `trx` inside a transaction.
 */

type Db = Knex | Knex.Transaction;

/** The answers a provider communication holds, one per action, with where each came from. */
export async function answersOfProviderCommunication(
  db: Db,
  pcId: number,
): Promise<
  {
    action_id: number;
    value: AnswerValue;
    status: string;
    source: string;
    paper_response_id: number | null;
    responder_email: string | null;
    submitted_at: Date | null;
  }[]
> {
  return db
    .from(answersView(db).as('r'))
    .where({ provider_communication_id: pcId })
    .select('action_id', 'value', 'status', 'source', 'paper_response_id', 'responder_email', 'submitted_at');
}

/** The answer a provider communication holds for one action, with its value and source, or undefined. */
export async function answerOfAction(
  db: Db,
  pcId: number,
  actionId: number,
): Promise<
  { id: number; value: AnswerValue; status: string; source: string; paper_response_id: number | null } | undefined
> {
  return db
    .from(answersView(db).as('r'))
    .where({ provider_communication_id: pcId, action_id: actionId })
    .first('id', 'value', 'status', 'source', 'paper_response_id');
}

/** The live files of one paper response, oldest first. */
export async function filesOfPaper(db: Db, paperResponseId: number): Promise<FileRow[]> {
  return db.from(answerFilesView(db).as('f')).where({ paper_response_id: paperResponseId }).orderBy('id');
}

/** A correlated sub-query: how many answers were keyed in from the paper response `paperIdColumn` names. */
export function paperAnswerCount(db: Knex, paperIdColumn: string): Knex.QueryBuilder {
  return db
    .from(answersView(db).as('r'))
    .where('r.paper_response_id', db.ref(paperIdColumn))
    .select(db.raw('count(*)::int'));
}
