import type { Knex } from 'knex';

/**
 * Product fields: a field is platform-wide (organization_id NULL, the operator's) or a supplier's own.
 * created_by/updated_by name who set it (the audit log holds the full before and after).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_fields', (t) => {
    t.bigInteger('organization_id').references('organizations.id').onDelete('CASCADE');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.index(['organization_id', 'status', 'sort_order']);
  });
  // "Is this field in use?" asks communication_products.custom_fields ? '<id>' across every event.
  await knex.raw(
    'CREATE INDEX communication_products_custom_fields_gin ON communication_products USING gin (custom_fields)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS communication_products_custom_fields_gin');
  await knex.schema.alterTable('product_fields', (t) => {
    t.dropIndex(['organization_id', 'status', 'sort_order']);
    t.dropColumn('updated_by');
    t.dropColumn('created_by');
    t.dropColumn('organization_id');
  });
}
