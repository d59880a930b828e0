import type { Knex } from 'knex';

/**
 * The provider's list at a million provider communications (bench/RESULTS.md): it joined every received row to its
 * event to filter the type, then sorted them all for one page of 50. An event's type never changes once created
 * (step 0 refuses it), so a provider communication carries a copy, and one index per received organisation serves the
 * list's default order (`updated_at DESC NULLS LAST, id`) with the type as an included column: page 1 walks 50 index
 * entries per organisation and the total is an index-only count.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_communications', (t) => {
    t.text('communication_type');
  });
  await knex.raw(
    `UPDATE provider_communications pc SET communication_type = c.type FROM communications c WHERE c.id = pc.communication_id`,
  );
  await knex.raw(`ALTER TABLE provider_communications ALTER COLUMN communication_type SET NOT NULL`);
  await knex.raw(
    `ALTER TABLE provider_communications ADD CONSTRAINT provider_communications_type_check CHECK (communication_type IN ('RECALL', 'PRODUCT DISRUPTION'))`,
  );
  await knex.raw(`CREATE INDEX provider_communications_received_idx ON provider_communications
    (provider_organization_id, updated_at DESC NULLS LAST, id) INCLUDE (communication_type) WHERE status <> 'DELETED'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS provider_communications_received_idx');
  await knex.schema.alterTable('provider_communications', (t) => {
    t.dropColumn('communication_type');
  });
}
