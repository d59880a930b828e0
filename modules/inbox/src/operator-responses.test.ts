import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, form, PDF, sendCommunication, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let operator: string; // admin@operator.demo (Administrator: holds NotiSphere_ResponderRole)
let riverside: string; // admin@riverside.demo
let supplier: string; // admin@acme.demo
let e: Awaited<ReturnType<typeof sendCommunication>>;
let adminId: number;

const ACTIONS = ['Text', 'YesNo', 'Document'];
const BASE = '/api/notisphere/communications/responses';

interface Row {
  id: number;
  communication_id: number;
  row_key: string;
  userid: number | null;
  responder_name: string | null;
  response_status: string;
  name: string;
  provider_id: number;
  provider_name: string;
  site_name: string | null;
  allow_access: boolean;
}

const list = (token: string, query: string) => t.call('GET', `${BASE}?${query}`, { token });
const rowsOf = async (query: string) => {
  const res = await list(operator, query);
  expect(res.status).toBe(200);
  return res.body.d as { items: Row[]; total: number };
};

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
  supplier = (await t.signIn('admin@acme.demo')).access_token;
  adminId = ((await t.db('users').where({ email: 'admin@riverside.demo' }).first('id')) as { id: number }).id;

  // One recall to two providers; Riverside answers (one action submitted with a file, one still a draft).
  e = await sendCommunication(t, w, 'Operator eR recall', { providers: [w.riverside, w.lakeshore], actions: ACTIONS });
  const pc = e.pcOf(w.riverside);
  const pv = (method: string, path: string, body?: unknown, f?: FormData) =>
    t.call(method, `/api/provider/communications${path}`, { token: riverside, body, form: f });
  expect((await pv('PUT', `/${e.id}/acknowledge/${pc}`)).status).toBe(200);
  expect(
    (await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'Pulled 3 boxes' })).status,
  ).toBe(200);
  expect(
    (await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('YesNo')}`, { valueYesNo: 'Yes', submit: false })).status,
  ).toBe(200);
  expect(
    (
      await pv(
        'POST',
        `/${e.id}/${pc}/actions/${e.actionOf('Document')}/file`,
        undefined,
        form('proof.pdf', PDF, { actionType: 'Document' }),
      )
    ).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('operator eR responses list', () => {
  it('lists the responder rows of every provider, with the provider, read-only', async () => {
    const { items, total } = await rowsOf(
      `search=${encodeURIComponent('Operator eR recall')}&sortField=provider_name&sortDirection=asc`,
    );
    expect(total).toBe(2);
    expect(items.map((r) => [r.provider_name, r.userid, r.response_status])).toEqual([
      ['Lakeshore Medical Center', null, 'NOTCOMPLETED'],
      ['Riverside Health', adminId, 'DRAFT'],
    ]);
    expect(items[1]).toMatchObject({
      id: e.pcOf(w.riverside),
      communication_id: e.id,
      provider_id: w.riverside,
      site_name: null,
      responder_name: 'Rita Riverside',
      allow_access: true,
    });
    expect(items[0]).toMatchObject({ id: e.pcOf(w.lakeshore), provider_id: w.lakeshore, responder_name: null });
  });

  it('names a site and its parent provider', async () => {
    const s = await sendCommunication(t, w, 'Operator eR site recall', { sites: [w.north], actions: ['Text'] });
    const { items } = await rowsOf(`search=${encodeURIComponent('Operator eR site recall')}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: s.pcOf(w.north),
      provider_id: w.riverside,
      provider_name: 'Riverside Health',
      site_name: 'Riverside North Campus',
    });
  });

  it('searches the provider and responder, sorts, pages and narrows by type', async () => {
    const byProvider = await rowsOf(
      `search=${encodeURIComponent('Lakeshore Medical')}&filterModel=${encodeURIComponent(JSON.stringify({ name: { type: 'contains', filter: 'Operator eR recall' } }))}`,
    );
    expect(byProvider.items.map((r) => r.provider_name)).toEqual(['Lakeshore Medical Center']);
    expect(
      (await rowsOf(`search=${encodeURIComponent('Rita Riverside')}`)).items.every(
        (r) => r.responder_name === 'Rita Riverside',
      ),
    ).toBe(true);

    const q = `search=${encodeURIComponent('Operator eR')}&sortField=provider_name,name&sortDirection=desc,asc&pageSize=1`;
    const first = await rowsOf(`${q}&pageNumber=1`);
    const second = await rowsOf(`${q}&pageNumber=2`);
    expect(first.total).toBe(3);
    expect(first.items.map((r) => [r.provider_name, r.name])).toEqual([['Riverside Health', 'Operator eR recall']]);
    expect(second.items.map((r) => [r.provider_name, r.name])).toEqual([
      ['Riverside Health', 'Operator eR site recall'],
    ]);

    expect(
      (
        await rowsOf(
          `search=${encodeURIComponent('Operator eR')}&communicationType=${encodeURIComponent('PRODUCT DISRUPTION')}`,
        )
      ).total,
    ).toBe(0);
    expect((await list(operator, 'sortField=password')).status).toBe(400);
  });

  // As it first opens, the list walks every provider's newest communications off one index; any filter takes the joined path.
  it('pages the default order exactly as the joined, filtered path does', async () => {
    await sendCommunication(t, w, 'Operator eR order', {
      providers: [w.lakeshore],
      sites: [w.north],
      actions: ['Text'],
    });
    // A notice to an outside address belongs to no provider: it is in no eR list, as it first opens or filtered.
    const sup = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/supplier/communications${path}`, { token: w.supplierToken, body });
    const outside = (
      await sup('POST', '/step0', { type: 'RECALL', name: 'Operator eR outside', classification: 'CLASSI' })
    ).body.d.id as number;
    await sup('POST', '/step1', { id: outside, products: [{ product_name: 'Swab' }] });
    await sup('POST', '/step2', { id: outside, actions: [{ action_type: 'Text', title: 'Count' }] });
    await sup('POST', '/step3', { id: outside, customers: [{ name: 'Outside clinic', email: 'clinic@outside.test' }] });
    expect((await sup('PUT', `/${outside}/approve-recall/RECALL/0`)).status).toBe(200);
    expect((await sup('PUT', `/${outside}/send-notification/RECALL`)).status).toBe(200);
    expect(
      await t
        .db('provider_communications')
        .where({ communication_id: outside })
        .whereNull('provider_organization_id')
        .count<{ n: number }[]>({ n: '*' })
        .first(),
    ).toEqual({ n: 1 });
    const everyRow = `filterModel=${encodeURIComponent(JSON.stringify({ status: { type: 'contains', filter: 'O' } }))}`;
    const whole = await rowsOf(`pageSize=500&${everyRow}`);
    expect(whole.total).toBeGreaterThanOrEqual(4);
    expect(await rowsOf('pageSize=500')).toEqual(whole);
    expect(whole.items.some((r) => r.name === 'Operator eR outside')).toBe(false);
    for (let page = 1; page <= Math.ceil(whole.total / 2) + 1; page += 1) {
      expect(await rowsOf(`pageSize=2&pageNumber=${page}`)).toEqual(
        await rowsOf(`pageSize=2&pageNumber=${page}&${everyRow}`),
      );
    }
    expect(await rowsOf('pageSize=2&communicationType=RECALL')).toEqual(
      await rowsOf(`pageSize=2&communicationType=RECALL&${everyRow}`),
    );
  });

  it('refuses providers and suppliers', async () => {
    expect((await list(riverside, 'pageSize=5')).status).toBe(403);
    expect((await list(supplier, 'pageSize=5')).status).toBe(403);
    expect((await t.call('GET', `${BASE}/${e.id}/${e.pcOf(w.riverside)}`, { token: riverside })).status).toBe(403);
  });
});

describe('operator eR response detail', () => {
  it('shows every action with its answer and files, and audits the cross-tenant read', async () => {
    const pc = e.pcOf(w.riverside);
    const res = await t.call('GET', `${BASE}/${e.id}/${pc}`, { token: operator });
    expect(res.status).toBe(200);
    const d = res.body.d;
    expect(d).toMatchObject({
      communication: { id: e.id, name: 'Operator eR recall', type: 'RECALL', supplier_name: 'Acme Medical Devices' },
      provider_communication_id: pc,
      provider: { id: w.riverside, name: 'Riverside Health' },
      site: null,
      status: 'OPEN',
      acknowledged: true,
      acknowledged_by: 'admin@riverside.demo',
    });
    const byType = Object.fromEntries(
      (d.actions as { action_type: string; files: { signed_url: string }[] }[]).map((a) => [a.action_type, a]),
    );
    expect(byType.Text).toMatchObject({
      status: 'SUBMITTED',
      value: { valueText: 'Pulled 3 boxes' },
      responder_email: 'admin@riverside.demo',
    });
    expect(byType.YesNo).toMatchObject({ status: 'DRAFT', value: { valueYesNo: 'Yes' } });
    expect(byType.Document).toMatchObject({ status: 'NA', files: [{ name: 'proof.pdf' }] });
    expect(byType.Document!.files[0]!.signed_url).toMatch(/^\/api\//);

    const audit = await t.db('audit_events').where({ action: 'OPERATOR_VIEWED_RESPONSE', entity_id: String(pc) });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      organization_id: w.riverside,
      actor_email: 'admin@operator.demo',
      entity_type: 'provider_communication',
      after: { communicationId: e.id },
    });
  });

  it('answers 404 when the ids do not belong together', async () => {
    const other = await sendCommunication(t, w, 'Operator eR other recall', {
      providers: [w.lakeshore],
      actions: ['Text'],
    });
    expect((await t.call('GET', `${BASE}/${other.id}/${e.pcOf(w.riverside)}`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/${e.id}/999999`, { token: operator })).status).toBe(404);
    expect(
      await t.db('audit_events').where({ action: 'OPERATOR_VIEWED_RESPONSE', entity_id: String(e.pcOf(w.riverside)) }),
    ).toHaveLength(1);
  });
});
