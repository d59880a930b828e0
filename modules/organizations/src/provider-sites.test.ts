import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp, type World, world } from '@portal/testing';
import { addMembership, findOrCreateUser } from './index.js';

let t: TestApp;
let w: World;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const call = (token: string, method: string, path: string, body?: unknown) =>
  t.call(method, `/api/provider/sites${path}`, { token, body });
const audits = (action: string) => t.db('audit_events').where({ action }).orderBy('id');

describe("a health system's sites for its administrator", () => {
  it('lists only its own sites with their user counts, searchable', async () => {
    const res = await call(admin, 'GET', '');
    expect(res.status).toBe(200);
    const names = (res.body.d.items as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(['Riverside North Campus', 'Riverside South Clinic']);
    expect(res.body.d.total).toBe(2);
    expect(res.body.d.items[0]).toMatchObject({ id: w.north, status: 'ACTIVE', user_count: expect.any(Number) });
    const found = await call(admin, 'GET', '?search=south');
    expect((found.body.d.items as { id: number }[]).map((s) => s.id)).toEqual([w.south]);
  });

  it('adds a site with its own roles and Notisphere ID, edits it, deactivates and reactivates it', async () => {
    const created = await call(admin, 'POST', '', { name: ' Riverside East Clinic ', city: 'Eastville', zip: '55401' });
    expect(created.status).toBe(200);
    const site = created.body.d as { id: number; notisphere_id: string };
    expect(created.body.d).toMatchObject({ name: 'Riverside East Clinic', city: 'Eastville', status: 'ACTIVE' });
    expect(site.notisphere_id).toBeTruthy();
    expect(await t.db('organizations').where({ id: site.id }).first('parent_id', 'type')).toEqual({
      parent_id: w.riverside,
      type: 'PROVIDER',
    });
    expect(await t.db('roles').where({ organization_id: site.id }).pluck('name')).toContain('Administrator');
    expect((await audits('SITE_CREATED')).at(-1)).toMatchObject({
      organization_id: w.riverside,
      entity_id: String(site.id),
    });

    const edited = await call(admin, 'PUT', `/${site.id}`, { name: 'Riverside East', address1: '1 Main St' });
    expect(edited.body.d).toMatchObject({ name: 'Riverside East', address1: '1 Main St' });

    const off = await call(admin, 'PUT', `/${site.id}/inactivate`);
    expect(off.body.d).toEqual({ id: site.id, status: 'DEACTIVATED' });
    expect((await call(admin, 'PUT', `/${site.id}/inactivate`)).status).toBe(409);
    // A deactivated site is activated before it is edited again (spec 000 §4).
    expect((await call(admin, 'PUT', `/${site.id}`, { name: 'Nope' })).status).toBe(409);
    const on = await call(admin, 'PUT', `/${site.id}/activate`);
    expect(on.body.d).toEqual({ id: site.id, status: 'ACTIVE' });
    expect((await call(admin, 'PUT', `/${site.id}/activate`)).status).toBe(409);
    expect((await audits('SITE_DEACTIVATED')).at(-1)).toMatchObject({
      before: { status: 'ACTIVE' },
      after: { status: 'DEACTIVATED' },
    });
  });

  it('deactivating a site ends the sessions of its users', async () => {
    const user = await findOrCreateUser(t.db, {
      email: 'desk@south.riverside.demo',
      password: DEMO_PASSWORD,
      first_name: 'Sol',
      last_name: 'South',
      status: 'VERIFIED',
    });
    const role = (await t.db('roles').where({ organization_id: w.south, name: 'Administrator' }).first('id')) as {
      id: number;
    };
    await addMembership(t.db, user.id, w.south, role.id);
    const southToken = (await t.signIn('desk@south.riverside.demo')).access_token;
    expect((await t.call('GET', '/api/me', { token: southToken })).status).toBe(200);
    expect((await call(admin, 'PUT', `/${w.south}/inactivate`)).status).toBe(200);
    expect((await t.call('GET', '/api/me', { token: southToken })).status).toBe(401);
    expect((await call(admin, 'PUT', `/${w.south}/activate`)).status).toBe(200);
  });

  it("answers 404 for another health system's site or organisation, alike for a missing one", async () => {
    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    const theirs = (await call(lakeshore, 'POST', '', { name: 'Lakeshore West' })).body.d as { id: number };
    for (const id of [theirs.id, w.lakeshore, w.riverside, w.acme, 999999]) {
      for (const [method, path, body] of [
        ['GET', `/${id}`],
        ['PUT', `/${id}`, { name: 'Taken over' }],
        ['PUT', `/${id}/inactivate`],
        ['PUT', `/${id}/activate`],
      ] as const) {
        const res = await call(admin, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.m).toBe('Site not found in this provider.');
      }
    }
    expect((await call(lakeshore, 'GET', '')).body.d.items).toHaveLength(1);
    expect(((await t.db('organizations').where({ id: theirs.id }).first('name')) as { name: string }).name).toBe(
      'Lakeshore West',
    );
  });

  it('refuses a caller without Provider_ManageLocations, a supplier, and a site adding sites beneath itself', async () => {
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    for (const token of [responder, supplier]) {
      expect((await call(token, 'GET', '')).status).toBe(403);
      expect((await call(token, 'POST', '', { name: 'X' })).status).toBe(403);
      expect((await call(token, 'PUT', `/${w.north}/inactivate`)).status).toBe(403);
    }
    const user = await findOrCreateUser(t.db, {
      email: 'admin@north.riverside.demo',
      password: DEMO_PASSWORD,
      first_name: 'Ned',
      last_name: 'North',
      status: 'VERIFIED',
    });
    const role = (await t.db('roles').where({ organization_id: w.north, name: 'Administrator' }).first('id')) as {
      id: number;
    };
    await addMembership(t.db, user.id, w.north, role.id);
    const site = (await t.signIn('admin@north.riverside.demo')).access_token;
    const res = await call(site, 'POST', '', { name: 'Beneath North' });
    expect(res.status).toBe(403);
    expect(res.body.m).toBe('Only a health system can add sites.');
  });

  it('validates the body: name required, email and zip checked, unknown fields dropped', async () => {
    expect((await call(admin, 'POST', '', { city: 'Nowhere' })).status).toBe(400);
    expect((await call(admin, 'POST', '', { name: '   ' })).status).toBe(400);
    expect((await call(admin, 'POST', '', { name: 'Bad mail', email: 'not-an-email' })).status).toBe(400);
    expect((await call(admin, 'POST', '', { name: 'x'.repeat(201) })).status).toBe(400);
    expect((await call(admin, 'PUT', '/abc', { name: 'Bad id' })).status).toBe(404);
    const ok = await call(admin, 'POST', '', { name: 'Riverside Lab', parent_id: w.lakeshore, status: 'DEACTIVATED' });
    expect(ok.body.d).toMatchObject({ name: 'Riverside Lab', status: 'ACTIVE' });
    expect(
      ((await t.db('organizations').where({ id: ok.body.d.id }).first('parent_id')) as { parent_id: number }).parent_id,
    ).toBe(w.riverside);
  });
});
