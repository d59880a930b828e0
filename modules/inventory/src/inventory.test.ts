import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, downloadFile, responseConformance, startTestApp, type TestApp } from '@portal/testing';
import { findItemCandidates, inventorySummary } from './index.js';

let t: TestApp;
let admin = '';
let responder = '';
let otherProvider = '';
let supplier = '';
let riversideId = 0;
let northId = 0;
const BASE = '/api/provider/inventory';

beforeAll(async () => {
  t = await startTestApp();
  [admin, responder, otherProvider, supplier] = (
    await Promise.all(
      ['admin@riverside.demo', 'responder@riverside.demo', 'admin@lakeshore.demo', 'admin@acme.demo'].map((e) =>
        t.signIn(e),
      ),
    )
  ).map((s) => s.access_token) as [string, string, string, string];
  const org = async (name: string) =>
    Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);
  riversideId = await org('Riverside Health');
  northId = await org('Riverside North Campus');
});
afterAll(() => t.close());

function form(data: string | Buffer, name = 'items.csv', kind?: string) {
  const f = new FormData();
  f.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type: 'text/csv' }), name);
  if (kind) f.append('kind', kind);
  return f;
}

async function settled(id: number, token = admin) {
  for (let i = 0; i < 200; i++) {
    const res = await t.call('GET', `${BASE}/imports/${id}`, { token });
    if (['DONE', 'FAILED'].includes(res.body.d.status)) return res.body.d;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

/** Uploads, confirms the proposed mapping (or `mapping`) and waits for the import to end. */
async function importFile(data: string | Buffer, kind = 'items', mapping?: Record<string, number>) {
  const up = await t.call('POST', `${BASE}/imports`, { token: admin, form: form(data, 'items.csv', kind) });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const d = up.body.d;
  const start = await t.call('POST', `${BASE}/imports/${d.import.id}/start`, {
    token: admin,
    body: { header_row: d.header_row, mapping: mapping ?? d.mapping },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return { upload: d, result: await settled(d.import.id) };
}

const FILE = [
  'Hospital inventory export,,,,,,,,,',
  'Item GTIN,Mfr,Catalog #,Model,Description,Lot/Batch,SN,Exp Date,On Hand,Cost Center,Location',
  '884521062859,Medtronic Inc.,CAT-100.A,M1,Stent 3mm,L100,,2027-05-31,5,Cath Lab,Riverside North Campus',
  '00884521062859,Medtronic Inc.,CAT-100.A,M1,Stent 3mm,L101,,05/2027,3,OR,Riverside North Campus',
  '00884521062857,Acme,X,,Bad check digit,L1,,,1,OR,',
  ',Acme,,,No identifier,L2,,,1,OR,',
  '(01)10884521062856(17)270630(10)LOTX(21)SER9,Medtronic,,,Pump,,,,1,ICU,Off-site depot',
  ',Stryker,REF 55-10,,Drill,L5,,31/31/2027,2,OR,',
  ',Stryker,REF 55-10,,Drill,L6,,,x,OR,',
  '884521062859,Medtronic Inc.,CAT-100.A,M1,Stent 3mm,L100,,2027-05-31,5,Cath Lab,Riverside North Campus',
].join('\r\n');

describe('item master import', () => {
  it('proposes the header row and mapping by synonyms, imports, and reports each row', async () => {
    const { upload, result } = await importFile(FILE);
    expect(upload.header_row).toBe(2);
    expect(upload.mapping).toMatchObject({
      gtin: 0,
      manufacturer: 1,
      catalogue: 2,
      model: 3,
      description: 4,
      lot: 5,
      serial: 6,
      expiry: 7,
      quantity: 8,
      department: 9,
      site: 10,
    });
    expect(upload.remembered).toBeNull();
    expect(result).toMatchObject({
      status: 'DONE',
      created_rows: 3,
      updated_rows: 0,
      unchanged_rows: 0,
      refused_rows: 5,
    });
    const reasons = Object.fromEntries(
      result.refusals.map((r: { row_number: number; reason: { code: string; reason: string; params?: object } }) => [
        r.row_number,
        r.reason,
      ]),
    );
    expect(reasons[5]).toMatchObject({ code: 'INVENTORY_ROW', reason: 'gtinCheckDigit', params: { expected: '9' } });
    expect(reasons[6]).toMatchObject({ reason: 'noIdentifier' });
    expect(reasons[8]).toMatchObject({ reason: 'badDate', params: { column: 'Exp Date', value: '31/31/2027' } });
    expect(reasons[9]).toMatchObject({ reason: 'badQuantity' });
    expect(reasons[10]).toMatchObject({ reason: 'duplicate', params: { row: 3 } });

    const rows = await t.db('inventory_items').where({ organization_id: riversideId }).orderBy('source_row');
    expect(
      rows.map((r) => [r.gtin, r.lot_norm, r.catalogue_norm, r.site_id === null ? null : Number(r.site_id)]),
    ).toEqual([
      ['00884521062859', 'L100', 'CAT100A', northId],
      ['00884521062859', 'L101', 'CAT100A', northId],
      ['10884521062856', 'LOTX', null, null],
    ]);
    // A month-only expiry is the month's last day; the UDI column filled lot, serial and expiry.
    const [, second, udi] = rows as { expiry_date: string; serial: string; location: string }[];
    expect(String(second!.expiry_date).slice(0, 10)).toBe('2027-05-31');
    expect(udi).toMatchObject({ serial: 'SER9', location: 'Off-site depot' });

    // Audited: started (by the caller) and finished (with the counts).
    const audit = await t
      .db('audit_events')
      .where({ entity_type: 'inventory_import', entity_id: String(upload.import.id) });
    expect(audit.map((a) => a.action).sort()).toEqual(['INVENTORY_IMPORT_FINISHED', 'INVENTORY_IMPORT_STARTED']);
    expect(audit.find((a) => a.action === 'INVENTORY_IMPORT_FINISHED')!.after).toMatchObject({
      created: 3,
      refused: 5,
    });

    // The refused rows download with their reasons.
    const file = await downloadFile(t, `${BASE}/imports/${upload.import.id}/refusals/csv`, admin, 'UTC');
    const csv = csvRows(file.body);
    expect(csv[0]).toEqual(['Row', 'Reason', 'Value']);
    expect(csv.find((r) => r[0] === '5')![1]).toBe('GTIN 00884521062857 has a wrong check digit (expected 9).');
  });

  it('upserts by the stable key: unchanged, updated and created; the mapping is remembered by header', async () => {
    // Same headers in another order, one quantity changed, one new lot.
    const again = [
      'Location,Cost Center,On Hand,Exp Date,SN,Lot/Batch,Description,Model,Catalog #,Mfr,Item GTIN',
      'Riverside North Campus,Cath Lab,5,2027-05-31,,L100,Stent 3mm,M1,CAT-100.A,Medtronic Inc.,884521062859',
      'Riverside North Campus,OR,4,05/2027,,L101,Stent 3mm,M1,CAT-100.A,Medtronic Inc.,00884521062859',
      'Riverside North Campus,OR,1,,,L102,Stent 3mm,M1,CAT-100.A,Medtronic Inc.,00884521062859',
    ].join('\n');
    const up = await t.call('POST', `${BASE}/imports`, { token: admin, form: form(again) });
    expect(up.body.d.remembered).toMatchObject({ gtin: 'Item GTIN', department: 'Cost Center' });
    expect(up.body.d.mapping).toMatchObject({ site: 0, department: 1, quantity: 2, gtin: 10 });
    const { result } = await importFile(again);
    expect(result).toMatchObject({ created_rows: 1, updated_rows: 1, unchanged_rows: 1, refused_rows: 0 });
    const l101 = await t.db('inventory_items').where({ organization_id: riversideId, lot: 'L101' }).first();
    expect(l101.quantity).toBe(4);
  });

  it('reads Windows-1252 files and purchase histories', async () => {
    const text =
      'GTIN,Vendor,Manufacturer,Description,Lot,Qty,PO Date,PO Number\n00884521062859,Cardinal Health,Médical Café,Stent,L100,10,2026-01-15,PO-1\n';
    const buffer = Buffer.from(text, 'latin1');
    const { upload, result } = await importFile(buffer, 'purchases');
    expect(upload.mapping).toMatchObject({ gtin: 0, supplier: 1, manufacturer: 2, purchased_on: 6, order_number: 7 });
    expect(result).toMatchObject({ status: 'DONE', created_rows: 1 });
    const row = await t.db('purchase_history').where({ organization_id: riversideId }).first();
    expect(row).toMatchObject({ manufacturer: 'Médical Café', supplier_name: 'Cardinal Health', quantity: 10 });
  });

  it('refuses bad uploads and mappings with a code', async () => {
    const txt = await t.call('POST', `${BASE}/imports`, { token: admin, form: form('x', 'list.txt') });
    expect(txt.status).toBe(415);
    const broken = await t.call('POST', `${BASE}/imports`, {
      token: admin,
      form: form('GTIN,Lot\n"00884521062859,L1\n'),
    });
    expect([broken.status, broken.body.error?.code]).toEqual([400, 'SPREADSHEET_UNREADABLE']);
    const none = await t.call('POST', `${BASE}/imports`, { token: admin, form: new FormData() });
    expect(none.body.error?.code).toBe('INVENTORY_FILE_REQUIRED');
    const up = (await t.call('POST', `${BASE}/imports`, { token: admin, form: form('Description,Qty\nStent,1\n') }))
      .body.d;
    const noId = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 1, mapping: { description: 0 } },
    });
    expect(noId.body.error?.code).toBe('INVENTORY_MAPPING_NO_IDENTIFIER');
    const twice = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 1, mapping: { catalogue: 0, description: 0 } },
    });
    expect(twice.body.error?.code).toBe('INVENTORY_MAPPING_TWICE');
    const outside = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 1, mapping: { catalogue: 7 } },
    });
    expect(outside.body.error?.code).toBe('INVENTORY_MAPPING_COLUMN');
    const noRow = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 5, mapping: { catalogue: 0 } },
    });
    expect(noRow.body.error?.code).toBe('INVENTORY_HEADER_ROW_MISSING');
    const ok = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 1, mapping: { catalogue: 0 } },
    });
    expect(ok.status).toBe(200);
    const twiceStarted = await t.call('POST', `${BASE}/imports/${up.import.id}/start`, {
      token: admin,
      body: { header_row: 1, mapping: { catalogue: 0 } },
    });
    expect(twiceStarted.status).toBe(409);
    await settled(up.import.id);
  });
});

describe('the list', () => {
  it('searches, filters per site and department, pages with exact totals and downloads', async () => {
    const all = await t.call('GET', `${BASE}/items?pageSize=2`, { token: responder });
    expect(all.status).toBe(200);
    expect(all.body.d.total).toBe(5);
    expect(all.body.d.items).toHaveLength(2);
    const page3 = await t.call('GET', `${BASE}/items?pageSize=2&pageNumber=3`, { token: admin });
    expect(page3.body.d.items).toHaveLength(1);
    const search = await t.call('GET', `${BASE}/items?search=lotx`, { token: admin });
    expect(search.body.d.items.map((i: { lot: string }) => i.lot)).toEqual(['LOTX']);
    const site = await t.call('GET', `${BASE}/items?site_id=${northId}`, { token: admin });
    expect(site.body.d.total).toBe(3);
    const dept = await t.call('GET', `${BASE}/items?department=Cath%20Lab`, { token: admin });
    expect(dept.body.d.items.map((i: { lot: string }) => i.lot)).toEqual(['L100']);
    // A scanned unit: GTIN in any spelling, lot as normalised.
    const scanned = await t.call('GET', `${BASE}/items?gtin=884521062859&lot=l-101&serial=S1`, { token: admin });
    expect(scanned.body.d.items.map((i: { lot: string }) => i.lot)).toEqual(['L101']);
    const serial = await t.call('GET', `${BASE}/items?gtin=10884521062856&serial=ser-9`, { token: admin });
    expect(serial.body.d.items.map((i: { serial: string }) => i.serial)).toEqual(['SER9']);
    const otherSerial = await t.call('GET', `${BASE}/items?gtin=10884521062856&serial=SER8`, { token: admin });
    expect(otherSerial.body.d.total).toBe(0);
    const purchases = await t.call('GET', `${BASE}/items?kind=purchases`, { token: admin });
    expect(purchases.body.d.items[0]).toMatchObject({ supplier_name: 'Cardinal Health', purchased_on: '2026-01-15' });
    const filters = await t.call('GET', `${BASE}/filters`, { token: admin });
    expect(filters.body.d.sites.map((s: { name: string }) => s.name)).toContain('Riverside North Campus');
    expect(filters.body.d.departments).toEqual(['Cath Lab', 'ICU', 'OR']);
    const file = await downloadFile(
      t,
      `${BASE}/items/csv?site_id=${northId}&sortField=id&sortDirection=asc`,
      admin,
      'UTC',
    );
    const rows = csvRows(file.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['GTIN', 'UDI-DI', 'Manufacturer']);
    expect(rows.slice(1).map((r) => r[6])).toEqual(['L100', 'L101', 'L102']);
  });
});

describe('tenancy', () => {
  it('another provider sees none of it and gets 404 for an import; suppliers get 403', async () => {
    const imports = (await t.call('GET', `${BASE}/imports`, { token: admin })).body.d as { id: number }[];
    const id = imports[0]!.id;
    const other = await t.call('GET', `${BASE}/items`, { token: otherProvider });
    expect(other.body.d.total).toBe(0);
    expect((await t.call('GET', `${BASE}/imports/${id}`, { token: otherProvider })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/imports/${id}/refusals/csv`, { token: otherProvider })).status).toBe(404);
    expect(
      (
        await t.call('POST', `${BASE}/imports/${id}/start`, {
          token: otherProvider,
          body: { header_row: 1, mapping: { gtin: 0 } },
        })
      ).status,
    ).toBe(404);
    for (const path of ['/items', '/imports', `/imports/${id}`, '/filters'])
      expect((await t.call('GET', `${BASE}${path}`, { token: supplier })).status).toBe(403);
    // A responder reads but does not import.
    expect((await t.call('POST', `${BASE}/imports`, { token: responder, form: form(FILE) })).status).toBe(403);
  });
});

describe('look-ups for matching', () => {
  it('finds candidates by any identifier, normalised, within the organisation only', async () => {
    const byGtin = await findItemCandidates(t.db, riversideId, { gtins: ['884521062859'] });
    expect(byGtin.filter((c) => c.source === 'item')).toHaveLength(3);
    expect(byGtin.some((c) => c.source === 'purchase')).toBe(true);
    const byCat = await findItemCandidates(t.db, riversideId, { catalogues: ['cat 100a'] }, { sources: ['item'] });
    expect(byCat.map((c) => c.lot).sort()).toEqual(['L100', 'L101', 'L102']);
    expect(await findItemCandidates(t.db, riversideId + 1000, { gtins: ['884521062859'] })).toEqual([]);
    const summary = await inventorySummary(t.db, riversideId);
    expect(summary).toMatchObject({ items: 5, purchases: 1 });
    expect(summary.items_imported_at).toBeInstanceOf(Date);
  });
});

describe('answers', () => {
  it('conform to the declared response schemas', async () => {
    const check = responseConformance(t);
    const P = '/api/provider/inventory';
    await check.conforms('get', `${P}/items`, `${BASE}/items?pageSize=5`, admin);
    await check.conforms('get', `${P}/items`, `${BASE}/items?kind=purchases`, admin);
    await check.conforms('get', `${P}/filters`, `${BASE}/filters`, admin);
    await check.conforms('get', `${P}/imports`, `${BASE}/imports`, admin);
    const up = await check.uploadConforms(`${P}/imports`, `${BASE}/imports`, admin, form('REF,Lot\nX-1,L9\n'));
    const started = await check.conforms(
      'post',
      `${P}/imports/{id}/start`,
      `${BASE}/imports/${up.import.id}/start`,
      admin,
      {
        header_row: up.header_row,
        mapping: up.mapping,
      },
    );
    await settled(started.id);
    await check.conforms('get', `${P}/imports/{id}`, `${BASE}/imports/${started.id}`, admin);
  });
});

describe('bounds', () => {
  it('answers 4xx, never 5xx, to malformed requests', async () => {
    const id = ((await t.call('GET', `${BASE}/imports`, { token: admin })).body.d as { id: number }[])[0]!.id;
    const cases: [string, string, unknown][] = [
      ['POST', `${BASE}/imports/${id}/start`, { header_row: 0, mapping: { gtin: 0 } }],
      ['POST', `${BASE}/imports/${id}/start`, { header_row: 1, mapping: { gtin: 'x' } }],
      ['POST', `${BASE}/imports/${id}/start`, { header_row: 1, mapping: { gtin: 5000 } }],
      ['POST', `${BASE}/imports/${id}/start`, { header_row: 1 }],
      ['GET', `${BASE}/items?pageSize=100000`, undefined],
      ['GET', `${BASE}/items?site_id=abc`, undefined],
      ['GET', `${BASE}/items?kind=nothing`, undefined],
      ['GET', `${BASE}/items?sortField=password`, undefined],
      ['GET', `${BASE}/items?gtin=${'9'.repeat(200)}`, undefined],
      ['GET', `${BASE}/imports/${id}/refusals/pdf`, undefined],
      ['GET', `${BASE}/imports/abc`, undefined],
      ['GET', `${BASE}/imports/999999999`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await t.call(method, url, { token: admin, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
