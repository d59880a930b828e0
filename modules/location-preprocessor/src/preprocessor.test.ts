import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_XLSX, startTestApp, type TestApp } from '@portal/testing';
import { importKnownProviders } from './services/known-providers.js';
import { messageText } from '@portal/core';

let t: TestApp;
let operator = '';
let provider = '';
let supplier = '';
let acmeId = 0;
const BASE = '/api/notisphere/locationPreProcessor';

/** A CMS-like slice: the layout of "Hospital General Information.csv". */
const CMS = [
  '"Provider ID","Hospital Name","Address","City","State","ZIP Code","County Name","Phone Number","Hospital Type"',
  '"010001","SOUTHEAST ALABAMA MEDICAL CENTER","1108 ROSS CLARK CIRCLE","DOTHAN","AL","36301","HOUSTON","3347938701","Acute Care Hospitals"',
  '"010005","MARSHALL MEDICAL CENTER SOUTH","2505 U S HIGHWAY 431 NORTH","BOAZ","AL","35957","MARSHALL","2565938310","Acute Care Hospitals"',
  '"010006","ELIZA COFFEE MEMORIAL HOSPITAL","205 MARENGO STREET","FLORENCE","AL","35631","LAUDERDALE","2567688400","Acute Care Hospitals"',
  '"020001","PROVIDENCE ALASKA MEDICAL CENTER","3200 PROVIDENCE DRIVE","ANCHORAGE","AK","99508","ANCHORAGE","9075622211","Acute Care Hospitals"',
].join('\n');

/** A supplier's ship-to file: its own column names and spellings. */
const SUPPLIER_FILE = [
  'Account Name,Ship To Address,City,ST,Zip Code,Phone,Customer Number',
  'Riverside Health,1 River Rd,Sacramento,CA,95814,,C-1',
  'Riverside North Campus,200 North Avenue,Sacramento,CA,95815-1234,,C-2',
  'SOUTHEAST ALABAMA MED CTR,1108 Ross Clark Cir,Dothan,AL,36301,(334) 793-8701,C-3',
  'ASCENSION MARSHALL SOUTH,900 Main St,Boaz,AL,35957,,C-4',
  'Nowhere Clinic,1 Nowhere Lane,Nome,AK,99762,,C-5',
].join('\n');

const csv = (text: string, name = 'shipto.csv', field = 'file') => {
  const form = new FormData();
  form.append(field, new Blob([text], { type: 'text/csv' }), name);
  return form;
};

async function upload(text: string, fields: Record<string, string> = { supplierId: String(acmeId) }, name?: string) {
  const form = csv(text, name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.call('POST', `${BASE}/upload-locationpreprocessor-file`, { token: operator, form });
}

/** Waits until the background worker (kicked by the upload) finished the job: matched, or ERROR. */
async function settled(id: number): Promise<{ status: string; matched_at: Date | null }> {
  for (let i = 0; i < 200; i++) {
    const job = (await t.db('preprocessor_jobs').where({ id }).first('status', 'matched_at')) as {
      status: string;
      matched_at: Date | null;
    };
    if (job.status === 'ERROR' || job.matched_at) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

type Row = { id: number; rowNumber: number; decision: string; knownProviderId: number | null; candidates: any[] };
async function rowsOf(id: number, query = ''): Promise<Row[]> {
  const res = await t.call('GET', `${BASE}/${id}?pageSize=100${query}`, { token: operator });
  expect(res.status).toBe(200);
  return res.body.d.rows.items as Row[];
}

beforeAll(async () => {
  t = await startTestApp();
  [operator, provider, supplier] = (await Promise.all(
    ['admin@operator.demo', 'admin@riverside.demo', 'admin@acme.demo'].map(
      async (e) => (await t.signIn(e)).access_token,
    ),
  )) as [string, string, string];
  acmeId = Number(
    ((await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number }).id,
  );
  await importKnownProviders(t.db, 'csv', Buffer.from(CMS));
});
afterAll(() => t.close());

describe('location pre-processor (spec 000 §7)', () => {
  it('refuses every call to a provider or a supplier (403), and bad ids (400/404)', async () => {
    const calls: [string, string][] = [
      ['GET', BASE],
      ['GET', `${BASE}/1`],
      ['GET', `${BASE}/document/1`],
      ['PUT', `${BASE}/1`],
      ['GET', `${BASE}/locationPreProcessorSuppliers`],
      ['GET', `${BASE}/known-providers`],
      ['PUT', `${BASE}/1/rows/1`],
      ['POST', `${BASE}/1/bulk-accept`],
      ['POST', `${BASE}/1/complete`],
      ['POST', `${BASE}/upload-locationpreprocessor-file`],
    ];
    for (const token of [provider, supplier])
      for (const [method, path] of calls)
        expect((await t.call(method, path, { token, ...(method === 'GET' ? {} : { body: {} }) })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/abc`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/999999`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/document/999999`, { token: operator })).status).toBe(404);
    expect((await t.call('PUT', `${BASE}/999999`, { token: operator })).status).toBe(404);
    expect((await t.call('POST', `${BASE}/999999/complete`, { token: operator })).status).toBe(404);
    expect(
      (await t.call('PUT', `${BASE}/999999/rows/1`, { token: operator, body: { decision: 'UNMATCHED' } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', `${BASE}/1/bulk-accept`, { token: operator, body: { minConfidence: 2 } })).status,
    ).toBe(400);
  });

  it('refuses a bad upload: wrong type (415), no name column, no supplier, unknown supplier (400)', async () => {
    const txt = await upload('name\nx', { supplierId: String(acmeId) }, 'list.txt');
    expect(txt.status).toBe(415);
    const noName = await upload('Address,City\n1 Main St,Boaz');
    expect(noName.status).toBe(400);
    expect(noName.body.m).toBe(messageText('NAME_COLUMN_MISSING'));
    expect((await upload(SUPPLIER_FILE, {})).status).toBe(400);
    expect((await upload(SUPPLIER_FILE, { supplierId: '999999' })).status).toBe(400);
    expect(await t.db('preprocessor_jobs')).toHaveLength(0);
  });

  it('uploads, matches in the background, lists, shows rows with candidates, serves the original', async () => {
    const res = await upload(SUPPLIER_FILE, { supplier: String(acmeId) });
    expect(res.status).toBe(201);
    expect(res.body.d).toEqual({ id: expect.any(Number), status: 'PENDING' });
    const id = res.body.d.id as number;
    expect((await settled(id)).status).toBe('IN PROGRESS');

    const list = await t.call('GET', `${BASE}?suppliername=acme&pageSize=50`, { token: operator });
    expect(list.status).toBe(200);
    const job = list.body.d.items.find((j: { id: number }) => j.id === id);
    expect(job).toMatchObject({
      supplierId: acmeId,
      supplierName: 'Acme Medical Devices',
      fileName: 'shipto.csv',
      status: 'IN PROGRESS',
      totalRows: 5,
      processedRows: 5,
      createdBy: expect.any(String),
    });
    expect(job.matchedRows + job.reviewRows + job.unmatchedRows).toBe(5);
    expect((await t.call('GET', `${BASE}?status=COMPLETED`, { token: operator })).body.d.items).toEqual([]);

    const rows = await rowsOf(id);
    const byNumber = new Map(rows.map((r) => [r.rowNumber, r]));
    const riverside = await t.db('known_providers').where({ name: 'Riverside Health' }).first('id');
    expect(byNumber.get(1)).toMatchObject({ decision: 'MATCHED', knownProviderId: Number(riverside.id) });
    expect(byNumber.get(3)).toMatchObject({ decision: 'MATCHED' });
    expect(byNumber.get(3)!.candidates[0]).toMatchObject({
      externalId: '010001',
      name: 'SOUTHEAST ALABAMA MEDICAL CENTER',
    });
    expect(byNumber.get(4)!.decision).toBe('REVIEW');
    expect(byNumber.get(4)!.candidates[0]).toMatchObject({ externalId: '010005' });
    expect(byNumber.get(5)!.decision).toBe('UNMATCHED');
    expect((await rowsOf(id, '&decision=REVIEW')).map((r) => r.rowNumber)).toEqual([4]);
    expect((await rowsOf(id, '&search=riverside')).map((r) => r.rowNumber)).toEqual([1, 2]);

    const doc = await fetch(`${t.baseUrl}${BASE}/document/${id}`, { headers: { authorization: `Bearer ${operator}` } });
    expect(doc.status).toBe(200);
    expect(await doc.text()).toBe(SUPPLIER_FILE);

    const suppliers = await t.call('GET', `${BASE}/locationPreProcessorSuppliers`, { token: operator });
    expect(suppliers.body.d).toContainEqual({ id: acmeId, name: 'Acme Medical Devices' });
  });

  it('reviews (accept, unmatched, bulk-accept, audited), completes into PENDING locations, and learns aliases', async () => {
    const id = (await upload(SUPPLIER_FILE)).body.d.id as number;
    await settled(id);
    const rows = await rowsOf(id);
    const review = rows.find((r) => r.rowNumber === 4)!;
    const accepted = await t.call('PUT', `${BASE}/${id}/rows/${review.id}`, {
      token: operator,
      body: { knownProviderId: review.candidates[0].knownProviderId },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.d).toMatchObject({ decision: 'MATCHED', decidedBy: expect.any(String) });
    const none = rows.find((r) => r.rowNumber === 5)!;
    const unmatched = await t.call('PUT', `${BASE}/${id}/rows/${none.id}`, {
      token: operator,
      body: { decision: 'UNMATCHED' },
    });
    expect(unmatched.body.d.decision).toBe('UNMATCHED');
    expect(
      (await t.call('PUT', `${BASE}/${id}/rows/${none.id}`, { token: operator, body: { knownProviderId: 999999 } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('PUT', `${BASE}/${id}/rows/999999`, { token: operator, body: { decision: 'UNMATCHED' } })).status,
    ).toBe(404);
    expect((await t.call('PUT', `${BASE}/${id}/rows/${none.id}`, { token: operator, body: {} })).status).toBe(400);
    const bulk = await t.call('POST', `${BASE}/${id}/bulk-accept`, { token: operator, body: { minConfidence: 0 } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.d).toEqual({ accepted: 0 }); // no REVIEW rows left
    expect(
      await t
        .db('audit_events')
        .whereIn('action', ['LOCATION_PREPROCESSOR_ROW_DECIDED', 'LOCATION_PREPROCESSOR_BULK_ACCEPTED']),
    ).toHaveLength(3);

    const done = await t.call('POST', `${BASE}/${id}/complete`, { token: operator });
    expect(done.status).toBe(200);
    expect(done.body.d).toEqual({ created: 4, updated: 0, skipped: 1 });
    const locations = await t
      .db('supplier_locations')
      .where({ organization_id: acmeId })
      .whereIn('location_id', ['C-1', 'C-2', 'C-3', 'C-4'])
      .orderBy('location_id');
    expect(locations).toHaveLength(4);
    const riverside = await t.db('organizations').where({ name: 'Riverside Health' }).first('id');
    const north = await t.db('organizations').where({ name: 'Riverside North Campus' }).first('id');
    expect(Number(locations[0].provider_organization_id)).toBe(Number(riverside.id));
    expect(Number(locations[1].provider_organization_id)).toBe(Number(north.id));
    expect(locations.every((l) => l.verification_status === null)).toBe(true);
    // The provider sees the new location among those to verify.
    const toVerify = await t.call('GET', '/api/provider/locations-verification?pageSize=100', { token: provider });
    expect(toVerify.status).toBe(200);
    expect(toVerify.body.d.items).toContainEqual(
      expect.objectContaining({ location_id: 'C-1', supplier_name: 'Acme Medical Devices', verification_status: null }),
    );
    expect((await t.call('GET', `${BASE}/${id}`, { token: operator })).body.d.job).toMatchObject({
      status: 'COMPLETED',
      completedAt: expect.any(String),
    });
    // Completed: no more decisions, no second completion.
    expect((await t.call('POST', `${BASE}/${id}/complete`, { token: operator })).status).toBe(409);
    expect(
      (await t.call('PUT', `${BASE}/${id}/rows/${none.id}`, { token: operator, body: { decision: 'UNMATCHED' } }))
        .status,
    ).toBe(409);

    // The decision taught the registry: the same supplier's next file matches the renamed hospital at once.
    const aliases = await t.call('GET', `${BASE}/known-providers?search=MARSHALL`, { token: operator });
    expect(aliases.body.d.items[0]).toMatchObject({
      name: 'MARSHALL MEDICAL CENTER SOUTH',
      externalIds: expect.arrayContaining([
        { kind: 'CCN', value: '010005' },
        { kind: 'CUSTOMER', value: 'C-4' },
      ]),
      aliases: ['ASCENSION MARSHALL SOUTH'],
    });
    const again = (await upload(SUPPLIER_FILE.replace(',C-4', ',C-44'))).body.d.id as number;
    await settled(again);
    expect((await rowsOf(again)).find((r) => r.rowNumber === 4)!.decision).toBe('MATCHED');
  });

  it('lists known providers (CMS rows and the portal organisations and sites), searched and by state', async () => {
    const al = await t.call('GET', `${BASE}/known-providers?state=AL&pageSize=50`, { token: operator });
    expect(al.status).toBe(200);
    expect(al.body.d.items.map((k: { name: string }) => k.name)).toEqual([
      'ELIZA COFFEE MEMORIAL HOSPITAL',
      'MARSHALL MEDICAL CENTER SOUTH',
      'SOUTHEAST ALABAMA MEDICAL CENTER',
    ]);
    const byCcn = await t.call('GET', `${BASE}/known-providers?search=010005`, { token: operator });
    expect(byCcn.body.d.items.map((k: { name: string }) => k.name)).toEqual(['MARSHALL MEDICAL CENTER SOUTH']);
    const north = await t.call('GET', `${BASE}/known-providers?search=North%20Campus`, { token: operator });
    expect(north.body.d.items[0]).toMatchObject({
      name: 'Riverside North Campus',
      organizationName: 'Riverside Health',
      siteId: expect.any(Number),
      externalIds: [],
    });
  });

  it('removes a job (DEACTIVATED, audited, out of the default list); an unreadable file ends in ERROR', async () => {
    const id = (await upload(SUPPLIER_FILE)).body.d.id as number;
    await settled(id);
    const removed = await t.call('PUT', `${BASE}/${id}`, { token: operator });
    expect(removed.status).toBe(200);
    expect(removed.body.d.status).toBe('DEACTIVATED');
    expect(
      await t.db('audit_events').where({ action: 'LOCATION_PREPROCESSOR_REMOVED', entity_id: String(id) }),
    ).toHaveLength(1);
    const list = await t.call('GET', `${BASE}?pageSize=500`, { token: operator });
    expect(list.body.d.items.map((j: { id: number }) => j.id)).not.toContain(id);
    const deactivated = await t.call('GET', `${BASE}?status=DEACTIVATED`, { token: operator });
    expect(deactivated.body.d.items.map((j: { id: number }) => j.id)).toEqual([id]);

    // Holds the parts of an XLSX (it passes the upload's type check), is not one: refused at once, as the client's
    // (issue 36: the reader's failure is SPREADSHEET_UNREADABLE, never the parser's error), and no job is made.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(BROKEN_XLSX)]), 'broken.xlsx');
    form.append('supplierId', String(acmeId));
    const before = await t.db('preprocessor_jobs').count<{ n: string }[]>({ n: '*' });
    const res = await t.call('POST', `${BASE}/upload-locationpreprocessor-file`, { token: operator, form });
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe('SPREADSHEET_UNREADABLE');
    expect(await t.db('preprocessor_jobs').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });
});
