import type { Knex } from 'knex';

/** A supplier's own follow-up tasks on an event (internal actions), never shown to providers. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('supplier_internal_actions', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('provider_communication_id').references('provider_communications.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description');
    t.text('assignee_email');
    t.date('due_date');
    t.text('status')
      .notNullable()
      .defaultTo('OPEN')
      .checkIn(['OPEN', 'COMPLETED', 'DELETED'], 'supplier_internal_actions_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'status']);
    t.index('organization_id');
    t.index('provider_communication_id');
    t.index('created_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('supplier_internal_actions');
}
