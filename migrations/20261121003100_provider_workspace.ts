import type { Knex } from 'knex';

/**
 * The provider's side of a communication: its own completion flag, events it created itself, delegations,
 * its own documents, private notes, internal follow-up actions and access requests. Every row carries the
 * provider organisation that owns it (DESIGN §3).
 */
export async function up(knex: Knex): Promise<void> {
  // The provider's own flag on a provider communication (spec §4 status_provider: COMPLETED versus not completed).
  await knex.schema.createTable('provider_communication_states', (t) => {
    t.bigInteger('provider_communication_id').primary().references('provider_communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('status_provider')
      .notNullable()
      .defaultTo('OPEN')
      .checkIn(['OPEN', 'COMPLETED'], 'provider_communication_states_status_check');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('organization_id');
    t.index('updated_by');
  });

  // Internal recalls/advisories a provider records itself (isProviderCreated): the communication row is owned by the provider.
  await knex.schema.createTable('provider_created_events', (t) => {
    t.bigInteger('communication_id').primary().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('supplier_name');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('organization_id');
    t.index('provider_communication_id');
    t.index('supplier_organization_id');
    t.index('created_by');
  });

  // A whole event (action_id null) or one action delegated to an email, reached through a DELEGATE notice link.
  await knex.schema.createTable('provider_delegates', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('action_id').references('communication_actions.id').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('message');
    t.bigInteger('notice_link_id').references('notice_links.id').onDelete('SET NULL');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn(['ACTIVE', 'REVOKED'], 'provider_delegates_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'status']);
    t.index('organization_id');
    t.index('communication_id');
    t.index('action_id');
    t.index('notice_link_id');
    t.index('created_by');
  });

  // Documents a provider attaches to its provider communication (private to the provider).
  await knex.schema.createTable('provider_documents', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('extension').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size').notNullable();
    t.text('file_key').notNullable();
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('provider_communication_id');
    t.index('organization_id');
    t.index('communication_id');
    t.index('uploaded_by');
  });

  await knex.schema.createTable('provider_communication_notes', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.text('note').notNullable();
    t.text('file_name');
    t.text('file_extension');
    t.text('file_mimetype');
    t.bigInteger('file_size');
    t.text('file_key');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'created_at']);
    t.index('organization_id');
    t.index('communication_id');
    t.index('created_by');
    t.index('updated_by');
  });

  // The provider's own follow-up tasks on an event.
  await knex.schema.createTable('provider_internal_actions', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description');
    t.text('assignee_email');
    t.date('due_date');
    t.text('status')
      .notNullable()
      .defaultTo('OPEN')
      .checkIn(['OPEN', 'COMPLETED', 'DELETED'], 'provider_internal_actions_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'status']);
    t.index('organization_id');
    t.index('communication_id');
    t.index('created_by');
  });

  await knex.schema.createTable('provider_access_requests', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('administrator_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'user_id']);
    t.index('organization_id');
    t.index('user_id');
    t.index('administrator_user_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'provider_access_requests',
    'provider_internal_actions',
    'provider_communication_notes',
    'provider_documents',
    'provider_delegates',
    'provider_created_events',
    'provider_communication_states',
  ])
    await knex.schema.dropTableIfExists(table);
}
