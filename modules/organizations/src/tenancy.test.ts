import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const idOf = async (table: string, where: Record<string, unknown>) =>
  ((await t.db(table).where(where).first('id')) as { id: number }).id;

describe('tenant isolation', () => {
  it("lists only the caller's own users and roles", async () => {
    const s = await t.signIn('admin@acme.demo');
    const users = await t.call('GET', '/api/users?pageSize=100', { token: s.access_token });
    expect(users.body.d.total).toBe(3);
    expect(new Set(users.body.d.items.map((u: { organization_name: string }) => u.organization_name))).toEqual(
      new Set(['Acme Medical Devices']),
    );
    const roles = await t.call('GET', '/api/roles', { token: s.access_token });
    expect(roles.body.d.items.map((r: { name: string }) => r.name)).toEqual([
      'Administrator',
      'Recall Coordinator',
      'Sourcing Coordinator',
    ]);
  });

  it("answers 404, exactly like a missing record, for another organisation's user, role and organisation", async () => {
    const s = await t.signIn('admin@acme.demo');
    const borealisUser = await idOf('users', { email: 'admin@borealis.demo' });
    const borealis = await idOf('organizations', { name: 'Borealis Pharma' });
    const borealisRole = await idOf('roles', { organization_id: borealis, name: 'Administrator' });
    for (const path of [`/api/users/${borealisUser}`, `/api/roles/${borealisRole}`, `/api/organizations/${borealis}`]) {
      const res = await t.call('GET', path, { token: s.access_token });
      expect(res.status, path).toBe(404);
      expect(res.body.ok).toBe(false);
      const missing = await t.call('GET', path.replace(/\d+$/, '999999'), { token: s.access_token });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toEqual(res.body.error);
    }
    const own = await idOf('users', { email: 'recalls@acme.demo' });
    expect((await t.call('GET', `/api/users/${own}`, { token: s.access_token })).body.d).toMatchObject({
      email: 'recalls@acme.demo',
      role_name: 'Recall Coordinator',
    });
  });

  it('lets a provider see its own sites but not another provider', async () => {
    const s = await t.signIn('admin@riverside.demo');
    const site = await idOf('organizations', { name: 'Riverside North Campus' });
    expect((await t.call('GET', `/api/organizations/${site}`, { token: s.access_token })).body.d.name).toBe(
      'Riverside North Campus',
    );
    const lakeshore = await idOf('organizations', { name: 'Lakeshore Medical Center' });
    expect((await t.call('GET', `/api/organizations/${lakeshore}`, { token: s.access_token })).status).toBe(404);
  });

  it('keeps a multi-organisation user inside the organisation chosen at sign-in', async () => {
    const lakeshore = await idOf('organizations', { name: 'Lakeshore Medical Center' });
    const riverside = await idOf('organizations', { name: 'Riverside Health' });
    const s = await t.signIn('multi@riverside.demo', { orgId: lakeshore });
    expect((await t.call('GET', '/api/me/organization', { token: s.access_token })).body.d.name).toBe(
      'Lakeshore Medical Center',
    );
    expect((await t.call('GET', `/api/organizations/${riverside}`, { token: s.access_token })).status).toBe(404);
  });

  it('lets the operator see every organisation', async () => {
    const s = await t.signIn('admin@operator.demo');
    const borealis = await idOf('organizations', { name: 'Borealis Pharma' });
    expect((await t.call('GET', `/api/organizations/${borealis}`, { token: s.access_token })).body.d.name).toBe(
      'Borealis Pharma',
    );
    const users = await t.call('GET', '/api/users?pageSize=100', { token: s.access_token });
    expect(users.body.d.total).toBe(10); // ten memberships in the demo world
  });
});

describe('list queries', () => {
  it('pages, sorts on several columns, searches and filters', async () => {
    const s = await t.signIn('admin@operator.demo');
    const page = await t.call(
      'GET',
      '/api/users?pageNumber=2&pageSize=4&sortField=organization_name,email&sortDirection=asc,desc',
      { token: s.access_token },
    );
    expect(page.body.d).toMatchObject({ pageNumber: 2, pageSize: 4, total: 10 });
    expect(page.body.d.items).toHaveLength(4);
    expect(page.body.d.lastUpdated).toMatch(/^\d{4}-/);
    const all = await t.call(
      'GET',
      '/api/users?pageSize=100&sortField=organization_name,email&sortDirection=asc,desc',
      { token: s.access_token },
    );
    expect(page.body.d.items.map((u: { membership_id: number }) => u.membership_id)).toEqual(
      all.body.d.items.slice(4, 8).map((u: { membership_id: number }) => u.membership_id),
    );
    const searched = await t.call('GET', `/api/users?search=${encodeURIComponent('  riverside ')}`, {
      token: s.access_token,
    });
    expect(searched.body.d.items.every((u: { email: string }) => u.email.includes('riverside'))).toBe(true);
    const filterModel = encodeURIComponent(
      JSON.stringify({ role_name: { filterType: 'text', type: 'contains', filter: 'coord' } }),
    );
    const filtered = await t.call('GET', `/api/users?filterModel=${filterModel}`, { token: s.access_token });
    expect(filtered.body.d.items.map((u: { role_name: string }) => u.role_name).sort()).toEqual([
      'Recall Coordinator',
      'Recall Coordinator',
      'Sourcing Coordinator',
    ]);
  });

  it('refuses unknown sort and filter fields with a 400, never touching SQL', async () => {
    const s = await t.signIn('admin@operator.demo');
    const sort = await t.call('GET', '/api/users?sortField=password_hash', { token: s.access_token });
    expect(sort.status).toBe(400);
    expect(sort.body.m).toBe('Unknown sort field: password_hash');
    const filter = await t.call(
      'GET',
      `/api/users?filterModel=${encodeURIComponent('{"u.id; drop table users":{"filter":"1"}}')}`,
      { token: s.access_token },
    );
    expect(filter.status).toBe(400);
    expect((await t.call('GET', '/api/users?pageSize=501', { token: s.access_token })).status).toBe(400);
    expect((await t.call('GET', '/api/users?filterModel=%7Bnot-json', { token: s.access_token })).body.m).toBe(
      'filterModel must be a JSON object.',
    );
  });
});
