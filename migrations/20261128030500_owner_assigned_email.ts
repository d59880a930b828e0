import type { Knex } from 'knex';
import { TEMPLATE_KINDS } from '@portal/notifications';

const KEY = 'OWNER_ASSIGNED';

/**
 * Issue 32: the email a provider user gets when a colleague makes them the owner of received notices ("You have been
 * assigned …"). A database created before the key existed gets the platform's template as version 1; one created
 * since has it from 20261124060000_email_templates.ts, which seeds every key of the catalogue.
 */
export async function up(knex: Knex): Promise<void> {
  const kind = TEMPLATE_KINDS.find((k) => k.key === KEY);
  if (!kind) throw new Error(`email template ${KEY} is missing from the catalogue`);
  const exists = await knex('email_templates').where({ key: KEY }).whereNull('organization_id').first('id');
  if (exists) return;
  const content = {
    subject_en: kind.defaults.en.subject,
    body_en: kind.defaults.en.body,
    subject_vi: kind.defaults.vi.subject,
    body_vi: kind.defaults.vi.body,
  };
  const [row] = await knex('email_templates')
    .insert({ key: KEY, organization_id: null, version: 1, ...content })
    .returning('id');
  await knex('email_template_versions').insert({ template_id: (row as { id: number }).id, version: 1, ...content });
}

/** The template stays: outbox emails name the version they were built from. */
export async function down(): Promise<void> {}
