import type { Knex } from 'knex';

/**
 * The operator's users page: a deactivated account remembers the status it had, so reactivating it gives
 * back VERIFIED, VERIFICATION, SSO, ... rather than a guess; the cross-tenant user search (name, email) gets
 * trigram indexes, as the other contains-searches have; and the list's default order (email) walks an index, so a page
 * gathers the organisations of its own rows only (and "last updated" is the index's first entry).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('status_before_deactivation');
  });
  await knex.raw('CREATE INDEX users_email_idx ON users (email)');
  await knex.raw('CREATE INDEX users_updated_at_idx ON users (updated_at)');
  await knex.raw('CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)');
  await knex.raw('CREATE INDEX users_first_name_trgm_idx ON users USING gin (first_name gin_trgm_ops)');
  await knex.raw('CREATE INDEX users_last_name_trgm_idx ON users USING gin (last_name gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'users_email_idx',
    'users_email_trgm_idx',
    'users_first_name_trgm_idx',
    'users_last_name_trgm_idx',
  ])
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('status_before_deactivation');
  });
}
