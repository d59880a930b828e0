import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let recalls: string;
let borealis: string;
let draftId: number;
let sterile: number;
let size: number;

const api = (token: string) => ({
  get: (path: string) => t.call('GET', `/api/supplier/communications${path}`, { token }),
  post: (path: string, body: unknown) => t.call('POST', `/api/supplier/communications${path}`, { token, body }),
  put: (path: string, body: unknown = {}) => t.call('PUT', `/api/supplier/communications${path}`, { token, body }),
});

function upload(name: string, data: Buffer | string, token = recalls) {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? Buffer.from(data, 'utf8') : new Uint8Array(data)]), name);
  return t.call('POST', '/api/supplier/communications/step1/read-product-file', { token, form });
}

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  const [a, b] = await t
    .db('product_fields')
    .insert([
      { name: 'Sterile', field_type: 'ListSingle', options: JSON.stringify(['Yes', 'No']), sort_order: 1 },
      { name: 'Size (mm)', field_type: 'Number', sort_order: 2 },
    ])
    .returning('id');
  sterile = (a as { id: number }).id;
  size = (b as { id: number }).id;
  await t.db('product_fields').insert({ name: 'Retired field', field_type: 'Text', status: 'INACTIVE' });
  draftId = (await api(recalls).post('/step0', { type: 'RECALL', name: 'Product upload', classification: 'CLASSII' }))
    .body.d.id;
});
afterAll(() => t.close());

describe('product template', () => {
  it('is an XLSX named "Product Template.xlsx" with the product columns and each active custom field', async () => {
    const res = await fetch(`${t.baseUrl}/api/supplier/communications/${draftId}/product-template`, {
      headers: { authorization: `Bearer ${recalls}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Product Template.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Product Name',
      'Catalog Number',
      'Lot Number',
      'UDI',
      'Description',
      'Expiration Date',
      'Quantity',
      'Sterile',
      'Size (mm)',
    ]);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });
});

describe('read-product-file', () => {
  it('parses good CSV rows into products and reports bad ones with their line', async () => {
    const csv = [
      'Product Name,Catalog Number,Lot Number,UDI,Description,Expiration Date,Quantity,Sterile,Size (mm),Colour',
      'Pump A,CAT-1,L-1,0100000,"Pump, large",2027-01-31,5,Yes,12.5,red',
      'Pump B,,L-2,,,12/31/2027,,No,,',
      ',CAT-3,L-3,,,,,,,',
      'Pump D,,,,,13/45/2027,-2,Maybe,abc,',
      '',
      'Pump F,,,,,02/29/2027,1,,,',
      'Pump G,,,,,2028-02-29,0,,,',
    ].join('\r\n');
    const res = await upload('products.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.d.products).toEqual([
      {
        product_name: 'Pump A',
        catalog_number: 'CAT-1',
        lot_number: 'L-1',
        udi: '0100000',
        description: 'Pump, large',
        expiration_date: '2027-01-31',
        quantity: 5,
        custom_fields: { [sterile]: 'Yes', [size]: 12.5 },
      },
      {
        product_name: 'Pump B',
        catalog_number: null,
        lot_number: 'L-2',
        udi: null,
        description: null,
        expiration_date: '2027-12-31',
        quantity: null,
        custom_fields: { [sterile]: 'No' },
      },
      {
        product_name: 'Pump G',
        catalog_number: null,
        lot_number: null,
        udi: null,
        description: null,
        expiration_date: '2028-02-29',
        quantity: 0,
        custom_fields: {},
      },
    ]);
    expect(res.body.d.errors).toEqual([
      { line: 1, message: 'Unknown column "Colour" was ignored.' },
      { line: 4, message: 'Product Name is required.' },
      {
        line: 5,
        message:
          'Expiration Date "13/45/2027" is not a date (YYYY-MM-DD or MM/DD/YYYY). Quantity "-2" must be a whole number of zero or more. Sterile must be one of Yes, No',
      },
      { line: 7, message: 'Expiration Date "02/29/2027" is not a date (YYYY-MM-DD or MM/DD/YYYY).' },
    ]);
    expect(
      Number(
        (
          (await t
            .db('communication_products')
            .where({ communication_id: draftId })
            .count<{ n: number }[]>({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    ).toBe(0);
  });

  it('reads XLSX files, date cells included', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Products');
    ws.addRow(['Product Name', 'Lot Number', 'Expiration Date', 'Quantity', 'Sterile']);
    ws.addRow(['Stent', 'S-1', new Date(Date.UTC(2027, 5, 30)), 3, 'Yes']);
    ws.addRow(['Stent 2', 'S-2', '06/30/2027', 'many', 'Yes']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('products.xlsx', data);
    expect(res.body.d.products).toEqual([
      {
        product_name: 'Stent',
        lot_number: 'S-1',
        expiration_date: '2027-06-30',
        quantity: 3,
        custom_fields: { [sterile]: 'Yes' },
      },
    ]);
    expect(res.body.d.errors).toEqual([
      { line: 3, message: 'Quantity "many" must be a whole number of zero or more.' },
    ]);
  });

  it('refuses other types, disguised files and files without a product name column', async () => {
    expect((await upload('products.pdf', '%PDF-1.4')).status).toBe(415);
    expect((await upload('products.xlsx', 'Product Name\nPump')).status).toBe(415);
    expect((await upload('products.csv', '')).status).toBe(400);
    const res = await upload('products.csv', 'Name of thing\nPump');
    expect(res.body.d).toEqual({
      products: [],
      errors: [
        { line: 1, message: 'Unknown column "Name of thing" was ignored.' },
        { line: 1, message: 'The file has no Product Name column.' },
      ],
    });
  });
});

describe('add-new-products', () => {
  it('appends products to a draft after its current ones and records it', async () => {
    const a = api(recalls);
    await a.post('/step1', { id: draftId, products: [{ product_name: 'First' }] });
    const res = await a.post('/step1/add-new-products', {
      id: draftId,
      products: [
        { product_name: 'Second', custom_fields: { [sterile]: 'No' } },
        { product_name: 'Third', expiration_date: '2027-01-01' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.d.products.map((p: { product_name: string }) => p.product_name)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    expect(res.body.d.products[1].custom_fields).toEqual({ [sterile]: 'No' });
    const bad = await a.post('/step1/add-new-products', {
      id: draftId,
      products: [{ product_name: 'Bad', custom_fields: { [sterile]: 'Maybe' } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('Product 4: Sterile must be one of Yes, No');
    const history = (await a.get(`/${draftId}/histories`)).body.d as { action: string }[];
    expect(history[0]!.action).toBe('PRODUCTS_ADDED');
  });

  it("refuses an approved event (409) and another supplier's (404)", async () => {
    const a = api(recalls);
    const id = (await a.post('/step0', { type: 'RECALL', name: 'Approved', classification: 'CLASSI' })).body.d.id;
    await a.post('/step1', { id, products: [{ product_name: 'P' }] });
    await a.post('/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Ack' }] });
    const riverside = ((await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number })
      .id;
    await a.post('/step3', { id, provider_organization_ids: [riverside] });
    expect((await a.put(`/${id}/approve-recall/RECALL/0`)).status).toBe(200);
    const res = await a.post('/step1/add-new-products', { id, products: [{ product_name: 'Late' }] });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('NOT_DRAFT');
    expect(
      (await api(borealis).post('/step1/add-new-products', { id: draftId, products: [{ product_name: 'X' }] })).status,
    ).toBe(404);
  });
});
