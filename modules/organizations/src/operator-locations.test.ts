import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type World, world } from '@portal/testing';
import { fileDate } from '@portal/core';
import { addMembership, createRole, findOrCreateUser } from './index.js';

let t: TestApp;
let w: World;
let operator: string;
let borealis: number;
const ids: Record<string, number> = {};

/** An operator user whose role holds only `permissions`. */
async function operatorWith(email: string, permissions: string[]): Promise<string> {
  const orgId = Number(((await t.db('organizations').where({ type: 'NOTISPHERE' }).first('id')) as { id: number }).id);
  await t.db.transaction(async (trx) => {
    const roleId = await createRole(trx, orgId, 'NOTISPHERE', `Only ${permissions.join(' ')}`, permissions);
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

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  borealis = Number(
    ((await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number }).id,
  );
  const location = (
    supplier: number,
    key: string,
    name: string,
    provider: number | null,
    extra: Record<string, unknown> = {},
  ) => ({
    organization_id: supplier,
    location_id: key,
    location_name: name,
    city: 'Springfield',
    state: 'IL',
    provider_organization_id: provider,
    status: 'ACTIVE',
    ...extra,
  });
  const rows = (await t
    .db('supplier_locations')
    .insert([
      location(w.acme, 'OPL-1', 'Oplist Main Pharmacy', w.riverside),
      location(w.acme, 'OPL-2', 'Oplist North Ward', w.north, { verification_status: 'COVERED' }),
      location(w.acme, 'OPL-3', 'Oplist Unmapped Dock', null, { state: 'WI' }),
      location(borealis, 'OPL-4', 'Oplist Lakeshore Dock', w.lakeshore),
      location(w.acme, 'OPL-5', 'Oplist Old Dock', w.riverside, { status: 'INACTIVE' }),
      location(w.acme, 'OPL-6', 'Oplist Gone Dock', w.riverside, { status: 'DELETED' }),
    ])
    .returning(['id', 'location_id'])) as { id: number; location_id: string }[];
  for (const r of rows) ids[r.location_id] = Number(r.id);
});
afterAll(() => t.close());

const get = (path: string, token = operator) => t.call('GET', `/api${path}`, { token });
const search = `search=${encodeURIComponent(' oplist ')}`;
const filter = (model: Record<string, string | number>) =>
  `filterModel=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(Object.entries(model).map(([k, v]) => [k, { filter: String(v) }]))),
  )}`;
type Row = { location_id: string; supplier_name: string; verification_status: string | null };
const keys = (res: { body: { d?: { items: Row[] } } }) => res.body.d!.items.map((r) => r.location_id).sort();

describe('operator locations: access', () => {
  const calls: [string, string][] = [
    ['GET', '/notisphere/locations'],
    ['GET', '/notisphere/locations/csv-download'],
    ['GET', '/notisphere/locations/xlsx-download'],
    ['GET', '/notisphere/locations/suppliers'],
    ['GET', '/notisphere/locations-verification'],
    ['PUT', '/notisphere/locations-verification'],
  ];

  it('refuses suppliers, providers and operators without Notisphere_ManageLocations (403), and anonymous callers (401)', async () => {
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    const other = await operatorWith('suppliers-only@operator.demo', ['Notisphere_ManageSuppliers']);
    for (const [method, path] of calls) {
      const body = method === 'PUT' ? { ids: [ids['OPL-1']], status: 'COVERED' } : undefined;
      for (const token of [w.supplierToken, provider, other])
        expect((await t.call(method, `/api${path}`, { token, body })).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, `/api${path}`, { body })).status, `${method} ${path}`).toBe(401);
    }
    const locations = await operatorWith('locations-only@operator.demo', ['Notisphere_ManageLocations']);
    expect((await get('/notisphere/locations', locations)).status).toBe(200);
  });
});

describe('operator locations: every location of every supplier', () => {
  it('lists every supplier, deleted ones left out, with the supplier, provider and verification', async () => {
    const res = await get(`/notisphere/locations?${search}`);
    expect(res.status).toBe(200);
    expect(keys(res)).toEqual(['OPL-1', 'OPL-2', 'OPL-3', 'OPL-4', 'OPL-5']);
    const north = res.body.d.items.find((r: Row) => r.location_id === 'OPL-2');
    expect(north).toMatchObject({
      supplier_name: 'Acme Medical Devices',
      provider_name: 'Riverside North Campus',
      verification_status: 'COVERED',
      status: 'ACTIVE',
    });
  });

  it('filters by supplier, verification status (NONE = not verified), state and record status', async () => {
    expect(keys(await get(`/notisphere/locations?${search}&${filter({ organization_id: borealis })}`))).toEqual([
      'OPL-4',
    ]);
    expect(keys(await get(`/notisphere/locations?${search}&${filter({ verification_status: 'COVERED' })}`))).toEqual([
      'OPL-2',
    ]);
    expect(keys(await get(`/notisphere/locations?${search}&${filter({ verification_status: 'NONE' })}`))).toEqual([
      'OPL-1',
      'OPL-3',
      'OPL-4',
      'OPL-5',
    ]);
    expect(keys(await get(`/notisphere/locations?${search}&${filter({ state: 'wi' })}`))).toEqual(['OPL-3']);
    expect(keys(await get(`/notisphere/locations?${search}&${filter({ status: 'INACTIVE' })}`))).toEqual(['OPL-5']);
    // The supplier's name is searched too.
    const bySupplier = await get(`/notisphere/locations?search=${encodeURIComponent('Acme Medical')}&pageSize=500`);
    expect(bySupplier.body.d.items.every((r: Row) => r.supplier_name === 'Acme Medical Devices')).toBe(true);
    expect((await get(`/notisphere/locations?${filter({ organization_id: 'x' })}`)).status).toBe(400);
  });

  it('offers the suppliers that have locations for the filter', async () => {
    const res = await get('/notisphere/locations/suppliers');
    expect(res.status).toBe(200);
    const names = res.body.d.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Acme Medical Devices']));
    expect(res.body.d.find((s: { id: number }) => s.id === borealis)).toBeDefined();
  });

  it('downloads the list as CSV and XLSX with the file-name rule, filters applied', async () => {
    const csv = await fetch(`${t.baseUrl}/api/notisphere/locations/csv-download?${search}&${filter({ state: 'WI' })}`, {
      headers: { authorization: `Bearer ${operator}`, timezone: 'Asia/Tokyo' },
    });
    expect(csv.status).toBe(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(csv.headers.get('content-disposition') ?? '')?.[1] ?? ''),
    ).toBe(`Locations Report ${fileDate(new Date(), 'Asia/Tokyo')}.csv`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // The supplier's columns (one definition, locations.ts), led by the supplier, with the verification after the provider.
    expect(lines[0]).toBe(
      'Supplier,Location ID,Location Name,IDN,Address 1,Address 2,City,State,ZIP,Type,Email,Provider,Verification,Status,File,Last Updated',
    );
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('Oplist Unmapped Dock');
    const xlsx = await fetch(`${t.baseUrl}/api/notisphere/locations/xlsx-download?${search}`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('.xlsx');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

describe('operator locations verification', () => {
  const verify = (body: unknown, token = operator) =>
    t.call('PUT', '/api/notisphere/locations-verification', { token, body });

  it("lists every supplier's active mapped locations, filtered by supplier and status", async () => {
    const res = await get(`/notisphere/locations-verification?${search}`);
    expect(res.status).toBe(200);
    expect(keys(res)).toEqual(['OPL-1', 'OPL-2', 'OPL-4']);
    const awaiting = await get(
      `/notisphere/locations-verification?${search}&${filter({ verification_status: 'NONE' })}`,
    );
    expect(keys(awaiting)).toEqual(['OPL-1', 'OPL-4']);
    const ofBorealis = await get(
      `/notisphere/locations-verification?${search}&${filter({ supplier_organization_id: borealis })}`,
    );
    expect(keys(ofBorealis)).toEqual(['OPL-4']);
    expect(ofBorealis.body.d.items[0]).toMatchObject({
      supplier_organization_id: borealis,
      provider_name: 'Lakeshore Medical Center',
    });
  });

  it('verifies one by one and in bulk for any provider, audited with the operator', async () => {
    const one = await verify({ ids: [ids['OPL-4']], status: 'EMAILED' });
    expect(one.status).toBe(200);
    expect(one.body.d).toEqual({ updated: 1, status: 'EMAILED' });
    const bulk = await verify({ ids: [ids['OPL-1'], ids['OPL-4']], status: 'UNABLE_PROCESSED' });
    expect(bulk.body.d).toEqual({ updated: 2, status: 'UNABLE_PROCESSED' });
    const stored = (await t.db('supplier_locations').whereIn('id', [ids['OPL-1']!, ids['OPL-4']!]).orderBy('id')) as {
      verification_status: string;
      verified_by: number | null;
    }[];
    expect(stored.map((r) => r.verification_status)).toEqual(['UNABLE_PROCESSED', 'UNABLE_PROCESSED']);
    expect(stored[0]!.verified_by).not.toBeNull();
    const audits = (await t
      .db('audit_events')
      .where({ action: 'LOCATION_VERIFIED', entity_id: String(ids['OPL-4']) })
      .orderBy('id')) as { actor_email: string; before: unknown; after: unknown }[];
    expect(audits.map((a) => [a.actor_email, a.before, a.after])).toEqual([
      ['admin@operator.demo', { verification_status: null }, { verification_status: 'EMAILED' }],
      ['admin@operator.demo', { verification_status: 'EMAILED' }, { verification_status: 'UNABLE_PROCESSED' }],
    ]);
    // The provider sees the operator's answer.
    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    const seen = await get(`/provider/locations-verification?${search}`, lakeshore);
    expect(seen.body.d.items.map((r: Row) => r.verification_status)).toEqual(['UNABLE_PROCESSED']);
  });

  it('answers 404 for an unmapped, inactive, deleted or unknown location (changing nothing), 400 on bad input', async () => {
    for (const key of ['OPL-3', 'OPL-5', 'OPL-6']) {
      const res = await verify({ ids: [ids['OPL-2'], ids[key]], status: 'INVALID' });
      expect(res.status, key).toBe(404);
    }
    expect((await verify({ ids: [999999999], status: 'INVALID' })).status).toBe(404);
    const north = (await t.db('supplier_locations').where('id', ids['OPL-2']).first()) as {
      verification_status: string;
    };
    expect(north.verification_status).toBe('COVERED');
    expect((await verify({ ids: [ids['OPL-1']], status: 'PENDING' })).status).toBe(400);
    expect((await verify({ ids: [], status: 'COVERED' })).status).toBe(400);
  });
});

describe('a provider verifies only its own locations', () => {
  it("answers 404 for another provider's location, through its own route, and the operator's route stays closed to it", async () => {
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    const res = await t.call('PUT', '/api/provider/locations-verification', {
      token: riverside,
      body: { ids: [ids['OPL-4']], status: 'COVERED' },
    });
    expect(res.status).toBe(404);
    expect(
      (
        await t.call('PUT', '/api/notisphere/locations-verification', {
          token: riverside,
          body: { ids: [ids['OPL-4']], status: 'COVERED' },
        })
      ).status,
    ).toBe(403);
  });
});

describe("the supplier's verification progress per provider", () => {
  it('counts the locations of each provider by verification status', async () => {
    const acme = (await t.signIn('admin@acme.demo')).access_token;
    const res = await get(`/supplier/providers?search=${encodeURIComponent('Riverside')}`, acme);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.d.items.map((r: Record<string, unknown>) => [r.name, r])) as Record<
      string,
      Record<string, number>
    >;
    // Riverside Health: OPL-1 (Unrecognized, by the operator) and OPL-5 (inactive, not verified); OPL-6 is deleted.
    expect(byName['Riverside Health']).toMatchObject({
      location_count: 2,
      unrecognized_count: 1,
      unverified_count: 1,
      covered_count: 0,
    });
    expect(byName['Riverside North Campus']).toMatchObject({
      location_count: 1,
      covered_count: 1,
      unverified_count: 0,
    });
  });
});
