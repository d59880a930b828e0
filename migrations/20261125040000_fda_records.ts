import type { Knex } from 'knex';

/**
 * Public FDA records, imported from openFDA's files: device recalls (keyed by `product_res_number`, the
 * Z-number of one product) and enforcement reports (keyed by `recall_number`; `kind` device or drug). Every field of the
 * record stays in `record` (jsonb); the columns a list filters, sorts or searches are extracted beside it. `search_vector`
 * is a generated tsvector of recall number, firm, product, reason and code info (lot numbers), behind a GIN index, so the
 * list's word-prefix search is index-served (a trigram index over those long texts made the import 4x slower; see
 * docs/decisions.md). `fda_counts` holds each list's exact unfiltered total, kept by the import's
 * own transaction (the only writer), so no list counts the whole table.
 */
const SEARCH = (key: string) =>
  // Punctuation becomes space first, so "Z-0053-2020" and "Lot/Batch" are words (the parser would read "-0053" as a
  // signed number and "Lot/Batch" as a file path); the search splits its words the same way.
  `to_tsvector('simple', regexp_replace(coalesce(${key}, '') || ' ' || coalesce(recalling_firm, '') || ' ' ||
   coalesce(product_description, '') || ' ' || coalesce(reason_for_recall, '') || ' ' || coalesce(code_info, ''),
   '[^[:alnum:]]+', ' ', 'g'))`;

function common(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.text('status');
  t.text('classification');
  t.text('recalling_firm');
  t.text('product_description');
  t.text('reason_for_recall');
  t.text('code_info');
  t.text('product_code');
  t.text('device_name');
  t.specificType('k_numbers', 'text[]').notNullable().defaultTo('{}');
  t.specificType('ndc', 'text[]').notNullable().defaultTo('{}');
  t.specificType('brand_names', 'text[]').notNullable().defaultTo('{}');
  t.specificType('generic_names', 'text[]').notNullable().defaultTo('{}');
  t.specificType('manufacturer_names', 'text[]').notNullable().defaultTo('{}');
  t.date('initiation_date');
  t.date('report_date');
  t.date('termination_date');
  t.jsonb('openfda').notNullable().defaultTo('{}');
  t.jsonb('record').notNullable();
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

async function listIndexes(knex: Knex, table: string, key: string, lead = ''): Promise<void> {
  const p = lead ? `${lead}, ` : '';
  await knex.raw(`CREATE INDEX ${table}_initiated_desc_idx ON ${table} (${p}initiation_date DESC NULLS LAST, id)`);
  await knex.raw(`CREATE INDEX ${table}_initiated_asc_idx ON ${table} (${p}initiation_date ASC NULLS LAST, id)`);
  await knex.raw(`CREATE INDEX ${table}_key_idx ON ${table} (${p}${key}, id)`);
  await knex.raw(`CREATE INDEX ${table}_firm_idx ON ${table} (${p}recalling_firm, id)`);
  await knex.raw(`CREATE INDEX ${table}_updated_idx ON ${table} (${p}updated_at DESC)`);
  await knex.raw(`CREATE INDEX ${table}_product_code_idx ON ${table} (product_code)`);
  await knex.raw(`CREATE INDEX ${table}_status_idx ON ${table} (${p}status)`);
  await knex.raw(`CREATE INDEX ${table}_search_idx ON ${table} USING gin (search_vector)`);
  await knex.raw(`CREATE INDEX ${table}_firm_trgm_idx ON ${table} USING gin (recalling_firm gin_trgm_ops)`);
  // The firm as the supplier master normalises names: "FDA recalls without a portal event" matches on it.
  await knex.raw(
    `CREATE INDEX ${table}_normalized_firm_idx ON ${table}
     ((upper(btrim(regexp_replace(coalesce(recalling_firm, ''), '[^[:alnum:]]+', ' ', 'g')))))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.schema.createTable('fda_device_recalls', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('product_res_number').notNullable().unique();
    t.text('res_event_number');
    common(t, knex);
  });
  await knex.raw(
    `ALTER TABLE fda_device_recalls ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${SEARCH('product_res_number')}) STORED`,
  );
  await listIndexes(knex, 'fda_device_recalls', 'product_res_number');

  await knex.schema.createTable('fda_enforcement_reports', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('recall_number').notNullable().unique();
    t.text('kind').notNullable().checkIn(['device', 'drug'], 'fda_enforcement_reports_kind_check');
    t.text('event_id');
    common(t, knex);
  });
  await knex.raw(
    `ALTER TABLE fda_enforcement_reports ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${SEARCH('recall_number')}) STORED`,
  );
  await listIndexes(knex, 'fda_enforcement_reports', 'recall_number', 'kind');

  await knex.schema.createTable('fda_counts', (t) => {
    t.text('list').primary();
    t.bigInteger('total').notNullable().defaultTo(0);
  });
  await knex('fda_counts').insert([
    { list: 'device-recall', total: 0 },
    { list: 'device-enforcement', total: 0 },
    { list: 'drug-enforcement', total: 0 },
  ]);

  // Files the scheduled job imported (or is importing): the claim row is the lock between replicas.
  await knex.schema.createTable('fda_import_files', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('name').notNullable();
    t.text('checksum').notNullable().unique();
    t.text('status').notNullable().checkIn(['RUNNING', 'DONE', 'FAILED'], 'fda_import_files_status_check');
    t.jsonb('summary');
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('fda_import_files');
  await knex.schema.dropTable('fda_counts');
  await knex.schema.dropTable('fda_enforcement_reports');
  await knex.schema.dropTable('fda_device_recalls');
}
