import type { Knex } from 'knex';

export const COMMUNICATION_TYPES = ['RECALL', 'PRODUCT DISRUPTION'] as const;
export const COMMUNICATION_STATUSES = ['DRAFT', 'OPEN', 'CLOSED', 'DELETED'] as const;
export const ACTION_TYPES = [
  'Acknowledge',
  'Text',
  'Numeric',
  'YesNo',
  'Checkbox',
  'MultipleChoice',
  'Image',
  'Document',
] as const;
export const FIELD_TYPES = ['Text', 'Number', 'Date', 'YesNo', 'TrueFalse', 'ListSingle', 'ListMultiple'] as const;
export const LOCATION_STATUSES = ['COVERED', 'EMAILED', 'UNABLE_PROCESSED', 'NON_COVERED', 'INVALID'] as const;

const timestamps = (t: Knex.CreateTableBuilder, knex: Knex) => {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

export async function up(knex: Knex): Promise<void> {
  // Product custom fields (operator-managed catalogue; content module's later pages edit it).
  await knex.schema.createTable('product_fields', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('name').notNullable();
    t.text('field_type')
      .notNullable()
      .checkIn([...FIELD_TYPES], 'product_fields_type_check');
    t.jsonb('options').notNullable().defaultTo('[]');
    t.boolean('is_required').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn(['ACTIVE', 'INACTIVE', 'DELETED'], 'product_fields_status_check');
    timestamps(t, knex);
  });

  await knex.schema.createTable('communications', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('type')
      .notNullable()
      .checkIn([...COMMUNICATION_TYPES], 'communications_type_check');
    t.text('status')
      .notNullable()
      .defaultTo('DRAFT')
      .checkIn([...COMMUNICATION_STATUSES], 'communications_status_check');
    t.smallint('current_step').notNullable().defaultTo(0);
    t.text('subtype');
    t.text('name').notNullable();
    t.text('event_id');
    t.text('classification');
    t.text('reason');
    t.text('description');
    t.text('disposition');
    t.text('lead_time');
    t.date('event_date');
    t.date('end_date');
    t.text('contact_name');
    t.text('contact_email');
    t.text('contact_phone');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('approved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('approved_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('first_sent_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    timestamps(t, knex);
    t.index('created_by');
    t.index('approved_by');
  });
  // The list's access paths: tenant + type + status, sorted by recency or name.
  await knex.raw(
    `CREATE INDEX communications_list_idx ON communications (organization_id, type, status, updated_at DESC, id)`,
  );
  await knex.raw(
    `CREATE INDEX communications_org_updated_idx ON communications (organization_id, updated_at DESC, id)`,
  );
  await knex.raw(`CREATE INDEX communications_org_name_idx ON communications (organization_id, lower(name))`);
  await knex.raw(
    `CREATE UNIQUE INDEX communications_event_id_idx ON communications (organization_id, lower(event_id)) WHERE event_id IS NOT NULL AND status <> 'DELETED'`,
  );

  await knex.schema.createTable('communication_products', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('product_name').notNullable();
    t.text('catalog_number');
    t.text('lot_number');
    t.text('udi');
    t.text('description');
    t.date('expiration_date');
    t.integer('quantity');
    t.jsonb('custom_fields').notNullable().defaultTo('{}');
    timestamps(t, knex);
    t.index(['communication_id', 'sort_order']);
    t.index('organization_id');
  });

  await knex.schema.createTable('communication_actions', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('action_type')
      .notNullable()
      .checkIn([...ACTION_TYPES], 'communication_actions_type_check');
    t.text('title').notNullable();
    t.text('description');
    t.jsonb('options').notNullable().defaultTo('[]');
    t.boolean('is_required').notNullable().defaultTo(true);
    t.boolean('is_disabled').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.index(['communication_id', 'sort_order']);
    t.index('organization_id');
  });

  // Who is affected: a customer is one recipient group (a provider organisation, or an outside address).
  await knex.schema.createTable('communication_affected_customers', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('customer_key').notNullable();
    t.text('name').notNullable();
    t.specificType('emails', 'text[]').notNullable().defaultTo('{}');
    t.text('source')
      .notNullable()
      .checkIn(['PROVIDER', 'LOCATION', 'DISTRIBUTION_LIST', 'MANUAL'], 'affected_customers_source_check');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn(['ACTIVE', 'REMOVED'], 'affected_customers_status_check');
    timestamps(t, knex);
    t.unique(['communication_id', 'customer_key']);
    t.index('organization_id');
    t.index('provider_organization_id');
  });

  await knex.schema.createTable('communication_affected_locations', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('affected_customer_id').references('communication_affected_customers.id').onDelete('SET NULL');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('SET NULL');
    t.bigInteger('supplier_location_id');
    t.bigInteger('file_id');
    t.text('location_id');
    t.text('location_name').notNullable();
    t.text('idn');
    t.text('address1');
    t.text('address2');
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('type');
    t.text('email');
    t.text('status')
      .notNullable()
      .defaultTo('COVERED')
      .checkIn([...LOCATION_STATUSES], 'affected_locations_status_check');
    timestamps(t, knex);
    t.index(['communication_id', 'status']);
    t.index('organization_id');
    t.index('affected_customer_id');
    t.index('provider_organization_id');
    t.index('supplier_location_id');
    t.index('file_id');
  });

  await knex.schema.createTable('provider_communications', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_organization_id').references('organizations.id').onDelete('SET NULL');
    t.bigInteger('affected_customer_id')
      .notNullable()
      .references('communication_affected_customers.id')
      .onDelete('CASCADE');
    t.text('status')
      .notNullable()
      .defaultTo('OPEN')
      .checkIn(['OPEN', 'CLOSED', 'DELETED'], 'provider_communications_status_check');
    t.text('response_status')
      .notNullable()
      .defaultTo('NOTCOMPLETED')
      .checkIn(['NOTCOMPLETED', 'COMPLETED'], 'provider_communications_response_check');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('last_notified_at', { useTz: true });
    t.timestamp('acknowledged_at', { useTz: true });
    t.text('acknowledged_by');
    t.timestamp('completed_at', { useTz: true });
    t.integer('reminder_count').notNullable().defaultTo(0);
    t.timestamp('last_reminded_at', { useTz: true });
    timestamps(t, knex);
    t.unique(['communication_id', 'affected_customer_id']);
    t.index('affected_customer_id');
  });
  await knex.raw(
    `CREATE INDEX provider_communications_provider_idx ON provider_communications (provider_organization_id, status, updated_at DESC, id)`,
  );
  await knex.raw(
    `CREATE INDEX provider_communications_supplier_idx ON provider_communications (supplier_organization_id, communication_id, response_status)`,
  );
  await knex.raw(
    `CREATE INDEX provider_communications_unacknowledged_idx ON provider_communications (last_notified_at) WHERE acknowledged_at IS NULL AND status = 'OPEN'`,
  );

  // Secure links of the public notice forms (DESIGN §4): one per provider communication and email, hashed.
  await knex.schema.createTable('notice_links', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('email').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('purpose')
      .notNullable()
      .defaultTo('RECIPIENT')
      .checkIn(['RECIPIENT', 'DELEGATE', 'SALES_REP'], 'notice_links_purpose_check');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_communication_id', 'email']);
    t.index('organization_id');
  });

  await knex.schema.createTable('communication_documents', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('kind')
      .notNullable()
      .defaultTo('DOCUMENT')
      .checkIn(['DOCUMENT', 'SUPPORTING', 'PRODUCT_FILE'], 'communication_documents_kind_check');
    t.text('name').notNullable();
    t.text('extension').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size').notNullable();
    t.text('file_key').notNullable();
    t.bigInteger('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'kind']);
    t.index('organization_id');
    t.index('uploaded_by');
  });

  // Every write to an event, a provider communication or a response (DESIGN §4): who, when, what, before, after.
  await knex.schema.createTable('communication_history', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id').references('provider_communications.id').onDelete('CASCADE');
    t.bigInteger('actor_user_id').references('users.id').onDelete('SET NULL');
    t.text('actor_email');
    t.text('action').notNullable();
    t.text('entity_type').notNullable();
    t.text('entity_id');
    t.jsonb('before');
    t.jsonb('after');
    t.boolean('is_change').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'created_at']);
    t.index('organization_id');
    t.index('provider_communication_id');
    t.index('actor_user_id');
  });

  await knex.schema.createTable('report_history', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('report_type').notNullable();
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'report_type']);
    t.index('organization_id');
    t.index('created_by');
  });

  // Delivery events of outbox emails (Opened from the tracking pixel, Click from redirect links).
  await knex.schema.createTable('email_events', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('outbox_email_id').notNullable().references('outbox_emails.id').onDelete('CASCADE');
    t.text('event')
      .notNullable()
      .checkIn(['Opened', 'Click', 'Sent', 'Delivered', 'Error'], 'email_events_event_check');
    t.text('url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['outbox_email_id', 'event']);
  });
  await knex.schema.alterTable('outbox_emails', (t) => {
    t.bigInteger('provider_communication_id').references('provider_communications.id').onDelete('SET NULL');
    t.index('provider_communication_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox_emails', (t) => t.dropColumn('provider_communication_id'));
  for (const table of [
    'email_events',
    'report_history',
    'communication_history',
    'communication_documents',
    'notice_links',
    'provider_communications',
    'communication_affected_locations',
    'communication_affected_customers',
    'communication_actions',
    'communication_products',
    'communications',
    'product_fields',
  ])
    await knex.schema.dropTableIfExists(table);
}
