import type { Knex } from 'knex';

/** Statuses of a supplier master name (spec 000 §4, "Supplier/organisation"): unlinked, linked, or set aside. */
export const SUPPLIER_MASTER_STATUSES = ['PENDING', 'LINKED', 'DEACTIVATED'] as const;

/**
 * The operator's organisations: the Notisphere-managed flag of an organisation, and the supplier master, the
 * supplier names as location and product files spell them, each linked (or not yet) to a supplier organisation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    // The operator runs this organisation's account on its behalf (its recalls and settings are kept by Notisphere).
    t.boolean('is_notisphere_managed').notNullable().defaultTo(false);
  });
  // The operator's lists read organisations of one type, newest change first.
  await knex.raw('CREATE INDEX organizations_type_updated_idx ON organizations (type, updated_at DESC)');

  await knex.schema.createTable('supplier_master', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('name').notNullable();
    // Upper case, letters and digits only, single spaces: "Acme Med. Devices, Inc." and "ACME MED DEVICES INC" are one.
    t.text('normalized_name').notNullable().unique();
    t.bigInteger('organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn([...SUPPLIER_MASTER_STATUSES], 'supplier_master_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('organization_id');
    t.index('created_by');
    t.index(['status', 'updated_at']);
    t.index('updated_at');
  });
  await knex.raw('CREATE INDEX supplier_master_name_lower_idx ON supplier_master (lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('supplier_master');
  await knex.raw('DROP INDEX IF EXISTS organizations_type_updated_idx');
  await knex.schema.alterTable('organizations', (t) => t.dropColumn('is_notisphere_managed'));
}
