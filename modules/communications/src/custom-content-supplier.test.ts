import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '@portal/core';
import { contentOf, type OutboxRow } from '@portal/notifications';
import { startTestApp, type TestApp } from '@portal/testing';
import { customersResponse, customRowsPageSchema } from './custom-content-routes.js';

/** Custom content, the supplier's side: template, rows with answers per customer, corrections. */
let t: TestApp;
let recalls: string;
let acmeAdmin: string;
let borealis: string;
let operator: string;
let riversideAdmin: string;
let riverside: number;
let lakeshore: number;

const sup = (method: string, path: string, body?: unknown, token = recalls) =>
  t.call(method, `/api/supplier/communications${path}`, { token, body });

function upload(id: number, data: Buffer | string, name = 'customers.csv', token = recalls) {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? Buffer.from(data, 'utf8') : data]), name);
  return t.call('POST', `/api/supplier/communications/${id}/custom-content/file`, { token, form });
}

async function download(path: string, token = recalls) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

const ROWS = [
  'Customer Key,Product Name,Lot Number,Serial Number,UDI,Quantity,Expiration Date',
  'PRV-0001,Infusion pump,R-1,SN-100,0100001,2,2027-01-31',
  'PRV-0001,Infusion pump,R-2,SN-101,,1,',
  'PRV-0002,Infusion pump,L-1,SN-200,,5,12/31/2027',
].join('\r\n');

async function customDraft(name: string): Promise<number> {
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await sup('PUT', `/${id}/custom-content`, { enabled: true });
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  acmeAdmin = (await t.signIn('admin@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  operator = (await t.signIn('admin@operator.demo')).access_token;
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  const idOf = async (name: string) =>
    Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);
  riverside = await idOf('Riverside Health');
  lakeshore = await idOf('Lakeshore Medical Center');
  const field = await t.call('POST', '/api/supplier/fields', {
    token: acmeAdmin,
    body: { name: 'Sterile Pack', field_type: 'Text' },
  });
  expect(field.status).toBe(200);
});
afterAll(() => t.close());

describe('custom content template', () => {
  it('gives the header row the reader accepts, with the product fields; filled in, it is read back', async () => {
    const id = await customDraft('Template pumps');
    const csv = await download(`/supplier/communications/${id}/custom-content/template?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.disposition).toMatch(/filename="Custom Content Template \d{2}-\d{2}-\d{4}\.csv"/);
    const [header, ...rest] = parse(csv.body, { bom: true }) as string[][];
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'Customer Key',
      'Product Name',
      'Catalog Number',
      'Lot Number',
      'Serial Number',
      'UDI',
      'Quantity',
      'Expiration Date',
      'Sterile Pack',
    ]);
    const filled = Buffer.concat([
      csv.body,
      Buffer.from('PRV-0001,Infusion pump,CAT-9,R-1,SN-1,0100001,3,2027-01-31,Blue\n', 'utf8'),
    ]);
    const read = await upload(id, filled);
    expect(read.status).toBe(200);
    expect(read.body.d).toEqual({ rows: 1, customers: 1 });
    const rows = (await sup('GET', `/${id}/custom-content`)).body.d.items;
    expect(rows[0]).toMatchObject({ catalog_number: 'CAT-9', quantity: 3, expiration_date: '2027-01-31' });
    expect(Object.values(rows[0].custom_fields)).toEqual(['Blue']);

    // The XLSX template holds the same header and is read back too.
    const xlsx = await download(`/supplier/communications/${id}/custom-content/template?format=xlsx`);
    expect(xlsx.disposition).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as never);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    ws.addRow(['PRV-0002', 'Infusion pump', null, 'L-1', null, null, 1, null, 'Green']);
    const back = await upload(id, Buffer.from(await wb.xlsx.writeBuffer()), 'customers.xlsx');
    expect(back.body.d).toEqual({ rows: 1, customers: 1 });

    // Another supplier's event is not found; a bad format is refused.
    expect((await download(`/supplier/communications/${id}/custom-content/template`, borealis)).status).toBe(404);
    expect((await download(`/supplier/communications/${id}/custom-content/template?format=pdf`)).status).toBe(400);
  });
});

describe('customer rows with their per-unit answers, per customer', () => {
  let id: number;
  let action: number;

  beforeAll(async () => {
    id = await customDraft('Rows per customer');
    expect((await upload(id, ROWS)).status).toBe(200);
    await sup('POST', '/step2', { id, actions: [{ action_type: 'Numeric', title: 'Units found', per_unit: true }] });
    await sup('POST', '/step3', { id, provider_organization_ids: [riverside, lakeshore] });
    expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  });

  it('lets the supplier correct the rows after approval, before sending; audited; frozen once sent', async () => {
    const corrected = ROWS.replace('R-2', 'R-2B');
    const res = await upload(id, corrected);
    expect(res.status).toBe(200);
    const history = (await sup('GET', `/${id}/histories`)).body.d as {
      action: string;
      before: unknown;
      after: unknown;
    }[];
    const entry = history.find((h) => h.action === 'CUSTOM_ROWS_CORRECTED');
    expect(entry).toMatchObject({
      before: { rows: 3, customers: 2 },
      after: { rows: 3, customers: 2 },
      is_change: true,
    });
    const changes = await download(`/supplier/communications/${id}/change-history-download`);
    expect(changes.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(changes.body as never);
    const cells: string[] = [];
    wb.worksheets[0]!.eachRow((r) => cells.push((r.values as unknown[]).join('|')));
    expect(cells.some((c) => c.includes('Customer rows corrected after approval (3)'))).toBe(true);
    // Switching custom content off stays a draft-only change.
    expect((await sup('PUT', `/${id}/custom-content`, { enabled: false })).status).toBe(409);

    expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
    const late = await upload(id, ROWS);
    expect(late.status).toBe(409);
    expect(late.body.m).toBe('The notices of this event have been sent: its customer rows can no longer change.');
    const lots = (await sup('GET', `/${id}/custom-content`)).body.d.items.map(
      (r: { lot_number: string }) => r.lot_number,
    );
    expect(lots).toEqual(['R-1', 'R-2B', 'L-1']);
  });

  it("lists the rows per customer with each row's answers, for the supplier and the operator only", async () => {
    const pc = (await t
      .db('provider_communications')
      .where({ communication_id: id, provider_organization_id: riverside })
      .first('id')) as { id: number };
    const view = await t.call('GET', `/api/provider/communications/${id}/provider-recall/${pc.id}`, {
      token: riversideAdmin,
    });
    action = view.body.d.actions[0].id;
    const [r1] = view.body.d.products as { id: number }[];
    const answered = await t.call('PUT', `/api/provider/communications/${id}/${pc.id}/actions/${action}/units`, {
      token: riversideAdmin,
      body: { answers: [{ rowId: r1!.id, valueNumeric: '2' }] },
    });
    expect(answered.status).toBe(200);

    const customers = await sup('GET', `/${id}/custom-content/customers`);
    expect(customers.body.d).toEqual([
      { provider_organization_id: lakeshore, customer_name: 'Lakeshore Medical Center', rows: 1 },
      { provider_organization_id: riverside, customer_name: 'Riverside Health', rows: 2 },
    ]);
    const mine = await sup('GET', `/${id}/custom-content?provider_organization_id=${riverside}`);
    expect(mine.body.d.total).toBe(2);
    expect(
      mine.body.d.items.map((r: { lot_number: string; unit_answers: unknown[] }) => [r.lot_number, r.unit_answers]),
    ).toEqual([
      ['R-1', [{ action_id: action, value: { valueNumeric: '2' } }]],
      ['R-2B', []],
    ]);
    // The answers are what the routes declare (the web's types are generated from it).
    expect(schemaErrors(customRowsPageSchema, mine.body.d)).toEqual([]);
    expect(schemaErrors(customersResponse, customers.body.d)).toEqual([]);
    const theirs = await sup('GET', `/${id}/custom-content?provider_organization_id=${lakeshore}`);
    expect(theirs.body.d.items.map((r: { lot_number: string }) => r.lot_number)).toEqual(['L-1']);

    // The operator reads the same (View Recall); another supplier and a provider do not.
    const op = await t.call(
      'GET',
      `/api/notisphere/communications/${id}/custom-content?provider_organization_id=${riverside}`,
      {
        token: operator,
      },
    );
    expect(op.body.d.items).toEqual(mine.body.d.items);
    const opCustomers = await t.call('GET', `/api/notisphere/communications/${id}/custom-content/customers`, {
      token: operator,
    });
    expect(opCustomers.body.d).toEqual(customers.body.d);
    expect((await sup('GET', `/${id}/custom-content`, undefined, borealis)).status).toBe(404);
    expect((await sup('GET', `/${id}/custom-content/customers`, undefined, borealis)).status).toBe(404);
    expect(
      (await t.call('GET', `/api/notisphere/communications/${id}/custom-content`, { token: recalls })).status,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/notisphere/communications/${id}/custom-content`, { token: riversideAdmin })).status,
    ).toBe(403);
  });
});

describe('notice emails of a custom-content event', () => {
  it("list each customer's own rows (at most 50, then how many more), escaped, in the recipient's language", async () => {
    const id = await customDraft('Emailed pumps');
    const riversideRows = Array.from({ length: 52 }, (_, i) => `PRV-0001,Pump <b>X</b>,R-${i + 1},SN-R${i + 1},,1,`);
    const csv = [
      'Customer Key,Product Name,Lot Number,Serial Number,UDI,Quantity,Expiration Date',
      ...riversideRows,
      'PRV-0002,Infusion pump,L-1,SN-200,0100099,5,',
    ].join('\r\n');
    expect((await upload(id, csv)).status).toBe(200);
    await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Read it' }] });
    await sup('POST', '/step3', { id, provider_organization_ids: [riverside, lakeshore] });
    await sup('PUT', `/${id}/approve-recall/RECALL/0`);
    // Lakeshore's administrator reads the product in Vietnamese.
    await t.db('users').where({ email: 'admin@lakeshore.demo' }).update({ language: 'vi' });
    expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
    const rows = (await t
      .db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(id), kind: 'NOTICE' })) as OutboxRow[];
    // Notices are rendered when sent: what the sender would send.
    const mails = await Promise.all(
      rows.map(async (r) => {
        const { text, html } = await contentOf(t.db, r);
        return { to_email: r.to_email, text_body: text, html_body: html ?? '' };
      }),
    );
    const mail = (to: string) => mails.find((m) => m.to_email === to)!;

    const river = mail('admin@riverside.demo');
    expect(river.text_body).toContain('Pump <b>X</b> · Lot R-1 · Serial SN-R1 · Quantity 1');
    expect(river.text_body).toContain('Lot R-50 ·');
    expect(river.text_body).not.toContain('Lot R-51 ');
    expect(river.text_body).toContain('and 2 more');
    expect(river.html_body).toContain('Pump &lt;b&gt;X&lt;/b&gt; · Lot R-1');
    expect(river.html_body).not.toContain('<b>X</b>');
    expect(river.html_body).not.toContain('L-1');
    expect(river.text_body).not.toContain('L-1');

    const lake = mail('admin@lakeshore.demo');
    expect(lake.text_body).toContain('Infusion pump · Lô L-1 · Số sê-ri SN-200 · UDI 0100099 · Số lượng 5');
    expect(lake.text_body).toContain('Các đơn vị bị ảnh hưởng');
    expect(lake.html_body).not.toContain('R-1');
    expect(lake.text_body).not.toMatch(/R-\d/);
    expect(lake.text_body).not.toContain('đơn vị khác');
  });
});
