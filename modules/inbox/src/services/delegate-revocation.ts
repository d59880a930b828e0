import type { Knex } from 'knex';
import { type Actor, NotFoundError, transaction } from '@portal/core';
import { appendHistory, revokeDelegateLink } from '@portal/communications';
import { loadScopedProviderCommunication } from './scope.js';

/**
 * POST /provider/communications/:id/revoke-delegate/:a/:b: delegate b of provider communication a (of event id) stops
 * at once: its status is REVOKED and its link is revoked in the same transaction, so the next call with the link's token
 * answers 404. Only an ACTIVE delegate can be revoked: revoking again, or another provider communication's delegate,
 * answers 404 DELEGATE_NOT_FOUND. Allowed on a closed event too (taking access away is always possible).
 */
export async function revokeDelegate(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  delegateId: number,
): Promise<{ id: number; status: 'REVOKED' }> {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId, forUpdate: true });
    const d = (await trx('provider_delegates')
      .where({ id: delegateId, provider_communication_id: pcId, status: 'ACTIVE' })
      .forNoKeyUpdate()
      .first('id', 'email', 'action_id', 'notice_link_id')) as
      | { id: number; email: string; action_id: number | null; notice_link_id: number | null }
      | undefined;
    if (!d) throw new NotFoundError('DELEGATE_NOT_FOUND');
    await trx('provider_delegates').where({ id: d.id }).update({ status: 'REVOKED' });
    await revokeDelegateLink(trx, d.notice_link_id === null ? null : Number(d.notice_link_id));
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'DELEGATE_REVOKED',
      entityType: 'provider_delegate',
      entityId: d.id,
      before: { status: 'ACTIVE' },
      after: { status: 'REVOKED', email: d.email, action_id: d.action_id },
    });
    return { id: Number(d.id), status: 'REVOKED' as const };
  });
}
