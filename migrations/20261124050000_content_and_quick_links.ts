import type { Knex } from 'knex';

/**
 * Platform content and quick links (spec 001 §7.12).
 * - `content_entries`: news cards, FAQs and user guides, each for one user type (NOTI, PROV, SUPP). One table for the
 *   three because they share everything but the meaning of two columns: `title` (card title, question, guide title),
 *   `body` (card description, rich-text answer), `link_url` (Read more, or a guide given as a link), and the file
 *   (card image, guide PDF/MP4).
 * - `help_settings`: the one row of contact information and help links shown at /contact-us.
 * - `quick_links` and `quick_link_organizations`: an image and a URL, shown in the header of the targeted
 *   organisations.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_entries', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('kind').notNullable().checkIn(['NEWS', 'FAQ', 'GUIDE'], 'content_entries_kind_check');
    t.text('user_type').notNullable().checkIn(['NOTI', 'PROV', 'SUPP'], 'content_entries_user_type_check');
    t.text('title').notNullable();
    t.text('body');
    t.text('link_url');
    t.text('file_key');
    t.text('file_name');
    t.text('file_extension');
    t.text('file_mimetype');
    t.bigInteger('file_size');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'INACTIVE'], 'content_entries_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // What a reader asks for: the active entries of one kind for one user type, in order.
    t.index(['kind', 'user_type', 'status', 'sort_order', 'id']);
    t.index('created_by');
    t.index('updated_by');
  });

  await knex.schema.createTable('help_settings', (t) => {
    t.integer('id').primary().checkIn(['1'], 'help_settings_single_row');
    t.text('contact_email');
    t.text('contact_phone');
    t.text('contact_address');
    t.text('contact_hours');
    t.text('knowledge_base_url');
    t.text('faq_url');
    t.text('contact_url');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('help_settings').insert({ id: 1 });

  await knex.schema.createTable('quick_links', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('url').notNullable();
    t.text('image_key').notNullable();
    t.text('image_name').notNullable();
    t.bigInteger('image_size').notNullable();
    t.text('status').notNullable().defaultTo('ACTIVE').checkIn(['ACTIVE', 'INACTIVE'], 'quick_links_status_check');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'updated_at']);
    t.index('created_by');
    t.index('updated_by');
  });
  await knex.schema.createTable('quick_link_organizations', (t) => {
    t.bigInteger('quick_link_id').notNullable().references('quick_links.id').onDelete('CASCADE');
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.primary(['quick_link_id', 'organization_id']);
    // account-links: the links targeted at one organisation.
    t.index(['organization_id', 'quick_link_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quick_link_organizations');
  await knex.schema.dropTableIfExists('quick_links');
  await knex.schema.dropTableIfExists('help_settings');
  await knex.schema.dropTableIfExists('content_entries');
}
