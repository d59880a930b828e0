import type { Knex } from 'knex';

/** Links that let a supplier's sales representatives follow a supply advisory (read only) without an account. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sales_rep_links', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('sales_rep_id').notNullable();
    t.text('email').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'sales_rep_id']);
    t.index('organization_id');
    t.index('sales_rep_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sales_rep_links');
}
