import type { Knex } from 'knex';

/**
 * The operator's eR responses list reads every provider's communications (scope 'ALL') in the list's default order:
 * the same order as provider_communications_received_idx, without the organisation in front (every provider's:
 * communications to outside addresses have no provider and are in no list).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX provider_communications_newest_idx ON provider_communications
    (updated_at DESC NULLS LAST, id) INCLUDE (communication_type) WHERE status <> 'DELETED' AND provider_organization_id IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS provider_communications_newest_idx');
}
