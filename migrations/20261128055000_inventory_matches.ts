import type { Knex } from 'knex';

/**
 * Recalls matched against the provider's item master and purchase history (issue 38, item 4), owned by
 * @portal/inventory:
 * - `inventory_match_runs`: one row per provider communication that was checked: when, against the item master of
 *   which date and size, what was searched (the keys' counts), and the result's figures (likely affected rows, units,
 *   departments, sites; possible rows). Its absence means "not checked". The supplier reads only `status`.
 * - `inventory_matches`: the matched rows of the last run, each with its reason, confidence and evidence, the units,
 *   department and site copied from the row as it was when matched (a report of matches is then one table's read).
 * A run replaces its provider communication's matches in one transaction, under the run row's lock (the upsert), so
 * two jobs for the same notice on two replicas leave one consistent answer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inventory_match_runs', (t) => {
    t.bigInteger('provider_communication_id').primary().references('provider_communications.id').onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    /** MATCHED: at least one likely affected row; NONE: none (possible rows may remain). */
    t.text('status').notNullable().checkIn(['MATCHED', 'NONE'], 'inventory_match_runs_status_check');
    t.integer('likely_rows').notNullable().defaultTo(0);
    t.integer('units').notNullable().defaultTo(0);
    t.integer('purchased_units').notNullable().defaultTo(0);
    t.integer('departments').notNullable().defaultTo(0);
    t.integer('sites').notNullable().defaultTo(0);
    t.integer('possible_rows').notNullable().defaultTo(0);
    /** The item master's size and date when matched (the "not affected" evidence). */
    t.integer('items_count').notNullable().defaultTo(0);
    t.integer('purchases_count').notNullable().defaultTo(0);
    t.timestamp('items_imported_at', { useTz: true });
    t.timestamp('purchases_imported_at', { useTz: true });
    /** What was searched: counts and a sample of the keys (GTINs, catalogue and model numbers, lots, ranges). */
    t.jsonb('searched').notNullable().defaultTo('{}');
    t.timestamp('matched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id']);
    t.index(['organization_id', 'matched_at']);
  });

  await knex.schema.createTable('inventory_matches', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('inventory_match_runs.provider_communication_id')
      .onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('source').notNullable().checkIn(['ITEM', 'PURCHASE'], 'inventory_matches_source_check');
    /** inventory_items.id or purchase_history.id (by `source`); a later import may remove the row: no foreign key. */
    t.bigInteger('row_id').notNullable();
    /** Which of the event's products (0-based, products first, then its FDA records). */
    t.integer('product_index').notNullable().defaultTo(0);
    t.text('reason')
      .notNullable()
      .checkIn(
        ['DI_LOT', 'DI', 'CATALOGUE_LOT', 'MODEL_LOT', 'CATALOGUE', 'MODEL', 'LOT', 'TEXT_TOKEN'],
        'inventory_matches_reason_check',
      );
    t.decimal('confidence', 3, 2).notNullable();
    t.boolean('likely').notNullable();
    t.text('evidence').notNullable().defaultTo('');
    t.integer('units').notNullable().defaultTo(1);
    t.text('department');
    t.bigInteger('site_id');
    t.text('location');
    t.text('gtin');
    t.text('manufacturer');
    t.text('catalogue_number');
    t.text('model');
    t.text('description');
    t.text('lot');
    t.text('serial');
    /** When the matched row was last imported (the item master's version of that row). */
    t.timestamp('row_imported_at', { useTz: true });
    t.timestamp('matched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_communication_id', 'source', 'row_id']);
    t.index(['organization_id']);
  });
  await knex.raw(
    `CREATE INDEX inventory_matches_order_idx ON inventory_matches (provider_communication_id, confidence DESC, id)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('inventory_matches');
  await knex.schema.dropTableIfExists('inventory_match_runs');
}
