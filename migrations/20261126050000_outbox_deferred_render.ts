import type { Knex } from 'knex';

/**
 * Bulk notices are rendered when they are sent, not when they are queued (sending to 10,000 customers within
 * 2x a bulk insert). A queued notice keeps its subject and the values its template needs; the sender renders the text
 * and HTML from the template version it names. Rows written before keep their bodies and are sent as they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE outbox_emails ADD COLUMN template_values jsonb`);
  await knex.raw(
    `ALTER TABLE outbox_emails ADD COLUMN template_language text CHECK (template_language IN ('en', 'vi'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE outbox_emails DROP COLUMN template_values, DROP COLUMN template_language');
}
