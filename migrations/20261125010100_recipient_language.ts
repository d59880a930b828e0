import type { Knex } from 'knex';
import { TEMPLATE_KINDS } from '@portal/notifications';

const NOTICE_KEYS = ['RECALL_NOTICE', 'ADVISORY_NOTICE', 'RECALL_REMINDER', 'ADVISORY_REMINDER'];

/**
 * Recipient language. `users.language` is the language a user reads the product and its emails in (en or
 * vi; English, the spec's default, until they switch). The notice templates gain the lookup labels (type, class, lead
 * time, reason): a platform notice template the operator has not edited (still version 1) gets the new default as
 * version 2; an edited one is left as the operator wrote it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('language').notNullable().defaultTo('en').checkIn(['en', 'vi'], 'users_language_check');
  });
  for (const kind of TEMPLATE_KINDS.filter((k) => NOTICE_KEYS.includes(k.key))) {
    const content = {
      subject_en: kind.defaults.en.subject,
      body_en: kind.defaults.en.body,
      subject_vi: kind.defaults.vi.subject,
      body_vi: kind.defaults.vi.body,
    };
    const row = (await knex('email_templates')
      .where({ key: kind.key, version: 1 })
      .whereNull('organization_id')
      .first()) as ({ id: number } & typeof content) | undefined;
    if (!row || row.body_en === content.body_en) continue;
    await knex('email_template_versions').insert({ template_id: row.id, version: 2, ...content });
    await knex('email_templates')
      .where({ id: row.id })
      .update({ ...content, version: 2, updated_at: knex.fn.now() });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('language'));
}
