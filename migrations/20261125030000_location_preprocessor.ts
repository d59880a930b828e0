import type { Knex } from 'knex';

/**
 * The location pre-processor (spec 000 §7):
 * - `known_providers`: the registry the operator matches supplier files against (CMS-like files, and the portal's own
 *   provider organisations and sites, linked by organization_id/site_id). `*_norm` columns hold the matcher's
 *   normalised forms; trigram GIN indexes serve the similarity look-ups (pg_trgm is enabled by an earlier migration).
 * - `known_provider_identifiers`: CCN, NPI, GLN, or a supplier's own CUSTOMER numbers (those carry the supplier).
 * - `known_provider_aliases`: other names, learnt per supplier from the operator's decisions (supplier_id null: any).
 * - `preprocessor_jobs` / `preprocessor_job_rows`: one uploaded file and its matched rows. `cursor` is the number of
 *   data rows committed; a row is unique per (job, row_number), so a resumed job never matches a row twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('known_providers', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('name').notNullable();
    t.text('name_norm').notNullable();
    /** The distinctive words of the name (no "hospital", "medical center"...): what trigram similarity compares. */
    t.text('name_core').notNullable().defaultTo('');
    t.text('address');
    t.text('address_norm').notNullable().defaultTo('');
    t.text('city');
    t.text('city_norm').notNullable().defaultTo('');
    t.text('state');
    t.text('zip');
    t.text('zip5').notNullable().defaultTo('');
    t.text('phone');
    t.bigInteger('organization_id').references('organizations.id').onDelete('SET NULL');
    t.bigInteger('site_id').references('organizations.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'INACTIVE'], 'known_providers_status_check');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('zip5');
    t.index('phone');
    t.index(['state', 'city_norm']);
    t.index('organization_id');
    t.index('name');
  });
  await knex.raw('CREATE INDEX known_providers_name_trgm ON known_providers USING gin (name_norm gin_trgm_ops)');
  await knex.raw('CREATE INDEX known_providers_core_trgm ON known_providers USING gin (name_core gin_trgm_ops)');
  await knex.raw('CREATE INDEX known_providers_address_trgm ON known_providers USING gin (address_norm gin_trgm_ops)');
  // A portal organisation (or site) is one known provider.
  await knex.raw(
    'CREATE UNIQUE INDEX known_providers_portal_idx ON known_providers (organization_id, coalesce(site_id, 0)) WHERE organization_id IS NOT NULL',
  );

  await knex.schema.createTable('known_provider_identifiers', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('known_provider_id').notNullable().references('known_providers.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['CCN', 'NPI', 'GLN', 'CUSTOMER'], 'known_provider_identifiers_kind_check');
    t.text('value').notNullable();
    t.bigInteger('supplier_id').references('organizations.id').onDelete('CASCADE');
    t.index('known_provider_id');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX known_provider_identifiers_value_idx ON known_provider_identifiers (kind, value, coalesce(supplier_id, 0))',
  );

  await knex.schema.createTable('known_provider_aliases', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('known_provider_id').notNullable().references('known_providers.id').onDelete('CASCADE');
    t.bigInteger('supplier_id').references('organizations.id').onDelete('CASCADE');
    t.text('alias').notNullable();
    t.text('alias_norm').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('known_provider_id');
    t.index(['supplier_id', 'alias_norm']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX known_provider_aliases_unique_idx ON known_provider_aliases (known_provider_id, coalesce(supplier_id, 0), alias_norm)',
  );
  await knex.raw(
    'CREATE INDEX known_provider_aliases_trgm ON known_provider_aliases USING gin (alias_norm gin_trgm_ops)',
  );

  await knex.schema.createTable('preprocessor_jobs', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('supplier_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('file_key').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn(['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR', 'DEACTIVATED'], 'preprocessor_jobs_status_check');
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('processed_rows').notNullable().defaultTo(0);
    t.integer('matched_rows').notNullable().defaultTo(0);
    t.integer('review_rows').notNullable().defaultTo(0);
    t.integer('unmatched_rows').notNullable().defaultTo(0);
    t.text('error_message');
    /** Matching finished (all rows committed); the job waits for the operator's review and completion. */
    t.timestamp('matched_at', { useTz: true });
    /** A worker's claim: the job is its own until lease_until; an expired lease may be claimed again. */
    t.text('claimed_by');
    t.timestamp('lease_until', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['status', 'created_at']);
    t.index('supplier_id');
    t.index('created_at');
  });

  await knex.schema.createTable('preprocessor_job_rows', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('job_id').notNullable().references('preprocessor_jobs.id').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    t.jsonb('input').notNullable();
    t.text('decision')
      .notNullable()
      .checkIn(['MATCHED', 'REVIEW', 'UNMATCHED'], 'preprocessor_job_rows_decision_check');
    t.specificType('confidence', 'real').notNullable().defaultTo(0);
    t.bigInteger('known_provider_id').references('known_providers.id').onDelete('SET NULL');
    t.jsonb('candidates').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.bigInteger('decided_by').references('users.id').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.unique(['job_id', 'row_number']);
    t.index(['job_id', 'decision', 'row_number']);
    t.index('known_provider_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('preprocessor_job_rows');
  await knex.schema.dropTable('preprocessor_jobs');
  await knex.schema.dropTable('known_provider_aliases');
  await knex.schema.dropTable('known_provider_identifiers');
  await knex.schema.dropTable('known_providers');
}
