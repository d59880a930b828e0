import type { Knex } from 'knex';
import { MANAGED_VOCABULARIES, VOCABULARIES } from '@portal/vocabulary';

/**
 * Lookup values: the vocabularies of spec 000 §9 as managed records, owned by `@portal/lookups`. A value is
 * platform-wide (`organization_id` NULL, the operator's) or a supplier's own. The code is what events store
 * (`communications.subtype`, `classification`, `disposition`, `lead_time`, `reason`; `provider_responses.source`);
 * labels are shown. Seeded from `@portal/vocabulary`'s constants as they stand today, in their order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lookup_values', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('vocabulary')
      .notNullable()
      .checkIn([...MANAGED_VOCABULARIES], 'lookup_values_vocabulary_check');
    t.text('code').notNullable();
    t.text('label_en').notNullable();
    t.text('label_vi').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'INACTIVE'], 'lookup_values_status_check');
    t.bigInteger('organization_id').references('organizations.id').onDelete('CASCADE');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'vocabulary', 'sort_order']);
    t.index('created_by');
    t.index('updated_by');
  });
  // One code per vocabulary per scope (the platform's scope is NULL, so the index reads it as 0).
  await knex.raw(
    'CREATE UNIQUE INDEX lookup_values_scope_code_unique ON lookup_values (vocabulary, coalesce(organization_id, 0), code)',
  );
  const rows = MANAGED_VOCABULARIES.flatMap((vocabulary) =>
    Object.entries(VOCABULARIES[vocabulary] as Record<string, { en: string; vi: string }>).map(([code, label], i) => ({
      vocabulary,
      code,
      label_en: label.en,
      label_vi: label.vi,
      sort_order: (i + 1) * 10,
    })),
  );
  await knex('lookup_values').insert(rows);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lookup_values');
}
