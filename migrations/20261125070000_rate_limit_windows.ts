import type { Knex } from 'knex';

/**
 * Rate limits shared by every BFF replica: one row per client key holding its current one-minute window
 * (started by the key's first request, as the in-memory limiter did), counted by an upsert, so N replicas give an address the budget of one. Unlogged: a count lost in a crash only lets a
 * minute start afresh, and it spares the write-ahead log one write per sign-in request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE UNLOGGED TABLE rate_limit_windows (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    )`);
  // The sweep of old windows reads by time.
  await knex.raw('CREATE INDEX rate_limit_windows_window_start_idx ON rate_limit_windows (window_start)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_windows');
}
