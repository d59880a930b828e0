import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { fileDate, messageText } from '@portal/core';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin@acme.demo')).access_token;
});
afterAll(() => t.close());

const idOf = async (table: string, where: Record<string, unknown>) =>
  ((await t.db(table).where(where).first('id')) as { id: number }).id;
const acme = () => idOf('organizations', { name: 'Acme Medical Devices' });
const roleId = async (name: string, orgName = 'Acme Medical Devices') =>
  idOf('roles', { organization_id: await idOf('organizations', { name: orgName }), name });
const audits = (action: string) => t.db('audit_events').where({ action }).orderBy('id');

describe("users of the caller's organisation", () => {
  it('invites a new user with an emailed single-use set-password link that auth accepts', async () => {
    const res = await t.call('POST', '/api/users', {
      token: admin,
      body: {
        first_name: ' Nina ',
        last_name: 'New',
        email: 'Nina.New@Acme.demo',
        phone: '612-555-0100',
        role_id: await roleId('Recall Coordinator'),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      email: 'nina.new@acme.demo',
      first_name: 'Nina',
      status: 'VERIFICATION',
      membership_status: 'ACTIVE',
      role_name: 'Recall Coordinator',
    });
    const mail = await t.smtp.waitFor('nina.new@acme.demo');
    expect(mail.subject).toBe('You have been invited to Acme Medical Devices');
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(40);
    expect(mail.text).toContain(`${t.config.appUrl}/reset-password?token=`);
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, password: 'Welcome#2026x' } });
    expect(reset.status).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/reset-password', { body: { token, password: 'Welcome#2027x' } })).status,
    ).toBe(401);
    // Setting the password from the emailed link proves the address: the invited user is VERIFIED and can sign in.
    expect(
      ((await t.db('users').where({ email: 'nina.new@acme.demo' }).first('status')) as { status: string }).status,
    ).toBe('VERIFIED');
    await t.signIn('nina.new@acme.demo', { password: 'Welcome#2026x' });
    const [audit] = await audits('USER_INVITED');
    expect(audit).toMatchObject({
      organization_id: await acme(),
      entity_type: 'user',
      after: { email: 'nina.new@acme.demo', role_name: 'Recall Coordinator' },
    });
  });

  it('adds a person who already has an account elsewhere, and refuses a second invitation', async () => {
    const body = {
      first_name: 'Bjorn',
      last_name: 'Borealis',
      email: 'admin@borealis.demo',
      role_id: await roleId('Sourcing Coordinator'),
    };
    const res = await t.call('POST', '/api/users', { token: admin, body });
    expect(res.body.d).toMatchObject({
      email: 'admin@borealis.demo',
      status: 'VERIFIED',
      role_name: 'Sourcing Coordinator',
    });
    expect((await t.smtp.waitFor('admin@borealis.demo')).subject).toBe('You have been added to Acme Medical Devices');
    const again = await t.call('POST', '/api/users', { token: admin, body });
    expect(again.status).toBe(409);
    expect(again.body.m).toBe(messageText('ALREADY_MEMBER'));
  });

  it('validates the body with clear messages', async () => {
    const role = await roleId('Recall Coordinator');
    const cases: [object, string][] = [
      [{ first_name: 'A', last_name: 'B', email: 'not-an-email', role_id: role }, 'Email not valid'],
      [{ last_name: 'B', email: 'x@acme.demo', role_id: role }, 'first_name is required'],
      [{ first_name: '  ', last_name: 'B', email: 'x@acme.demo', role_id: role }, 'first_name is required'],
      [{ first_name: 'A', last_name: 'B', email: 'x@acme.demo', phone: '12', role_id: role }, 'Invalid phone number'],
      [
        {
          first_name: 'A',
          last_name: 'B',
          email: 'x@acme.demo',
          role_id: await roleId('Administrator', 'Borealis Pharma'),
        },
        messageText('ROLE_NOT_FOUND'),
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/users', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.m).toBe(message);
    }
  });

  it('updates names, phone and role; inactive members only offer Activate', async () => {
    const sara = await idOf('users', { email: 'sourcing@acme.demo' });
    const res = await t.call('PUT', `/api/users/${sara}`, {
      token: admin,
      body: { first_name: 'Sarah', last_name: 'Sourcing', phone: null, role_id: await roleId('Recall Coordinator') },
    });
    expect(res.body.d).toMatchObject({ first_name: 'Sarah', role_name: 'Recall Coordinator' });
    const [audit] = await audits('USER_UPDATED');
    expect(audit).toMatchObject({ before: { first_name: 'Sara' }, after: { first_name: 'Sarah' } });

    expect((await t.call('PUT', `/api/users/${sara}/inactivate`, { token: admin })).body.d).toEqual({
      id: sara,
      membership_status: 'INACTIVE',
    });
    const blocked = await t.call('PUT', `/api/users/${sara}`, {
      token: admin,
      body: { first_name: 'S', last_name: 'S', role_id: await roleId('Recall Coordinator') },
    });
    expect(blocked.status).toBe(409);
    expect((await t.call('PUT', `/api/users/${sara}/inactivate`, { token: admin })).status).toBe(409);
    // An inactive membership loses access at once.
    await expect(t.signIn('sourcing@acme.demo')).rejects.toThrow();
    expect((await t.call('PUT', `/api/users/${sara}/activate`, { token: admin })).body.d.membership_status).toBe(
      'ACTIVE',
    );
    expect((await t.call('PUT', `/api/users/${sara}/activate`, { token: admin })).status).toBe(409);
    await t.signIn('sourcing@acme.demo');
  });

  it('deletes a membership softly', async () => {
    const rick = await idOf('users', { email: 'recalls@acme.demo' });
    expect((await t.call('DELETE', `/api/users/${rick}`, { token: admin })).body.d).toEqual({
      id: rick,
      membership_status: 'DELETED',
    });
    expect((await t.call('GET', `/api/users/${rick}`, { token: admin })).status).toBe(404);
    expect(await t.db('memberships').where({ user_id: rick }).first('status')).toEqual({ status: 'DELETED' });
    expect(await audits('USER_DELETED')).toHaveLength(1);
  });

  it('never removes the last active Administrator (422)', async () => {
    const alice = await idOf('users', { email: 'admin@acme.demo' });
    for (const [method, path, body] of [
      ['PUT', `/api/users/${alice}/inactivate`, undefined],
      ['DELETE', `/api/users/${alice}`, undefined],
      [
        'PUT',
        `/api/users/${alice}`,
        { first_name: 'Alice', last_name: 'Acme', role_id: await roleId('Recall Coordinator') },
      ],
    ] as const) {
      const res = await t.call(method, path, { token: admin, body });
      expect(res.status, path).toBe(422);
      expect(res.body).toMatchObject({
        ok: false,
        m: messageText('LAST_ADMINISTRATOR'),
        error: { code: 'LAST_ADMINISTRATOR' },
      });
    }
    // With a second Administrator, the first may step down.
    const nina = await idOf('users', { email: 'nina.new@acme.demo' });
    await t.call('PUT', `/api/users/${nina}`, {
      token: admin,
      body: { first_name: 'Nina', last_name: 'New', role_id: await roleId('Administrator') },
    });
    const bjorn = await idOf('users', { email: 'admin@borealis.demo' });
    expect((await t.call('PUT', `/api/users/${bjorn}/inactivate`, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', `/api/users/${nina}/inactivate`, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', `/api/users/${alice}/inactivate`, { token: admin })).status).toBe(422);
    await t.call('PUT', `/api/users/${nina}/activate`, { token: admin });
  });

  it("downloads the users list as XLSX and CSV, only the caller's organisation", async () => {
    // One member still waiting for the invitation, to see the display word of VERIFICATION.
    await t.db('users').where({ email: 'nina.new@acme.demo' }).update({ status: 'VERIFICATION' });
    const res = await fetch(`${t.baseUrl}/api/users/xlsx-download?sortField=email`, {
      headers: { authorization: `Bearer ${admin}`, timezone: 'Asia/Tokyo' },
    });
    expect(res.status).toBe(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? ''),
    ).toBe(`Users Report ${fileDate(new Date(), 'Asia/Tokyo')}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Role',
      'Organization',
      'Account Status',
      'Membership Status',
      'Last Updated',
    ]);
    const listed = (await t.call('GET', '/api/users?sortField=email&pageSize=100', { token: admin })).body.d.items as {
      email: string;
    }[];
    expect(rows.slice(1).map((r) => r[2])).toEqual(listed.map((u) => u.email));
    expect(rows.slice(1).every((r) => r[5] === 'Acme Medical Devices')).toBe(true);
    expect(rows.slice(1).find((r) => r[2] === 'nina.new@acme.demo')?.[6]).toBe('Verification Email Sent');
    const csv = await fetch(`${t.baseUrl}/api/users/csv-download?search=nina`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await csv.text()).trim().split('\n')).toHaveLength(2);
  });

  it("answers 404 for another supplier's users, exactly like a missing one, and 403 without the permission", async () => {
    const borealisAdmin = (
      await t.signIn('admin@borealis.demo', { orgId: await idOf('organizations', { name: 'Borealis Pharma' }) })
    ).access_token;
    const sara = await idOf('users', { email: 'sourcing@acme.demo' });
    const role = await roleId('Administrator', 'Borealis Pharma');
    for (const [method, path, body] of [
      ['PUT', `/api/users/${sara}`, { first_name: 'X', last_name: 'Y', role_id: role }],
      ['PUT', `/api/users/${sara}/inactivate`, undefined],
      ['PUT', `/api/users/${sara}/activate`, undefined],
      ['DELETE', `/api/users/${sara}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: borealisAdmin, body });
      expect(res.status, path).toBe(404);
      const missing = await t.call(method, path.replace(String(sara), '999999'), { token: borealisAdmin, body });
      expect(missing.body.error).toEqual(res.body.error);
      expect(missing.body.m).toBe(res.body.m);
    }
    const coordinator = (await t.signIn('sourcing@acme.demo')).access_token;
    expect((await t.call('POST', '/api/users', { token: coordinator, body: {} })).status).toBe(403);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect((await t.call('PUT', `/api/users/${sara}/activate`, { token: responder })).status).toBe(403);
  });
});

describe("roles of the caller's organisation", () => {
  it("lists the permission catalogue of the organisation's type", async () => {
    const res = await t.call('GET', '/api/roles/permissions', { token: admin });
    expect(res.body.d.organization_type).toBe('SUPPLIER');
    expect(res.body.d.permissions).toContain('Supplier_ManageLocations');
    expect(res.body.d.permissions).not.toContain('Provider_ManageUsers');
  });

  it('creates, updates, inactivates and deletes a role, with audit rows', async () => {
    const created = await t.call('POST', '/api/roles', {
      token: admin,
      body: {
        name: 'Location Clerk',
        description: 'Keeps the ship-to list',
        permissions: ['Supplier_ManageLocations', 'Supplier_ViewFAQs', 'Supplier_ManageLocations'],
      },
    });
    expect(created.body.d).toMatchObject({
      name: 'Location Clerk',
      status: 'ACTIVE',
      is_system: false,
      permissions: ['Supplier_ManageLocations', 'Supplier_ViewFAQs'],
    });
    const id = created.body.d.id as number;
    const updated = await t.call('PUT', `/api/roles/${id}`, {
      token: admin,
      body: { name: 'Locations Clerk', permissions: ['Supplier_ManageLocations'] },
    });
    expect(updated.body.d).toMatchObject({
      name: 'Locations Clerk',
      description: null,
      permissions: ['Supplier_ManageLocations'],
    });
    const [audit] = await audits('ROLE_UPDATED');
    expect(audit).toMatchObject({
      before: { name: 'Location Clerk', permissions: ['Supplier_ManageLocations', 'Supplier_ViewFAQs'] },
      after: { name: 'Locations Clerk' },
    });
    expect((await t.call('PUT', `/api/roles/${id}/inactivate`, { token: admin })).body.d).toEqual({
      id,
      status: 'INACTIVE',
    });
    expect(
      (await t.call('PUT', `/api/roles/${id}`, { token: admin, body: { name: 'X', permissions: [] } })).status,
    ).toBe(409);
    expect((await t.call('PUT', `/api/roles/${id}/activate`, { token: admin })).body.d.status).toBe('ACTIVE');
    expect((await t.call('DELETE', `/api/roles/${id}`, { token: admin })).body.d).toEqual({ id, status: 'DELETED' });
    expect((await t.call('GET', `/api/roles/${id}`, { token: admin })).status).toBe(404);
    // The name of a deleted role is free again.
    expect(
      (await t.call('POST', '/api/roles', { token: admin, body: { name: 'Location Clerk', permissions: [] } })).status,
    ).toBe(200);
    expect((await audits('ROLE_CREATED')).length).toBe(2);
    expect(await audits('ROLE_DELETED')).toHaveLength(1);
  });

  it("holds only permissions of the organisation's own type, and unique names", async () => {
    const foreign = await t.call('POST', '/api/roles', {
      token: admin,
      body: { name: 'Odd', permissions: ['Supplier_ManageUsers', 'Provider_ManageUsers', 'Made_Up'] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.m).toBe('Permissions not available to a SUPPLIER organization: Provider_ManageUsers, Made_Up');
    const taken = await t.call('POST', '/api/roles', {
      token: admin,
      body: { name: 'recall coordinator', permissions: [] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.m).toBe(messageText('ROLE_NAME_TAKEN'));
    expect((await t.call('POST', '/api/roles', { token: admin, body: { name: '', permissions: [] } })).body.m).toBe(
      'name is required',
    );
    expect((await t.call('POST', '/api/roles', { token: admin, body: { name: 'X' } })).body.m).toBe(
      'permissions is required',
    );
    // A provider's roles take provider permissions.
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    expect(
      (
        await t.call('POST', '/api/roles', {
          token: provider,
          body: { name: 'Site Clerk', permissions: ['Provider_ManageLocations'] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('POST', '/api/roles', {
          token: provider,
          body: { name: 'Bad', permissions: ['Supplier_ManageLocations'] },
        })
      ).status,
    ).toBe(400);
  });

  it('refuses to delete a role members hold (409) and to change the Administrator role (422)', async () => {
    const coordinator = await roleId('Recall Coordinator');
    const res = await t.call('DELETE', `/api/roles/${coordinator}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.m).toBe(messageText('ROLE_IN_USE'));
    const administrator = await roleId('Administrator');
    expect(
      (await t.call('PUT', `/api/roles/${administrator}`, { token: admin, body: { name: 'Boss', permissions: [] } }))
        .status,
    ).toBe(422);
    expect((await t.call('DELETE', `/api/roles/${administrator}`, { token: admin })).body.m).toBe(
      messageText('ADMINISTRATOR_ROLE'),
    );
  });

  it("answers 404 for another supplier's roles", async () => {
    const borealisRole = await roleId('Recall Coordinator', 'Borealis Pharma');
    for (const [method, path, body] of [
      ['PUT', `/api/roles/${borealisRole}`, { name: 'Mine now', permissions: [] }],
      ['PUT', `/api/roles/${borealisRole}/inactivate`, undefined],
      ['DELETE', `/api/roles/${borealisRole}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: admin, body });
      expect(res.status, path).toBe(404);
      expect(res.body.m).toBe(messageText('ROLE_NOT_FOUND'));
    }
    expect(await t.db('roles').where({ id: borealisRole }).first('name', 'status')).toEqual({
      name: 'Recall Coordinator',
      status: 'ACTIVE',
    });
  });
});
