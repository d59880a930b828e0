import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { loadTemplate, renderStored } from './render.js';

/**
 * Compiled template versions are kept per database and checked against the row: a version id names a row of one
 * database only (the API test files share one process, each with its own database; a reset may hand an id out again).
 */
let a: TestDatabase;
let b: TestDatabase;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

/** Gives PASSWORD_RESET's current version in `db` the subject `subject`; answers the version's id. */
async function setSubject(db: TestDatabase['db'], subject: string): Promise<number> {
  const row = (await db('email_templates as t')
    .join('email_template_versions as v', function () {
      this.on('v.template_id', 't.id').andOn('v.version', 't.version');
    })
    .where('t.key', 'PASSWORD_RESET')
    .whereNull('t.organization_id')
    .first('v.id')) as { id: number };
  await db('email_template_versions').where({ id: row.id }).update({ subject_en: subject });
  return Number(row.id);
}

describe('compiled template versions', () => {
  it('renders each database its own text for the same version id, and the row as it now reads', async () => {
    const idA = await setSubject(a.db, 'Subject of A');
    const idB = await setSubject(b.db, 'Subject of B');
    // Both databases come from one template: the same row ids.
    expect(idA).toBe(idB);
    const values = { hours: '2', link: 'https://x.test/' };
    expect((await loadTemplate(a.db, 'PASSWORD_RESET'))!.renderLater(values).subject).toBe('Subject of A');
    expect((await loadTemplate(b.db, 'PASSWORD_RESET'))!.renderLater(values).subject).toBe('Subject of B');
    await a.db.transaction(async (trx) => {
      expect((await loadTemplate(trx, 'PASSWORD_RESET'))!.renderLater(values).subject).toBe('Subject of A');
    });
    // The same id handed out again with other words (a reset): the next load compiles the row as it now reads.
    await setSubject(a.db, 'Subject of A, again');
    expect((await loadTemplate(a.db, 'PASSWORD_RESET'))!.renderLater(values).subject).toBe('Subject of A, again');
    const stored = (await loadTemplate(b.db, 'PASSWORD_RESET'))!.renderLater(values).stored;
    const text = (await renderStored(b.db, idB, 'en', stored)).text;
    expect(text).toContain('https://x.test/');
  });
});
