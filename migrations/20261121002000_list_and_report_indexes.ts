import type { Knex } from 'knex';

/**
 * Access paths measured by `pnpm bench` at 100,000 events and 1,000,000 provider communications (bench/RESULTS.md):
 * - the event list orders by `updated_at DESC NULLS LAST, id` (or `name, id`) inside one supplier, one type and
 *   status <> 'DELETED'; the first index of 20261121000200 orders `updated_at DESC` (NULLS FIRST) and cannot serve it,
 *   so every page sorted the supplier's whole list. These partial indexes match the list's WHERE and ORDER BY, so a
 *   page reads its 50 rows and the count is an index-only scan.
 * - "contains" filters and search (`ILIKE '%x%'` on name and event_id) scanned every event: trigram indexes.
 * - reports read one event's provider communications in id order (keyset batches): (communication_id, id).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(
    `CREATE INDEX communications_list_recent_idx ON communications (organization_id, type, updated_at DESC NULLS LAST, id) WHERE status <> 'DELETED'`,
  );
  await knex.raw(
    `CREATE INDEX communications_list_name_idx ON communications (organization_id, type, name, id) WHERE status <> 'DELETED'`,
  );
  await knex.raw('CREATE INDEX communications_name_trgm_idx ON communications USING gin (name gin_trgm_ops)');
  await knex.raw('CREATE INDEX communications_event_id_trgm_idx ON communications USING gin (event_id gin_trgm_ops)');
  await knex.raw(
    'CREATE INDEX provider_communications_communication_id_idx ON provider_communications (communication_id, id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'provider_communications_communication_id_idx',
    'communications_event_id_trgm_idx',
    'communications_name_trgm_idx',
    'communications_list_name_idx',
    'communications_list_recent_idx',
  ])
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
}
