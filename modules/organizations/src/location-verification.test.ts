import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator
let responder: string; // Riverside Responder: no Provider_ManageLocations
let lakeshore: string; // another provider
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  const location = (key: string, name: string, provider: number, status = 'ACTIVE') => ({
    organization_id: w.acme,
    location_id: key,
    location_name: name,
    city: 'Springfield',
    provider_organization_id: provider,
    status,
  });
  const rows = (await t
    .db('supplier_locations')
    .insert([
      location('VER-1', 'Verify Main Pharmacy', w.riverside),
      location('VER-2', 'Verify North Ward', w.north),
      location('VER-3', 'Verify Lakeshore Dock', w.lakeshore),
      location('VER-4', 'Verify Old Dock', w.riverside, 'INACTIVE'),
    ])
    .returning(['id', 'location_id'])) as { id: number; location_id: string }[];
  for (const r of rows) ids[r.location_id] = Number(r.id);
});
afterAll(() => t.close());

const call =
  (token: string) =>
  (method: string, query = '', body?: unknown) =>
    t.call(method, `/api/provider/locations-verification${query}`, { token, body });
const search = `?search=${encodeURIComponent(' verify ')}`;
const names = (res: { body: { d?: { items: { location_name: string }[] } } }) =>
  res.body.d!.items.map((r) => r.location_name);

describe('location verification, the provider side', () => {
  it('lists the active locations mapped to the provider and its sites, and sets their status one by one or in bulk', async () => {
    const api = call(admin);
    const list = await api('GET', search);
    expect(list.status).toBe(200);
    expect(names(list)).toEqual(['Verify Main Pharmacy', 'Verify North Ward']);
    expect(list.body.d.items[1]).toMatchObject({
      supplier_name: 'Acme Medical Devices',
      provider_name: 'Riverside North Campus',
      verification_status: null,
    });

    const one = await api('PUT', '', { ids: [ids['VER-1']], status: 'COVERED' });
    expect(one.body.d).toEqual({ updated: 1, status: 'COVERED' });
    const none = encodeURIComponent(JSON.stringify({ verification_status: { filter: 'NONE' } }));
    expect(names(await api('GET', `${search}&filterModel=${none}`))).toEqual(['Verify North Ward']);

    const bulk = await api('PUT', '', { ids: [ids['VER-1'], ids['VER-2']], status: 'NON_COVERED' });
    expect(bulk.body.d).toEqual({ updated: 2, status: 'NON_COVERED' });
    const statuses = (await api('GET', search)).body.d.items.map(
      (r: { verification_status: string }) => r.verification_status,
    );
    expect(statuses).toEqual(['NON_COVERED', 'NON_COVERED']);
    const audits = await t
      .db('audit_events')
      .where({ action: 'LOCATION_VERIFIED', entity_id: String(ids['VER-1']) })
      .orderBy('id');
    expect(audits.map((a: { after: { verification_status: string } }) => a.after.verification_status)).toEqual([
      'COVERED',
      'NON_COVERED',
    ]);
    expect(audits[1]).toMatchObject({ before: { verification_status: 'COVERED' } });
  });

  it("answers 404 for another provider's location (changing nothing), 403 without the permission, 400 on bad input", async () => {
    const other = call(lakeshore);
    expect(names(await other('GET', search))).toEqual(['Verify Lakeshore Dock']);
    const stolen = await other('PUT', '', { ids: [ids['VER-3'], ids['VER-1']], status: 'INVALID' });
    expect(stolen.status).toBe(404);
    const untouched = (await t
      .db('supplier_locations')
      .whereIn('id', [ids['VER-1']!, ids['VER-3']!])
      .orderBy('id')) as {
      verification_status: string | null;
    }[];
    expect(untouched.map((r) => r.verification_status)).toEqual(['NON_COVERED', null]);
    // An inactive location is not offered for verification.
    expect((await call(admin)('PUT', '', { ids: [ids['VER-4']], status: 'COVERED' })).status).toBe(404);

    expect((await call(responder)('GET')).status).toBe(403);
    expect((await call(responder)('PUT', '', { ids: [ids['VER-1']], status: 'COVERED' })).status).toBe(403);
    expect((await call(w.supplierToken)('GET')).status).toBe(403);

    const api = call(admin);
    expect((await api('PUT', '', { ids: [ids['VER-1']], status: 'ACTIVE' })).status).toBe(400);
    expect((await api('PUT', '', { ids: [], status: 'COVERED' })).status).toBe(400);
    expect(
      (await api('PUT', '', { ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'COVERED' })).status,
    ).toBe(400);
    expect((await api('PUT', '', { status: 'COVERED' })).status).toBe(400);
    const badFilter = encodeURIComponent(JSON.stringify({ provider_organization_id: { filter: 'x' } }));
    expect((await api('GET', `?filterModel=${badFilter}`)).status).toBe(400);
  });
});

describe('location verification, the supplier side', () => {
  it("shows the provider's verification on the supplier's locations and clears it when the location is remapped", async () => {
    const acme = (await t.signIn('admin@acme.demo')).access_token;
    const sup = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/supplier/locations${path}`, { token: acme, body });
    const listed = await sup('GET', `?search=${encodeURIComponent('Verify Main Pharmacy')}`);
    expect(listed.body.d.items).toEqual([
      expect.objectContaining({ location_id: 'VER-1', verification_status: 'NON_COVERED' }),
    ]);
    // Renamed so that no provider matches: nobody has verified it any more.
    const moved = await sup('PUT', `/${ids['VER-1']}`, { location_id: 'VER-1', location_name: 'Verify Nowhere' });
    expect(moved.status).toBe(200);
    expect(moved.body.d).toMatchObject({ provider_name: null, verification_status: null });
  });
});
