import type { Knex } from 'knex';

/**
 * Large sends fan out in chunks: the send queues its first chunk of notices itself and leaves one row here
 * naming the rest (the provider communications still to notify, in order, and a cursor into them). The fan-out
 * claims a row with SKIP LOCKED, queues the next chunk and advances the cursor in one transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE notice_fanouts (
      id bigserial PRIMARY KEY,
      communication_id bigint NOT NULL REFERENCES communications(id) ON DELETE CASCADE,
      organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      provider_communication_ids bigint[] NOT NULL,
      next_index integer NOT NULL DEFAULT 0,
      not_before timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
  await knex.raw('CREATE INDEX notice_fanouts_communication_id_idx ON notice_fanouts (communication_id)');
  await knex.raw('CREATE INDEX notice_fanouts_organization_id_idx ON notice_fanouts (organization_id)');
  // The fan-out looks only for unfinished rows.
  await knex.raw('CREATE INDEX notice_fanouts_unfinished_idx ON notice_fanouts (id) WHERE finished_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notice_fanouts');
}
