import type { Knex } from 'knex';
import { type Actor, ForbiddenError, NotFoundError, recordAudit, transaction, type RowOf } from '@portal/core';
import { appendHistory, discardUserDrafts } from '@portal/communications';
import { answersOfUser } from './communication-reads.js';
import { loadScopedProviderCommunication } from './scope.js';
import type { responseRowDeleted } from '../answer-output-schemas.js';

export type DeletedResponseRow = RowOf<typeof responseRowDeleted>;

/**
 * "Delete" on a row of the eR responses list (spec 000 §4), for the caller's own row only (another user's answers 403).
 * While the caller has drafts (DRAFT or ERROR row) they are discarded with the files the caller uploaded to actions left
 * without an answer; history records it. A fully submitted response is a regulatory record and is never deleted: the row
 * is only hidden from the caller's list (until the caller answers again), audited.
 */
export async function deleteResponseRow(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  userId: number,
): Promise<DeletedResponseRow> {
  return transaction(db, async (trx) => {
    // Own answers only, so the type permission is not needed (a Responder may clear its own row); the scope check is.
    const n = await loadScopedProviderCommunication(trx, actor, pcId, {
      communicationId,
      skipTypeCheck: true,
      forUpdate: true,
    });
    if (userId !== actor.userId) throw new ForbiddenError('OWN_RESPONSE_ONLY');
    const own = await answersOfUser(trx, pcId, actor.userId);
    if (!own.length) throw new NotFoundError('RESPONSE_NOT_FOUND');
    const drafts = own.filter((r) => r.status === 'DRAFT');
    if (drafts.length) {
      const discardedFiles = await discardUserDrafts(
        trx,
        pcId,
        actor.userId,
        drafts.map((r) => r.id),
      );
      const actionIds = drafts.map((r) => Number(r.action_id));
      await appendHistory(trx, actor, {
        communicationId: n.event.id,
        organizationId: n.event.organization_id,
        providerCommunicationId: pcId,
        action: 'RESPONSE_DRAFT_DISCARDED',
        entityType: 'provider_communication',
        entityId: pcId,
        before: { drafts: drafts.map((r) => ({ action_id: Number(r.action_id), value: r.value })) },
        after: { discarded_action_ids: actionIds, discarded_files: discardedFiles },
      });
      return { discarded_action_ids: actionIds, discarded_files: discardedFiles, dismissed: false };
    }
    await trx('provider_response_dismissals')
      .insert({ provider_communication_id: pcId, user_id: actor.userId })
      .onConflict(['provider_communication_id', 'user_id'])
      .merge({ dismissed_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'RESPONSE_ROW_DISMISSED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { communication_id: n.event.id, submitted_action_ids: own.map((r) => Number(r.action_id)) },
    });
    return { discarded_action_ids: [], discarded_files: 0, dismissed: true };
  });
}
