import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordAudit } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { CliError } from '../context.js';
import { buildProgram } from '../program.js';
import { auditVerify } from './audit.js';

let t: TestDatabase;
let org: number;
beforeAll(async () => {
  t = await createTestDatabase();
  org = (
    (await t.db('organizations').insert({ name: 'Chain Org', type: 'SUPPLIER' }).returning('id')) as { id: number }[]
  )[0]!.id;
  for (let i = 0; i < 5; i++)
    await recordAudit(t.db, null, { organizationId: i % 2 ? org : null, action: 'T', entityType: 't', entityId: i });
});
afterAll(() => t.drop());

describe('audit verify', () => {
  it('reports an intact trail, then names the edited entry and exits non-zero', async () => {
    expect((await auditVerify(t.db, {})).text).toBe('Audit trail intact (every organisation): 5 entries checked.');
    expect((await auditVerify(t.db, { org: String(org) })).check).toEqual({ ok: true, checked: 2, broken: null });
    const edited = (await t.db('audit_events').where({ organization_id: org }).orderBy('id').first('id')) as {
      id: number;
    };
    await t.db.transaction(async (trx) => {
      await trx.raw('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
      await trx('audit_events').where({ id: edited.id }).update({ action: 'EDITED' });
      await trx.raw('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
    });
    const { text, check } = await auditVerify(t.db, {});
    expect(check.broken).toEqual({
      table: 'audit_events',
      id: Number(edited.id),
      organization_id: org,
      organization_name: 'Chain Org',
    });
    expect(text).toContain(`audit_events entry ${edited.id} of organisation ${org}`);

    // Through the program: the message on stderr and exit code 1.
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.stubEnv('DATABASE_URL', t.url);
    try {
      await buildProgram().parseAsync(['node', 'portal', 'audit', 'verify', '--org', String(org)]);
      expect(process.exitCode).toBe(1);
      expect(String(stderr.mock.calls[0]?.[0])).toContain(`Audit trail BROKEN (organisation ${org})`);
    } finally {
      process.exitCode = 0;
      stderr.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('refuses a bad or unknown organisation', async () => {
    await expect(auditVerify(t.db, { org: 'x' })).rejects.toThrow(CliError);
    await expect(auditVerify(t.db, { org: '999999' })).rejects.toThrow('No organisation 999999.');
  });
});
