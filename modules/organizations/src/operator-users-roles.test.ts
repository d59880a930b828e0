import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDate, hashPassword, permissionsOf, schemaErrors, messageText } from '@portal/core';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let operator: string;
let operatorId: number;
beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  operatorId = await idOf('users', { email: 'admin@operator.demo' });
});
afterAll(() => t.close());

const idOf = async (table: string, where: Record<string, unknown>) =>
  ((await t.db(table).where(where).first('id')) as { id: number }).id;
const orgId = (name: string) => idOf('organizations', { name });
const roleId = async (name: string, orgName: string) => idOf('roles', { organization_id: await orgId(orgName), name });
const lastAudit = async (action: string) =>
  (await t.db('audit_events').where({ action }).orderBy('id', 'desc').first()) as Record<string, unknown>;
const userStatus = async (email: string) =>
  ((await t.db('users').where({ email }).first('status')) as { status: string }).status;

/** A member of an organisation with a password, made directly (the operator side has only its Administrator). */
async function makeMember(email: string, orgName: string, role: string): Promise<number> {
  const [row] = (await t
    .db('users')
    .insert({
      email,
      first_name: 'Test',
      last_name: 'Member',
      status: 'VERIFIED',
      email_verified_at: new Date(),
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .returning('id')) as { id: number }[];
  const id = row!.id;
  await t.db('memberships').insert({
    user_id: id,
    organization_id: await orgId(orgName),
    role_id: await roleId(role, orgName),
    status: 'ACTIVE',
  });
  return id;
}

describe("the operator's users of every organisation", () => {
  it('searches users across organisations (trimmed), by organisation, filters status exactly and pages', async () => {
    const all = await t.call('GET', '/api/notisphere/users?pageSize=100', { token: operator });
    expect(all.status).toBe(200);
    const people = Number((await t.db('users').count('* as n').first())?.n);
    expect(all.body.d.total).toBe(people);
    expect(all.body.d.items).toHaveLength(people);
    // One row per person: Morgan belongs to two organisations.
    const morgan = all.body.d.items.find((u: { email: string }) => u.email === 'multi@riverside.demo');
    expect(morgan).toMatchObject({
      organization_names: 'Lakeshore Medical Center, Riverside Health',
      membership_count: 2,
      full_name: 'Morgan Multi',
    });

    const searched = await t.call('GET', `/api/notisphere/users?search=${encodeURIComponent('  borealis  ')}`, {
      token: operator,
    });
    expect(searched.body.d.items.map((u: { email: string }) => u.email)).toEqual(['admin@borealis.demo']);
    // Search reaches organisation names too: Acme's three members.
    const acme = await t.call('GET', '/api/notisphere/users?search=Acme%20Medical', { token: operator });
    expect(acme.body.d.total).toBe(3);

    const byOrg = await t.call(
      'GET',
      `/api/notisphere/users?organizationId=${await orgId('Lakeshore Medical Center')}`,
      {
        token: operator,
      },
    );
    expect(byOrg.body.d.items.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@lakeshore.demo',
      'multi@riverside.demo',
    ]);
    const filter = encodeURIComponent(
      JSON.stringify({ organization_names: { type: 'contains', filter: 'Lakeshore' } }),
    );
    expect((await t.call('GET', `/api/notisphere/users?filterModel=${filter}`, { token: operator })).body.d.total).toBe(
      2,
    );

    await t.db('users').where({ email: 'recalls@acme.demo' }).update({ status: 'NONVERIFIED' });
    const verified = encodeURIComponent(JSON.stringify({ status: { filter: 'VERIFIED' } }));
    const rows = (
      await t.call('GET', `/api/notisphere/users?filterModel=${verified}&pageSize=100`, { token: operator })
    ).body.d.items as { status: string; email: string }[];
    expect(rows.every((r) => r.status === 'VERIFIED')).toBe(true);
    expect(rows.map((r) => r.email)).not.toContain('recalls@acme.demo');
    await t.db('users').where({ email: 'recalls@acme.demo' }).update({ status: 'VERIFIED' });

    const page2 = await t.call(
      'GET',
      '/api/notisphere/users?pageSize=2&pageNumber=2&sortField=email&sortDirection=desc',
      {
        token: operator,
      },
    );
    const sorted = all.body.d.items
      .map((u: { email: string }) => u.email)
      .sort()
      .reverse();
    expect(page2.body.d.items.map((u: { email: string }) => u.email)).toEqual(sorted.slice(2, 4));
    expect(page2.body.d).toMatchObject({ pageNumber: 2, pageSize: 2, total: people });
    const byOrganizations = (
      await t.call('GET', '/api/notisphere/users?sortField=organization_names&sortDirection=desc&pageSize=100', {
        token: operator,
      })
    ).body.d.items as { organization_names: string }[];
    const names = byOrganizations.map((u) => u.organization_names);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    expect(names[0]).toBe('Riverside Health');
    expect((await t.call('GET', '/api/notisphere/users?sortField=password_hash', { token: operator })).status).toBe(
      400,
    );
  });

  it('shows a user with every membership: organisation, type, role and statuses', async () => {
    const morgan = await idOf('users', { email: 'multi@riverside.demo' });
    const res = await t.call('GET', `/api/notisphere/users/${morgan}`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.d.memberships).toEqual([
      expect.objectContaining({
        organization_name: 'Lakeshore Medical Center',
        organization_type: 'PROVIDER',
        role_name: 'Responder',
        status: 'ACTIVE',
      }),
      expect.objectContaining({
        organization_name: 'Riverside Health',
        role_name: 'Recall Coordinator',
        role_status: 'ACTIVE',
        status: 'ACTIVE',
      }),
    ]);
    expect((await t.call('GET', '/api/notisphere/users/999999', { token: operator })).status).toBe(404);
  });

  it('invites a user into another organisation: VERIFICATION, emailed over SMTP, audited as the operator', async () => {
    const borealis = await orgId('Borealis Pharma');
    const res = await t.call('POST', '/api/notisphere/users', {
      token: operator,
      body: {
        organization_id: borealis,
        first_name: 'Vera',
        last_name: 'Invited',
        email: 'Vera.Invited@Borealis.demo',
        role_id: await roleId('Recall Coordinator', 'Borealis Pharma'),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({ email: 'vera.invited@borealis.demo', status: 'VERIFICATION' });
    expect(res.body.d.memberships).toEqual([
      expect.objectContaining({ organization_id: borealis, role_name: 'Recall Coordinator', status: 'ACTIVE' }),
    ]);
    const mail = await t.smtp.waitFor('vera.invited@borealis.demo');
    expect(mail.subject).toBe('You have been invited to Borealis Pharma');
    expect(mail.text).toContain(`${t.config.appUrl}/reset-password?token=`);
    expect(await lastAudit('USER_INVITED')).toMatchObject({
      organization_id: borealis,
      actor_user_id: operatorId,
      actor_organization_id: await orgId('Notisphere Operations'),
      entity_id: String(res.body.d.id),
    });
  });

  it('refuses a role of another organisation or type, and an unknown organisation, with a clear 400', async () => {
    const body = {
      organization_id: await orgId('Borealis Pharma'),
      first_name: 'W',
      last_name: 'Rong',
      email: 'wrong@borealis.demo',
    };
    for (const role of [
      await roleId('Recall Coordinator', 'Acme Medical Devices'), // same type, another supplier
      await roleId('Responder', 'Riverside Health'), // a provider's role
    ]) {
      const res = await t.call('POST', '/api/notisphere/users', { token: operator, body: { ...body, role_id: role } });
      expect(res.status).toBe(400);
      expect(res.body.m).toBe(messageText('ROLE_OF_OTHER_ORGANIZATION'));
    }
    const unknown = await t.call('POST', '/api/notisphere/users', {
      token: operator,
      body: { ...body, organization_id: 999999, role_id: await roleId('Administrator', 'Borealis Pharma') },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.m).toBe(messageText('ORGANIZATION_NOT_FOUND'));
    expect(await t.db('users').where({ email: 'wrong@borealis.demo' }).first()).toBeUndefined();
  });

  it('deactivates a user, ending the sessions at once; reactivating gives back the former status', async () => {
    const sara = await idOf('users', { email: 'sourcing@acme.demo' });
    const session = await t.signIn('sourcing@acme.demo');
    expect((await t.call('GET', '/api/me/organization', { token: session.access_token })).status).toBe(200);

    const res = await t.call('PUT', `/api/notisphere/users/${sara}/inactivate`, { token: operator });
    expect(res.body.d).toEqual({ id: sara, status: 'DEACTIVATED' });
    expect((await t.call('GET', '/api/me/organization', { token: session.access_token })).status).toBe(401);
    const live = await t.db('refresh_tokens').where({ user_id: sara }).whereNull('revoked_at');
    expect(live).toHaveLength(0);
    const refresh = await t.refresh(session.refresh_token);
    expect(refresh.status).toBe(401);
    await expect(t.signIn('sourcing@acme.demo')).rejects.toThrow();
    expect(await lastAudit('USER_DEACTIVATED')).toMatchObject({
      actor_user_id: operatorId,
      entity_id: String(sara),
      before: { status: 'VERIFIED' },
      after: { status: 'DEACTIVATED', sessions_ended: 1 },
    });
    expect((await t.call('PUT', `/api/notisphere/users/${sara}/inactivate`, { token: operator })).status).toBe(409);
    expect(
      (
        await t.call('PUT', `/api/notisphere/users/${sara}`, {
          token: operator,
          body: { first_name: 'S', last_name: 'S' },
        })
      ).status,
    ).toBe(409);

    const back = await t.call('PUT', `/api/notisphere/users/${sara}/activate`, { token: operator });
    expect(back.body.d).toEqual({ id: sara, status: 'VERIFIED' });
    await t.signIn('sourcing@acme.demo');
    expect(await lastAudit('USER_ACTIVATED')).toMatchObject({
      actor_user_id: operatorId,
      after: { status: 'VERIFIED' },
    });
    expect((await t.call('PUT', `/api/notisphere/users/${sara}/activate`, { token: operator })).status).toBe(409);

    // The operator cannot lock itself out.
    const self = await t.call('PUT', `/api/notisphere/users/${operatorId}/inactivate`, { token: operator });
    expect(self.status).toBe(422);
    expect(self.body.m).toBe(messageText('SELF_DEACTIVATION'));
  });

  it("edits a user's names and phone, audited", async () => {
    const rick = await idOf('users', { email: 'recalls@acme.demo' });
    const res = await t.call('PUT', `/api/notisphere/users/${rick}`, {
      token: operator,
      body: { first_name: ' Richard ', last_name: 'Recalls', phone: '612-555-0101' },
    });
    expect(res.body.d).toMatchObject({ first_name: 'Richard', full_name: 'Richard Recalls', phone: '612-555-0101' });
    expect(await lastAudit('USER_UPDATED')).toMatchObject({
      actor_user_id: operatorId,
      before: { first_name: 'Rick' },
      after: { first_name: 'Richard' },
    });
    const bad = await t.call('PUT', `/api/notisphere/users/${rick}`, {
      token: operator,
      body: { first_name: 'R', last_name: 'R', phone: '12' },
    });
    expect(bad.body.m).toBe('Invalid phone number');
  });

  it('unlocks a locked account: the lock and the failed count are cleared, and the person signs in again', async () => {
    const leo = await idOf('users', { email: 'admin@lakeshore.demo' });
    await t.db('users').where({ id: leo }).update({ status: 'LOCKED', locked_at: new Date(), failed_login_count: 5 });
    await expect(t.signIn('admin@lakeshore.demo')).rejects.toThrow();
    const res = await t.call('PUT', `/api/notisphere/users/${leo}/unlock`, { token: operator });
    expect(res.body.d).toEqual({ id: leo, status: 'VERIFIED' });
    expect(await t.db('users').where({ id: leo }).first('status', 'failed_login_count', 'locked_at')).toEqual({
      status: 'VERIFIED',
      failed_login_count: 0,
      locked_at: null,
    });
    await t.signIn('admin@lakeshore.demo');
    expect(await lastAudit('USER_UNLOCKED')).toMatchObject({
      actor_user_id: operatorId,
      entity_id: String(leo),
      before: { status: 'LOCKED', failed_login_count: 5 },
      after: { status: 'VERIFIED', failed_login_count: 0 },
    });
    const again = await t.call('PUT', `/api/notisphere/users/${leo}/unlock`, { token: operator });
    expect(again.status).toBe(409);
    expect(again.body.m).toBe(messageText('INVALID_STATUS.userNotLocked'));
  });

  it('resends the verification email with a new link (the old one stops working); refused once verified', async () => {
    const vera = await idOf('users', { email: 'vera.invited@borealis.demo' });
    const first = await t.smtp.waitFor('vera.invited@borealis.demo');
    const oldToken = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(first.text)?.[1] ?? '');
    const res = await t.call('PUT', `/api/notisphere/users/${vera}/resend-verification`, { token: operator });
    expect(res.body.d).toEqual({ id: vera, status: 'VERIFICATION' });
    const second = await t.smtp.waitFor('vera.invited@borealis.demo', (m) => m !== first);
    expect(second.subject).toBe('You have been invited to Borealis Pharma');
    const newToken = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(second.text)?.[1] ?? '');
    expect(newToken).not.toBe(oldToken);
    expect(
      (await t.call('POST', '/api/auth/reset-password', { body: { token: oldToken, password: 'Welcome#2026x' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/reset-password', { body: { token: newToken, password: 'Welcome#2026x' } }))
        .status,
    ).toBe(200);
    expect(await userStatus('vera.invited@borealis.demo')).toBe('VERIFIED');
    expect(await lastAudit('USER_VERIFICATION_RESENT')).toMatchObject({
      actor_user_id: operatorId,
      organization_id: await orgId('Borealis Pharma'),
    });
    const refused = await t.call('PUT', `/api/notisphere/users/${vera}/resend-verification`, { token: operator });
    expect(refused.status).toBe(409);
    expect(refused.body.m).toBe(messageText('INVALID_STATUS.userVerified'));
  });

  it('downloads every tenant\'s users as CSV with the screen\'s search ("Users Report")', async () => {
    const res = await fetch(`${t.baseUrl}/api/notisphere/users/csv-download?search=riverside&sortField=email`, {
      headers: { authorization: `Bearer ${operator}`, timezone: 'Asia/Tokyo' },
    });
    expect(res.status).toBe(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? ''),
    ).toBe(`Users Report ${fileDate(new Date(), 'Asia/Tokyo')}.csv`);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('First Name,Last Name,Email,Phone,Organizations,Account Status,Last Updated');
    const listed = (
      await t.call('GET', '/api/notisphere/users?search=riverside&sortField=email&pageSize=100', { token: operator })
    ).body.d.items as { email: string }[];
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(listed.map((u) => u.email));
    expect(lines.some((l) => l.includes('"Lakeshore Medical Center, Riverside Health"'))).toBe(true);
    const xlsx = await fetch(`${t.baseUrl}/api/notisphere/users/xlsx-download`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('offers organisations to pick from by name', async () => {
    const res = await t.call('GET', '/api/notisphere/users/organizations?search=%20river%20', { token: operator });
    expect(res.body.d.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(['Riverside Health', 'Riverside North Campus']),
    );
    expect(res.body.d.every((o: { name: string }) => /river/i.test(o.name))).toBe(true);
  });
});

describe("the operator's roles of every organisation", () => {
  it('lists roles of one organisation or of all, with each organisation and its type', async () => {
    const acme = await orgId('Acme Medical Devices');
    const res = await t.call('GET', `/api/notisphere/roles?organizationId=${acme}`, { token: operator });
    expect(res.body.d.items.map((r: { name: string }) => r.name)).toEqual([
      'Administrator',
      'Recall Coordinator',
      'Sourcing Coordinator',
    ]);
    expect(res.body.d.items[0]).toMatchObject({
      organization_name: 'Acme Medical Devices',
      organization_type: 'SUPPLIER',
    });
    const all = await t.call('GET', '/api/notisphere/roles?search=%20responder%20&pageSize=100', { token: operator });
    expect(new Set(all.body.d.items.map((r: { organization_type: string }) => r.organization_type))).toEqual(
      new Set(['NOTISPHERE', 'PROVIDER']),
    );
    const catalogues = await t.call('GET', '/api/notisphere/roles/permissions', { token: operator });
    expect(catalogues.body.d).toEqual({
      NOTISPHERE: permissionsOf('NOTISPHERE'),
      PROVIDER: permissionsOf('PROVIDER'),
      SUPPLIER: permissionsOf('SUPPLIER'),
    });
  });

  it("creates, edits, inactivates and activates a provider's role with the provider catalogue, audited", async () => {
    const riverside = await orgId('Riverside Health');
    const created = await t.call('POST', '/api/notisphere/roles', {
      token: operator,
      body: { organization_id: riverside, name: 'Site Clerk', permissions: ['Provider_ManageLocations'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.d).toMatchObject({
      organization_id: riverside,
      organization_type: 'PROVIDER',
      name: 'Site Clerk',
      permissions: ['Provider_ManageLocations'],
    });
    const id = created.body.d.id as number;
    expect(await lastAudit('ROLE_CREATED')).toMatchObject({
      organization_id: riverside,
      actor_user_id: operatorId,
      entity_id: String(id),
    });

    const updated = await t.call('PUT', `/api/notisphere/roles/${id}`, {
      token: operator,
      body: {
        name: 'Sites Clerk',
        description: 'Sites',
        permissions: ['Provider_ManageLocations', 'Provider_ViewFAQs'],
      },
    });
    expect(updated.body.d).toMatchObject({
      name: 'Sites Clerk',
      permissions: ['Provider_ManageLocations', 'Provider_ViewFAQs'],
    });
    expect(await lastAudit('ROLE_UPDATED')).toMatchObject({
      actor_user_id: operatorId,
      after: { name: 'Sites Clerk' },
    });

    expect((await t.call('PUT', `/api/notisphere/roles/${id}/inactivate`, { token: operator })).body.d).toEqual({
      id,
      status: 'INACTIVE',
    });
    expect(await lastAudit('ROLE_INACTIVATED')).toMatchObject({
      actor_user_id: operatorId,
      organization_id: riverside,
    });
    expect((await t.call('PUT', `/api/notisphere/roles/${id}/activate`, { token: operator })).body.d.status).toBe(
      'ACTIVE',
    );
    // The provider's own administrator sees the role the operator made.
    const rita = (await t.signIn('admin@riverside.demo')).access_token;
    expect((await t.call('GET', `/api/roles/${id}`, { token: rita })).body.d.name).toBe('Sites Clerk');
  });

  it("refuses a permission outside the organisation's type catalogue, and the Administrator role", async () => {
    const riverside = await orgId('Riverside Health');
    const foreign = await t.call('POST', '/api/notisphere/roles', {
      token: operator,
      body: { organization_id: riverside, name: 'Odd', permissions: ['Supplier_ManageLocations'] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.m).toBe('Permissions not available to a PROVIDER organization: Supplier_ManageLocations');
    const acmeCoordinator = await roleId('Recall Coordinator', 'Acme Medical Devices');
    const edit = await t.call('PUT', `/api/notisphere/roles/${acmeCoordinator}`, {
      token: operator,
      body: { name: 'Recall Coordinator', permissions: ['Notisphere_ManageUsers'] },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.m).toBe('Permissions not available to a SUPPLIER organization: Notisphere_ManageUsers');
    const administrator = await roleId('Administrator', 'Borealis Pharma');
    const admin = await t.call('PUT', `/api/notisphere/roles/${administrator}/inactivate`, { token: operator });
    expect(admin.status).toBe(422);
    expect(admin.body.m).toBe(messageText('ADMINISTRATOR_ROLE'));
    const taken = await t.call('POST', '/api/notisphere/roles', {
      token: operator,
      body: { organization_id: riverside, name: 'responder', permissions: [] },
    });
    expect(taken.status).toBe(409);
    expect(
      (await t.call('PUT', '/api/notisphere/roles/999999', { token: operator, body: { name: 'X', permissions: [] } }))
        .status,
    ).toBe(404);
  });
});

describe('response schemas', () => {
  it('answers what the routes declare in /api/openapi.json (the web types are generated from it)', async () => {
    const paths = (
      (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
        paths: Record<
          string,
          Record<string, { responses: { 200: { content: { 'application/json': { schema: object } } } } }>
        >;
      }
    ).paths;
    const morgan = await idOf('users', { email: 'multi@riverside.demo' });
    const role = await roleId('Recall Coordinator', 'Acme Medical Devices');
    for (const [path, url] of [
      ['/api/notisphere/users', '/api/notisphere/users?search=riverside'],
      ['/api/notisphere/users/{id}', `/api/notisphere/users/${morgan}`],
      ['/api/notisphere/users/organizations', '/api/notisphere/users/organizations?search=a'],
      ['/api/notisphere/roles', '/api/notisphere/roles'],
      ['/api/notisphere/roles/{id}', `/api/notisphere/roles/${role}`],
      ['/api/notisphere/roles/permissions', '/api/notisphere/roles/permissions'],
    ] as const) {
      const schema = paths[path]?.get?.responses[200].content['application/json'].schema;
      expect(schema, path).toBeDefined();
      const res = await t.call('GET', url, { token: operator });
      expect(res.status, url).toBe(200);
      expect(schemaErrors(schema!, res.body), url).toEqual([]);
    }
  });
});

describe('access', () => {
  it('answers 403 to a supplier or provider administrator on every operator route', async () => {
    const someone = await idOf('users', { email: 'recalls@acme.demo' });
    const role = await roleId('Recall Coordinator', 'Acme Medical Devices');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/notisphere/users'],
      ['GET', '/api/notisphere/users/organizations'],
      ['GET', `/api/notisphere/users/${someone}`],
      ['POST', '/api/notisphere/users', {}],
      ['PUT', `/api/notisphere/users/${someone}`, {}],
      ['PUT', `/api/notisphere/users/${someone}/inactivate`],
      ['PUT', `/api/notisphere/users/${someone}/activate`],
      ['PUT', `/api/notisphere/users/${someone}/unlock`],
      ['PUT', `/api/notisphere/users/${someone}/resend-verification`],
      ['GET', '/api/notisphere/roles'],
      ['GET', '/api/notisphere/roles/permissions'],
      ['GET', `/api/notisphere/roles/${role}`],
      ['POST', '/api/notisphere/roles', {}],
      ['PUT', `/api/notisphere/roles/${role}`, {}],
      ['PUT', `/api/notisphere/roles/${role}/inactivate`],
      ['PUT', `/api/notisphere/roles/${role}/activate`],
    ];
    for (const email of ['admin@acme.demo', 'admin@riverside.demo']) {
      const token = (await t.signIn(email)).access_token;
      for (const [method, path, body] of routes) {
        const res = await t.call(method, path, { token, body });
        expect(res.status, `${email} ${method} ${path}`).toBe(403);
      }
    }
  });

  it('answers 403 to an operator without Notisphere_ManageUsers or Notisphere_ManageRoles', async () => {
    await makeMember('coordinator@operator.demo', 'Notisphere Operations', 'Recall Coordinator');
    const token = (await t.signIn('coordinator@operator.demo')).access_token;
    const someone = await idOf('users', { email: 'recalls@acme.demo' });
    for (const [method, path] of [
      ['GET', '/api/notisphere/users'],
      ['PUT', `/api/notisphere/users/${someone}/inactivate`],
      ['GET', '/api/notisphere/roles'],
      ['POST', '/api/notisphere/roles'],
    ] as const)
      expect((await t.call(method, path, { token, body: method === 'POST' ? {} : undefined })).status, path).toBe(403);
    // With only Notisphere_ManageUsers: users yes, roles no.
    const usersOnly = await t.call('POST', '/api/notisphere/roles', {
      token: operator,
      body: {
        organization_id: await orgId('Notisphere Operations'),
        name: 'User Desk',
        permissions: ['Notisphere_ManageUsers'],
      },
    });
    const desk = await makeMember('desk@operator.demo', 'Notisphere Operations', 'User Desk');
    expect(desk).toBeGreaterThan(0);
    expect(usersOnly.status).toBe(200);
    const deskToken = (await t.signIn('desk@operator.demo')).access_token;
    expect((await t.call('GET', '/api/notisphere/users', { token: deskToken })).status).toBe(200);
    expect((await t.call('GET', '/api/notisphere/roles', { token: deskToken })).status).toBe(403);
  });

  it("keeps suppliers and providers inside their own tenant: another tenant's user or role answers 404", async () => {
    const acmeAdmin = (await t.signIn('admin@acme.demo')).access_token;
    const borealisUser = await idOf('users', { email: 'admin@borealis.demo' });
    const riversideUser = await idOf('users', { email: 'responder@riverside.demo' });
    for (const id of [borealisUser, riversideUser]) {
      expect((await t.call('GET', `/api/users/${id}`, { token: acmeAdmin })).status).toBe(404);
      expect((await t.call('PUT', `/api/users/${id}/inactivate`, { token: acmeAdmin })).status).toBe(404);
    }
    const rita = (await t.signIn('admin@riverside.demo')).access_token;
    const acmeUser = await idOf('users', { email: 'sourcing@acme.demo' });
    expect((await t.call('GET', `/api/users/${acmeUser}`, { token: rita })).status).toBe(404);
    const acmeRole = await roleId('Recall Coordinator', 'Acme Medical Devices');
    expect((await t.call('GET', `/api/roles/${acmeRole}`, { token: rita })).status).toBe(404);
    const own = (await t.call('GET', '/api/users?pageSize=100', { token: rita })).body.d.items as {
      organization_name: string;
    }[];
    expect(new Set(own.map((u) => u.organization_name))).toEqual(new Set(['Riverside Health']));
  });
});
