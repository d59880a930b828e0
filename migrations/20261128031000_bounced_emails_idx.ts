import type { Knex } from 'knex';

/**
 * The supplier's worklist lists its open events with bounced recipients on every dashboard load. Bounces are few among
 * a supplier's emails, so a partial index of them per sending organisation lets that read start from the bounces
 * instead of every email the organisation ever sent (outbox_emails_organization_id_index).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX outbox_emails_bounced_idx ON outbox_emails (organization_id, id) WHERE status = 'Bounce'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX outbox_emails_bounced_idx');
}
