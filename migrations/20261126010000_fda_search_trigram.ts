import type { Knex } from 'knex';

/**
 * Issue 15: the FDA lists' search also matches a substring ("0480" inside lot 13F18G0480), through a pg_trgm GIN index
 * over the searched text: recall number, firm, product description, reason and code info. The expression must stay
 * the one `searchText` in modules/fda/src/services/records-list.ts writes (the planner matches it textually).
 */
const TEXT = (key: string) =>
  `(${key} || ' ' || coalesce(recalling_firm, '') || ' ' || coalesce(product_description, '') || ' ' ||
    coalesce(reason_for_recall, '') || ' ' || coalesce(code_info, ''))`;

const TABLES = [
  ['fda_device_recalls', 'product_res_number'],
  ['fda_enforcement_reports', 'recall_number'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const [table, key] of TABLES)
    await knex.raw(`CREATE INDEX ${table}_search_trgm_idx ON ${table} USING gin (${TEXT(key)} gin_trgm_ops)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of TABLES) await knex.raw(`DROP INDEX ${table}_search_trgm_idx`);
}
