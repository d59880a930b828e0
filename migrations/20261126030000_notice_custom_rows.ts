import type { Knex } from 'knex';
import { TEMPLATE_KINDS } from '@portal/notifications';

const NOTICE_KEYS = ['RECALL_NOTICE', 'ADVISORY_NOTICE', 'RECALL_REMINDER', 'ADVISORY_REMINDER'];

/**
 * Custom content: the notice templates list the customer's own rows (`custom_rows`, at most 50, then
 * `custom_rows_more` with the link). A platform notice template whose current version the platform wrote (no
 * operator's edit: `created_by` null) gets the new default as its next version; one an operator edited is left as
 * written (the placeholders are offered to it, for the operator to add).
 */
export async function up(knex: Knex): Promise<void> {
  for (const kind of TEMPLATE_KINDS.filter((k) => NOTICE_KEYS.includes(k.key))) {
    const content = {
      subject_en: kind.defaults.en.subject,
      body_en: kind.defaults.en.body,
      subject_vi: kind.defaults.vi.subject,
      body_vi: kind.defaults.vi.body,
    };
    const row = (await knex('email_templates as t')
      .join('email_template_versions as v', function () {
        this.on('v.template_id', 't.id').andOn('v.version', 't.version');
      })
      .where('t.key', kind.key)
      .whereNull('t.organization_id')
      .first('t.id', 't.version', 't.body_en', 't.body_vi', 'v.created_by')) as
      | { id: number; version: number; body_en: string; body_vi: string; created_by: number | null }
      | undefined;
    if (!row || row.created_by !== null) continue;
    if (row.body_en === content.body_en && row.body_vi === content.body_vi) continue;
    const version = row.version + 1;
    await knex('email_template_versions').insert({ template_id: row.id, version, ...content });
    await knex('email_templates')
      .where({ id: row.id })
      .update({ ...content, version, updated_at: knex.fn.now() });
  }
}

/** The versions stay: outbox emails name the version they were built from. */
export async function down(): Promise<void> {}
