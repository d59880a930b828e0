import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { fileDate, schemaErrors, messageText } from '@portal/core';
import { addMembership, createRole, findOrCreateUser, resolveSupplierName } from './index.js';

const BASE = '/api/notisphere/organizations';
let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
});
afterAll(() => t.close());

const idOf = async (table: string, where: Record<string, unknown>) =>
  Number(((await t.db(table).where(where).first('id')) as { id: number }).id);
const audits = (action: string) => t.db('audit_events').where({ action }).orderBy('id');
const tokenIn = (text: string) => decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(text)?.[1] ?? '');

/** An operator user whose role holds only `permissions`. */
async function operatorWith(email: string, permissions: string[]): Promise<string> {
  const orgId = await idOf('organizations', { type: 'NOTISPHERE' });
  await t.db.transaction(async (trx) => {
    const roleId = await createRole(
      trx,
      orgId,
      'NOTISPHERE',
      `Only ${permissions.join(' ') || 'dashboard'}`,
      permissions,
    );
    const user = await findOrCreateUser(trx, {
      email,
      password: 'Portal#2026',
      first_name: 'Limited',
      last_name: 'Operator',
      status: 'VERIFIED',
    });
    await addMembership(trx, user.id, orgId, roleId);
  });
  return (await t.signIn(email)).access_token;
}

const admin = { first_name: 'Ada', last_name: 'Admin', email: 'ada@zenith.demo' };

describe('access', () => {
  const calls: [string, string][] = [
    ['GET', '/filters-meta/sso'],
    ['GET', '/filters-meta/status'],
    ['GET', '/filters-meta/notisphere-managed'],
    ['GET', '/meta'],
    ['GET', '/recall-Orgmeta'],
    ['GET', '/suppliers'],
    ['POST', '/create-suppliers'],
    ['GET', '/supplierNameList'],
    ['PUT', '/link-suppliers/1/1'],
    ['GET', '/suppliers-list'],
    ['GET', '/update-suppliers-list?id=1&status=ACTIVE'],
    ['GET', '/suppliers/1'],
    ['PUT', '/suppliers/1'],
    ['DELETE', '/suppliers/1'],
    ['POST', '/suppliers'],
    ['GET', '/providers'],
    ['GET', '/providers/1'],
    ['PUT', '/providers/1'],
    ['DELETE', '/providers/1'],
    ['POST', '/providers'],
    ['GET', '/providerorgmeta'],
    ['GET', '/providerdocdata/1'],
    ['GET', '/downloadprovideraccountcsv'],
    ['GET', '/downloadprovideraccountxlsx'],
  ];

  it('refuses every call to a supplier and a provider (403), and to anonymous callers (401)', async () => {
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    const provider = (await t.signIn('admin@lakeshore.demo')).access_token;
    for (const [method, path] of calls) {
      for (const token of [supplier, provider]) {
        const res = await t.call(method, `${BASE}${path}`, { token, body: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await t.call(method, `${BASE}${path}`)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses an operator without the permission named for the route', async () => {
    const dashboardOnly = await operatorWith('dash@operator.demo', ['Notisphere_ViewDashboard']);
    for (const [method, path] of calls) {
      const res = await t.call(method, `${BASE}${path}`, {
        token: dashboardOnly,
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Suppliers only: the provider calls stay closed, the supplier calls open.
    const suppliersOnly = await operatorWith('sup@operator.demo', ['Notisphere_ManageSuppliers']);
    expect((await t.call('GET', `${BASE}/providers`, { token: suppliersOnly })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/downloadprovideraccountcsv`, { token: suppliersOnly })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/suppliers`, { token: suppliersOnly })).status).toBe(200);
    // The supplier master's page is guarded by Notisphere_ManageUserGuides (spec 000 §2): its calls admit it too.
    const guides = await operatorWith('guides@operator.demo', ['Notisphere_ManageUserGuides']);
    expect((await t.call('GET', `${BASE}/suppliers-list`, { token: guides })).status).toBe(200);
    expect((await t.call('GET', `${BASE}/suppliers`, { token: guides })).status).toBe(403);
  });
});

describe('meta', () => {
  it('answers the filter options and the organisation pickers', async () => {
    const get = async (path: string) => (await t.call('GET', `${BASE}${path}`, { token: operator })).body.d;
    expect(await get('/filters-meta/sso')).toEqual([
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ]);
    expect(await get('/filters-meta/notisphere-managed')).toHaveLength(2);
    expect(await get('/filters-meta/status')).toEqual([
      { value: 'ACTIVE', label: 'Active' },
      { value: 'DEACTIVATED', label: 'Deactivated' },
      { value: 'PENDING', label: 'Pending' },
      { value: 'LINKED', label: 'Linked' },
    ]);
    const suppliers = (await get('/meta?orgType=SUPPLIER')) as { name: string; type: string }[];
    expect(suppliers.map((s) => s.name)).toEqual(['Acme Medical Devices', 'Borealis Pharma']);
    expect((await get('/meta')).length).toBeGreaterThan(5);
    expect(((await get('/meta?search=%20lake%20')) as { name: string }[]).map((o) => o.name)).toEqual([
      'Lakeshore Medical Center',
    ]);
    expect((await t.call('GET', `${BASE}/meta?orgType=OTHER`, { token: operator })).status).toBe(400);
    const recall = await get('/recall-Orgmeta');
    expect(recall.suppliers.map((s: { name: string }) => s.name)).toEqual(['Acme Medical Devices', 'Borealis Pharma']);
    expect(recall.providers.map((s: { name: string }) => s.name)).toContain('Riverside North Campus');
    const systems = (await get('/providerorgmeta')) as { name: string }[];
    expect(systems.map((s) => s.name)).toEqual(['Lakeshore Medical Center', 'Riverside Health']);
  });
});

describe('suppliers', () => {
  it('onboards a supplier: roles, settings, an administrator invited by email who sets a password and signs in', async () => {
    const res = await t.call('POST', `${BASE}/suppliers`, {
      token: operator,
      body: {
        name: ' Zenith Surgical ',
        address1: '9 Summit Rd',
        city: 'Denver',
        state: 'CO',
        zip: '80202',
        is_notisphere_managed: true,
        requires_second_factor: false,
        self_registration_link: 'zenith-surgical',
        self_registration_role: 'recall coordinator',
        administrator: { ...admin, email: 'Ada@Zenith.demo' },
      },
    });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d).toMatchObject({
      name: 'Zenith Surgical',
      type: 'SUPPLIER',
      status: 'ACTIVE',
      is_notisphere_managed: true,
      is_sso: false,
      admin_email: 'ada@zenith.demo',
      admin_name: 'Ada Admin',
      admin_status: 'VERIFICATION',
      self_registration_link: 'zenith-surgical',
      self_registration_role: 'Recall Coordinator',
      self_registration_url: `${t.config.appUrl}/registration/zenith-surgical`,
      user_count: 1,
    });
    expect(res.body.d.notisphere_id).toMatch(/^SUP-\d{6}$/);
    expect(res.body.d.roles.map((r: { name: string }) => r.name)).toContain('Administrator');

    const mail = await t.smtp.waitFor('ada@zenith.demo');
    expect(mail.subject).toBe('Your Zenith Surgical account is ready');
    const token = tokenIn(mail.text);
    expect(token.length).toBeGreaterThan(40);
    expect(
      (await t.call('POST', '/api/auth/reset-password', { body: { token, password: 'Zenith#2026x' } })).status,
    ).toBe(200);
    const signedIn = await t.signIn('ada@zenith.demo', { password: 'Zenith#2026x' });
    const me = await t.call('GET', '/api/me', { token: signedIn.access_token });
    expect(me.status).toBe(200);
    const detail = await t.call('GET', `${BASE}/suppliers/${res.body.d.id}`, { token: operator });
    expect(detail.body.d.admin_status).toBe('VERIFIED');

    const [audit] = await audits('ORGANIZATION_CREATED');
    expect(audit).toMatchObject({
      organization_id: res.body.d.id,
      actor_email: 'admin@operator.demo',
      after: { type: 'SUPPLIER', name: 'Zenith Surgical', administrator: { email: 'ada@zenith.demo' } },
    });
  });

  it('refuses bad input with clear messages and never half-creates', async () => {
    const before = Number((await t.db('organizations').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    const cases: [object, number, string | RegExp][] = [
      [{ name: 'X' }, 400, /administrator/],
      [{ name: '  ', administrator: admin }, 400, 'name is required'],
      [{ name: 'X', administrator: { ...admin, email: 'nope' } }, 400, /email/i],
      [{ name: 'X', zip: '12', administrator: { ...admin, email: 'x1@x.demo' } }, 400, 'Invalid ZIP code'],
      [{ name: 'X', phone: '12', administrator: { ...admin, email: 'x2@x.demo' } }, 400, 'Invalid phone number'],
      [
        { name: 'X', self_registration_role: 'Chief', administrator: { ...admin, email: 'x3@x.demo' } },
        400,
        messageText('SELF_REGISTRATION_ROLE_INVALID'),
      ],
      [
        { name: 'X', self_registration_link: 'has space', administrator: { ...admin, email: 'x4@x.demo' } },
        400,
        /self_registration_link/,
      ],
      [
        { name: 'X', self_registration_link: 'riverside-health', administrator: { ...admin, email: 'x5@x.demo' } },
        409,
        messageText('LINK_TAKEN'),
      ],
      [
        { name: 'X', notisphere_id: 'SUP-0001', administrator: { ...admin, email: 'x6@x.demo' } },
        409,
        messageText('NOTISPHERE_ID_TAKEN'),
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', `${BASE}/suppliers`, { token: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.body.m).toBe(message);
      else expect(res.body.m).toMatch(message);
    }
    const after = Number((await t.db('organizations').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    expect(after).toBe(before);
  });

  it('adds a person who already has an account as the administrator, with a notice instead of an invitation', async () => {
    const res = await t.call('POST', `${BASE}/suppliers`, {
      token: operator,
      body: {
        name: 'Acme Europe',
        administrator: { first_name: 'Alice', last_name: 'Acme', email: 'admin@acme.demo' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({ admin_email: 'admin@acme.demo', admin_status: 'VERIFIED' });
    expect((await t.smtp.waitFor('admin@acme.demo', (m) => m.subject.includes('Acme Europe'))).subject).toBe(
      'You have been added to Acme Europe',
    );
  });

  it('lists suppliers with the address filters, exact status and flag filters, search and sort', async () => {
    const list = async (query: string) => {
      const res = await t.call('GET', `${BASE}/suppliers?${query}`, { token: operator });
      expect(res.status, res.body.m).toBe(200);
      return res.body.d as { items: { name: string }[]; total: number };
    };
    const all = await list('sortField=name&sortDirection=asc');
    expect(all.items.map((r) => r.name)).toEqual([
      'Acme Europe',
      'Acme Medical Devices',
      'Borealis Pharma',
      'Zenith Surgical',
    ]);
    expect(all.total).toBe(4);
    expect((await list('city=%20denver%20')).items.map((r) => r.name)).toEqual(['Zenith Surgical']);
    expect((await list('name=acme&sortField=name')).items.map((r) => r.name)).toEqual([
      'Acme Europe',
      'Acme Medical Devices',
    ]);
    expect((await list('zip=07102')).items.map((r) => r.name)).toEqual(['Borealis Pharma']);
    expect((await list('add1=innovation')).items.map((r) => r.name)).toEqual(['Acme Medical Devices']);
    expect((await list('search=%20zenith%20')).items.map((r) => r.name)).toEqual(['Zenith Surgical']);
    const managed = encodeURIComponent(
      JSON.stringify({ is_notisphere_managed: { filterType: 'text', type: 'contains', filter: 'true' } }),
    );
    expect((await list(`filterModel=${managed}`)).items.map((r) => r.name)).toEqual(['Zenith Surgical']);
    const byAdmin = encodeURIComponent(JSON.stringify({ admin_email: { filter: 'bjorn' } }));
    expect((await list(`filterModel=${byAdmin}`)).total).toBe(0);
    const bad = await t.call('GET', `${BASE}/suppliers?sortField=constructor`, { token: operator });
    expect(bad.status).toBe(400);
    const badFlag = encodeURIComponent(JSON.stringify({ is_sso: { filter: 'maybe' } }));
    expect((await t.call('GET', `${BASE}/suppliers?filterModel=${badFlag}`, { token: operator })).status).toBe(400);
  });

  it('updates the fields sent and refuses a missing supplier (404) and a provider id (404)', async () => {
    const zenith = await idOf('organizations', { name: 'Zenith Surgical' });
    const res = await t.call('PUT', `${BASE}/suppliers/${zenith}`, {
      token: operator,
      body: { city: 'Boulder', is_sso: true, self_registration_role: null, requires_second_factor: true },
    });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d).toMatchObject({
      name: 'Zenith Surgical',
      city: 'Boulder',
      is_sso: true,
      requires_second_factor: true,
      self_registration_role: null,
    });
    const [audit] = await audits('ORGANIZATION_UPDATED');
    expect(audit).toMatchObject({
      before: { city: 'Denver', is_sso: false },
      after: { city: 'Boulder', is_sso: true },
    });
    expect(res.body.d.isSSO).toBe(true);
    // The spec's spelling of the flag is read and written too.
    const spec = await t.call('PUT', `${BASE}/suppliers/${zenith}`, { token: operator, body: { isSSO: false } });
    expect(spec.status, spec.body.m).toBe(200);
    expect(spec.body.d).toMatchObject({ is_sso: false, isSSO: false });
    const listed = await t.call('GET', `${BASE}/suppliers?search=Zenith`, { token: operator });
    expect(listed.body.d.items[0]).toMatchObject({ name: 'Zenith Surgical', is_sso: false, isSSO: false });
    const provider = await idOf('organizations', { name: 'Lakeshore Medical Center' });
    for (const id of [provider, 999999]) {
      expect((await t.call('GET', `${BASE}/suppliers/${id}`, { token: operator })).status).toBe(404);
      expect((await t.call('PUT', `${BASE}/suppliers/${id}`, { token: operator, body: { city: 'X' } })).status).toBe(
        404,
      );
      expect((await t.call('DELETE', `${BASE}/suppliers/${id}`, { token: operator })).status).toBe(404);
    }
    expect((await t.call('PUT', `${BASE}/suppliers/${zenith}`, { token: operator, body: { name: ' ' } })).status).toBe(
      400,
    );
  });

  it("deactivates a supplier softly: its users' sessions end at once, its data stays; reactivating restores sign-in", async () => {
    const borealis = await idOf('organizations', { name: 'Borealis Pharma' });
    const session = await t.signIn('admin@borealis.demo');
    expect((await t.call('GET', '/api/me', { token: session.access_token })).status).toBe(200);
    // A person with another membership keeps that session.
    const acmeSession = await t.signIn('admin@acme.demo', {
      orgId: await idOf('organizations', { name: 'Acme Medical Devices' }),
    });

    const res = await t.call('DELETE', `${BASE}/suppliers/${borealis}`, { token: operator });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d).toMatchObject({ id: borealis, status: 'DEACTIVATED' });
    expect(res.body.d.sessions_ended).toBeGreaterThanOrEqual(1);

    expect((await t.call('GET', '/api/me', { token: session.access_token })).status).toBe(401);
    expect((await t.refresh(session.refresh_token)).status).toBe(401);
    const live = await t.db('refresh_tokens').where({ organization_id: borealis }).whereNull('revoked_at');
    expect(live).toHaveLength(0);
    expect((await t.call('GET', '/api/me', { token: acmeSession.access_token })).status).toBe(200);
    // Nothing is deleted: the organisation, its users and memberships are still there.
    expect(await t.db('organizations').where({ id: borealis }).first('status')).toEqual({ status: 'DEACTIVATED' });
    expect(await t.db('memberships').where({ organization_id: borealis })).toHaveLength(1);
    expect((await t.call('DELETE', `${BASE}/suppliers/${borealis}`, { token: operator })).status).toBe(409);
    const edit = await t.call('PUT', `${BASE}/suppliers/${borealis}`, { token: operator, body: { city: 'X' } });
    expect(edit.status).toBe(409);
    expect(edit.body.m).toBe(messageText('INVALID_STATUS.editDeactivatedOrganization'));
    const [audit] = await audits('ORGANIZATION_DEACTIVATED');
    expect(audit).toMatchObject({
      entity_id: String(borealis),
      actor_email: 'admin@operator.demo',
      after: { status: 'DEACTIVATED' },
    });

    const statusFilter = encodeURIComponent(JSON.stringify({ status: { filter: 'ACTIVE' } }));
    const active = await t.call('GET', `${BASE}/suppliers?filterModel=${statusFilter}`, { token: operator });
    expect(active.body.d.items.map((r: { name: string }) => r.name)).not.toContain('Borealis Pharma');

    const back = await t.call('PUT', `${BASE}/suppliers/${borealis}`, { token: operator, body: { status: 'ACTIVE' } });
    expect(back.status).toBe(200);
    expect(back.body.d.status).toBe('ACTIVE');
    await t.signIn('admin@borealis.demo');
  });
});

describe('providers', () => {
  let summit = 0;

  it('onboards a health system with its sites and invites its administrator', async () => {
    const res = await t.call('POST', `${BASE}/providers`, {
      token: operator,
      body: {
        name: 'Summit Health',
        address1: '1 Peak Ave',
        city: 'Portland',
        state: 'OR',
        zip: '97201',
        is_sso: false,
        administrator: { first_name: 'Sam', last_name: 'Summit', email: 'sam@summit.demo' },
        sites: [
          { name: 'Summit East Clinic', city: 'Portland', zip: '97214' },
          { name: 'Summit West Hospital', notisphere_id: 'PRV-SUM-W', zip: '97229' },
        ],
      },
    });
    expect(res.status, res.body.m).toBe(200);
    summit = res.body.d.id;
    expect(res.body.d).toMatchObject({ name: 'Summit Health', type: 'PROVIDER', admin_status: 'VERIFICATION' });
    expect(res.body.d.sites.map((s: { name: string }) => s.name)).toEqual([
      'Summit East Clinic',
      'Summit West Hospital',
    ]);
    expect(res.body.d.sites[1].notisphere_id).toBe('PRV-SUM-W');
    expect(res.body.d.sites[0].notisphere_id).toMatch(/^PRV-\d{6}$/);
    // Sites are provider organisations under the health system, each with its own roles.
    const east = await idOf('organizations', { name: 'Summit East Clinic' });
    expect(await t.db('organizations').where({ id: east }).first('parent_id', 'type')).toEqual({
      parent_id: summit,
      type: 'PROVIDER',
    });
    expect((await t.db('roles').where({ organization_id: east })).length).toBeGreaterThan(0);
    const mail = await t.smtp.waitFor('sam@summit.demo');
    expect(mail.subject).toBe('Your Summit Health account is ready');
    expect(tokenIn(mail.text).length).toBeGreaterThan(40);
  });

  it('refuses a site without a name and a bad site address', async () => {
    const base = { name: 'Bad Health', administrator: { first_name: 'B', last_name: 'H', email: 'bh@bad.demo' } };
    const noName = await t.call('POST', `${BASE}/providers`, {
      token: operator,
      body: { ...base, sites: [{ city: 'X' }] },
    });
    expect(noName.status).toBe(400);
    const badZip = await t.call('POST', `${BASE}/providers`, {
      token: operator,
      body: { ...base, sites: [{ name: 'S', zip: 'abc' }] },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.m).toBe('sites[0]: Invalid ZIP code');
    expect(await t.db('organizations').where({ name: 'Bad Health' })).toHaveLength(0);
  });

  it('lists health systems with sites, notisphere_id and address filters', async () => {
    const list = async (query: string) =>
      (await t.call('GET', `${BASE}/providers?${query}`, { token: operator })).body.d as {
        items: { name: string; site_count: number; sites: string | null }[];
        total: number;
      };
    const all = await list('sortField=name');
    expect(all.items.map((r) => r.name)).toEqual(['Lakeshore Medical Center', 'Riverside Health', 'Summit Health']);
    expect(all.items.find((r) => r.name === 'Riverside Health')).toMatchObject({
      site_count: 2,
      sites: 'Riverside North Campus, Riverside South Clinic',
    });
    expect((await list('sites=%20south%20')).items.map((r) => r.name)).toEqual(['Riverside Health']);
    expect((await list('notisphere_id=PRV-SUM-W')).items.map((r) => r.name)).toEqual(['Summit Health']);
    expect((await list('notisphere_id=PRV-0002')).items.map((r) => r.name)).toEqual(['Lakeshore Medical Center']);
    expect((await list('state=or')).items.map((r) => r.name)).toEqual(['Summit Health']);
    const bySite = encodeURIComponent(JSON.stringify({ sites: { filter: 'west' } }));
    expect((await list(`filterModel=${bySite}`)).items.map((r) => r.name)).toEqual(['Summit Health']);
    // A site is not a provider of this list: its id answers 404.
    const north = await idOf('organizations', { name: 'Riverside North Campus' });
    expect((await t.call('GET', `${BASE}/providers/${north}`, { token: operator })).status).toBe(404);
  });

  it('edits the health system and its sites: adds one, renames one, deactivates one (its sessions end)', async () => {
    const detail = (await t.call('GET', `${BASE}/providers/${summit}`, { token: operator })).body.d;
    const [east, west] = detail.sites as { id: number; name: string }[];
    const res = await t.call('PUT', `${BASE}/providers/${summit}`, {
      token: operator,
      body: {
        name: 'Summit Health System',
        sites: [
          { id: east!.id, name: 'Summit East Clinic & Lab' },
          { id: west!.id, status: 'DEACTIVATED' },
          { name: 'Summit North Urgent Care', zip: '97217' },
        ],
      },
    });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d.name).toBe('Summit Health System');
    expect(res.body.d.sites.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Summit East Clinic & Lab', 'ACTIVE'],
      ['Summit North Urgent Care', 'ACTIVE'],
      ['Summit West Hospital', 'DEACTIVATED'],
    ]);
    const other = await idOf('organizations', { name: 'Riverside North Campus' });
    const foreign = await t.call('PUT', `${BASE}/providers/${summit}`, {
      token: operator,
      body: { sites: [{ id: other, name: 'Stolen' }] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.m).toBe(messageText('SITE_NOT_FOUND_IN_PROVIDER'));
  });

  it('answers one provider’s account data', async () => {
    const res = await t.call('GET', `${BASE}/providerdocdata/${summit}`, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.d.provider).toEqual({ id: summit, name: 'Summit Health System' });
    expect(res.body.d.lines.map((l: { name: string; is_site: boolean }) => [l.name, l.is_site])).toEqual([
      ['Summit Health System', false],
      ['Summit East Clinic & Lab', true],
      ['Summit North Urgent Care', true],
      ['Summit West Hospital', true],
    ]);
    expect(res.body.d.lines[0]).toMatchObject({ admin_email: 'sam@summit.demo', user_count: 1 });
    expect((await t.call('GET', `${BASE}/providerdocdata/999999`, { token: operator })).status).toBe(404);
  });

  it('downloads the Provider Account Report as XLSX and CSV, list filters applied', async () => {
    const res = await fetch(`${t.baseUrl}${BASE}/downloadprovideraccountxlsx?sortField=name`, {
      headers: { authorization: `Bearer ${operator}`, timezone: 'Asia/Tokyo' },
    });
    expect(res.status).toBe(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? ''),
    ).toBe(`Provider Account Report ${fileDate(new Date(), 'Asia/Tokyo')}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]?.slice(0, 3)).toEqual(['Health System', 'Site', 'Notisphere ID']);
    expect(rows.slice(1).map((r) => [r[0], r[1] ?? ''])).toEqual([
      ['Lakeshore Medical Center', ''],
      ['Riverside Health', ''],
      ['Riverside Health', 'Riverside North Campus'],
      ['Riverside Health', 'Riverside South Clinic'],
      ['Summit Health System', ''],
      ['Summit Health System', 'Summit East Clinic & Lab'],
      ['Summit Health System', 'Summit North Urgent Care'],
      ['Summit Health System', 'Summit West Hospital'],
    ]);
    expect(rows[5]?.[16]).toBe('Verification Email Sent');
    const csv = await fetch(`${t.baseUrl}${BASE}/downloadprovideraccountcsv?name=riverside`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('Provider%20Account%20Report');
    expect((await csv.text()).trim().split('\n')).toHaveLength(4);
    const bad = await fetch(`${t.baseUrl}${BASE}/downloadprovideraccountcsv?sortField=toString`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(bad.status).toBe(400);
  });

  it('deactivates a health system with its sites and ends the sessions of both', async () => {
    const riverside = await idOf('organizations', { name: 'Riverside Health' });
    const session = await t.signIn('admin@riverside.demo');
    // A user of a site: the site goes with its health system, and so does that session.
    const north = await idOf('organizations', { name: 'Riverside North Campus' });
    await t.db.transaction(async (trx) => {
      const user = await findOrCreateUser(trx, {
        email: 'nurse@north.demo',
        password: 'Portal#2026',
        first_name: 'Nora',
        last_name: 'North',
        status: 'VERIFIED',
      });
      const role = await idOf('roles', { organization_id: north, name: 'Responder' });
      await addMembership(trx, user.id, north, role);
    });
    const siteSession = await t.signIn('nurse@north.demo');
    expect((await t.call('GET', '/api/me', { token: siteSession.access_token })).status).toBe(200);
    const res = await t.call('DELETE', `${BASE}/providers/${riverside}`, { token: operator });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/me', { token: session.access_token })).status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: siteSession.access_token })).status).toBe(401);
    expect((await t.db('organizations').where({ parent_id: riverside }).pluck('status')) as string[]).toEqual([
      'DEACTIVATED',
      'DEACTIVATED',
    ]);
    const back = await t.call('PUT', `${BASE}/providers/${riverside}`, { token: operator, body: { status: 'ACTIVE' } });
    expect(back.body.d.sites.map((s: { status: string }) => s.status)).toEqual(['ACTIVE', 'ACTIVE']);
  });
});

describe('supplier master', () => {
  it('lists the names by status, adds new ones once per spelling, links, unlinks and sets them aside', async () => {
    const list = async (query = '') =>
      (await t.call('GET', `${BASE}/suppliers-list?sortField=name${query}`, { token: operator })).body.d as {
        items: { id: number; name: string; status: string; organization_name: string | null }[];
        total: number;
      };
    expect((await list()).items.map((r) => [r.name, r.status, r.organization_name])).toEqual([
      ['ACME MED DEVICES INC', 'LINKED', 'Acme Medical Devices'],
      ['Acme Medical Devices', 'LINKED', 'Acme Medical Devices'],
      ['BOREALIS PHARMA LLC', 'LINKED', 'Borealis Pharma'],
      ['ZENITH SURGICAL SUPPLY CO', 'PENDING', null],
    ]);
    expect((await list('&status=PENDING')).items.map((r) => r.name)).toEqual(['ZENITH SURGICAL SUPPLY CO']);
    expect((await t.call('GET', `${BASE}/suppliers-list?status=GONE`, { token: operator })).status).toBe(400);

    const created = await t.call('POST', `${BASE}/create-suppliers`, {
      token: operator,
      body: { names: ['Acme Med. Devices, Inc.', '  Zenith  Surgical ', 'zenith surgical'] },
    });
    expect(created.status, created.body.m).toBe(200);
    expect(created.body.d.created.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Zenith Surgical', 'PENDING'],
    ]);
    expect(created.body.d.skipped).toEqual(['Acme Med. Devices, Inc.']);
    expect(
      (await t.call('POST', `${BASE}/create-suppliers`, { token: operator, body: { names: [' .. '] } })).body.m,
    ).toBe(messageText('SUPPLIER_NAMES_BLANK'));

    const names = (await t.call('GET', `${BASE}/supplierNameList?search=zen`, { token: operator })).body.d as {
      id: number;
      name: string;
    }[];
    expect(names.map((n) => n.name)).toEqual(['Zenith Surgical']);
    const entry = created.body.d.created[0] as { id: number };
    expect(await resolveSupplierName(t.db, 'ZENITH SURGICAL CO')).toBeNull();
    const linked = await t.call('PUT', `${BASE}/link-suppliers/${entry.id}/${names[0]!.id}`, { token: operator });
    expect(linked.body.d).toMatchObject({ status: 'LINKED', organization_name: 'Zenith Surgical' });
    expect(await resolveSupplierName(t.db, 'ACME MED DEVICES, INC')).toBe(
      await idOf('organizations', { name: 'Acme Medical Devices' }),
    );
    const provider = await idOf('organizations', { name: 'Lakeshore Medical Center' });
    expect((await t.call('PUT', `${BASE}/link-suppliers/${entry.id}/${provider}`, { token: operator })).status).toBe(
      404,
    );

    const aside = await t.call('GET', `${BASE}/update-suppliers-list?id=${entry.id}&status=DEACTIVATED`, {
      token: operator,
    });
    expect(aside.body.d.status).toBe('DEACTIVATED');
    expect(await resolveSupplierName(t.db, 'zenith surgical')).toBe(names[0]!.id); // the organisation's own name still resolves
    const refused = await t.call('PUT', `${BASE}/link-suppliers/${entry.id}/0`, { token: operator });
    expect(refused.status).toBe(409);
    expect(
      (await t.call('GET', `${BASE}/update-suppliers-list?id=${entry.id}&status=DEACTIVATED`, { token: operator }))
        .status,
    ).toBe(409);
    const restored = await t.call('GET', `${BASE}/update-suppliers-list?id=${entry.id}&status=ACTIVE`, {
      token: operator,
    });
    expect(restored.body.d.status).toBe('LINKED');
    const unlinked = await t.call('PUT', `${BASE}/link-suppliers/${entry.id}/0`, { token: operator });
    expect(unlinked.body.d).toMatchObject({ status: 'PENDING', organization_id: null });
    expect(
      (await t.call('GET', `${BASE}/update-suppliers-list?id=999999&status=ACTIVE`, { token: operator })).status,
    ).toBe(404);
    expect((await audits('SUPPLIER_MASTER_LINKED')).length).toBe(1);
    expect((await audits('SUPPLIER_MASTER_DEACTIVATED')).length).toBe(1);
  });
});

describe('declared answers', () => {
  it('match what the server sends (lists, details, the supplier master), against the served OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: { 200: { content: { 'application/json': { schema: object } } } } }>
      >;
    };
    const check = async (path: string, url: string) => {
      const schema = doc.paths[path]?.get?.responses[200].content['application/json'].schema;
      expect(schema, path).toBeDefined();
      const res = await t.call('GET', url, { token: operator });
      expect(res.status, url).toBe(200);
      expect(schemaErrors(schema!, res.body), url).toEqual([]);
    };
    const supplier = await idOf('organizations', { name: 'Acme Medical Devices' });
    const provider = await idOf('organizations', { name: 'Riverside Health' });
    await check(`${BASE}/suppliers`, `${BASE}/suppliers`);
    await check(`${BASE}/suppliers/{id}`, `${BASE}/suppliers/${supplier}`);
    await check(`${BASE}/providers`, `${BASE}/providers`);
    await check(`${BASE}/providers/{id}`, `${BASE}/providers/${provider}`);
    await check(`${BASE}/suppliers-list`, `${BASE}/suppliers-list`);
    await check(`${BASE}/supplierNameList`, `${BASE}/supplierNameList`);
    await check(`${BASE}/meta`, `${BASE}/meta`);
    await check(`${BASE}/providerorgmeta`, `${BASE}/providerorgmeta`);
    await check(`${BASE}/filters-meta/status`, `${BASE}/filters-meta/status`);
    await check(`${BASE}/filters-meta/sso`, `${BASE}/filters-meta/sso`);
  });
});
