import type { Knex } from 'knex';
import { type Actor, ValidationError } from '@portal/core';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';

/** The bulk buttons Covered, Emailed, Not Covered and Invalid of the affected locations tab. */
export async function updateLocationStatus(db: Knex, actor: Actor, id: number, locationIds: number[], status: string): Promise<{ updated: number }> {
  if (!locationIds.length) throw new ValidationError('Select at least one location.');
  return db.transaction(async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    const before = (await trx('communication_affected_locations').where({ communication_id: id }).whereIn('id', locationIds).select('id', 'status')) as { id: number; status: string }[];
    const updated = await trx('communication_affected_locations').where({ communication_id: id }).whereIn('id', locationIds).update({ status, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id, organizationId: actor.organizationId, action: 'LOCATION_STATUS_UPDATED', entityType: 'locations', entityId: id,
      before, after: { status, ids: before.map((b) => b.id) }, isChange: event.status !== 'DRAFT',
    });
    return { updated };
  });
}
