import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { loadActor } from './services/members.js';

let t: TestApp;
let one: Db;
beforeAll(async () => {
  t = await startTestApp();
  // One connection, so that what it has prepared can be read back from it.
  one = createDb(t.config.databaseUrl!, { min: 0, max: 1 });
});
afterAll(async () => {
  await one.destroy();
  await t.close();
});

describe('the caller lookup', () => {
  it('is prepared once per connection and still reads the membership as it is now', async () => {
    const alice = (await t.db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number };
    const acme = (await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number };
    const first = await loadActor(one, alice.id, acme.id);
    expect(first).toMatchObject({ userId: alice.id, organizationId: acme.id, organizationType: 'SUPPLIER' });
    expect(await loadActor(one, alice.id, acme.id)).toEqual(first);
    // With and without the session check: two texts, two statements, each prepared once.
    expect(await loadActor(one, alice.id, acme.id, one.raw('?::boolean', [true]))).toEqual(first);
    expect(await loadActor(one, alice.id, acme.id, one.raw('?::boolean', [false]))).toBeNull();
    const prepared = (await one.raw(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'caller\\_%' AND NOT from_sql",
    )) as { rows: { n: number }[] };
    expect(prepared.rows[0]!.n).toBe(2);
    // The prepared plan does not keep an answer: a membership ended since is refused on the next lookup.
    await t.db('memberships').where({ user_id: alice.id, organization_id: acme.id }).update({ status: 'INACTIVE' });
    try {
      expect(await loadActor(one, alice.id, acme.id)).toBeNull();
    } finally {
      await t.db('memberships').where({ user_id: alice.id, organization_id: acme.id }).update({ status: 'ACTIVE' });
    }
  });
});
