import type { Knex } from 'knex';
import type { Actor, RowOf } from '@portal/core';
import { organizationsView } from '@portal/organizations';
import { loadOwnCommunication } from './access.js';
import type { healthSystemRowSchema } from '../attention-schemas.js';
import { overdueSql } from './due-dates.js';

export type HealthSystemRow = RowOf<typeof healthSystemRowSchema>;

/** A health system answers at most this many rows (one per health system); more would not be a roll-up. */
export const MAX_HEALTH_SYSTEMS = 1000;

/** "Overdue" of a provider communication aliased `pc` (due-dates.ts' rule), for the supplier's and operator's reads. */
export const OVERDUE_SQL = overdueSql('pc');

/**
 * GET /supplier/communications/:id/health-systems: the event's customers that are sites of a health system
 * (`organizations.parent_id`), one row per health system with its sites' progress. A site not yet sent counts among
 * `sites` only. `answered` counts completed answers other than "not affected", which `not_affected` counts.
 */
export async function healthSystems(db: Knex, actor: Actor, id: number): Promise<HealthSystemRow[]> {
  await loadOwnCommunication(db, actor, id);
  return (await db('communication_affected_customers as c')
    .join(organizationsView(db).as('s'), 's.id', 'c.provider_organization_id')
    .join(organizationsView(db).as('p'), 'p.id', 's.parent_id')
    .leftJoin('provider_communications as pc', (j) =>
      j.on('pc.affected_customer_id', 'c.id').andOnVal('pc.status', '<>', 'DELETED'),
    )
    .where({ 'c.communication_id': id, 'c.organization_id': actor.organizationId, 'c.status': 'ACTIVE' })
    .groupBy('p.id', 'p.name')
    .orderBy([{ column: 'p.name' }, { column: 'p.id' }])
    .limit(MAX_HEALTH_SYSTEMS)
    .select(
      'p.id as provider_id',
      'p.name as provider_name',
      db.raw('count(*)::int AS sites'),
      db.raw('count(pc.acknowledged_at)::int AS acknowledged'),
      db.raw(
        `count(*) FILTER (WHERE pc.response_status = 'COMPLETED' AND pc.not_affected_at IS NULL)::int AS answered`,
      ),
      db.raw('count(pc.not_affected_at)::int AS not_affected'),
      db.raw(`count(*) FILTER (WHERE ${OVERDUE_SQL})::int AS overdue`),
    )) as HealthSystemRow[];
}
