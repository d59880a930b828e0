import type { Knex } from 'knex';

/**
 * The operator's list of every supplier's events (`/notisphere/communications`) opens newest change first across
 * tenants, optionally of one type, or sorted by name: the per-organisation list indexes cannot serve an order over
 * every organisation, so these partial indexes match its WHERE (live events) and ORDER BY.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX communications_operator_recent_idx ON communications (updated_at DESC NULLS LAST, id) WHERE status <> 'DELETED'`,
  );
  await knex.raw(
    `CREATE INDEX communications_operator_type_recent_idx ON communications (type, updated_at DESC NULLS LAST, id) WHERE status <> 'DELETED'`,
  );
  await knex.raw(
    `CREATE INDEX communications_operator_name_idx ON communications (name, id) WHERE status <> 'DELETED'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'communications_operator_name_idx',
    'communications_operator_type_recent_idx',
    'communications_operator_recent_idx',
  ])
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
}
