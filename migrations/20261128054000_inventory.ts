import type { Knex } from 'knex';

/**
 * The provider's item master and purchase history (issue 38, items 1-3), owned by @portal/inventory:
 * - `inventory_items`: what a provider holds, one row per stable key (`item_key`: site or location + GTIN, else
 *   catalogue number, + lot + serial, normalised), upserted by each import. `gtin` is 14 digits with a valid check
 *   digit; `*_norm` columns are upper case without spaces, dashes, dots or slashes (what matching compares).
 * - `purchase_history`: what it bought, from whom, when (`purchase_key` likewise, with the date and supplier).
 * - `inventory_imports`: one uploaded file and its background job's progress and counts; `inventory_import_refusals`
 *   the refused rows with their reasons (downloadable).
 * - `inventory_mappings`: the last column mapping per organisation and kind, proposed again on the next upload.
 * Matching (another module's job, through @portal/inventory's index.ts) reads by (organization_id, gtin),
 * (organization_id, catalogue_norm), (organization_id, model_norm) and (organization_id, lot_norm); the list searches
 * `search_text` with a trigram index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('inventory_imports', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['items', 'purchases'], 'inventory_imports_kind_check');
    t.text('status')
      .notNullable()
      .defaultTo('UPLOADED')
      .checkIn(['UPLOADED', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'], 'inventory_imports_status_check');
    t.text('file_name').notNullable();
    t.text('file_key').notNullable();
    t.text('extension').notNullable().checkIn(['csv', 'xlsx'], 'inventory_imports_extension_check');
    /** Number of the header row among the file's non-blank rows (1 = the first). */
    t.integer('header_row').notNullable().defaultTo(1);
    /** field → column index (0-based), as confirmed. */
    t.jsonb('mapping');
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('processed_rows').notNullable().defaultTo(0);
    t.integer('created_rows').notNullable().defaultTo(0);
    t.integer('updated_rows').notNullable().defaultTo(0);
    t.integer('unchanged_rows').notNullable().defaultTo(0);
    t.integer('refused_rows').notNullable().defaultTo(0);
    t.text('error_message');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.index(['organization_id', 'kind', 'created_at']);
    t.index(['status', 'created_at']);
  });

  await knex.schema.createTable('inventory_import_refusals', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('import_id').notNullable().references('inventory_imports.id').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    /** A catalogue key (INVENTORY_ROW.*) and its parameters. */
    t.text('reason').notNullable();
    t.jsonb('params').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.text('value');
    t.unique(['import_id', 'row_number', 'reason']);
  });

  await knex.schema.createTable('inventory_mappings', (t) => {
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['items', 'purchases'], 'inventory_mappings_kind_check');
    /** field → the header text it was read from (so it applies to the next file by name, not by position). */
    t.jsonb('mapping').notNullable();
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['organization_id', 'kind']);
  });

  const identifiers = (t: Knex.CreateTableBuilder) => {
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    /** One of the organisation's sites when the file's Site column names one; `location` keeps the file's text. */
    t.bigInteger('site_id').references('organizations.id').onDelete('SET NULL');
    t.text('location');
    t.specificType('gtin', 'char(14)');
    t.text('udi_di');
    t.text('manufacturer');
    t.text('manufacturer_norm');
    t.text('catalogue_number');
    t.text('catalogue_norm');
    t.text('model');
    t.text('model_norm');
    t.text('description');
    t.text('lot');
    t.text('lot_norm');
    t.text('serial');
    t.text('serial_norm');
    t.integer('quantity');
    t.text('search_text').notNullable().defaultTo('');
    t.bigInteger('import_id').references('inventory_imports.id').onDelete('SET NULL');
    t.integer('source_row');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** The last import that carried this row (changed or not): the item master's date for "not affected". */
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  };

  await knex.schema.createTable('inventory_items', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('item_key').notNullable();
    identifiers(t);
    t.date('expiry_date');
    t.text('department');
    t.unique(['organization_id', 'item_key']);
  });

  await knex.schema.createTable('purchase_history', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('purchase_key').notNullable();
    identifiers(t);
    t.text('supplier_name');
    t.date('purchased_on');
    t.text('order_number');
    t.unique(['organization_id', 'purchase_key']);
  });

  for (const table of ['inventory_items', 'purchase_history']) {
    const short = table === 'inventory_items' ? 'inventory_items' : 'purchase_history';
    await knex.raw(`CREATE INDEX ${short}_gtin_idx ON ${table} (organization_id, gtin) WHERE gtin IS NOT NULL`);
    await knex.raw(`CREATE INDEX ${short}_udi_di_idx ON ${table} (organization_id, udi_di) WHERE udi_di IS NOT NULL`);
    await knex.raw(
      `CREATE INDEX ${short}_catalogue_idx ON ${table} (organization_id, catalogue_norm) WHERE catalogue_norm IS NOT NULL`,
    );
    await knex.raw(
      `CREATE INDEX ${short}_model_idx ON ${table} (organization_id, model_norm) WHERE model_norm IS NOT NULL`,
    );
    await knex.raw(`CREATE INDEX ${short}_lot_idx ON ${table} (organization_id, lot_norm) WHERE lot_norm IS NOT NULL`);
    await knex.raw(`CREATE INDEX ${short}_list_idx ON ${table} (organization_id, id DESC)`);
    await knex.raw(`CREATE INDEX ${short}_site_idx ON ${table} (organization_id, site_id, id DESC)`);
    // A bulk import adds thousands of rows a statement: a larger pending list (32 MB) defers most of the trigram
    // index's work to its cleanup (autovacuum), which halved an import's time; searches read the pending list too.
    await knex.raw(
      `CREATE INDEX ${short}_search_trgm ON ${table} USING gin (search_text gin_trgm_ops) WITH (gin_pending_list_limit = 32768)`,
    );
  }
  await knex.raw(
    'CREATE INDEX inventory_items_department_idx ON inventory_items (organization_id, department, id DESC)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('purchase_history');
  await knex.schema.dropTableIfExists('inventory_items');
  await knex.schema.dropTableIfExists('inventory_mappings');
  await knex.schema.dropTableIfExists('inventory_import_refusals');
  await knex.schema.dropTableIfExists('inventory_imports');
}
