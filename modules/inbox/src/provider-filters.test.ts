import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows,
  downloadFile,
  responseConformance,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator
let lakeshore: string;
let adminId: number;
let borealis: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  adminId = ((await t.db('users').where({ email: 'admin@riverside.demo' }).first('id')) as { id: number }).id;
  borealis = ((await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

type Row = {
  id: number;
  communication_id: number;
  name: string;
  response_status: string;
  due_date: string | null;
  days_left: number | null;
  overdue: boolean;
  owner_id: number | null;
  owner_name: string | null;
  not_affected_reason: string | null;
  not_affected_by: string | null;
  not_affected_at: string | null;
  userid?: number | null;
  responder_email?: string | null;
};

const list = async (token: string, query: string) => {
  const res = await t.call('GET', `/api/provider/communications?pageSize=200${query}`, { token });
  expect(res.status, `${query}: ${res.body.m}`).toBe(200);
  return res.body.d as { items: Row[]; total: number; totalCapped?: boolean };
};
/** The ids of a list query's rows that are among `ids`, sorted. */
const ids = async (token: string, query: string, among: number[]) =>
  (await list(token, query)).items
    .map((r) => r.id)
    .filter((id) => among.includes(id))
    .sort((a, b) => a - b);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function day(days: number): Promise<string> {
  const { rows } = (await t.db.raw('SELECT (current_date + ?::int)::text AS d', [days])) as { rows: { d: string }[] };
  return rows[0]!.d;
}

/** A recall to Riverside and North with its own products, class and due date. */
async function recall(
  name: string,
  options: { classification?: string; due?: number | null; products?: Record<string, unknown>[] } = {},
) {
  const e = await sendCommunication(t, w, name, { providers: [w.riverside], sites: [w.north], actions: ['Text'] });
  await t
    .db('communications')
    .where({ id: e.id })
    .update({
      classification: options.classification ?? 'CLASSI',
      response_due_date: options.due === undefined || options.due === null ? null : await day(options.due),
    });
  for (const p of options.products ?? [])
    await t.db('communication_products').insert({ communication_id: e.id, organization_id: w.acme, ...p });
  return e;
}

let e1: Awaited<ReturnType<typeof recall>>;
let e2: Awaited<ReturnType<typeof recall>>;
let e3: Awaited<ReturnType<typeof recall>>;
let all: number[];

describe('the provider list: new row fields and exact filters', () => {
  beforeAll(async () => {
    e1 = await recall('Filter infusion pump', {
      classification: 'CLASSI',
      due: -3,
      products: [{ product_name: 'Volumetric pump', lot_number: 'LOT-77812', udi: '(01)00812345678906(17)271231' }],
    });
    e2 = await recall('Filter catheter kit', {
      classification: 'CLASSII',
      due: 10,
      products: [{ product_name: 'Catheter kit', catalog_number: 'CK-100', custom_fields: { serial: 'SN-5521' } }],
    });
    e3 = await recall('Filter unclassified', { classification: 'NOT_YET_CLASSIFIED', due: null });
    all = [e1, e2, e3].flatMap((e) => [e.pcOf(w.riverside), e.pcOf(w.north)]);
    // e1 at Riverside: owned by the administrator; e2 at North: not affected; e3 at Riverside: answered.
    await t
      .db('provider_communication_owners')
      .insert({ provider_communication_id: e1.pcOf(w.riverside), organization_id: w.riverside, user_id: adminId });
    await t
      .db('provider_communications')
      .where({ id: e2.pcOf(w.north) })
      .update({
        response_status: 'COMPLETED',
        not_affected_reason: 'No such kits here',
        not_affected_by: 'Rita Riverside',
        not_affected_at: t.db.fn.now(),
      });
    await t
      .db('provider_communications')
      .where({ id: e3.pcOf(w.riverside) })
      .update({ response_status: 'COMPLETED' });
  });

  it('carries due date, days left, overdue, owner and the not-affected answer on every row', async () => {
    const rows = (await list(admin, `&search=${encodeURIComponent('filter ')}`)).items;
    const of = (id: number) => rows.find((r) => r.id === id)!;
    expect(of(e1.pcOf(w.riverside))).toMatchObject({
      due_date: await day(-3),
      days_left: -3,
      overdue: true,
      owner_id: adminId,
      owner_name: 'Rita Riverside',
      not_affected_reason: null,
    });
    expect(of(e2.pcOf(w.north))).toMatchObject({
      due_date: await day(10),
      days_left: 10,
      overdue: false,
      owner_id: null,
      owner_name: null,
      response_status: 'COMPLETED',
      not_affected_reason: 'No such kits here',
      not_affected_by: 'Rita Riverside',
    });
    expect(of(e2.pcOf(w.north)).not_affected_at).toBeTruthy();
    expect(of(e3.pcOf(w.north))).toMatchObject({ due_date: null, days_left: null, overdue: false });
    await responseConformance(t).conforms(
      'get',
      '/api/provider/communications',
      `/api/provider/communications?search=${encodeURIComponent('filter ')}&ownerId=me`,
      admin,
    );
  });

  it('filters by status, answer, class, supplier, site, owner, overdue and due range, AND-ed', async () => {
    const r = (e: typeof e1) => e.pcOf(w.riverside);
    const n = (e: typeof e1) => e.pcOf(w.north);
    expect(await ids(admin, '&responseStatus=NOTCOMPLETED', all)).toEqual(sorted([r(e1), n(e1), r(e2), n(e3)]));
    expect(await ids(admin, '&responseStatus=COMPLETED', all)).toEqual([r(e3)]);
    expect(await ids(admin, '&responseStatus=NOT_AFFECTED', all)).toEqual([n(e2)]);
    expect(await ids(admin, '&classification=CLASSI', all)).toEqual(sorted([r(e1), n(e1)]));
    expect(await ids(admin, '&classification=CLASSII', all)).toEqual(sorted([r(e2), n(e2)]));
    expect(await ids(admin, '&classification=NOT_YET_CLASSIFIED', all)).toEqual(sorted([r(e3), n(e3)]));
    expect(await ids(admin, '&classification=CLASSIII', all)).toEqual([]);
    expect(await ids(admin, `&supplierId=${w.acme}`, all)).toEqual(sorted(all));
    expect(await ids(admin, `&supplierId=${borealis}`, all)).toEqual([]);
    expect(await ids(admin, `&siteId=${w.north}`, all)).toEqual(sorted([n(e1), n(e2), n(e3)]));
    expect(await ids(admin, `&siteId=${w.riverside}`, all)).toEqual(sorted([r(e1), r(e2), r(e3)]));
    expect(await ids(admin, '&ownerId=me', all)).toEqual([r(e1)]);
    expect(await ids(admin, `&ownerId=${adminId}`, all)).toEqual([r(e1)]);
    expect(await ids(admin, '&ownerId=none', all)).toEqual(sorted(all.filter((id) => id !== r(e1))));
    expect(await ids(admin, '&overdue=1', all)).toEqual(sorted([r(e1), n(e1)]));
    expect(await ids(admin, `&dueFrom=${await day(-3)}&dueTo=${await day(-3)}`, all)).toEqual(sorted([r(e1), n(e1)]));
    expect(await ids(admin, `&dueFrom=${await day(0)}`, all)).toEqual(sorted([r(e2), n(e2)]));
    expect(await ids(admin, `&dueFrom=${await day(5)}&dueTo=${await day(0)}`, all)).toEqual([]);
    // AND-ed with each other, the search, the filterModel and the type.
    expect(await ids(admin, `&overdue=1&siteId=${w.north}`, all)).toEqual([n(e1)]);
    expect(await ids(admin, `&classification=CLASSII&responseStatus=NOTCOMPLETED`, all)).toEqual([r(e2)]);
    const byName = encodeURIComponent(
      JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'catheter' } }),
    );
    expect(await ids(admin, `&siteId=${w.north}&filterModel=${byName}`, all)).toEqual([n(e2)]);
    expect(await ids(admin, '&overdue=1&communicationType=PRODUCT%20DISRUPTION', all)).toEqual([]);
    // Any order, with a total that counts the matches.
    const page = await list(admin, `&siteId=${w.north}&search=filter&sortField=name&sortDirection=asc`);
    expect(page.items.map((x) => x.name)).toEqual([
      'Filter catheter kit',
      'Filter infusion pump',
      'Filter unclassified',
    ]);
    expect(page.total).toBe(3);
    const newest = await t.call(
      'GET',
      `/api/provider/communications?siteId=${w.north}&search=filter&sortField=sent_at&sortDirection=desc&pageSize=2`,
      { token: admin },
    );
    expect(newest.body.d.items.map((x: Row) => x.id)).toEqual([n(e3), n(e2)]);
    expect(newest.body.d.total).toBe(3);
  });

  it('follows a closed event and an owner change', async () => {
    const e = await recall('Filter closing recall', { due: -1 });
    const mine = [e.pcOf(w.riverside), e.pcOf(w.north)];
    expect(await ids(admin, '&status=OPEN&overdue=1', mine)).toEqual(sorted(mine));
    expect(
      (await t.call('PUT', `/api/supplier/communications/${e.id}/close-open`, { token: w.supplierToken })).status,
    ).toBe(200);
    expect(await ids(admin, '&status=OPEN', mine)).toEqual([]);
    expect(await ids(admin, '&status=CLOSED', mine)).toEqual(sorted(mine));
    expect(await ids(admin, '&overdue=1', mine)).toEqual([]);
    await t
      .db('provider_communication_owners')
      .insert({ provider_communication_id: e.pcOf(w.north), organization_id: w.north, user_id: adminId });
    expect(await ids(admin, '&ownerId=me&status=CLOSED', mine)).toEqual([e.pcOf(w.north)]);
  });
});

describe('the search', () => {
  it('finds notices by lot number, UDI or serial substring, event id and name, and nothing for a stranger', async () => {
    const both = [e1.pcOf(w.riverside), e1.pcOf(w.north)];
    expect(await ids(admin, '&search=LOT-778', all)).toEqual(sorted(both));
    expect(await ids(admin, `&search=${encodeURIComponent('812345678906')}`, all)).toEqual(sorted(both));
    expect(await ids(admin, '&search=sn-5521', all)).toEqual(sorted([e2.pcOf(w.riverside), e2.pcOf(w.north)]));
    expect(await ids(admin, '&search=CK-100', all)).toEqual(sorted([e2.pcOf(w.riverside), e2.pcOf(w.north)]));
    expect(await ids(admin, `&search=${encodeURIComponent('filter unclass')}`, all)).toEqual(
      sorted([e3.pcOf(w.riverside), e3.pcOf(w.north)]),
    );
    await t.db('communications').where({ id: e3.id }).update({ event_id: 'EVT-2026-9931' });
    expect(await ids(admin, '&search=2026-993', all)).toEqual(sorted([e3.pcOf(w.riverside), e3.pcOf(w.north)]));
    // The site's and the supplier's names still match; a product none received matches nothing; LIKE characters are text.
    expect(await ids(admin, '&search=north%20campus', all)).toEqual(
      sorted([e1.pcOf(w.north), e2.pcOf(w.north), e3.pcOf(w.north)]),
    );
    expect((await ids(admin, '&search=acme%20medical', all)).length).toBe(all.length);
    expect((await list(admin, '&search=no-such-lot-anywhere')).total).toBe(0);
    expect((await list(admin, '&search=%25%25%25')).total).toBe(0);
    // With the filters.
    expect(await ids(admin, `&search=LOT-778&siteId=${w.north}`, all)).toEqual([e1.pcOf(w.north)]);
    // Another provider searching Riverside's lot finds only its own notices of that event.
    const lake = await recall('Filter lakeshore copy', {
      products: [{ product_name: 'Pump', lot_number: 'LOT-77812' }],
    });
    const lakeshoreRows = await sendCommunication(t, w, 'Filter lakeshore own', { providers: [w.lakeshore] });
    await t.db('communication_products').insert({
      communication_id: lakeshoreRows.id,
      organization_id: w.acme,
      product_name: 'Pump',
      lot_number: 'LOT-77812',
    });
    const found = (await list(lakeshore, '&search=LOT-778')).items.map((r) => r.id);
    expect(found).toEqual([lakeshoreRows.pcOf(w.lakeshore)]);
    expect(
      await ids(admin, '&search=LOT-778', [...all, lake.pcOf(w.riverside), lakeshoreRows.pcOf(w.lakeshore)]),
    ).toEqual(sorted([...both, lake.pcOf(w.riverside), lake.pcOf(w.north)].filter((id) => id !== lake.pcOf(w.north))));
  });

  it('keeps the eR responses rows, the summary download and bad input in line', async () => {
    // The responses rows: one per responding person, filtered the same way.
    const answered = await t.call(
      'PUT',
      `/api/provider/communications/${e1.id}/${e1.pcOf(w.north)}/actions/${e1.actionOf('Text')}`,
      { token: admin, body: { valueText: 'Quarantined' } },
    );
    expect(answered.status, answered.body.m).toBe(200);
    const rows = (await list(admin, `&responses=1&search=LOT-778&siteId=${w.north}`)).items;
    expect(rows.filter((r) => all.includes(r.id)).map((r) => [r.id, r.userid])).toEqual([[e1.pcOf(w.north), adminId]]);
    // The search also matches the responder's name, with the filters.
    expect(
      (await list(admin, `&responses=1&siteId=${w.north}&search=rita`)).items.filter((r) => all.includes(r.id)),
    ).toEqual([expect.objectContaining({ id: e1.pcOf(w.north), userid: adminId, response_status: 'COMPLETED' })]);
    expect((await list(admin, `&responses=1&responseStatus=NOT_AFFECTED`)).items.map((r) => r.id)).toEqual([
      e2.pcOf(w.north),
    ]);

    // The Provider Recall Summary holds what the screen shows.
    const file = await downloadFile(
      t,
      `/api/provider/communications/providerRecallSummaryReport/csv?search=filter&siteId=${w.north}&responseStatus=NOT_AFFECTED`,
      admin,
      'UTC',
    );
    const csv = csvRows(file.body);
    expect(csv.slice(1).map((row) => row[0])).toEqual(['Filter catheter kit']);

    for (const q of [
      '?dueFrom=2031-01-01',
      '?dueTo=2009-12-31',
      '?dueFrom=2026-02-30',
      '?ownerId=everyone',
      '?ownerId=0',
      '?status=DELETED',
      '?responseStatus=DONE',
      '?classification=CLASSIV',
      '?overdue=2',
      '?supplierId=abc',
    ])
      expect((await t.call('GET', `/api/provider/communications${q}`, { token: admin })).status, q).toBe(400);
    const outside = await t.call('GET', `/api/provider/communications?siteId=${w.lakeshore}`, { token: admin });
    expect([outside.status, outside.body.error?.code]).toEqual([404, 'SITE_NOT_FOUND']);
    // Another tenant's owner or supplier filters reveal nothing of Riverside.
    expect((await list(lakeshore, `&ownerId=${adminId}`)).total).toBe(0);
  });
});
