import type { Knex } from 'knex';

/**
 * A delegate the supplier asked for (POST /supplier/communications/{id}/delegate) is marked as the supplier's, so its
 * Delegates tab lists exactly those: telling them apart by who created them listed a provider's own delegation when
 * its author also belonged to the supplier, and dropped a supplier's once its author had left. Earlier rows are
 * marked by that rule once, here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE provider_delegates ADD COLUMN by_supplier boolean NOT NULL DEFAULT false');
  await knex.raw(`UPDATE provider_delegates d SET by_supplier = true
    FROM communications c, memberships m
    WHERE c.id = d.communication_id AND m.organization_id = c.organization_id AND m.user_id = d.created_by
      AND m.status = 'ACTIVE'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE provider_delegates DROP COLUMN by_supplier');
}
