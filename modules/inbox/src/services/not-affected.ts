import type { Knex } from 'knex';
import { type Actor, ConflictError, transaction } from '@portal/core';
import { type NotAffectedRow, recordNotAffected } from '@portal/communications';
import { actorName } from './owners.js';
import { loadScopedProviderCommunication } from './scope.js';

/** Who answered "not affected", as the row records it: "Rita Riverside (admin@riverside.demo)". */
export async function notAffectedBy(db: Knex | Knex.Transaction, actor: Actor): Promise<string> {
  const name = await actorName(db, actor);
  return name === actor.email ? actor.email : `${name} (${actor.email})`;
}

/**
 * POST /provider/communications/:id/not-affected: the provider has none of the product. A real answer: the provider
 * communication is acknowledged (if it was not) and completed, with the reason, who and when; the supplier sees it.
 * Refused on a closed event (409) and on a notice already answered (409); marking it again changes nothing.
 */
export async function markNotAffected(db: Knex, actor: Actor, pcId: number, reason: string): Promise<NotAffectedRow> {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
    const pc = n.pc as typeof n.pc & { not_affected_at: Date | null };
    if (pc.response_status === 'COMPLETED' && pc.not_affected_at === null) throw new ConflictError('ALREADY_ANSWERED');
    const { rows } = await recordNotAffected(trx, [n], n.respondent, {
      reason: reason.trim(),
      by: await notAffectedBy(trx, actor),
    });
    return rows[0]!;
  });
}
