import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, messageText } from '@portal/core';
import { BROKEN_XLSX, startTestApp, type TestApp } from '@portal/testing';
import { loadActor } from './services/members.js';
import { getSupplierLocations } from './services/locations.js';
import { fileDate } from '@portal/core';

let t: TestApp;
let admin: string;
let borealis: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn('admin@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

/** The real CMS hospital list: Latin-1 (Windows-1252) encoded, quoted, Provider IDs with leading zeros. */
const CMS_FILE = path.join(repoRoot, 'data', 'cms-hospitals', 'Hospital General Information.csv');
const cmsBytes = readFileSync(CMS_FILE);
const cms = parse(cmsBytes.toString('latin1'), { columns: true }) as Record<string, string>[];

const HEADER = [
  'Location ID',
  'Location Name',
  'IDN',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'ZIP',
  'Type',
  'Email',
];
const row = (h: Record<string, string>) => [
  h['Provider ID']!,
  h['Hospital Name']!,
  h['Hospital Ownership']!,
  h.Address!,
  '',
  h.City!,
  h.State!,
  h['ZIP Code']!,
  h['Hospital Type']!,
  `recalls+${h['Provider ID']}@hospital.example`,
];

/** Windows-1252 bytes of a string whose characters all exist in that code page (enough for these tests). */
function cp1252(text: string): Buffer {
  const special: Record<string, number> = { '\u2019': 0x92 };
  return Buffer.from([...text].map((c) => special[c] ?? c.charCodeAt(0)));
}

const form = (name: string, data: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)]), name);
  return f;
};
const upload = (name: string, data: Buffer, token = admin) =>
  t.call('POST', '/api/supplier/location-files', { token, form: form(name, data) });
const filter = (model: object) => `filterModel=${encodeURIComponent(JSON.stringify(model))}`;

async function download(p: string, token: string, timezone?: string) {
  const res = await fetch(`${t.baseUrl}${p}`, {
    headers: { authorization: `Bearer ${token}`, ...(timezone ? { timezone } : {}) },
  });
  const data = await res.arrayBuffer();
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    body: Buffer.from(data),
    data,
  };
}

const location = (extra: object = {}) => ({
  location_id: 'ACME-0001',
  location_name: 'Riverside Health',
  idn: 'Riverside IDN',
  address1: '1 River Road',
  city: 'Sacramento',
  state: 'ca',
  zip: '95814',
  type: 'Health System',
  email: 'recalls@riverside.demo, pharmacy@riverside.demo',
  ...extra,
});

describe('supplier locations', () => {
  let id = 0;

  it('creates a location matched to its provider by name and ZIP, and lists it with camelCase filters', async () => {
    const res = await t.call('POST', '/api/supplier/locations', { token: admin, body: location() });
    expect(res.status).toBe(200);
    id = res.body.d.id;
    expect(res.body.d).toMatchObject({
      location_id: 'ACME-0001',
      state: 'CA',
      provider_name: 'Riverside Health',
      status: 'ACTIVE',
      email: 'recalls@riverside.demo, pharmacy@riverside.demo',
    });
    const byNotisphereId = await t.call('POST', '/api/supplier/locations', {
      token: admin,
      body: location({
        location_id: 'ACME-0002',
        location_name: 'Lakeshore Main',
        notisphere_id: 'PRV-0002',
        zip: '60611',
      }),
    });
    expect(byNotisphereId.body.d.provider_name).toBe('Lakeshore Medical Center');
    const list = await t.call(
      'GET',
      `/api/supplier/locations?${filter({ locationName: { filterType: 'text', type: 'contains', filter: 'river' }, zip: { filter: '958' } })}`,
      { token: admin },
    );
    expect(list.body.d.items.map((l: { id: number }) => l.id)).toEqual([id]);
    expect(
      (
        await t.call(
          'GET',
          `/api/supplier/locations?${filter({ locationId: { filter: 'acme-000' } })}&sortField=locationId&sortDirection=desc`,
          { token: admin },
        )
      ).body.d.items.map((l: { location_id: string }) => l.location_id),
    ).toEqual(['ACME-0002', 'ACME-0001']);
    expect(
      (await t.call('GET', `/api/supplier/locations?${filter({ password: { filter: 'x' } })}`, { token: admin }))
        .status,
    ).toBe(400);
  });

  it('validates location bodies with clear messages', async () => {
    const cases: [object, number, string][] = [
      [location({ location_id: 'X1', zip: '9581' }), 400, 'Invalid ZIP code'],
      [location({ location_id: 'X1', email: 'a@b.org, nope' }), 400, 'Email not valid'],
      [location({ location_id: 'X1', state: 'C1' }), 400, 'Invalid state'],
      [location({ location_id: ' ' }), 400, 'Location ID is required'],
      [{ location_id: 'X1' }, 400, 'location_name is required'],
      [location({ location_id: 'ACME-0001' }), 409, 'A location with this Location ID already exists.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', '/api/supplier/locations', { token: admin, body });
      expect(res.status, message).toBe(status);
      expect(res.body.m).toBe(message);
    }
  });

  it('updates, inactivates, activates and deletes, each audited', async () => {
    const res = await t.call('PUT', `/api/supplier/locations/${id}`, {
      token: admin,
      body: location({ location_name: 'Riverside Health - Dock 4', zip: '95814' }),
    });
    expect(res.body.d).toMatchObject({ location_name: 'Riverside Health - Dock 4', provider_organization_id: null });
    expect((await t.call('PUT', `/api/supplier/locations/${id}/inactivate`, { token: admin })).body.d.status).toBe(
      'INACTIVE',
    );
    expect(
      (await t.call('GET', `/api/supplier/locations?${filter({ status: { filter: 'INACTIVE' } })}`, { token: admin }))
        .body.d.total,
    ).toBe(1);
    expect(
      (await t.call('GET', `/api/supplier/locations?${filter({ status: { filter: 'ACTIVE' } })}`, { token: admin }))
        .body.d.total,
    ).toBe(1);
    expect((await t.call('PUT', `/api/supplier/locations/${id}/activate`, { token: admin })).body.d.status).toBe(
      'ACTIVE',
    );
    const tmp = await t.call('POST', '/api/supplier/locations', {
      token: admin,
      body: location({ location_id: 'TMP-1' }),
    });
    expect((await t.call('DELETE', `/api/supplier/locations/${tmp.body.d.id}`, { token: admin })).body.d.status).toBe(
      'DELETED',
    );
    expect((await t.call('GET', `/api/supplier/locations/${tmp.body.d.id}`, { token: admin })).status).toBe(404);
    for (const action of [
      'SUPPLIER_LOCATION_CREATED',
      'SUPPLIER_LOCATION_UPDATED',
      'SUPPLIER_LOCATION_INACTIVATED',
      'SUPPLIER_LOCATION_ACTIVATED',
      'SUPPLIER_LOCATION_DELETED',
    ]) {
      expect(
        await t.db('audit_events').where({ action, organization_id: res.body.d.organization_id }).first(),
        action,
      ).toBeTruthy();
    }
  });
});

describe('location files', () => {
  const good = cms.slice(0, 2300);
  let firstFile = 0;
  let csvBytes: Buffer = Buffer.alloc(0);

  it('imports a Latin-1 CSV built from real CMS rows in batches, reporting each bad row with its line and reason', async () => {
    const rows: string[][] = good.map(row);
    // Bad rows, at known positions (line = index + 2, the header being line 1).
    rows.splice(10, 0, ['BAD-1', '', '', '1 Main St', '', 'Town', 'AL', '36301', 'Clinic', '']);
    rows.splice(20, 0, ['BAD-2', 'Bad Zip Clinic', '', '1 Main St', '', 'Town', 'AL', '3630', 'Clinic', '']);
    rows.splice(30, 0, [
      'BAD-3',
      'Bad Email Clinic',
      '',
      '1 Main St',
      '',
      'Town',
      'AL',
      '36301',
      'Clinic',
      'ok@x.org; not-an-email',
    ]);
    rows.splice(1500, 0, ['', 'No Id Clinic', '', '1 Main St', '', 'Town', 'AL', '36301', 'Clinic', '']);
    // A duplicate of the first row later in the file: the last one wins.
    rows.push([
      good[0]!['Provider ID']!,
      'SOUTHEAST ALABAMA MEDICAL CENTER (RENAMED)',
      '',
      '1108 ROSS CLARK CIRCLE',
      '',
      'DOTHAN',
      'AL',
      '36301',
      'Acute Care Hospitals',
      '',
    ]);
    // Real provider organisations: matched by notisphere_id and by name + ZIP; a Windows-1252 character in a name.
    rows.push(['LAKE-1', 'Lakeshore dock', '', '', '', 'Chicago', 'IL', '60611', 'Hospital', '']);
    rows.push([
      'RIV-1',
      'RIVERSIDE HEALTH',
      '',
      '1 River Road',
      '',
      'Sacramento',
      'CA',
      '95814-1234',
      'Health System',
      '',
    ]);
    rows.push(['CAFE-1', 'St. Mary\u2019s Hôpital', '', '', '', 'Montréal', 'QC', '', 'Hospital', '']);
    const header = [...HEADER, 'Notisphere ID'];
    const body = stringify([header, ...rows.map((r) => [...r, r[0] === 'LAKE-1' ? 'PRV-0002' : ''])]);
    csvBytes = cp1252(body);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(csvBytes)).toThrow();

    const started = Date.now();
    const res = await upload('Acme customers.csv', csvBytes);
    expect(res.status).toBe(200);
    firstFile = res.body.d.id;
    expect(res.body.d).toMatchObject({
      name: 'Acme customers.csv',
      status: 'COMPLETED',
      row_count: rows.length,
      error_count: 4,
      updated_count: 1,
    });
    expect(res.body.d.errors).toEqual([
      { line: 12, location_id: 'BAD-1', message: 'Location Name is required' },
      { line: 22, location_id: 'BAD-2', message: 'Invalid ZIP code' },
      { line: 32, location_id: 'BAD-3', message: 'Email not valid' },
      { line: 1502, location_id: null, message: 'Location ID is required' },
    ]);
    // 2300 real rows + LAKE-1 + RIV-1 + CAFE-1; the duplicate (in a later batch) updated its first occurrence.
    expect(res.body.d.inserted_count).toBe(2303);
    expect(res.body.d.location_count).toBe(2303);
    expect(Date.now() - started).toBeLessThan(20_000);

    const first = await t.call('GET', `/api/supplier/locations?${filter({ locationId: { filter: '010001' } })}`, {
      token: admin,
    });
    expect(first.body.d.items).toHaveLength(1);
    expect(first.body.d.items[0]).toMatchObject({
      location_id: '010001',
      location_name: 'SOUTHEAST ALABAMA MEDICAL CENTER (RENAMED)',
      zip: '36301',
      file_name: 'Acme customers.csv',
    });
    const cafe = await t.call('GET', `/api/supplier/locations?${filter({ locationId: { filter: 'CAFE-1' } })}`, {
      token: admin,
    });
    expect(cafe.body.d.items[0]).toMatchObject({ location_name: 'St. Mary\u2019s Hôpital', city: 'Montréal' });
    const providers = await t.call('GET', '/api/supplier/providers', { token: admin });
    expect(
      providers.body.d.items.map((p: { name: string; location_count: number }) => [p.name, p.location_count]),
    ).toEqual([
      ['Lakeshore Medical Center', 2],
      ['Riverside Health', 1],
    ]);
    const fileFilter = await t.call(
      'GET',
      `/api/supplier/locations?${filter({ fileId: { filter: String(firstFile) } })}&pageSize=1`,
      { token: admin },
    );
    expect(fileFilter.body.d.total).toBe(2303);
    expect(
      await t
        .db('audit_events')
        .where({ action: 'LOCATION_FILE_IMPORTED', entity_id: String(firstFile) })
        .first(),
    ).toMatchObject({
      after: { status: 'COMPLETED', row_count: rows.length, error_count: 4 },
    });
  });

  it('imports the CMS file itself (Latin-1, its own headers) and upserts the locations already there', async () => {
    const res = await upload('Hospital General Information.csv', cmsBytes);
    expect(res.body.d).toMatchObject({ status: 'COMPLETED', row_count: cms.length, error_count: 0 });
    expect(res.body.d.updated_count).toBe(2300);
    expect(res.body.d.inserted_count).toBe(cms.length - 2300);
    const first = await t.call('GET', `/api/supplier/locations?${filter({ locationId: { filter: '010001' } })}`, {
      token: admin,
    });
    expect(first.body.d.items[0]).toMatchObject({
      location_name: 'SOUTHEAST ALABAMA MEDICAL CENTER',
      location_file_id: res.body.d.id,
      type: 'Acute Care Hospitals',
    });
    expect(
      (
        await t.call('GET', `/api/supplier/locations?${filter({ fileId: { filter: String(firstFile) } })}`, {
          token: admin,
        })
      ).body.d.total,
    ).toBe(3);
  });

  it('imports an XLSX file, with line numbers of its rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Locations');
    sheet.addRow(HEADER);
    for (const h of cms.slice(3000, 3010)) sheet.addRow(row(h));
    sheet.addRow(['XL-BAD', 'Bad state', '', '', '', '', 'Alabama', '', '', '']);
    sheet.addRow([
      'XL-1',
      'New Spreadsheet Clinic',
      '',
      '',
      '',
      'Mobile',
      'AL',
      36601,
      'Clinic',
      { text: 'clinic@x.org', hyperlink: 'mailto:clinic@x.org' },
    ]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload('locations.xlsx', data);
    expect(res.body.d).toMatchObject({
      status: 'COMPLETED',
      row_count: 12,
      error_count: 1,
      inserted_count: 1,
      updated_count: 10,
    });
    expect(res.body.d.errors).toEqual([{ line: 12, location_id: 'XL-BAD', message: 'Invalid state' }]);
    const xl = await t.call('GET', `/api/supplier/locations?${filter({ locationId: { filter: 'XL-1' } })}`, {
      token: admin,
    });
    expect(xl.body.d.items[0]).toMatchObject({ zip: '36601', email: 'clinic@x.org' });
  });

  it('refuses other file types and records an unreadable file as ERROR', async () => {
    const wrong = await upload('locations.txt', Buffer.from('a,b'));
    expect(wrong.status).toBe(415);
    expect(wrong.body.m).toBe(messageText('UNSUPPORTED_FILE_TYPE.locationFile'));
    const noColumns = await upload('wrong.csv', Buffer.from('Name,City\nA,B\n'));
    expect(noColumns.body.d).toMatchObject({
      status: 'ERROR',
      error_count: 1,
      errors: [{ line: 0, message: messageText('LOCATION_COLUMNS_MISSING') }],
    });
    // A zip that merely starts like one is refused by its content (issue 36); one with the parts but no workbook is
    // read, and fails as ERROR.
    const fake = await upload(
      'fake.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/ but not a zip at all')]),
    );
    expect(fake.status).toBe(415);
    const broken = await upload('broken.xlsx', BROKEN_XLSX);
    expect(broken.body.d).toMatchObject({
      status: 'ERROR',
      errors: [{ message: messageText('SPREADSHEET_UNREADABLE') }],
    });
  });

  it('lists files, shows one with its errors and gives back the original upload', async () => {
    const files = await t.call('GET', '/api/supplier/location-files?sortField=created_at&sortDirection=asc', {
      token: admin,
    });
    expect(files.body.d.items.map((f: { name: string }) => f.name)).toEqual([
      'Acme customers.csv',
      'Hospital General Information.csv',
      'locations.xlsx',
      'wrong.csv',
      'broken.xlsx',
    ]);
    expect(files.body.d.items[0]).toMatchObject({ uploaded_by_name: 'Alice Acme', error_count: 4 });
    expect(
      (await t.call('GET', `/api/supplier/location-files?${filter({ status: { filter: 'ERROR' } })}`, { token: admin }))
        .body.d.total,
    ).toBe(2);
    const detail = await t.call('GET', `/api/supplier/location-files/${firstFile}`, { token: admin });
    expect(detail.body.d.errors).toHaveLength(4);
    const original = await download(`/api/supplier/location-files/${firstFile}/download`, admin);
    expect(original.status).toBe(200);
    expect(original.disposition).toContain('Acme customers.csv');
    expect(original.body.equals(csvBytes)).toBe(true);
  });

  it('downloads the filtered locations as XLSX and CSV', async () => {
    const tz = 'America/Los_Angeles';
    const res = await download(
      `/api/supplier/locations/xlsx-download?${filter({ state: { filter: 'AK' } })}&sortField=locationId`,
      admin,
      tz,
    );
    expect(res.status).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.disposition)?.[1] ?? '')).toBe(
      `Supplier Locations Report ${fileDate(new Date(), tz)}.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.data);
    const values = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    const alaska = cms
      .filter((h) => h.State === 'AK')
      .map((h) => h['Provider ID'])
      .sort();
    expect(values[0]!.slice(0, 3)).toEqual(['Location ID', 'Location Name', 'IDN']);
    expect(values.slice(1).map((r) => r[0])).toEqual(alaska);
    expect(values[1]![13]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const csv = await download(`/api/supplier/locations/csv-download?${filter({ state: { filter: 'AK' } })}`, admin);
    expect(
      (parse(csv.body.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[])
        .map((r: Record<string, string>) => r['Location ID'])
        .sort(),
    ).toEqual(alaska);
  });

  it("answers the communications module with active locations of a file or by id, never another tenant's", async () => {
    const acme = (await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number };
    const alice = (await t.db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number };
    const actor = (await loadActor(t.db, alice.id, acme.id))!;
    const ofFile = await getSupplierLocations(t.db, actor, { fileId: firstFile });
    expect(ofFile.map((l) => l.location_id).sort()).toEqual(['CAFE-1', 'LAKE-1', 'RIV-1']);
    const bor = (await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number };
    const bjorn = (await t.db('users').where({ email: 'admin@borealis.demo' }).first('id')) as { id: number };
    const other = (await loadActor(t.db, bjorn.id, bor.id))!;
    expect(await getSupplierLocations(t.db, other, { ids: ofFile.map((l) => l.id) })).toEqual([]);
  });

  it('keeps locations and files to their supplier (404) and needs Supplier_ManageLocations (403)', async () => {
    const loc = (await t.db('supplier_locations').where({ location_id: 'ACME-0001' }).first('id')) as { id: number };
    for (const [method, p, body] of [
      ['GET', `/api/supplier/locations/${loc.id}`, undefined],
      ['PUT', `/api/supplier/locations/${loc.id}`, location()],
      ['PUT', `/api/supplier/locations/${loc.id}/inactivate`, undefined],
      ['DELETE', `/api/supplier/locations/${loc.id}`, undefined],
      ['GET', `/api/supplier/location-files/${firstFile}`, undefined],
      ['GET', `/api/supplier/location-files/${firstFile}/download`, undefined],
    ] as const) {
      const res = await t.call(method, p, { token: borealis, body });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    expect((await t.call('GET', '/api/supplier/locations', { token: borealis })).body.d.total).toBe(0);
    expect((await t.call('GET', '/api/supplier/location-files', { token: borealis })).body.d.total).toBe(0);
    expect((await t.call('GET', '/api/supplier/providers', { token: borealis })).body.d.total).toBe(0);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    expect((await t.call('GET', '/api/supplier/locations', { token: responder })).status).toBe(403);
    expect((await upload('x.csv', Buffer.from('Location ID,Location Name\n1,A\n'), responder)).status).toBe(403);
    expect(
      (await t.call('GET', '/api/supplier/locations', { token: (await t.signIn('recalls@acme.demo')).access_token }))
        .status,
    ).toBe(200);
  });
});
