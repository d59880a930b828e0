import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const userId = async (email: string) => ((await t.db('users').where({ email }).first('id')) as { id: number }).id;
const lock = (id: number) =>
  t.db('users').where({ id }).update({ status: 'LOCKED', locked_at: new Date(), failed_login_count: 5 });

describe("unlocking a member of the caller's organisation (PUT /users/:id/unlock)", () => {
  it('clears the lock and the failed count; the person signs in again; a second unlock is refused', async () => {
    const responder = await userId('responder@riverside.demo');
    await lock(responder);
    const res = await t.call('PUT', `/api/users/${responder}/unlock`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.d).toEqual({ id: responder, status: 'VERIFIED' });
    expect(await t.db('users').where({ id: responder }).first('failed_login_count', 'locked_at')).toEqual({
      failed_login_count: 0,
      locked_at: null,
    });
    await t.signIn('responder@riverside.demo');
    expect((await t.call('PUT', `/api/users/${responder}/unlock`, { token: admin })).status).toBe(409);
    expect(
      await t
        .db('audit_events')
        .where({ action: 'USER_UNLOCKED', entity_id: String(responder) })
        .first('actor_user_id'),
    ).toEqual({ actor_user_id: await userId('admin@riverside.demo') });
  });

  it("answers 404 for another organisation's user and 403 without Provider_ManageUsers", async () => {
    const other = await userId('admin@lakeshore.demo');
    await lock(other);
    const res = await t.call('PUT', `/api/users/${other}/unlock`, { token: admin });
    expect(res.status).toBe(404);
    expect(((await t.db('users').where({ id: other }).first('status')) as { status: string }).status).toBe('LOCKED');
    await t.db('users').where({ id: other }).update({ status: 'VERIFIED', locked_at: null, failed_login_count: 0 });
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect((await t.call('PUT', `/api/users/${other}/unlock`, { token: responder })).status).toBe(403);
  });
});

describe("the provider's organisation profile", () => {
  it('names the self-registration page the operator opened, and null while closed', async () => {
    const riverside = (await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number };
    await t.db('organizations').where({ id: riverside.id }).update({ self_registration_link: null });
    const closed = await t.call('GET', '/api/organization/profile', { token: admin });
    expect(closed.body.d).toMatchObject({ name: 'Riverside Health', self_registration_url: null });
    await t.db('organizations').where({ id: riverside.id }).update({ self_registration_link: 'riverside health' });
    const open = await t.call('GET', '/api/organization/profile', { token: admin });
    expect(open.body.d).toMatchObject({
      self_registration_link: 'riverside health',
      self_registration_url: `${t.config.appUrl}/registration/riverside%20health`,
    });
    // The link is the operator's to set: the profile's PUT leaves it alone.
    const put = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: 'Riverside Health', domain: 'riverside.demo', self_registration_link: 'taken-over' },
    });
    expect(put.status).toBe(200);
    expect(put.body.d).toMatchObject({ domain: 'riverside.demo', self_registration_link: 'riverside health' });
    const bad = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: 'Riverside Health', domain: 'not a domain' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('Invalid domain name.');
  });
});
