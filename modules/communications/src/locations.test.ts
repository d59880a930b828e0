import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let token: string;
let lakeshore: number;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('recalls@acme.demo')).access_token;
  lakeshore = ((await t.db('organizations').where({ name: 'Lakeshore Medical Center' }).first('id')) as { id: number })
    .id;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token, body });

async function draft(name: string): Promise<number> {
  const id = (await call('POST', '/supplier/communications/step0', { type: 'RECALL', name, classification: 'CLASSII' }))
    .body.d.id as number;
  await call('POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Stent' }] });
  await call('POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Confirm' }],
  });
  return id;
}

describe("affected locations from the supplier's location list", () => {
  it('groups locations into customers, keeps unreachable ones as Unrecognized, filters, updates statuses and downloads', async () => {
    const mk = async (body: object) => {
      const res = await call('POST', '/supplier/locations', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.d.id as number;
    };
    const matched = await mk({
      location_id: 'SHIP-001',
      location_name: 'Riverside Main Dock',
      notisphere_id: 'PRV-0001',
      city: 'Sacramento',
      state: 'CA',
      zip: '95814',
      email: 'dock@riverside.demo',
    });
    const emailOnly = await mk({
      location_id: 'SHIP-002',
      location_name: 'Valley Surgery Center',
      city: 'Fresno',
      state: 'CA',
      zip: '93701',
      email: 'buyer@valley.test; ops@valley.test',
    });
    const nobody = await mk({
      location_id: 'SHIP-003',
      location_name: 'Unknown Annex',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    });

    const id = await draft('Located recall');
    const step = await call('POST', '/supplier/communications/step3', {
      id,
      location_ids: [matched, emailOnly, nobody],
    });
    expect(step.body.d).toEqual({ added: 2, customers_count: 2 });
    const customers = (await call('GET', `/supplier/communications/${id}/customers`)).body.d.items as {
      name: string;
      emails: string[];
    }[];
    expect(customers.find((c) => c.name === 'Riverside Health')!.emails.sort()).toEqual([
      'admin@riverside.demo',
      'dock@riverside.demo',
      'multi@riverside.demo',
    ]);
    expect(customers.find((c) => c.name === 'Valley Surgery Center')!.emails).toEqual([
      'buyer@valley.test',
      'ops@valley.test',
    ]);

    const all = await call('GET', `/supplier/communications/${id}/locations?pageSize=10`);
    expect(all.body.d.total).toBe(3);
    expect(
      Object.fromEntries(
        (all.body.d.items as { location_id: string; status: string }[]).map((l) => [l.location_id, l.status]),
      ),
    ).toEqual({ 'SHIP-001': 'COVERED', 'SHIP-002': 'COVERED', 'SHIP-003': 'UNABLE_PROCESSED' });
    const filterModel = encodeURIComponent(
      JSON.stringify({ state: { filterType: 'text', type: 'contains', filter: 'nv' } }),
    );
    const filtered = await call('GET', `/supplier/communications/${id}/locations?filterModel=${filterModel}`);
    expect(filtered.body.d.items.map((l: { location_name: string }) => l.location_name)).toEqual(['Unknown Annex']);
    expect((await call('GET', `/supplier/communications/${id}/locations?sortField=password`)).status).toBe(400);
    // Adding the same locations again changes nothing.
    await call('POST', '/supplier/communications/step3', { id, location_ids: [matched] });
    expect((await call('GET', `/supplier/communications/${id}/locations`)).body.d.total).toBe(3);

    // The Not Covered button: the customer whose every location is Not Covered is skipped unless senTypeNotCov.
    const valley = (all.body.d.items as { id: number; location_id: string }[]).find(
      (l) => l.location_id === 'SHIP-002',
    )!;
    const bulk = await call('PUT', `/supplier/communications/${id}/update-status/NON_COVERED`, {
      location_ids: [valley.id],
    });
    expect(bulk.body.d).toEqual({ updated: 1 });
    await call('PUT', `/supplier/communications/${id}/approve-recall/RECALL/0`);
    expect(
      (await call('PUT', `/supplier/communications/${id}/send-notification/RECALL`)).body.d.customers_notified,
    ).toBe(1);
    expect(
      (await call('PUT', `/supplier/communications/${id}/send-notification/RECALL?senTypeNotCov=true`)).body.d
        .customers_notified,
    ).toBe(1);
    await t.smtp.waitFor('ops@valley.test', (m) => m.subject.includes('Located recall'));

    const byFile = await call('GET', `/supplier/communications/${id}/locations-by-file`);
    expect((byFile.body.d as { status: string; count: number }[]).reduce((n, r) => n + r.count, 0)).toBe(3);
    const csv = await fetch(`${t.baseUrl}/api/supplier/communications/${id}/locations-csv-download`, {
      headers: { authorization: `Bearer ${token}`, timezone: 'America/New_York' },
    });
    expect(csv.headers.get('content-disposition')).toMatch(
      /filename="Affected Locations Report \d{2}-\d{2}-\d{4}\.csv"/,
    );
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Location ID,Location Name');
    expect(lines.find((l) => l.includes('SHIP-002'))).toContain('Not Covered');
    expect(lines.find((l) => l.includes('SHIP-003'))).toContain('Unrecognized');
    const xlsx = await fetch(`${t.baseUrl}/api/supplier/communications/${id}/locations-xlxs-download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.headers.get('content-disposition')).toMatch(
      /filename="Affected Locations Report \d{2}-\d{2}-\d{4}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Affected Locations')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Location ID');
  });

  it('adds the members of a distribution list: providers, locations and addresses', async () => {
    const list = await call('POST', '/supplier/distribution-lists', {
      communication_type: 'RECALL',
      name: 'West coast',
      description: null,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listId = list.body.d.id as number;
    expect(
      (await call('POST', `/supplier/distribution-lists/${listId}/members`, { provider_organization_id: lakeshore }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('POST', `/supplier/distribution-lists/${listId}/members`, {
          email: 'Pharmacy@Coastal.test',
          name: 'Coastal Pharmacy',
        })
      ).status,
    ).toBe(200);
    const id = await draft('Listed recall');
    const res = await call('POST', '/supplier/communications/step3', { id, distribution_list_id: listId });
    expect(res.body.d.customers_count).toBe(2);
    const customers = (await call('GET', `/supplier/communications/${id}/customers`)).body.d.items as {
      name: string;
      emails: string[];
    }[];
    expect(customers.map((c) => [c.name, c.emails])).toEqual([
      ['Coastal Pharmacy', ['pharmacy@coastal.test']],
      ['Lakeshore Medical Center', ['admin@lakeshore.demo']],
    ]);
  });

  it("reaches a site without users of its own through its health system's users", async () => {
    const site = ((await t.db('organizations').where({ name: 'Riverside North Campus' }).first('id')) as { id: number })
      .id;
    const id = await draft('Site recall');
    expect(
      (await call('POST', '/supplier/communications/step3', { id, provider_organization_ids: [site] })).status,
    ).toBe(200);
    const customers = (await call('GET', `/supplier/communications/${id}/customers`)).body.d.items as {
      name: string;
      emails: string[];
    }[];
    expect(customers).toEqual([
      expect.objectContaining({
        name: 'Riverside North Campus',
        emails: ['admin@riverside.demo', 'multi@riverside.demo'],
      }),
    ]);
  });

  it("refuses another supplier's locations and lists", async () => {
    const borealis = (await t.signIn('admin@borealis.demo')).access_token;
    const theirs = await t.call('POST', '/api/supplier/locations', {
      token: borealis,
      body: { location_id: 'B-1', location_name: 'Theirs', email: 'x@theirs.test' },
    });
    const theirList = await t.call('POST', '/api/supplier/distribution-lists', {
      token: borealis,
      body: { communication_type: 'RECALL', name: 'Theirs' },
    });
    const id = await draft('Guarded recall');
    expect(
      (await call('POST', '/supplier/communications/step3', { id, location_ids: [theirs.body.d.id] })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/supplier/communications/step3', { id, distribution_list_id: theirList.body.d.id })).status,
    ).toBe(404);
    expect((await call('GET', `/supplier/communications/${id}/locations`)).body.d.total).toBe(0);
  });
});
