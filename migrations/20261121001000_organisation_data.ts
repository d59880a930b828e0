import type { Knex } from 'knex';

/** Statuses of master records (spec §4 "Master records": ACTIVE gives Edit and Inactivate, any other Activate). */
export const MASTER_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const LOCATION_FILE_STATUSES = ['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR'] as const;
export const COMMUNICATION_TYPES = ['RECALL', 'PRODUCT DISRUPTION'] as const;
export const ACTION_TYPES = [
  'Acknowledge',
  'Text',
  'Numeric',
  'YesNo',
  'Checkbox',
  'MultipleChoice',
  'Image',
  'Document',
] as const;

const timestamps = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

/**
 * The organisation data: sales representatives, a supplier's locations and location files, template
 * actions and distribution lists. Role names become unique among non-deleted roles only, so a deleted role's name
 * can be used again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('roles', (t) => t.dropUnique(['organization_id', 'name']));
  await knex.raw(
    `CREATE UNIQUE INDEX roles_organization_name_live_idx ON roles (organization_id, lower(name)) WHERE status <> 'DELETED'`,
  );

  await knex.schema.createTable('sales_representatives', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone');
    t.text('territory');
    t.text('region');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...MASTER_STATUSES], 'sales_representatives_status_check');
    timestamps(knex, t);
    t.index(['organization_id', 'status']);
    t.index(['organization_id', 'last_name']);
    t.index(['organization_id', 'first_name']);
    t.index(['organization_id', 'territory']);
    t.index(['organization_id', 'region']);
    t.index(['organization_id', 'updated_at']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX sales_representatives_email_live_idx ON sales_representatives (organization_id, lower(email)) WHERE status <> 'DELETED'`,
  );

  await knex.schema.createTable('supplier_location_files', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('file_key').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn([...LOCATION_FILE_STATUSES], 'supplier_location_files_status_check');
    t.integer('row_count').notNullable().defaultTo(0);
    t.integer('inserted_count').notNullable().defaultTo(0);
    t.integer('updated_count').notNullable().defaultTo(0);
    t.integer('error_count').notNullable().defaultTo(0);
    t.jsonb('errors').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('completed_at', { useTz: true });
    timestamps(knex, t);
    t.index(['organization_id', 'created_at']);
    t.index(['organization_id', 'status']);
    t.index(['organization_id', 'name']);
    t.index('uploaded_by');
  });

  await knex.schema.createTable('supplier_locations', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.bigInteger('location_file_id').references('supplier_location_files.id').onDelete('SET NULL');
    t.text('location_id').notNullable();
    t.text('location_name').notNullable();
    t.text('idn');
    t.text('address1');
    t.text('address2');
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('type');
    t.text('email');
    t.text('notisphere_id');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...MASTER_STATUSES], 'supplier_locations_status_check');
    timestamps(knex, t);
    t.index(['organization_id', 'status']);
    t.index(['organization_id', 'location_name']);
    t.index(['organization_id', 'city']);
    t.index(['organization_id', 'state']);
    t.index(['organization_id', 'zip']);
    t.index(['organization_id', 'type']);
    t.index(['organization_id', 'idn']);
    t.index(['organization_id', 'updated_at']);
    t.index('location_file_id');
    t.index('provider_organization_id');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX supplier_locations_location_id_live_idx ON supplier_locations (organization_id, location_id) WHERE status <> 'DELETED'`,
  );

  await knex.schema.createTable('template_actions', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('communication_type')
      .notNullable()
      .checkIn([...COMMUNICATION_TYPES], 'template_actions_communication_type_check');
    t.text('title').notNullable();
    t.text('description');
    t.text('action_type')
      .notNullable()
      .checkIn([...ACTION_TYPES], 'template_actions_action_type_check');
    t.jsonb('options').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.boolean('is_required').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...MASTER_STATUSES], 'template_actions_status_check');
    timestamps(knex, t);
    t.index(['organization_id', 'communication_type', 'status', 'sort_order']);
    t.index(['organization_id', 'title']);
    t.index(['organization_id', 'updated_at']);
  });

  await knex.schema.createTable('distribution_lists', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('communication_type')
      .notNullable()
      .checkIn([...COMMUNICATION_TYPES], 'distribution_lists_communication_type_check');
    t.text('name').notNullable();
    t.text('description');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...MASTER_STATUSES], 'distribution_lists_status_check');
    timestamps(knex, t);
    t.index(['organization_id', 'communication_type', 'status']);
    t.index(['organization_id', 'name']);
    t.index(['organization_id', 'updated_at']);
  });
  await knex.raw(
    `CREATE UNIQUE INDEX distribution_lists_name_live_idx ON distribution_lists (organization_id, communication_type, lower(name)) WHERE status <> 'DELETED'`,
  );

  await knex.schema.createTable('distribution_list_members', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('list_id').notNullable().references('distribution_lists.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('CASCADE');
    t.bigInteger('supplier_location_id').references('supplier_locations.id').onDelete('CASCADE');
    t.text('name');
    t.text('email');
    timestamps(knex, t);
    t.index(['list_id', 'name']);
    t.index('organization_id');
    t.index('provider_organization_id');
    t.index('supplier_location_id');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX distribution_list_members_email_idx ON distribution_list_members (list_id, lower(email)) WHERE email IS NOT NULL AND provider_organization_id IS NULL AND supplier_location_id IS NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX distribution_list_members_provider_idx ON distribution_list_members (list_id, provider_organization_id) WHERE provider_organization_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX distribution_list_members_location_idx ON distribution_list_members (list_id, supplier_location_id) WHERE supplier_location_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'distribution_list_members',
    'distribution_lists',
    'template_actions',
    'supplier_locations',
    'supplier_location_files',
    'sales_representatives',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP INDEX IF EXISTS roles_organization_name_live_idx');
  await knex.schema.alterTable('roles', (t) => t.unique(['organization_id', 'name']));
}
