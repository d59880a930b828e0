import type { Knex } from 'knex';

/**
 * Paper responses (spec 001 §7.5): a customer's answer that came back by fax or mail and was keyed in by the
 * supplier. Its answers are ordinary provider_responses rows (source 'Paper') tagged with the paper response, so
 * tracking, completion and reports count them like electronic answers. One active paper response per customer
 * (provider communication), since a customer has one answer per action.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('paper_responses', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('affected_location_id').references('communication_affected_locations.id').onDelete('SET NULL');
    t.text('responder_name').notNullable();
    t.date('response_date').notNullable();
    t.date('notified_date');
    // The scanned paper form, when one was uploaded.
    t.text('document_name');
    t.text('document_extension');
    t.text('document_mimetype');
    t.bigInteger('document_size');
    t.text('document_file_key');
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'DELETED'], 'paper_responses_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'status']);
    t.index('supplier_organization_id');
    t.index('provider_communication_id');
    t.index('affected_location_id');
    t.index('created_by');
    t.index('updated_by');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX paper_responses_one_active_per_customer ON paper_responses (provider_communication_id) WHERE status = 'ACTIVE'`,
  );

  for (const table of ['provider_responses', 'response_files']) {
    await knex.schema.alterTable(table, (t) => {
      t.bigInteger('paper_response_id').references('paper_responses.id').onDelete('SET NULL');
      t.index('paper_response_id');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['response_files', 'provider_responses']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('paper_response_id'));
  }
  await knex.schema.dropTableIfExists('paper_responses');
}
