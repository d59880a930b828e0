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
    expect((await t.call('PUT', `/api/users/${other}/resend-verification`, { token: admin })).status).toBe(404);
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

  it('keeps several domains, normalised, and refuses the list when one of them is not a domain', async () => {
    const put = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: 'Riverside Health', domain: 'Riverside.demo,  riverside-health.org; riverside.demo' },
    });
    expect(put.status).toBe(200);
    expect(put.body.d.domain).toBe('riverside.demo, riverside-health.org');
    const bad = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: 'Riverside Health', domain: 'riverside.demo, not_a domain' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('Invalid domain name.');
    const stored = await t.call('GET', '/api/organization/profile', { token: admin });
    expect(stored.body.d.domain).toBe('riverside.demo, riverside-health.org');
    // Both domains pass the provider's valid-domain check.
    const riverside = (await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number };
    for (const email of ['nurse@riverside.demo', 'Nurse@Riverside-Health.org']) {
      const check = await t.call('GET', `/api/provider/communications/valid-domain/emailid/${riverside.id}/${email}`, {
        token: admin,
      });
      expect(check.body.d).toMatchObject({ valid: true });
    }
    const other = await t.call(
      'GET',
      `/api/provider/communications/valid-domain/emailid/${riverside.id}/a@health.org`,
      {
        token: admin,
      },
    );
    expect(other.body.d).toMatchObject({ valid: false });
  });
});

describe('members of a health system and of its sites', () => {
  const orgId = async (name: string) =>
    ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
  const roleOf = async (organization: string, name: string) =>
    (
      (await t
        .db('roles')
        .where({ organization_id: await orgId(organization), name })
        .first('id')) as { id: number }
    ).id;
  const membershipOf = async (email: string) =>
    t
      .db('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .join('roles as r', 'r.id', 'm.role_id')
      .where('u.email', email)
      .select('m.organization_id', 'r.organization_id as role_organization_id', 'r.name as role_name', 'm.status');

  it('offers the organisation and its active sites, invites into a site with the same-named role, lists and moves', async () => {
    const [riverside, north, south] = await Promise.all(
      ['Riverside Health', 'Riverside North Campus', 'Riverside South Clinic'].map(orgId),
    );
    const choices = await t.call('GET', '/api/users/organizations', { token: admin });
    expect(choices.status).toBe(200);
    expect(choices.body.d).toEqual([
      { id: riverside, name: 'Riverside Health', is_site: false },
      { id: north, name: 'Riverside North Campus', is_site: true },
      { id: south, name: 'Riverside South Clinic', is_site: true },
    ]);

    const invited = await t.call('POST', '/api/users', {
      token: admin,
      body: {
        first_name: 'Sita',
        last_name: 'Site',
        email: 'sita@north.riverside.demo',
        role_id: await roleOf('Riverside Health', 'Responder'),
        organization_id: north,
      },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.d).toMatchObject({
      organization_id: north,
      organization_name: 'Riverside North Campus',
      role_name: 'Responder',
      status: 'VERIFICATION',
    });
    expect(await membershipOf('sita@north.riverside.demo')).toEqual([
      { organization_id: north, role_organization_id: north, role_name: 'Responder', status: 'ACTIVE' },
    ]);
    expect((await t.smtp.waitFor('sita@north.riverside.demo')).subject).toContain('Riverside North Campus');
    const id = invited.body.d.id as number;

    const list = await t.call('GET', '/api/users?search=sita', { token: admin });
    expect(list.body.d.items).toEqual([expect.objectContaining({ id, organization_name: 'Riverside North Campus' })]);

    const moved = await t.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: {
        first_name: 'Sita',
        last_name: 'Site',
        role_id: await roleOf('Riverside Health', 'Recall Coordinator'),
        organization_id: south,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.d).toMatchObject({ organization_id: south, role_name: 'Recall Coordinator' });
    expect(await membershipOf('sita@north.riverside.demo')).toEqual([
      { organization_id: south, role_organization_id: south, role_name: 'Recall Coordinator', status: 'ACTIVE' },
    ]);
    const audit = (await t.db('audit_events').where({ action: 'USER_UPDATED' }).orderBy('id', 'desc').first()) as {
      before: { organization_id: number };
      after: { organization_id: number };
    };
    expect([audit.before.organization_id, audit.after.organization_id]).toEqual([north, south]);

    // A site member's membership is inactivated and activated like any other.
    expect((await t.call('PUT', `/api/users/${id}/inactivate`, { token: admin })).body.d.membership_status).toBe(
      'INACTIVE',
    );
    expect((await t.call('PUT', `/api/users/${id}/activate`, { token: admin })).body.d.membership_status).toBe(
      'ACTIVE',
    );
    // The Users download lists the site member with its site, like the screen.
    const csv = await fetch(`${t.baseUrl}/api/users/csv-download?search=sita`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('sita@north.riverside.demo');
    expect(lines[1]).toContain('Riverside South Clinic');

    // Sita has not set a password yet: the invitation goes again with a fresh link, the first one stops working.
    const tokenOf = (text: string) => decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(text)?.[1] ?? '');
    const first = tokenOf((await t.smtp.waitFor('sita@north.riverside.demo')).text);
    const resent = await t.call('PUT', `/api/users/${id}/resend-verification`, { token: admin });
    expect(resent.status).toBe(200);
    expect(resent.body.d).toEqual({ id, status: 'VERIFICATION' });
    const again = await t.smtp.waitFor('sita@north.riverside.demo', (m) => tokenOf(m.text) !== first);
    expect(tokenOf(again.text).length).toBeGreaterThan(40);
    expect(
      (await t.call('POST', '/api/auth/reset-password', { body: { token: first, password: 'Welcome#2026x' } })).status,
    ).toBe(401);

    const back = await t.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { first_name: 'Sita', last_name: 'Site', role_id: await roleOf('Riverside Health', 'Responder') },
    });
    expect(back.body.d).toMatchObject({ organization_id: south, role_name: 'Responder' });
  });

  it('lists a member of the health system and of a site once, and the row actions change that one membership', async () => {
    const [riverside, north] = await Promise.all(['Riverside Health', 'Riverside North Campus'].map(orgId));
    const invited = await t.call('POST', '/api/users', {
      token: admin,
      body: {
        first_name: 'Dana',
        last_name: 'Double',
        email: 'dana@riverside.demo',
        role_id: await roleOf('Riverside Health', 'Responder'),
      },
    });
    expect(invited.status).toBe(200);
    const id = invited.body.d.id as number;
    // The same person also works at the north campus (as an invitation into the site would add).
    await t.db('memberships').insert({
      user_id: id,
      organization_id: north,
      role_id: await roleOf('Riverside North Campus', 'Responder'),
      status: 'ACTIVE',
    });

    const list = await t.call('GET', '/api/users?search=dana', { token: admin });
    expect(list.body.d.items).toEqual([
      expect.objectContaining({ id, organization_id: riverside, also_in: ['Riverside North Campus'] }),
    ]);
    expect(list.body.d.total).toBe(1);
    // The row's action changes the health system's membership, the one the row shows; the site's stays.
    await t.call('PUT', `/api/users/${id}/inactivate`, { token: admin });
    expect((await membershipOf('dana@riverside.demo')).map((m) => [m.organization_id, m.status]).sort()).toEqual(
      [
        [riverside, 'INACTIVE'],
        [north, 'ACTIVE'],
      ].sort(),
    );
  });

  it("refuses another health system's organisation (404), a role of another organisation (400) and a sibling's view", async () => {
    const lakeshore = await orgId('Lakeshore Medical Center');
    const body = {
      first_name: 'Olga',
      last_name: 'Other',
      email: 'olga@riverside.demo',
      role_id: await roleOf('Riverside Health', 'Responder'),
    };
    const other = await t.call('POST', '/api/users', { token: admin, body: { ...body, organization_id: lakeshore } });
    expect(other.status).toBe(404);
    expect(other.body.m).toBe('Organization not found.');
    const missing = await t.call('POST', '/api/users', { token: admin, body: { ...body, organization_id: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe(other.body.m);
    const foreignRole = await t.call('POST', '/api/users', {
      token: admin,
      body: {
        ...body,
        role_id: await roleOf('Lakeshore Medical Center', 'Responder'),
        organization_id: await orgId('Riverside North Campus'),
      },
    });
    expect(foreignRole.status).toBe(400);
    expect(await t.db('users').where({ email: 'olga@riverside.demo' }).first()).toBeUndefined();
    // Lakeshore's administrator sees none of Riverside's site members.
    const lake = (await t.signIn('admin@lakeshore.demo')).access_token;
    expect((await t.call('GET', '/api/users?search=sita', { token: lake })).body.d.items).toEqual([]);
    const sita = ((await t.db('users').where({ email: 'sita@north.riverside.demo' }).first('id')) as { id: number }).id;
    expect((await t.call('GET', `/api/users/${sita}`, { token: lake })).status).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/users/${sita}`, {
          token: lake,
          body: { first_name: 'X', last_name: 'Y', role_id: await roleOf('Lakeshore Medical Center', 'Responder') },
        })
      ).status,
    ).toBe(404);
  });
});
