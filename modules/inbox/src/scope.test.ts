import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, findOrCreateUser } from '@portal/organizations';
import { DEMO_PASSWORD, startTestApp, type TestApp, sendCommunication, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const pv = (token: string) => (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/provider/communications${path}`, { token, body });

describe('a site and its parent', () => {
  it("lets the parent see its site's communications while a site user sees only its own", async () => {
    const user = await findOrCreateUser(t.db, {
      email: 'nurse@north.riverside.demo',
      password: DEMO_PASSWORD,
      first_name: 'Nina',
      last_name: 'North',
      status: 'VERIFIED',
    });
    const role = (await t.db('roles').where({ organization_id: w.north, name: 'Administrator' }).first('id')) as {
      id: number;
    };
    await addMembership(t.db, user.id, w.north, role.id);
    const site = (await t.signIn('nurse@north.riverside.demo')).access_token;

    const e = await sendCommunication(t, w, 'Site and parent', { providers: [w.riverside], sites: [w.north, w.south] });
    const search = `?search=${encodeURIComponent('site and parent')}`;
    const parentRows = (await pv(admin)('GET', search)).body.d.items as { id: number }[];
    expect(parentRows.map((r) => r.id).sort()).toEqual([e.pcOf(w.riverside), e.pcOf(w.north), e.pcOf(w.south)].sort());
    expect((await pv(admin)('GET', `/${e.id}/provider-recall/${e.pcOf(w.north)}`)).body.d.site).toEqual({
      id: w.north,
      name: 'Riverside North Campus',
    });

    const siteRows = (await pv(site)('GET', search)).body.d.items as { id: number; site_name: string | null }[];
    expect(siteRows).toEqual([expect.objectContaining({ id: e.pcOf(w.north), site_name: null })]);
    expect((await pv(site)('GET', '/is-site')).body.d).toEqual({
      isSite: true,
      parent_id: w.riverside,
      parent_name: 'Riverside Health',
    });
    expect((await pv(site)('GET', '/meta-sites')).body.d).toEqual([
      { id: w.north, name: 'Riverside North Campus', is_site: true },
    ]);
    for (const pc of [e.pcOf(w.riverside), e.pcOf(w.south)]) {
      expect((await pv(site)('GET', `/${e.id}/provider-recall/${pc}`)).status).toBe(404);
      expect((await pv(site)('PUT', `/${e.id}/acknowledge/${pc}`)).status).toBe(404);
    }
    // The site cannot move its communication up to the parent; the parent can move it between sites.
    expect((await pv(site)('GET', `/${e.pcOf(w.north)}/switch-sites/${w.riverside}`)).status).toBe(404);
    expect((await pv(admin)('GET', `/${e.pcOf(w.north)}/switch-sites/${w.south}`)).body.d.organization_id).toBe(
      w.south,
    );
    expect((await pv(site)('GET', `/${e.id}/provider-recall/${e.pcOf(w.north)}`)).status).toBe(404);
  });
});

describe('types and states', () => {
  it("reads the parent's sites with the caller on every call: a site detached since the last call drops out", async () => {
    const e = await sendCommunication(t, w, 'Scope follows sites', {
      providers: [w.riverside],
      sites: [w.north, w.south],
    });
    const search = `?search=${encodeURIComponent('scope follows sites')}`;
    const ids = async () => ((await pv(admin)('GET', search)).body.d.items as { id: number }[]).map((r) => r.id).sort();
    expect(await ids()).toEqual([e.pcOf(w.riverside), e.pcOf(w.north), e.pcOf(w.south)].sort());
    await t.db('organizations').where({ id: w.south }).update({ parent_id: null });
    try {
      expect(await ids()).toEqual([e.pcOf(w.riverside), e.pcOf(w.north)].sort());
      expect((await pv(admin)('GET', `/${e.id}/provider-recall/${e.pcOf(w.south)}`)).status).toBe(404);
    } finally {
      await t.db('organizations').where({ id: w.south }).update({ parent_id: w.riverside });
    }
    expect(await ids()).toEqual([e.pcOf(w.riverside), e.pcOf(w.north), e.pcOf(w.south)].sort());
  });

  it('keeps recall and advisory permissions apart for a Recall Coordinator', async () => {
    const multi = (await t.signIn('multi@riverside.demo', { orgId: w.riverside })).access_token;
    const advisory = await sendCommunication(t, w, 'Coordinator advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
      actions: ['Text'],
    });
    const recall = await sendCommunication(t, w, 'Coordinator recall', { providers: [w.riverside], actions: ['Text'] });
    const rows = (await pv(multi)('GET', `?search=${encodeURIComponent('coordinator')}`)).body.d.items as {
      name: string;
    }[];
    expect(rows.map((r) => r.name)).toEqual(['Coordinator recall']);
    expect((await pv(multi)('GET', '?communicationType=PRODUCT%20DISRUPTION')).status).toBe(403);
    expect((await pv(multi)('GET', `/${advisory.id}/provider-recall/${advisory.pcOf(w.riverside)}`)).status).toBe(403);
    expect((await pv(multi)('GET', `/${recall.id}/provider-recall/${recall.pcOf(w.riverside)}`)).status).toBe(200);
    expect((await pv(multi)('GET', '/meta')).body.d.communicationTypes).toEqual([{ value: 'RECALL', label: 'Recall' }]);
    // The same user signed in to Lakeshore (Responder there) sees nothing of Riverside.
    const asLakeshore = (await t.signIn('multi@riverside.demo', { orgId: w.lakeshore })).access_token;
    expect((await pv(asLakeshore)('GET', `?search=${encodeURIComponent('coordinator')}`)).body.d.total).toBe(0);
  });

  it('shows a closed event as CLOSED and refuses answers, delegation and the complete flag', async () => {
    const e = await sendCommunication(t, w, 'Closed recall', { providers: [w.riverside], actions: ['Text'] });
    const pc = e.pcOf(w.riverside);
    await t.call('PUT', `/api/supplier/communications/${e.id}/close-open`, { token: w.supplierToken });
    const row = (await pv(admin)('GET', `?search=${encodeURIComponent('closed recall')}`)).body.d.items[0];
    expect(row).toMatchObject({ stt: 'CLOSED', status: 'CLOSED' });
    expect(
      (
        await pv(admin)(
          'GET',
          `?filterModel=${encodeURIComponent(JSON.stringify({ status: { type: 'contains', filter: 'CLOSED' } }))}`,
        )
      ).body.d.items.map((r: { id: number }) => r.id),
    ).toContain(pc);
    const answer = await pv(admin)('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'late' });
    expect(answer.status).toBe(409);
    expect(answer.body.m).toBe('This event is closed and can no longer be answered.');
    expect((await pv(admin)('POST', `/${e.id}/${pc}/0`, { email: 'late@outside.test' })).status).toBe(409);
    expect((await pv(admin)('PUT', `/${e.id}/change-status/${pc}`, { status: 'COMPLETED' })).status).toBe(409);
    expect((await pv(admin)('GET', `/${e.id}/provider-recall/${pc}`)).body.d.communication.status).toBe('CLOSED');
  });
});

describe('the list as it first opens', () => {
  // The default order reads provider_communications' own index per organisation; any filter takes the joined path.
  // Both must give the same rows, pages, totals and last-updated time for a parent with sites and both types.
  it('pages the newest rows of the parent and its sites exactly as the joined, filtered path does', async () => {
    await sendCommunication(t, w, 'Default order recall', { providers: [w.riverside], sites: [w.north, w.south] });
    await sendCommunication(t, w, 'Default order advisory', {
      providers: [w.riverside],
      sites: [w.north],
      type: 'PRODUCT DISRUPTION',
      actions: ['Text'],
    });
    await sendCommunication(t, w, 'Default order second recall', { providers: [w.riverside], sites: [w.south] });
    // Every status contains an O (OPEN, CLOSED): this filter keeps every row but forces the joined path.
    const everyRow = `filterModel=${encodeURIComponent(JSON.stringify({ status: { type: 'contains', filter: 'O' } }))}`;
    // The server's default order and the one the pages open in (newest received first) both come off an index.
    for (const type of [
      '',
      '&communicationType=RECALL',
      '&communicationType=PRODUCT%20DISRUPTION',
      '&sortField=sent_at&sortDirection=desc',
    ]) {
      const first = (await pv(admin)('GET', `?pageSize=3${type}`)).body.d;
      expect(first.total).toBeGreaterThanOrEqual(type.includes('DISRUPTION') ? 2 : 4);
      const pages = Math.ceil(first.total / 3);
      // One page past the end too: its page statement has no row to carry the total and last update.
      for (let page = 1; page <= pages + 1; page += 1) {
        const fast = (await pv(admin)('GET', `?pageSize=3&pageNumber=${page}${type}`)).body.d;
        const joined = (await pv(admin)('GET', `?pageSize=3&pageNumber=${page}${type}&${everyRow}`)).body.d;
        expect(fast.items).toEqual(joined.items);
        expect({ total: fast.total, lastUpdated: fast.lastUpdated }).toEqual({
          total: joined.total,
          lastUpdated: joined.lastUpdated,
        });
      }
    }
    // A site user's default list holds only its own rows.
    const user = await findOrCreateUser(t.db, {
      email: 'nurse@south.riverside.demo',
      password: DEMO_PASSWORD,
      first_name: 'Sam',
      last_name: 'South',
      status: 'VERIFIED',
    });
    const role = (await t.db('roles').where({ organization_id: w.south, name: 'Administrator' }).first('id')) as {
      id: number;
    };
    await addMembership(t.db, user.id, w.south, role.id);
    const south = (await pv((await t.signIn('nurse@south.riverside.demo')).access_token)('GET', '?pageSize=50')).body.d;
    expect(south.items.length).toBeGreaterThanOrEqual(2);
    expect(south.items.every((r: { organization_id: number }) => Number(r.organization_id) === w.south)).toBe(true);
  });
});
