import type { Knex } from 'knex';
import { TEMPLATE_KINDS } from '@portal/notifications';

/**
 * Email templates. One row per template key for the platform (organization_id NULL) and per provider
 * override, holding the current English and Vietnamese subject and body; every saved edit is an immutable row of
 * `email_template_versions`, and an outbox email names the version it was built from. The platform's defaults
 * (today's emails) are seeded as version 1.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_templates', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('key').notNullable();
    t.bigInteger('organization_id').references('organizations.id').onDelete('CASCADE');
    t.text('subject_en').notNullable();
    t.text('body_en').notNullable();
    t.text('subject_vi').notNullable();
    t.text('body_vi').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    // A provider's override set aside (back to the platform's); kept, so the versions its emails name stay.
    t.timestamp('disabled_at', { useTz: true });
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One platform row per key, one override per (key, provider).
  await knex.raw(
    'CREATE UNIQUE INDEX email_templates_key_org_uniq ON email_templates (key, organization_id) NULLS NOT DISTINCT',
  );
  await knex.schema.createTable('email_template_versions', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('template_id').notNullable().references('email_templates.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('subject_en').notNullable();
    t.text('body_en').notNullable();
    t.text('subject_vi').notNullable();
    t.text('body_vi').notNullable();
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['template_id', 'version']);
  });
  await knex.schema.alterTable('outbox_emails', (t) => {
    t.bigInteger('template_version_id').references('email_template_versions.id').onDelete('SET NULL');
    t.index('template_version_id');
  });
  // A send that finds no template at all is recorded, not sent (spec 000 §4).
  await knex.raw('ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check');
  await knex.raw(
    `ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
       CHECK (status IN ('DRAFT', 'DELIVERY', 'SENT', 'Bounce', 'ERROR', 'ERROR_MISSING_TEMPLATE'))`,
  );

  for (const kind of TEMPLATE_KINDS) {
    const content = {
      subject_en: kind.defaults.en.subject,
      body_en: kind.defaults.en.body,
      subject_vi: kind.defaults.vi.subject,
      body_vi: kind.defaults.vi.body,
    };
    const [row] = await knex('email_templates')
      .insert({ key: kind.key, organization_id: null, version: 1, ...content })
      .returning('id');
    await knex('email_template_versions').insert({ template_id: (row as { id: number }).id, version: 1, ...content });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('outbox_emails').where({ status: 'ERROR_MISSING_TEMPLATE' }).update({ status: 'ERROR' });
  await knex.raw('ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check');
  await knex.raw(
    `ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
       CHECK (status IN ('DRAFT', 'DELIVERY', 'SENT', 'Bounce', 'ERROR'))`,
  );
  await knex.schema.alterTable('outbox_emails', (t) => t.dropColumn('template_version_id'));
  await knex.schema.dropTableIfExists('email_template_versions');
  await knex.schema.dropTableIfExists('email_templates');
}
