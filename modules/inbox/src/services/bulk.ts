import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ConflictError,
  type FromSchema,
  NotFoundError,
  ValidationError,
  transaction,
} from '@portal/core';
import { acknowledge, lockProviderCommunications, recordNotAffected } from '@portal/communications';
import type { bulkBody } from '../worklist-action-schemas.js';
import { notAffectedBy } from './not-affected.js';
import { setOwners } from './owners.js';
import { assertProviderType, scopeIds } from './scope.js';

export type BulkInput = FromSchema<typeof bulkBody>;

/**
 * POST /provider/communications/bulk: one action over up to 200 provider communications, all or nothing, in one
 * transaction. Every id must be a live provider communication the caller's organisation or one of its sites received
 * (any other: 404, and nothing is locked or changed), of a type the caller manages (403); they are locked at once in
 * ascending id order (FOR NO KEY UPDATE) before anything is written, and worked in that order.
 * - ACKNOWLEDGE: the one acknowledgement of a notice (`acknowledge`, as PUT /:id/acknowledge/:x), row by row, event
 *   by event.
 * - ASSIGN: `userId` becomes the owner (null clears), as PUT /:id/owner; the new owner gets one email for them all.
 * - NOT_AFFECTED: `reason`, as POST /:id/not-affected; rows already completed are left as they are.
 * Any row of a closed event refuses the whole call (409 SELECTION_CLOSED), except clearing owners. Each change is one
 * history entry of its row. Answers how many changed and how many were already in that state.
 */
export async function bulkAction(
  db: Knex,
  config: Config,
  actor: Actor,
  input: BulkInput,
): Promise<{ changed: number; unchanged: number }> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  if (input.action === 'ASSIGN' && input.userId === undefined) throw ValidationError.field('userId', 'FIELD_REQUIRED');
  const reason = input.reason?.trim() ?? '';
  if (input.action === 'NOT_AFFECTED' && !reason) throw ValidationError.field('reason', 'FIELD_REQUIRED');
  return transaction(db, async (trx) => {
    const scope = await scopeIds(trx, actor);
    const rows = await lockProviderCommunications(trx, ids, scope);
    if (rows.length !== ids.length) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    for (const { event } of rows) assertProviderType(actor, event.type);
    const clearing = input.action === 'ASSIGN' && input.userId === null;
    if (!clearing && rows.some(({ pc, event }) => pc.status !== 'OPEN' || event.status !== 'OPEN'))
      throw new ConflictError('SELECTION_CLOSED');
    const respondent = { email: actor.email, actor };
    let changed: number;
    switch (input.action) {
      case 'ACKNOWLEDGE':
        changed = 0;
        // Event by event: each acknowledgement bumps its event's tally row (a statement trigger), so two bulks over
        // rows of the same events take those rows in one order and queue rather than deadlock.
        for (const { pc } of [...rows].sort((a, b) => a.event.id - b.event.id || a.pc.id - b.pc.id)) {
          if (pc.acknowledged_at) continue;
          await acknowledge(trx, pc.id, respondent);
          changed += 1;
        }
        break;
      case 'ASSIGN':
        changed = (
          await setOwners(trx, config, actor, scope, rows, { userId: input.userId ?? null, message: input.message })
        ).changed.length;
        break;
      case 'NOT_AFFECTED':
        changed = (await recordNotAffected(trx, rows, respondent, { reason, by: await notAffectedBy(trx, actor) }))
          .changed.length;
        break;
    }
    return { changed, unchanged: ids.length - changed };
  });
}
