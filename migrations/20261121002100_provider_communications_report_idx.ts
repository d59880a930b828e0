import type { Knex } from 'knex';

/**
 * Reports read one event's provider communications in id order, scoped by supplier (keyset batches of 1,000).
 * With (communication_id, id) the planner still chose provider_communications_supplier_idx and sorted every batch
 * when the event's rows were newer than its statistics (a freshly sent event: bench/RESULTS.md); an index on the
 * query's full equality prefix plus id serves each batch in order without a sort, whatever the estimates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS provider_communications_communication_id_idx');
  await knex.raw(
    'CREATE INDEX provider_communications_report_idx ON provider_communications (supplier_organization_id, communication_id, id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS provider_communications_report_idx');
  await knex.raw(
    'CREATE INDEX provider_communications_communication_id_idx ON provider_communications (communication_id, id)',
  );
}
