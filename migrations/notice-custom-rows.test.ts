import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_KINDS } from '@portal/notifications';
import { startTestApp, type TestApp } from '@portal/testing';
import { up } from './20261126030000_notice_custom_rows.js';

/** The notice templates gain the customer's rows: unedited platform ones get the new default only. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const current = async (key: string) =>
  (await t
    .db('email_templates')
    .where({ key })
    .whereNull('organization_id')
    .first('id', 'version', 'body_en', 'body_vi')) as { id: number; version: number; body_en: string; body_vi: string };

/** Makes `content` the template's current version, as written by `createdBy` (null: the platform). */
async function setVersion(key: string, content: { body_en: string; body_vi: string }, createdBy: number | null) {
  const row = await current(key);
  const version = row.version + 1;
  const subjects = (await t.db('email_templates').where({ id: row.id }).first('subject_en', 'subject_vi')) as object;
  await t
    .db('email_template_versions')
    .insert({ template_id: row.id, version, ...subjects, ...content, created_by: createdBy });
  await t
    .db('email_templates')
    .where({ id: row.id })
    .update({ ...content, version });
}

describe('migration 20261126030000_notice_custom_rows', () => {
  it("upgrades a platform-written notice template to the default with the rows, and leaves an operator's edit", async () => {
    const old = { body_en: '<p>Old recall notice {{ notice_link }}</p>', body_vi: '<p>Cũ {{ notice_link }}</p>' };
    await setVersion('RECALL_NOTICE', old, null);
    const operator = (await t.db('users').where({ email: 'admin@operator.demo' }).first('id')) as { id: number };
    const edited = { body_en: '<p>Our own words {{ notice_link }}</p>', body_vi: '<p>Lời riêng {{ notice_link }}</p>' };
    await setVersion('ADVISORY_NOTICE', edited, operator.id);
    const [recall, advisory, reminder] = await Promise.all(
      ['RECALL_NOTICE', 'ADVISORY_NOTICE', 'RECALL_REMINDER'].map(current),
    );

    await up(t.db);

    const recallAfter = await current('RECALL_NOTICE');
    const defaults = TEMPLATE_KINDS.find((k) => k.key === 'RECALL_NOTICE')!.defaults;
    expect(recallAfter.version).toBe(recall!.version + 1);
    expect([recallAfter.body_en, recallAfter.body_vi]).toEqual([defaults.en.body, defaults.vi.body]);
    expect(recallAfter.body_en).toContain('{{ custom_rows }}');
    const stored = await t
      .db('email_template_versions')
      .where({ template_id: recall!.id, version: recallAfter.version });
    expect(stored).toHaveLength(1);
    // The operator's wording stays; a template already at the default gets no new version.
    expect(await current('ADVISORY_NOTICE')).toEqual(advisory);
    expect(await current('RECALL_REMINDER')).toEqual(reminder);
    // Run again: nothing more to do.
    await up(t.db);
    expect((await current('RECALL_NOTICE')).version).toBe(recallAfter.version);
  });
});
