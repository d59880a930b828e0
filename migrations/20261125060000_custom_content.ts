import type { Knex } from 'knex';

/**
 * Custom content: a supplier may give each affected customer its own product rows (lot, serial, UDI,
 * quantity, expiry, product fields), read from a product file with a customer key column. A row belongs to one
 * provider organisation (a health system or a site), and only that provider's notice shows it. An action marked
 * per_unit is answered once per row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('communications', (t) => {
    t.boolean('custom_content').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('communication_actions', (t) => {
    t.boolean('per_unit').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('communication_custom_rows', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    // The supplier's: every query of a supplier is scoped by it.
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    // The customer the row is for: the provider organisation its customer key named.
    t.bigInteger('provider_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('customer_key').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('product_name').notNullable();
    t.text('catalog_number');
    t.text('lot_number');
    t.text('serial_number');
    t.text('udi');
    t.integer('quantity');
    t.date('expiration_date');
    t.jsonb('custom_fields').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'provider_organization_id', 'sort_order']);
    t.index(['provider_organization_id']);
    t.index(['organization_id']);
  });
  await knex.schema.createTable('provider_unit_answers', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('action_id').notNullable().references('communication_actions.id').onDelete('CASCADE');
    t.bigInteger('custom_row_id').notNullable().references('communication_custom_rows.id').onDelete('CASCADE');
    t.jsonb('value').notNullable();
    t.text('responder_email');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_communication_id', 'action_id', 'custom_row_id']);
    t.index(['communication_id', 'action_id']);
    t.index(['action_id']);
    t.index(['custom_row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('provider_unit_answers');
  await knex.schema.dropTableIfExists('communication_custom_rows');
  await knex.schema.alterTable('communication_actions', (t) => {
    t.dropColumn('per_unit');
  });
  await knex.schema.alterTable('communications', (t) => {
    t.dropColumn('custom_content');
  });
}
