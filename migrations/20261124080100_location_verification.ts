import type { Knex } from 'knex';

/**
 * Location verification (spec 000 §4): the provider a supplier location is mapped to says whether it is its
 * location (COVERED), not (NON_COVERED), a bad record (INVALID), written to (EMAILED) or unrecognised
 * (UNABLE_PROCESSED). NULL = not verified yet. The supplier's location pages read the same column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('supplier_locations', (t) => {
    t.text('verification_status').checkIn(
      ['COVERED', 'EMAILED', 'UNABLE_PROCESSED', 'NON_COVERED', 'INVALID'],
      'supplier_locations_verification_status_check',
    );
    t.timestamp('verified_at', { useTz: true });
    t.bigInteger('verified_by').references('users.id').onDelete('SET NULL');
    t.index(['provider_organization_id', 'verification_status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('supplier_locations', (t) => {
    t.dropIndex(['provider_organization_id', 'verification_status']);
    t.dropColumn('verified_by');
    t.dropColumn('verified_at');
    t.dropColumn('verification_status');
  });
}
