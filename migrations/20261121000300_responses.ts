import type { Knex } from 'knex';

/** Answers to a notice's actions, one per provider communication and action, and the files they carry. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_responses', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('action_id').notNullable().references('communication_actions.id').onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('SET NULL');
    t.jsonb('value').notNullable().defaultTo('{}');
    t.text('status')
      .notNullable()
      .defaultTo('DRAFT')
      .checkIn(['DRAFT', 'SUBMITTED'], 'provider_responses_status_check');
    t.text('source')
      .notNullable()
      .defaultTo('Electronic')
      .checkIn(['Electronic', 'Paper'], 'provider_responses_source_check');
    t.bigInteger('responder_user_id').references('users.id').onDelete('SET NULL');
    t.text('responder_email');
    t.timestamp('submitted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_communication_id', 'action_id']);
    t.index('communication_id');
    t.index('action_id');
    t.index('supplier_organization_id');
    t.index('provider_organization_id');
    t.index('responder_user_id');
  });

  await knex.schema.createTable('response_files', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('action_id').notNullable().references('communication_actions.id').onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('extension').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size').notNullable();
    t.text('file_key').notNullable();
    t.text('uploaded_by_email');
    t.bigInteger('uploaded_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'action_id']);
    t.index('action_id');
    t.index('supplier_organization_id');
    t.index('uploaded_by_user_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('response_files');
  await knex.schema.dropTableIfExists('provider_responses');
}
