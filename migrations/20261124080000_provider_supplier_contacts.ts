import type { Knex } from 'knex';

/**
 * Supplier contacts of a provider: whom the provider writes to at each supplier. A master record (ACTIVE,
 * INACTIVE, DELETED) owned by the provider organisation; at most one live (not deleted) contact per supplier, so the
 * view's supplier contact has one answer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_supplier_contacts', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone');
    t.text('notes');
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'INACTIVE', 'DELETED']);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `CREATE UNIQUE INDEX provider_supplier_contacts_live_uniq
       ON provider_supplier_contacts (organization_id, supplier_organization_id) WHERE status <> 'DELETED'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_supplier_contacts');
}
