import type { Knex } from 'knex';

export const ORGANIZATION_STATUSES = ['ACTIVE', 'DEACTIVATED', 'PENDING', 'LINKED'] as const;
export const USER_STATUSES = [
  'VERIFIED',
  'VERIFICATION',
  'NONVERIFIED',
  'DEACTIVATED',
  'LOCKED',
  'PENDING',
  'SSO',
] as const;
export const RECORD_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED', 'PENDING'] as const;
export const EMAIL_STATUSES = ['DRAFT', 'DELIVERY', 'SENT', 'Bounce', 'ERROR'] as const;
export const CODE_PURPOSES = ['LOGIN_CHALLENGE', 'UNLOCK', 'EMAIL_VERIFICATION', 'PASSWORD_RESET'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('type').notNullable().checkIn(['NOTISPHERE', 'PROVIDER', 'SUPPLIER'], 'organizations_type_check');
    t.bigInteger('parent_id').references('organizations.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...ORGANIZATION_STATUSES], 'organizations_status_check');
    t.text('notisphere_id');
    t.text('address1');
    t.text('address2');
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('country').defaultTo('US');
    t.text('phone');
    t.text('email');
    t.text('domain');
    t.boolean('is_sso').notNullable().defaultTo(false);
    t.text('profile_photo');
    t.text('self_registration_link').unique();
    t.boolean('requires_second_factor').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('parent_id');
    t.index(['type', 'status']);
  });
  await knex.raw('CREATE INDEX organizations_name_lower_idx ON organizations (lower(name))');
  await knex.raw(
    'CREATE UNIQUE INDEX organizations_notisphere_id_idx ON organizations (notisphere_id) WHERE notisphere_id IS NOT NULL',
  );

  await knex.schema.createTable('roles', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...RECORD_STATUSES], 'roles_status_check');
    t.boolean('is_system').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'name']);
  });

  await knex.schema.createTable('role_permissions', (t) => {
    t.bigInteger('role_id').notNullable().references('roles.id').onDelete('CASCADE');
    t.text('permission').notNullable();
    t.primary(['role_id', 'permission']);
  });

  await knex.schema.alterTable('organizations', (t) => {
    // The role a self-registered user receives; null means self-registration grants nothing and is refused.
    t.bigInteger('self_registration_role_id').references('roles.id').onDelete('SET NULL');
    t.index('self_registration_role_id');
  });

  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('email').notNullable();
    t.text('password_hash');
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.text('phone');
    t.text('photo');
    t.text('status')
      .notNullable()
      .defaultTo('VERIFICATION')
      .checkIn([...USER_STATUSES], 'users_status_check');
    t.integer('failed_login_count').notNullable().defaultTo(0);
    t.timestamp('locked_at', { useTz: true });
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('last_login_at', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email))');

  await knex.schema.createTable('memberships', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.bigInteger('role_id').notNullable().references('roles.id').onDelete('RESTRICT');
    t.text('status')
      .notNullable()
      .defaultTo('ACTIVE')
      .checkIn([...RECORD_STATUSES], 'memberships_status_check');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'organization_id']);
    t.index(['organization_id', 'status']);
    t.index('role_id');
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('family_id').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_reason');
    t.bigInteger('replaced_by_id').references('refresh_tokens.id').onDelete('SET NULL');
    t.text('ip');
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('user_id');
    t.index('organization_id');
    t.index('family_id');
    t.index('replaced_by_id');
    t.index('expires_at');
  });

  await knex.schema.createTable('one_time_codes', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('organization_id').references('organizations.id').onDelete('CASCADE');
    t.text('purpose')
      .notNullable()
      .checkIn([...CODE_PURPOSES], 'one_time_codes_purpose_check');
    t.text('code_hash').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('consumed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
    t.index('organization_id');
    t.index('code_hash');
    t.index('expires_at');
  });

  await knex.schema.createTable('outbox_emails', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('to_email').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('status')
      .notNullable()
      .defaultTo('DELIVERY')
      .checkIn([...EMAIL_STATUSES], 'outbox_emails_status_check');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error');
    t.text('message_id');
    t.timestamp('sent_at', { useTz: true });
    t.text('reference_type');
    t.text('reference_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index('organization_id');
    t.index(['reference_type', 'reference_id']);
    t.index('created_at');
  });
  await knex.raw(`CREATE INDEX outbox_emails_due_idx ON outbox_emails (next_attempt_at) WHERE status = 'DELIVERY'`);
  await knex.raw('CREATE INDEX outbox_emails_to_lower_idx ON outbox_emails (lower(to_email))');

  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('organization_id').references('organizations.id').onDelete('SET NULL');
    t.bigInteger('actor_user_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('actor_organization_id').references('organizations.id').onDelete('SET NULL');
    t.text('actor_email');
    t.text('action').notNullable();
    t.text('entity_type').notNullable();
    t.text('entity_id');
    t.jsonb('before');
    t.jsonb('after');
    t.text('request_id');
    t.index(['organization_id', 'occurred_at']);
    t.index(['entity_type', 'entity_id']);
    t.index('actor_user_id');
    t.index('actor_organization_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['audit_events', 'outbox_emails', 'one_time_codes', 'refresh_tokens', 'memberships', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('organizations', (t) => t.dropColumn('self_registration_role_id'));
  for (const table of ['role_permissions', 'roles', 'organizations']) await knex.schema.dropTableIfExists(table);
}
