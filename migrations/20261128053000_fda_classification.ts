import type { Knex } from 'knex';

/**
 * Issue 36, FDA records.
 * - Item 10: openFDA's device recall records carry no classification; the enforcement report of the same number does.
 *   `fda_device_recalls.classification` now holds it (the import fills it, both ways round: a recall imported after
 *   its report, and a report arriving after its recall), backfilled here, so the devices list's column and filter read
 *   a column behind an index instead of joining per row.
 * - Item 11: drug brand and generic names (openfda.brand_name, generic_name) join the searched text: the word-prefix
 *   `search_vector` and the trigram index of 20261126010000. `fda_names_text` joins the two arrays (array_to_string is
 *   only STABLE; this use, on text[], is immutable). The expressions must stay the ones modules/fda's `searchText` and
 *   this file write.
 */
const NAMES = 'fda_names_text(brand_names, generic_names)';

const TEXT = (key: string, names: boolean) =>
  `(${key} || ' ' || coalesce(recalling_firm, '') || ' ' || coalesce(product_description, '') || ' ' ||
    coalesce(reason_for_recall, '') || ' ' || coalesce(code_info, '')${names ? ` || ' ' || ${NAMES}` : ''})`;

const SEARCH = (key: string, names: boolean) =>
  `to_tsvector('simple', regexp_replace(coalesce(${key}, '') || ' ' || coalesce(recalling_firm, '') || ' ' ||
   coalesce(product_description, '') || ' ' || coalesce(reason_for_recall, '') || ' ' || coalesce(code_info, '')${names ? ` || ' ' || ${NAMES}` : ''},
   '[^[:alnum:]]+', ' ', 'g'))`;

const TABLES = [
  ['fda_device_recalls', 'product_res_number'],
  ['fda_enforcement_reports', 'recall_number'],
] as const;

async function searchColumns(knex: Knex, names: boolean): Promise<void> {
  for (const [table, key] of TABLES) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_search_trgm_idx`);
    await knex.raw(`ALTER TABLE ${table} DROP COLUMN search_vector`);
    await knex.raw(
      `ALTER TABLE ${table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${SEARCH(key, names)}) STORED`,
    );
    await knex.raw(`CREATE INDEX ${table}_search_idx ON ${table} USING gin (search_vector)`);
    await knex.raw(`CREATE INDEX ${table}_search_trgm_idx ON ${table} USING gin (${TEXT(key, names)} gin_trgm_ops)`);
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE OR REPLACE FUNCTION fda_names_text(brands text[], generics text[]) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string(brands || generics, ' '), '') $$`,
  );
  await searchColumns(knex, true);
  // A device recall's own classification, when its record has one, stays; else its enforcement report's.
  await knex.raw(
    `UPDATE fda_device_recalls d SET classification = e.classification
     FROM fda_enforcement_reports e
     WHERE e.recall_number = d.product_res_number AND e.kind = 'device'
       AND d.record->>'classification' IS NULL AND d.classification IS DISTINCT FROM e.classification`,
  );
  // The classification filter (and its "Not classified", IS NULL) in the lists' default order.
  await knex.raw(
    `CREATE INDEX fda_device_recalls_classification_idx ON fda_device_recalls
     (classification, initiation_date DESC NULLS LAST, id)`,
  );
  await knex.raw(
    `CREATE INDEX fda_enforcement_reports_classification_idx ON fda_enforcement_reports
     (kind, classification, initiation_date DESC NULLS LAST, id)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX fda_enforcement_reports_classification_idx');
  await knex.raw('DROP INDEX fda_device_recalls_classification_idx');
  await knex.raw(`UPDATE fda_device_recalls SET classification = record->>'classification'`);
  await searchColumns(knex, false);
  await knex.raw('DROP FUNCTION fda_names_text(text[], text[])');
}
