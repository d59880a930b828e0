import type { Knex } from 'knex';
import { whereAnyOf } from '@portal/core';
import type { CommunicationRow } from './access.js';
import { appendHistory } from './history.js';
import { acknowledge, assertOpen, type ProviderCommunicationRow, type Respondent } from './provider-communications.js';
import { Communication } from '../models/Communication.js';

/*
 * "Not affected: we have none of this product" (issue 32): a provider communication's answer, recorded on its row
 * (reason, who, when) and counted as a completed response. The inbox calls these inside its own transaction.
 */

/** A provider communication as the not-affected answer leaves it (the inbox's answer row). */
export interface NotAffectedRow {
  id: number;
  communication_id: number;
  provider_organization_id: number | null;
  status: 'OPEN' | 'CLOSED' | 'DELETED';
  response_status: 'NOTCOMPLETED' | 'COMPLETED';
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  completed_at: Date | null;
  not_affected_reason: string | null;
  not_affected_by: string | null;
  not_affected_at: Date | null;
}

const ROW_COLUMNS = [
  'id',
  'communication_id',
  'provider_organization_id',
  'status',
  'response_status',
  'acknowledged_at',
  'acknowledged_by',
  'completed_at',
  'not_affected_reason',
  'not_affected_by',
  'not_affected_at',
] as const;

export interface LockedProviderCommunication {
  pc: ProviderCommunicationRow & Pick<NotAffectedRow, 'not_affected_at'>;
  event: CommunicationRow;
}

/**
 * Locks the live provider communications among `ids` that one of `organizationIds` received, all at once in ascending
 * id order, FOR NO KEY UPDATE (docs/architecture.md §5, "Lock order"), with their events (sent ones: open or closed).
 * Rows received by anyone else are neither locked nor answered, so a caller compares the count with its ids.
 */
export async function lockProviderCommunications(
  trx: Knex.Transaction,
  ids: readonly number[],
  organizationIds: readonly number[],
): Promise<LockedProviderCommunication[]> {
  if (!ids.length || !organizationIds.length) return [];
  const q = trx('provider_communications');
  whereAnyOf(q, 'id', ids);
  whereAnyOf(q, 'provider_organization_id', organizationIds);
  const pcs = (await q
    .whereNot({ status: 'DELETED' })
    .orderBy('id')
    .forNoKeyUpdate()
    .select('*')) as LockedProviderCommunication['pc'][];
  if (!pcs.length) return [];
  const events = await Communication.query(trx)
    .whereIn('id', [...new Set(pcs.map((p) => Number(p.communication_id)))])
    .whereIn('status', ['OPEN', 'CLOSED']);
  const byId = new Map(events.map((e) => [Number(e.id), e as CommunicationRow]));
  return pcs.flatMap((pc) => {
    const event = byId.get(Number(pc.communication_id));
    return event ? [{ pc, event }] : [];
  });
}

/**
 * Records "not affected" on provider communications the caller has locked (`lockProviderCommunications`, or
 * `loadProviderCommunication` with forUpdate), in the caller's transaction. Every one must be open (409 otherwise).
 * Those still awaiting an answer are acknowledged first if they were not (the one acknowledgement, `acknowledge`), then
 * completed in one statement (the counters' triggers then add them up once per key, in key order), each with a
 * NOT_AFFECTED history entry naming the reason. Those already completed (not affected before, or answered) are left as
 * they are. Answers every row as it now stands, in id order, and the ids it changed.
 */
export async function recordNotAffected(
  trx: Knex.Transaction,
  locked: readonly { pc: ProviderCommunicationRow; event: CommunicationRow }[],
  respondent: Respondent,
  answer: { reason: string; by: string },
): Promise<{ rows: NotAffectedRow[]; changed: number[] }> {
  for (const { pc, event } of locked) assertOpen({ pc, event, respondent });
  const due = locked.filter((l) => l.pc.response_status === 'NOTCOMPLETED').sort((a, b) => a.pc.id - b.pc.id);
  for (const { pc } of due) {
    if (!pc.acknowledged_at) await acknowledge(trx, pc.id, respondent);
  }
  let changed: { id: number }[] = [];
  if (due.length) {
    const q = trx('provider_communications');
    whereAnyOf(
      q,
      'id',
      due.map((l) => l.pc.id),
    );
    changed = (await q
      .where({ response_status: 'NOTCOMPLETED' })
      .update({
        response_status: 'COMPLETED',
        completed_at: trx.fn.now(),
        not_affected_reason: answer.reason,
        not_affected_by: answer.by,
        not_affected_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      })
      .returning('id')) as { id: number }[];
  }
  const changedIds = new Set(changed.map((r) => Number(r.id)));
  for (const { pc, event } of due) {
    if (!changedIds.has(Number(pc.id))) continue;
    await appendHistory(trx, respondent.actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      providerCommunicationId: pc.id,
      action: 'NOT_AFFECTED',
      entityType: 'provider_communication',
      entityId: pc.id,
      actorEmail: respondent.email,
      before: { response_status: 'NOTCOMPLETED' },
      after: { response_status: 'COMPLETED', not_affected_reason: answer.reason },
    });
  }
  const read = trx('provider_communications');
  whereAnyOf(
    read,
    'id',
    locked.map((l) => l.pc.id),
  );
  const rows = (await read.orderBy('id').select(...ROW_COLUMNS)) as NotAffectedRow[];
  return { rows, changed: [...changedIds].sort((a, b) => a - b) };
}
