import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator: the health system and its two sites
let responder: string;
let lakeshore: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
});
afterAll(() => t.close());

type Row = {
  communication_id: number;
  name: string;
  type: string;
  classification: string | null;
  supplier_name: string | null;
  due_date: string | null;
  days_left: number | null;
  sent_at: string | null;
  sites: number;
  acknowledged_sites: number;
  answered_sites: number;
  not_affected_sites: number;
  overdue_sites: number;
  status: string;
};

const byRecall = async (token: string, query = '') => {
  const res = await t.call('GET', `/api/provider/communications/by-recall?pageSize=100${query}`, { token });
  expect(res.status, res.body.m).toBe(200);
  return res.body.d as { items: Row[]; total: number; totalCapped?: boolean; sortCapped?: boolean };
};
const names = (rows: Row[], only: string[]) => rows.map((r) => r.name).filter((n) => only.includes(n));

async function day(days: number): Promise<string> {
  const { rows } = (await t.db.raw('SELECT (current_date + ?::int)::text AS d', [days])) as { rows: { d: string }[] };
  return rows[0]!.d;
}

describe('one row per event across the health system', () => {
  it('gives one row for an event its two sites and itself received, with how they stand, and each site on request', async () => {
    const e = await sendCommunication(t, w, 'Health system recall', {
      providers: [w.riverside],
      sites: [w.north, w.south],
      actions: ['Text'],
    });
    await t
      .db('communications')
      .where({ id: e.id })
      .update({ response_due_date: await day(-2) });
    const pv = (method: string, path: string) =>
      t.call(method, `/api/provider/communications${path}`, { token: admin, body: {} });
    expect((await pv('PUT', `/${e.id}/acknowledge/${e.pcOf(w.north)}`)).status).toBe(200);
    expect((await pv('PUT', `/${e.id}/acknowledge/${e.pcOf(w.south)}`)).status).toBe(200);
    // North answered; South has none of the product.
    await t
      .db('provider_communications')
      .where({ id: e.pcOf(w.north) })
      .update({ response_status: 'COMPLETED' });
    await t
      .db('provider_communications')
      .where({ id: e.pcOf(w.south) })
      .update({
        response_status: 'COMPLETED',
        not_affected_reason: 'None of these lots on hand',
        not_affected_by: 'Rita Riverside',
        not_affected_at: t.db.fn.now(),
      });

    const page = await byRecall(admin, `&search=${encodeURIComponent('health system recall')}`);
    expect(page.total).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        communication_id: e.id,
        name: 'Health system recall',
        type: 'RECALL',
        classification: 'CLASSI',
        supplier_name: 'Acme Medical Devices',
        due_date: await day(-2),
        days_left: -2,
        sites: 3,
        acknowledged_sites: 2,
        answered_sites: 1,
        not_affected_sites: 1,
        overdue_sites: 1,
        status: 'OPEN',
      }),
    ]);
    expect(page.items[0]!.sent_at).toBeTruthy();

    const sites = await t.call('GET', `/api/provider/communications/by-recall/${e.id}/sites`, { token: admin });
    expect(sites.status).toBe(200);
    expect(sites.body.d).toEqual([
      expect.objectContaining({
        id: e.pcOf(w.riverside),
        site_id: null,
        site_name: null,
        acknowledged_at: null,
        response_status: 'NOTCOMPLETED',
        overdue: true,
        days_left: -2,
        not_affected_reason: null,
      }),
      expect.objectContaining({
        id: e.pcOf(w.north),
        site_id: w.north,
        site_name: 'Riverside North Campus',
        acknowledged_by: 'admin@riverside.demo',
        response_status: 'COMPLETED',
        overdue: false,
      }),
      expect.objectContaining({
        id: e.pcOf(w.south),
        site_id: w.south,
        site_name: 'Riverside South Clinic',
        response_status: 'COMPLETED',
        not_affected_reason: 'None of these lots on hand',
        overdue: false,
      }),
    ]);

    const check = responseConformance(t);
    await check.conforms(
      'get',
      '/api/provider/communications/by-recall',
      `/api/provider/communications/by-recall?search=${encodeURIComponent('health system recall')}`,
      admin,
    );
    await check.conforms(
      'get',
      '/api/provider/communications/by-recall/{communicationId}/sites',
      `/api/provider/communications/by-recall/${e.id}/sites`,
      admin,
    );
  });

  it('filters pick the events, every notice of the event is counted; sorts and pages', async () => {
    const a = await sendCommunication(t, w, 'Sorted A recall', { providers: [w.riverside], sites: [w.north] });
    const b = await sendCommunication(t, w, 'Sorted B recall', { providers: [w.riverside], sites: [w.north] });
    const c = await sendCommunication(t, w, 'Sorted C recall', { providers: [w.riverside] });
    await t
      .db('communications')
      .where({ id: a.id })
      .update({ response_due_date: await day(10) });
    await t
      .db('communications')
      .where({ id: b.id })
      .update({ response_due_date: await day(-1) });
    await t
      .db('communications')
      .where({ id: c.id })
      .update({ response_due_date: await day(3) });
    const all = ['Sorted A recall', 'Sorted B recall', 'Sorted C recall'];
    const q = `&search=${encodeURIComponent('sorted')}`;
    // Newest first by default; by name; by due date.
    expect(names((await byRecall(admin, q)).items, all)).toEqual([
      'Sorted C recall',
      'Sorted B recall',
      'Sorted A recall',
    ]);
    expect(names((await byRecall(admin, `${q}&sortField=name&sortDirection=asc`)).items, all)).toEqual(all);
    expect(names((await byRecall(admin, `${q}&sortField=due_date&sortDirection=asc`)).items, all)).toEqual([
      'Sorted B recall',
      'Sorted C recall',
      'Sorted A recall',
    ]);
    // Only North's notice of B is open and overdue... the filters pick B, whose row still counts both its notices.
    await t
      .db('provider_communications')
      .where({ id: b.pcOf(w.riverside) })
      .update({ response_status: 'COMPLETED' });
    const overdue = await byRecall(admin, `${q}&overdue=1`);
    expect(overdue.items.map((r) => r.name)).toEqual(['Sorted B recall']);
    expect(overdue.items[0]).toMatchObject({ sites: 2, answered_sites: 1, overdue_sites: 1 });
    // One site: the events it received.
    expect(names((await byRecall(admin, `${q}&siteId=${w.north}`)).items, all)).toEqual([
      'Sorted B recall',
      'Sorted A recall',
    ]);
    expect(names((await byRecall(admin, `${q}&dueFrom=${await day(0)}&dueTo=${await day(5)}`)).items, all)).toEqual([
      'Sorted C recall',
    ]);
    // A filterModel on the row's fields ("contains"), as the lists take one.
    const named = encodeURIComponent(JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'd c' } }));
    expect(names((await byRecall(admin, `${q}&filterModel=${named}`)).items, all)).toEqual(['Sorted C recall']);
    const due = encodeURIComponent(
      JSON.stringify({ due_date: { filterType: 'text', type: 'contains', filter: await day(10) } }),
    );
    expect(names((await byRecall(admin, `${q}&filterModel=${due}`)).items, all)).toEqual(['Sorted A recall']);
    const unknown = encodeURIComponent(
      JSON.stringify({ sites: { filterType: 'text', type: 'contains', filter: '2' } }),
    );
    expect(
      (await t.call('GET', `/api/provider/communications/by-recall?filterModel=${unknown}`, { token: admin })).status,
    ).toBe(400);
    // Paging through the three, two at a time.
    const first = await byRecall(admin, `${q}&sortField=name&sortDirection=desc`);
    const page2 = await t.call(
      'GET',
      `/api/provider/communications/by-recall?pageSize=2&pageNumber=2${q}&sortField=name&sortDirection=desc`,
      { token: admin },
    );
    expect(page2.body.d.items.map((r: Row) => r.name)).toEqual(first.items.slice(2, 4).map((r) => r.name));
    expect(page2.body.d.total).toBe(first.total);

    // Unfiltered, newest first off the received index: the newest events lead, each once. Small pages read short walks
    // (four notices per organisation and event wanted, then more), some sites' walks stopping short of the others':
    // they agree with one long read.
    for (let i = 0; i < 6; i++)
      await sendCommunication(t, w, `Walked ${i}`, { sites: i % 2 ? [w.north] : [w.south, w.north] });
    const unfiltered = await byRecall(admin);
    expect(unfiltered.items.slice(0, 9).map((r) => r.name)).toEqual([
      ...[5, 4, 3, 2, 1, 0].map((i) => `Walked ${i}`),
      'Sorted C recall',
      'Sorted B recall',
      'Sorted A recall',
    ]);
    const ids = unfiltered.items.map((r) => r.communication_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(unfiltered.total).toBe(ids.length);
    for (const size of [1, 2]) {
      const paged: number[] = [];
      for (let n = 1; n <= Math.ceil(ids.length / size); n++)
        paged.push(
          ...(
            await t.call('GET', `/api/provider/communications/by-recall?pageSize=${size}&pageNumber=${n}`, {
              token: admin,
            })
          ).body.d.items.map((r: Row) => r.communication_id),
        );
      expect(paged, `pages of ${size}`).toEqual(ids);
    }
  });

  it("steps over an event's many notices at one site: an older event is neither hidden nor put first", async () => {
    // O (South only) is older than M (North), older than N (North, with many notices: customers of North under one
    // organisation). Newest first: N, M, O, whatever the page size.
    const o = await sendCommunication(t, w, 'Walk O', { sites: [w.south] });
    const m = await sendCommunication(t, w, 'Walk M', { sites: [w.north] });
    const n = await sendCommunication(t, w, 'Walk N', { sites: [w.north] });
    const source = (await t
      .db('provider_communications')
      .where({ id: n.pcOf(w.north) })
      .first()) as Record<string, unknown>;
    for (let i = 0; i < 8; i++) {
      const [customer] = (await t
        .db('communication_affected_customers')
        .insert({
          communication_id: n.id,
          organization_id: w.acme,
          provider_organization_id: w.north,
          customer_key: `north-extra-${i}`,
          name: `North customer ${i}`,
          emails: [`north${i}@riverside.demo`],
          source: 'MANUAL',
        })
        .returning('id')) as { id: number }[];
      await t.db('provider_communications').insert({
        communication_id: n.id,
        communication_type: 'RECALL',
        supplier_organization_id: w.acme,
        provider_organization_id: w.north,
        affected_customer_id: customer!.id,
        sent_at: source.sent_at,
      });
    }
    const walkIds = [n.id, m.id, o.id];
    const pageOf = async (pageNumber: number) =>
      (
        await t.call('GET', `/api/provider/communications/by-recall?pageSize=1&pageNumber=${pageNumber}`, {
          token: admin,
        })
      ).body.d.items.map((r: Row) => r.communication_id)[0];
    expect([await pageOf(1), await pageOf(2), await pageOf(3)]).toEqual(walkIds);
    expect((await byRecall(admin)).items.find((r) => r.communication_id === n.id)).toMatchObject({ sites: 9 });
  });

  it("never shows another tenant's events; a Responder, another type and bad input are refused", async () => {
    const riversideOnly = await sendCommunication(t, w, 'Tenant recall', { providers: [w.riverside] });
    const advisory = await sendCommunication(t, w, 'Tenant advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
    });
    expect(names((await byRecall(lakeshore)).items, ['Tenant recall', 'Tenant advisory'])).toEqual([]);
    for (const id of [riversideOnly.id, advisory.id])
      expect(
        (await t.call('GET', `/api/provider/communications/by-recall/${id}/sites`, { token: lakeshore })).status,
      ).toBe(404);
    expect(
      (await t.call('GET', '/api/provider/communications/by-recall/999999999/sites', { token: admin })).status,
    ).toBe(404);
    // A site of another provider is not a filter anyone may use.
    expect(
      (await t.call('GET', `/api/provider/communications/by-recall?siteId=${w.north}`, { token: lakeshore })).body.error
        ?.code,
    ).toBe('SITE_NOT_FOUND');

    // A Recall Coordinator sees recalls only; the advisory's sites are forbidden to them.
    const multi = (await t.signIn('multi@riverside.demo', { orgId: w.riverside })).access_token;
    expect(names((await byRecall(multi)).items, ['Tenant recall', 'Tenant advisory'])).toEqual(['Tenant recall']);
    expect(
      (await t.call('GET', `/api/provider/communications/by-recall/${advisory.id}/sites`, { token: multi })).status,
    ).toBe(403);
    expect(
      (
        await t.call('GET', '/api/provider/communications/by-recall?communicationType=PRODUCT%20DISRUPTION', {
          token: multi,
        })
      ).status,
    ).toBe(403);
    for (const token of [responder, w.supplierToken])
      expect((await t.call('GET', '/api/provider/communications/by-recall', { token })).status).toBe(403);

    for (const q of [
      '?sortField=acknowledged_at',
      '?sortDirection=sideways',
      '?dueFrom=2031-01-01',
      '?dueTo=yesterday',
      '?ownerId=someone',
      '?status=DELETED',
      '?pageSize=501',
      '?pageNumber=21&pageSize=50',
    ])
      expect((await t.call('GET', `/api/provider/communications/by-recall${q}`, { token: admin })).status, q).toBe(400);
    // A path that names no recall: not found, as another tenant's would be.
    expect((await t.call('GET', '/api/provider/communications/by-recall/abc/sites', { token: admin })).status).toBe(
      404,
    );
  });
});
