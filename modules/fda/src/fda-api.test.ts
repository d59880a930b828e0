import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';
import { importFda } from './services/import.js';

/** The operator's FDA calls over HTTP, on records imported from the samples in data/openfda. */
const SAMPLES = path.join(repoRoot, 'data', 'openfda');
const sample = (name: string) => JSON.parse(readFileSync(path.join(SAMPLES, name), 'utf8'));

let t: TestApp;
let operator = '';
let provider = '';
const BASE = '/api/notisphere/fda';

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  provider = (await t.signIn('admin@riverside.demo')).access_token;
  const devices = sample('device-recall-examples.json');
  const drug = sample('drug-enforcement-examples.json').result;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fda-api-'));
  writeFileSync(
    path.join(dir, 'a.json'),
    JSON.stringify({
      results: [
        devices.anatomy.results[0],
        {
          ...devices.record,
          recall_status: 'Open, Classified',
          event_date_initiated: '2012-10-01',
          recalling_firm: 'Spine Co',
        },
      ],
    }),
  );
  writeFileSync(
    path.join(dir, 'b.json'),
    JSON.stringify({
      results: [
        { ...drug, recall_number: 'D-0925-2013' },
        {
          ...drug,
          recall_number: 'D-0001-2024',
          status: 'Terminated',
          classification: 'Class I',
          recall_initiation_date: '20240105',
          recalling_firm: 'Acme Pharma',
        },
      ],
    }),
  );
  const deviceReport = sample('device-enforcement-examples.json').result;
  writeFileSync(
    path.join(dir, 'c.json'),
    JSON.stringify({
      results: [
        { ...deviceReport, recall_number: 'Z-2100-2012' },
        {
          ...deviceReport,
          recall_number: 'Z-0005-2024',
          status: 'Terminated',
          classification: 'Class I',
          recalling_firm: 'Acme Devices',
          recall_initiation_date: '20240301',
          code_info: 'Lot 55AB1234 (REF_77, 100% of kits)',
        },
      ],
    }),
  );
  await importFda(t.db, dir);
});
afterAll(() => t.close());

const get = (p: string, token = operator) => t.call('GET', `${BASE}${p}`, { token });

describe('GET /notisphere/fda/devices and /drugs', () => {
  it('lists device recalls newest initiation first, with the exact total from the counters', async () => {
    const res = await get('/devices');
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({ total: 2, pageNumber: 1, pageSize: 50 });
    expect(res.body.d.items.map((r: { recall_number: string }) => r.recall_number)).toEqual([
      'Z-0053-2020',
      'Z-0359-2013',
    ]);
    expect(res.body.d.items[0]).toMatchObject({
      kind: 'device-recall',
      status: 'Terminated',
      product_code: 'FOZ',
      initiation_date: '2019-05-17',
    });
    // The list sends what the grid shows; the record has the rest (issue 36 item 12).
    expect(res.body.d.items[0]).not.toHaveProperty('k_numbers');
    expect((await get('/devices/Z-0053-2020')).body.d).toMatchObject({
      event_number: '82984',
      k_numbers: expect.arrayContaining(['K900263']),
    });
    expect(res.body.d.lastUpdated).toEqual(expect.any(String));
  });

  it('searches firm, product, reason, code info (a lot number) and recall number', async () => {
    for (const search of ['13F18G0480', '13F18G', 'arrow international', 'Lidstock', 'Z-0053', 'catheterization']) {
      const res = await get(`/devices?search=${encodeURIComponent(search)}`);
      expect(
        res.body.d.items.map((r: { recall_number: string }) => r.recall_number),
        search,
      ).toEqual(['Z-0053-2020']);
    }
    expect((await get('/devices?search=nothing-like-this')).body.d).toMatchObject({ items: [], total: 0 });
  });

  it('finds a substring (a lot number inside a longer code, part of a recall number or a word)', async () => {
    const numbers = async (list: string, search: string) =>
      (await get(`/${list}?search=${encodeURIComponent(search)}`)).body.d.items.map(
        (r: { recall_number: string }) => r.recall_number,
      );
    for (const search of ['0480', 'g0480', '053-20', 'nternational', 'ediatric two-lum'])
      expect(await numbers('devices', search), search).toEqual(['Z-0053-2020']);
    expect(await numbers('device-enforcement', '7A103')).toEqual(['Z-2100-2012']);
    expect(await numbers('drugs', '925-20')).toEqual(['D-0925-2013']);
    // Words still match by prefix in any order, where the text as typed is not a substring.
    expect(await numbers('devices', 'international arrow')).toEqual(['Z-0053-2020']);
  });

  it('takes % and _ in a search literally', async () => {
    const numbers = async (search: string) =>
      (await get(`/device-enforcement?search=${encodeURIComponent(search)}`)).body.d.items.map(
        (r: { recall_number: string }) => r.recall_number,
      );
    expect(await numbers('REF_77')).toEqual(['Z-0005-2024']);
    expect(await numbers('100% of')).toEqual(['Z-0005-2024']);
    // As wildcards they would match lot 13F18G0480 and "55AB1234".
    expect((await get(`/devices?search=${encodeURIComponent('13F18_0480')}`)).body.d.items).toEqual([]);
    expect((await get(`/devices?search=${encodeURIComponent('13F18%0480')}`)).body.d.items).toEqual([]);
    expect(await numbers('55AB%34')).toEqual([]);
  });

  it('filters by status, classification, firm, product code and initiation-date range', async () => {
    const numbers = async (q: string, list = 'devices') =>
      (await get(`/${list}?${q}`)).body.d.items.map((r: { recall_number: string }) => r.recall_number);
    expect(await numbers('status=Open%20Classified')).toEqual(['Z-0359-2013']);
    expect(await numbers('productCode=foz')).toEqual(['Z-0053-2020']);
    expect(await numbers('firm=spine')).toEqual(['Z-0359-2013']);
    expect(await numbers('initiatedFrom=2019-01-01&initiatedTo=2019-12-31')).toEqual(['Z-0053-2020']);
    expect(await numbers('classification=Class%20I', 'drugs')).toEqual(['D-0001-2024']);
    expect(await numbers('status=Ongoing', 'drugs')).toEqual(['D-0925-2013']);
    expect((await get('/drugs?status=Terminated')).body.d.total).toBe(1);
    // Each list has its own statuses (spec 000 §4).
    expect((await get('/devices?status=Ongoing')).status).toBe(400);
    expect((await get('/devices?initiatedFrom=2019-13-01')).status).toBe(400);
    expect((await get('/devices?sortField=record')).status).toBe(400);
  });

  it('sorts by a whitelisted field and pages', async () => {
    const res = await get('/drugs?sortField=recalling_firm&sortDirection=asc&pageSize=1&pageNumber=2');
    expect(res.body.d).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(res.body.d.items.map((r: { recalling_firm: string }) => r.recalling_firm)).toEqual([
      'Novartis Consumer Health',
    ]);
  });

  it("is the operator's with Notisphere_ViewFDAInformation only", async () => {
    expect((await get('/devices', provider)).status).toBe(403);
    expect((await get('/drugs/D-0925-2013', provider)).status).toBe(403);
    expect((await t.call('GET', `${BASE}/devices`)).status).toBe(401);
  });
});

describe('GET /notisphere/fda/devices/{recallNumber} and /drugs/{recallNumber}', () => {
  it('answers one record with every field, the openfda block and its enforcement report', async () => {
    const res = await get('/devices/Z-0053-2020');
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      recall_number: 'Z-0053-2020',
      record: {
        action: expect.stringMatching(/^On May 17, 2019/),
        postal_code: '19605-9607',
        res_event_number: '82984',
      },
      openfda: { regulation_number: expect.any(String) },
      enforcement: null,
    });
    const drug = await get('/drugs/D-0925-2013');
    expect(drug.body.d).toMatchObject({
      kind: 'drug-enforcement',
      event_number: '64372',
      record: { product_type: 'Drugs' },
    });
  });

  it('answers 404 for an unknown number and for a number of the other list, 400 for a malformed one', async () => {
    expect((await get('/devices/Z-9999-2020')).status).toBe(404);
    expect((await get('/devices/D-0925-2013')).status).toBe(404);
    expect((await get('/drugs/not-a-number')).status).toBe(404);
  });
});

describe('downloads', () => {
  it('CSV of the filtered list, named by the toolkit rule', async () => {
    const res = await fetch(`${t.baseUrl}${BASE}/devices/csv-download?search=13F18G0480`, {
      headers: { authorization: `Bearer ${operator}`, timezone: 'UTC' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="FDA Device Recalls \d{2}-\d{2}-\d{4}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(text).toMatch(/^Recall Number,Status,Classification,Recalling Firm,Product Code,Device Name,/);
    // Only the searched record (its description spans lines inside quotes).
    expect(text).toMatch(/\nZ-0053-2020,Terminated,,Arrow International Inc,FOZ,/);
    expect(text).not.toContain('Z-0359-2013');
  });

  it('XLSX of the drug list', async () => {
    const res = await fetch(`${t.baseUrl}${BASE}/drugs/xlsx-download?status=Ongoing`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="FDA Drug Recalls \d{2}-\d{2}-\d{4}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const ws = book.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('D-0925-2013');
    expect(
      (await fetch(`${t.baseUrl}${BASE}/drugs/xlsx-download`, { headers: { authorization: `Bearer ${provider}` } }))
        .status,
    ).toBe(403);
  });
});

describe("GET /notisphere/fda/device-enforcement (the devices page's second tab)", () => {
  const numbers = async (q = '') =>
    (await get(`/device-enforcement${q}`)).body.d.items.map((r: { recall_number: string }) => r.recall_number);

  it('lists device enforcement reports only, newest first, with the exact total from the counters', async () => {
    const res = await get('/device-enforcement');
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({ total: 2, pageNumber: 1, pageSize: 50 });
    expect(res.body.d.items.map((r: { recall_number: string }) => r.recall_number)).toEqual([
      'Z-0005-2024',
      'Z-2100-2012',
    ]);
    expect(res.body.d.items[1]).toMatchObject({
      kind: 'device-enforcement',
      status: 'Ongoing',
      classification: 'Class II',
      recalling_firm: 'Encore Medical, Lp',
      initiation_date: '2012-07-16',
    });
    // Neither list of the other kinds shows them.
    expect(await numbers('?search=Z-2100')).toEqual(['Z-2100-2012']);
    expect((await get('/drugs?search=Z-2100')).body.d.items).toEqual([]);
    expect((await get('/devices?search=Z-2100')).body.d.items).toEqual([]);
  });

  it("takes the drugs list's filters and search", async () => {
    expect(await numbers('?status=Ongoing')).toEqual(['Z-2100-2012']);
    expect(await numbers('?classification=Class%20I')).toEqual(['Z-0005-2024']);
    expect(await numbers('?firm=encore')).toEqual(['Z-2100-2012']);
    expect(await numbers('?initiatedFrom=2020-01-01')).toEqual(['Z-0005-2024']);
    expect(await numbers('?search=55AB1234')).toEqual(['Z-0005-2024']);
    expect(await numbers('?sortField=recall_number&sortDirection=asc')).toEqual(['Z-0005-2024', 'Z-2100-2012']);
    expect((await get('/device-enforcement?status=Ongoing')).body.d.total).toBe(1);
    expect((await get('/device-enforcement?status=Open%20Classified')).status).toBe(400);
    expect((await get('/device-enforcement', provider)).status).toBe(403);
  });

  it('answers one report with every field, and 404 for a number of another list', async () => {
    const res = await get('/device-enforcement/Z-2100-2012');
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      recall_number: 'Z-2100-2012',
      kind: 'device-enforcement',
      record: { product_type: 'Devices', code_info: 'Lot 007A1037, Ref 010-55-25.' },
    });
    expect((await get('/device-enforcement/D-0925-2013')).status).toBe(404);
    expect((await get('/device-enforcement/Z-0053-2020')).status).toBe(404);
    expect((await get('/device-enforcement/Z-2100-2012', provider)).status).toBe(403);
  });

  it('downloads the filtered list as CSV and XLSX, named by the toolkit rule', async () => {
    const csv = await fetch(`${t.baseUrl}${BASE}/device-enforcement/csv-download?status=Ongoing`, {
      headers: { authorization: `Bearer ${operator}`, timezone: 'UTC' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(
      /filename="FDA Device Enforcement Reports \d{2}-\d{2}-\d{4}\.csv"/,
    );
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text).toMatch(/^Recall Number,Status,Classification,Recalling Firm,Product Code,Device Name,/);
    expect(text).toMatch(/\nZ-2100-2012,Ongoing,Class II,"Encore Medical, Lp",/);
    expect(text).not.toContain('Z-0005-2024');
    const xlsx = await fetch(`${t.baseUrl}${BASE}/device-enforcement/xlsx-download?search=55AB1234`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(xlsx.headers.get('content-disposition')).toMatch(
      /filename="FDA Device Enforcement Reports \d{2}-\d{2}-\d{4}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const ws = book.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('Z-0005-2024');
  });
});

describe('OpenAPI', () => {
  it('documents every FDA call with its response schema', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const list of ['devices', 'device-enforcement', 'drugs']) {
      for (const p of [
        `/api/notisphere/fda/${list}`,
        `/api/notisphere/fda/${list}/{recallNumber}`,
        `/api/notisphere/fda/${list}/csv-download`,
        `/api/notisphere/fda/${list}/xlsx-download`,
      ]) {
        expect(doc.paths[p]?.get, p).toBeDefined();
      }
      expect(JSON.stringify(doc.paths[`/api/notisphere/fda/${list}`]!.get!.responses)).toContain('recall_number');
    }
  });
});
