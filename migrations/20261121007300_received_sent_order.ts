import type { Knex } from 'knex';

/**
 * The provider's pages open their lists newest received first (`sent_at DESC`, the "Received" column): the same
 * per-organisation index walk as provider_communications_received_idx serves that order too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX provider_communications_received_sent_idx ON provider_communications
    (provider_organization_id, sent_at DESC NULLS LAST, id) INCLUDE (communication_type) WHERE status <> 'DELETED'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS provider_communications_received_sent_idx');
}
