import type { Knex } from 'knex';

/**
 * Issue 15: a supplier event may name the FDA recalls it answers (Z-NNNN-YYYY devices, D-NNNN-YYYY drugs). Stored on
 * the event (communications owns it); the GIN index serves "events naming this recall number".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE communications ADD COLUMN fda_recall_numbers text[] NOT NULL DEFAULT '{}'`);
  await knex.raw('CREATE INDEX communications_fda_recall_numbers_idx ON communications USING gin (fda_recall_numbers)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX communications_fda_recall_numbers_idx');
  await knex.raw('ALTER TABLE communications DROP COLUMN fda_recall_numbers');
}
