import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let recalls: string;
let borealis: string;
let riversideAdmin: string;
let lakeshoreAdmin: string;
let riverside: number;
let lakeshore: number;

const sup = (method: string, path: string, body?: unknown, token = recalls) =>
  t.call(method, `/api/supplier/communications${path}`, { token, body });

function upload(id: number, csv: string, token = recalls) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'customers.csv');
  return t.call('POST', `/api/supplier/communications/${id}/custom-content/file`, { token, form });
}

async function xlsxRows(path: string, token: string): Promise<{ status: number; rows: unknown[][] }> {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return { status: res.status, rows: [] };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { status: res.status, rows };
}

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshoreAdmin = (await t.signIn('admin@lakeshore.demo')).access_token;
  const idOf = async (name: string) =>
    Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);
  riverside = await idOf('Riverside Health');
  lakeshore = await idOf('Lakeshore Medical Center');
  // One of Acme's ship-to locations, carrying Lakeshore's Notisphere ID: a customer key may name it.
  const location = await t.call('POST', '/api/supplier/locations', {
    token: recalls,
    body: { location_id: 'CC-LAKE-1', location_name: 'Lakeshore dock', zip: '60611', notisphere_id: 'PRV-0002' },
  });
  expect(location.status).toBe(200);
});
afterAll(() => t.close());

const GOOD = [
  'Customer Key,Product Name,Lot Number,Serial Number,UDI,Quantity,Expiration Date',
  'PRV-0001,Infusion pump,R-1,SN-100,0100001,2,2027-01-31',
  'prv-0001,Infusion pump,R-2,SN-101,,1,',
  'CC-LAKE-1,Infusion pump,L-1,SN-200,,5,12/31/2027',
].join('\r\n');

describe('custom content: each customer its own rows', () => {
  let id: number;

  beforeAll(async () => {
    id = (await sup('POST', '/step0', { type: 'RECALL', name: 'Custom pumps', classification: 'CLASSI' })).body.d.id;
  });

  it('refuses rows until custom content is on', async () => {
    const res = await upload(id, GOOD);
    expect(res.status).toBe(409);
    expect(res.body.m).toBe('Turn on custom content for this event before uploading customer rows.');
    const on = await sup('PUT', `/${id}/custom-content`, { enabled: true });
    expect(on.body.d).toEqual({ custom_content: true, rows: 0 });
    expect((await sup('GET', `/${id}`)).body.d.custom_content).toBe(true);
  });

  it('saves nothing when any row is bad, and says which lines and why', async () => {
    const bad = [
      'Customer Key,Product Name,Lot Number,Quantity,Expiration Date',
      'PRV-0001,Infusion pump,R-1,2,2027-01-31',
      'NOBODY,Infusion pump,X-1,-3,2027-02-30',
      ',,X-2,,',
    ].join('\r\n');
    const res = await upload(id, bad);
    expect(res.status).toBe(400);
    expect(res.body.m).toBe('The product file has errors; nothing was saved.');
    expect(res.body.error?.details).toEqual([
      {
        line: 3,
        message:
          'Quantity "-3" must be a whole number of zero or more. Expiration Date "2027-02-30" is not a date (YYYY-MM-DD or MM/DD/YYYY). Customer Key "NOBODY" matches no provider (a Notisphere ID, or one of your location ids mapped to a provider).',
      },
      { line: 4, message: 'Customer Key is required. Product Name is required.' },
    ]);
    expect(await t.db('communication_custom_rows').where({ communication_id: id })).toHaveLength(0);
    const noKey = await upload(id, 'Product Name,Lot Number\r\nPump,L-1');
    expect(noKey.body.error?.details).toEqual([{ line: 1, message: 'The file has no Customer Key column.' }]);
  });

  it("reads keys given as a Notisphere ID or the supplier's own location id, and lists the rows", async () => {
    const res = await upload(id, GOOD);
    expect(res.status).toBe(200);
    expect(res.body.d).toEqual({ rows: 3, customers: 2 });
    const list = await sup('GET', `/${id}/custom-content`);
    expect(list.body.d.total).toBe(3);
    expect(
      list.body.d.items.map((r: { customer_name: string; lot_number: string }) => [r.customer_name, r.lot_number]),
    ).toEqual([
      ['Riverside Health', 'R-1'],
      ['Riverside Health', 'R-2'],
      ['Lakeshore Medical Center', 'L-1'],
    ]);
    // Another supplier never reaches them.
    expect((await sup('GET', `/${id}/custom-content`, undefined, borealis)).status).toBe(404);
    expect((await upload(id, GOOD, borealis)).status).toBe(404);
    expect((await sup('PUT', `/${id}/custom-content`, { enabled: false }, borealis)).status).toBe(404);
  });

  it('approves with customer rows only, and each provider sees only its own rows', async () => {
    await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm receipt' }] });
    await sup('POST', '/step3', { id, provider_organization_ids: [riverside, lakeshore] });
    expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
    expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
    const pcs = (await t
      .db('provider_communications')
      .where({ communication_id: id })
      .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[];
    const pcOf = (org: number) => pcs.find((p) => Number(p.provider_organization_id) === org)!.id;

    const view = (token: string, pc: number) =>
      t.call('GET', `/api/provider/communications/${id}/provider-recall/${pc}`, { token });
    const lots = (res: { body: { d?: { products: { lot_number: string }[] } } }) =>
      res.body.d!.products.map((p) => p.lot_number);
    const riversideView = await view(riversideAdmin, pcOf(riverside));
    expect(lots(riversideView)).toEqual(['R-1', 'R-2']);
    expect(riversideView.body.d.products[0]).toMatchObject({ serial_number: 'SN-100', quantity: 2 });
    expect(lots(await view(lakeshoreAdmin, pcOf(lakeshore)))).toEqual(['L-1']);
    // A provider asking for another customer's notice, and so its rows, gets nothing.
    expect((await view(lakeshoreAdmin, pcOf(riverside))).status).toBe(404);

    const report = (token: string, pc: number) =>
      xlsxRows(`/provider/communications/${id}/provideraffectedproducts/${pc}`, token);
    const mine = await report(lakeshoreAdmin, pcOf(lakeshore));
    expect(mine.rows[0]!.slice(0, 4)).toEqual(['Product Name', 'Catalog Number', 'Lot Number', 'Serial Number']);
    expect(mine.rows.slice(1).map((r) => r[2])).toEqual(['L-1']);
    expect((await report(lakeshoreAdmin, pcOf(riverside))).status).toBe(404);
  });

  it('a per-unit action is answered for each own row; all rows answered submits the action with their sum', async () => {
    // A per-unit action needs custom content, and a simple type.
    const plain = (await sup('POST', '/step0', { type: 'RECALL', name: 'Plain', classification: 'CLASSI' })).body.d
      .id as number;
    const refused = await sup('POST', '/step2', {
      id: plain,
      actions: [{ action_type: 'Numeric', title: 'Units', per_unit: true }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.m).toBe('Action 1: only an event with custom content has per-unit actions.');

    const unitId = (await sup('POST', '/step0', { type: 'RECALL', name: 'Per unit', classification: 'CLASSI' })).body.d
      .id as number;
    await sup('PUT', `/${unitId}/custom-content`, { enabled: true });
    expect((await upload(unitId, GOOD)).status).toBe(200);
    const badType = await sup('POST', '/step2', {
      id: unitId,
      actions: [{ action_type: 'Image', title: 'Photo', per_unit: true }],
    });
    expect(badType.body.m).toBe('Action 1: a per-unit action is a Text, Numeric or Yes / No action.');
    await sup('POST', '/step2', {
      id: unitId,
      actions: [{ action_type: 'Numeric', title: 'Units quarantined', per_unit: true }],
    });
    await sup('POST', '/step3', { id: unitId, provider_organization_ids: [riverside, lakeshore] });
    await sup('PUT', `/${unitId}/approve-recall/RECALL/0`);
    await sup('PUT', `/${unitId}/send-notification/RECALL`);
    const pcs = (await t
      .db('provider_communications')
      .where({ communication_id: unitId })
      .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number }[];
    const pcOf = (org: number) => pcs.find((p) => Number(p.provider_organization_id) === org)!.id;
    const viewOf = async (token: string, pc: number) =>
      (await t.call('GET', `/api/provider/communications/${unitId}/provider-recall/${pc}`, { token })).body.d as {
        products: { id: number; lot_number: string }[];
        actions: { id: number; per_unit: boolean; unit_answers: unknown[]; response: { value: unknown } | null }[];
        provider_communication: { response_status: string };
      };
    const view = await viewOf(riversideAdmin, pcOf(riverside));
    const action = view.actions[0]!;
    expect(action.per_unit).toBe(true);
    const [r1, r2] = view.products;
    const answer = (token: string, pc: number, answers: unknown[]) =>
      t.call('PUT', `/api/provider/communications/${unitId}/${pc}/actions/${action.id}/units`, {
        token,
        body: { answers },
      });

    // Another customer's row is not found, for its own notice as for the other's.
    const lakeRow = (await viewOf(lakeshoreAdmin, pcOf(lakeshore))).products[0]!.id;
    expect((await answer(riversideAdmin, pcOf(riverside), [{ rowId: lakeRow, valueNumeric: '1' }])).status).toBe(404);
    expect((await answer(lakeshoreAdmin, pcOf(riverside), [{ rowId: r1!.id, valueNumeric: '1' }])).status).toBe(404);
    expect((await answer(riversideAdmin, pcOf(riverside), [{ rowId: r1!.id, valueNumeric: 'x' }])).body.m).toBe(
      'Only numeric values are accepted.',
    );

    const first = await answer(riversideAdmin, pcOf(riverside), [{ rowId: r1!.id, valueNumeric: '2' }]);
    expect(first.body.d).toEqual({ response_status: 'NOTCOMPLETED', answered: 1, rows: 2 });
    const second = await answer(riversideAdmin, pcOf(riverside), [{ rowId: r2!.id, valueNumeric: '1' }]);
    expect(second.body.d).toEqual({ response_status: 'COMPLETED', answered: 2, rows: 2 });
    const after = await viewOf(riversideAdmin, pcOf(riverside));
    expect(after.actions[0]!.unit_answers).toEqual([
      { row_id: r1!.id, value: { valueNumeric: '2' } },
      { row_id: r2!.id, value: { valueNumeric: '1' } },
    ]);
    expect(after.actions[0]!.response!.value).toEqual({ valueNumeric: '3' });
    // Lakeshore's notice is untouched.
    const lake = await viewOf(lakeshoreAdmin, pcOf(lakeshore));
    expect(lake.actions[0]!.unit_answers).toEqual([]);
    expect(lake.provider_communication.response_status).toBe('NOTCOMPLETED');

    // The supplier's reports count the per-unit answers.
    const csv = await fetch(`${t.baseUrl}/api/supplier/communications/${unitId}/actions/provider/statusreport/csv`, {
      headers: { authorization: `Bearer ${recalls}` },
    });
    const lines = parse(Buffer.from(await csv.arrayBuffer()), { bom: true }) as string[][];
    const col = lines[0]!.indexOf('Units quarantined (units answered)');
    expect(col).toBeGreaterThan(0);
    const byCustomer = Object.fromEntries(lines.slice(1).map((l) => [l[0], l[col]]));
    expect(byCustomer).toEqual({ 'Riverside Health': '2 of 2', 'Lakeshore Medical Center': '0 of 1' });
    const fda = await xlsxRows(`/supplier/communications/${unitId}/fdareport`, recalls);
    const item = (name: string) => fda.rows.find((r) => r[0] === name)?.[1];
    expect([item('Units Listed'), item('Units Answered'), item('Unit Answer Rate (%)')]).toEqual([3, 2, 66.7]);

    // The provider's Customized Content Report: its own rows first, with the per-unit answers.
    const report = await xlsxRows(
      `/provider/communications/${unitId}/customizedcontent/${pcOf(riverside)}`,
      riversideAdmin,
    );
    expect(report.status).toBe(200);
    expect(report.rows[0]).toEqual([
      'Customer Key',
      'Product Name',
      'Catalog Number',
      'Lot Number',
      'Serial Number',
      'UDI',
      'Quantity',
      'Expiration Date',
      'Units quarantined',
    ]);
    expect(report.rows.slice(1).map((r) => [r[3], r[4], r[8]])).toEqual([
      ['R-1', 'SN-100', '2'],
      ['R-2', 'SN-101', '1'],
    ]);
    const theirs = await xlsxRows(
      `/provider/communications/${unitId}/customizedcontent/${pcOf(lakeshore)}`,
      lakeshoreAdmin,
    );
    expect(theirs.rows.slice(1).map((r) => r[3])).toEqual(['L-1']);

    // The same as CSV, saved as "Customized Content Report"; an event without custom content has none.
    const csvReport = await fetch(
      `${t.baseUrl}/api/provider/communications/${unitId}/customizedcontent/${pcOf(riverside)}/csv`,
      { headers: { authorization: `Bearer ${riversideAdmin}` } },
    );
    expect(csvReport.status).toBe(200);
    expect(csvReport.headers.get('content-disposition')).toContain('Customized Content Report');
    const csvRows = parse(Buffer.from(await csvReport.arrayBuffer()), { bom: true }) as string[][];
    expect(csvRows.slice(1).map((r) => [r[3], r[8]])).toEqual([
      ['R-1', '2'],
      ['R-2', '1'],
    ]);
    const other = (await sup('POST', '/step0', { type: 'RECALL', name: 'No custom', classification: 'CLASSI' })).body.d
      .id as number;
    await sup('POST', '/step1', { id: other, products: [{ product_name: 'Gown' }] });
    await sup('POST', '/step2', { id: other, actions: [{ action_type: 'Acknowledge', title: 'Read' }] });
    await sup('POST', '/step3', { id: other, provider_organization_ids: [riverside] });
    await sup('PUT', `/${other}/approve-recall/RECALL/0`);
    await sup('PUT', `/${other}/send-notification/RECALL`);
    const otherPc = (
      (await t.db('provider_communications').where({ communication_id: other }).first('id')) as { id: number }
    ).id;
    const none = await t.call('GET', `/api/provider/communications/${other}/customizedcontent/${otherPc}/csv`, {
      token: riversideAdmin,
    });
    expect(none.status).toBe(409);
    expect(none.body.m).toBe('This event has no custom content; its Customized Content Report is XLSX only.');

    // A recipient answers per unit through the e-mailed link too, for its own rows only.
    const mail = await t.smtp.waitFor('admin@lakeshore.demo', (m) => m.subject.includes('Per unit'));
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const acme = (await t.db('communications').where({ id: unitId }).first('organization_id')) as {
      organization_id: number;
    };
    const publicUnits = (rowId: number) =>
      t.call(
        'PUT',
        `/api/provider/communication-notices/${acme.organization_id}/${unitId}/actions/${action.id}/units?token=${token}`,
        {
          body: { answers: [{ rowId, valueNumeric: '4' }] },
        },
      );
    expect((await publicUnits(r1!.id)).status).toBe(404);
    const viaLink = await publicUnits(lakeRow);
    expect(viaLink.body.d).toEqual({ response_status: 'COMPLETED', answered: 1, rows: 1 });
  });

  it('freezes with the event: no switching off or new rows after approval', async () => {
    expect((await sup('PUT', `/${id}/custom-content`, { enabled: false })).status).toBe(409);
    expect((await upload(id, GOOD)).status).toBe(409);
  });

  it('switching off a draft drops its rows', async () => {
    const draft = (await sup('POST', '/step0', { type: 'RECALL', name: 'Custom off', classification: 'CLASSI' })).body.d
      .id as number;
    await sup('PUT', `/${draft}/custom-content`, { enabled: true });
    expect((await upload(draft, GOOD)).status).toBe(200);
    expect((await sup('PUT', `/${draft}/custom-content`, { enabled: false })).body.d).toEqual({
      custom_content: false,
      rows: 0,
    });
    expect(await t.db('communication_custom_rows').where({ communication_id: draft })).toHaveLength(0);
  });
});
