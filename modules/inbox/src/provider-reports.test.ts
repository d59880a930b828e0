import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendHistory } from '@portal/communications';
import {
  csvRows as readCsv,
  downloadFile,
  fileNameDate as today,
  form,
  PDF,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
  xlsxSheets as readXlsx,
} from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator
let lakeshore: string; // another provider
let e: Awaited<ReturnType<typeof sendCommunication>>;
let pc: number;

const BASE = '/provider/communications';

const download = (path: string, token = admin, timezone = 'America/Chicago') =>
  downloadFile(t, `/api${BASE}${path}`, token, timezone);

const named = (res: { disposition: string }, title: string, ext: 'xlsx' | 'csv') =>
  expect(res.disposition).toContain(`filename="${title} ${today('America/Chicago')}.${ext}"`);

const call = (token: string, method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api${BASE}${path}`, { token, body, form: f });

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  e = await sendCommunication(t, w, 'Report recall', {
    providers: [w.riverside, w.lakeshore],
    actions: ['Numeric', 'Text'],
  });
  pc = e.pcOf(w.riverside);
  const customerOf = async (id: number) =>
    (
      (await t.db('provider_communications').where({ id }).first('affected_customer_id')) as {
        affected_customer_id: number;
      }
    ).affected_customer_id;
  const location = (customer: number, name: string, extra: object = {}) => ({
    communication_id: e.id,
    organization_id: w.acme,
    affected_customer_id: customer,
    location_name: name,
    status: 'COVERED',
    ...extra,
  });
  await t
    .db('communication_affected_locations')
    .insert([
      location(await customerOf(pc), 'Riverside Pharmacy', { city: 'Springfield', location_id: 'L-1' }),
      location(await customerOf(pc), '=HYPERLINK("x")'),
      location(await customerOf(e.pcOf(w.lakeshore)), 'Lakeshore Ward'),
    ]);
  await appendHistory(t.db, null, {
    communicationId: e.id,
    organizationId: w.acme,
    action: 'POST_UPDATE',
    entityType: 'communication',
    entityId: e.id,
    before: { name: 'Old' },
    after: { name: 'Report recall' },
    isChange: true,
    actorEmail: 'recalls@acme.demo',
  });
  // Another provider's notice of the same event: its own change stays out of Riverside's report.
  await appendHistory(t.db, null, {
    communicationId: e.id,
    organizationId: w.acme,
    providerCommunicationId: e.pcOf(w.lakeshore),
    action: 'NOTICE_RESENT',
    entityType: 'provider_communication',
    after: { to: 'desk@lakeshore.demo' },
    isChange: true,
    actorEmail: 'recalls@acme.demo',
  });
  // What Riverside added: an internal action, a note and a document; and two delegates.
  expect(
    (
      await call(admin, 'POST', '/internalaction', {
        communicationId: e.id,
        providerCommunicationId: pc,
        title: 'Pull stock from OR 3',
        assignee_email: 'responder@riverside.demo',
        due_date: '2026-12-01',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.call('POST', `/api/provider/communication-notes/save-note/${e.id}/${pc}/0`, {
        token: admin,
        form: form('count.pdf', PDF, { note: 'Counted 12 units' }),
      })
    ).status,
  ).toBe(200);
  expect((await call(admin, 'POST', `/${pc}/file`, undefined, form('plan.pdf', PDF))).status).toBe(200);
  for (const [action, email] of [
    [e.actionOf('Numeric'), 'pharmacist@outside.test'],
    [0, 'nurse@outside.test'],
  ] as const) {
    const res = await call(admin, 'POST', `/${e.id}/${pc}/${action}`, { email, message: 'Please handle this.' });
    expect(res.status, res.body.m).toBe(200);
  }
  // Lakeshore delegates too: never in Riverside's summary.
  const other = await call(lakeshore, 'POST', `/${e.id}/${e.pcOf(w.lakeshore)}/0`, { email: 'x@lakeshore.test' });
  expect(other.status, other.body.m).toBe(200);
});
afterAll(() => t.close());

describe('per-event provider downloads', () => {
  it("Affected Locations Report: the locations of the provider's own customer, formulas kept as text", async () => {
    const res = await download(`/${e.id}/provideraffectedlocation/${pc}`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    named(res, 'Affected Locations Report', 'xlsx');
    const rows = (await readXlsx(res.body))['Affected Locations']!;
    expect(rows[0]).toEqual([
      'Location ID',
      'Location Name',
      'IDN',
      'Address 1',
      'Address 2',
      'City',
      'State',
      'Zip',
      'Type',
      'Email',
      'Status',
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Riverside Pharmacy', '=HYPERLINK("x")']);
    expect(rows[1]![0]).toBe('L-1');
    expect(rows[1]![5]).toBe('Springfield');
    expect(rows[1]![10]).toBe('Covered');
  });

  it("Affected Products Report: the event's products", async () => {
    const res = await download(`/${e.id}/provideraffectedproducts/${pc}`);
    expect(res.status).toBe(200);
    named(res, 'Affected Products Report', 'xlsx');
    const rows = (await readXlsx(res.body))['Affected Products']!;
    expect(rows[0]!.slice(0, 3)).toEqual(['Product Name', 'Catalog Number', 'Lot Number']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('Catheter');
    expect(rows[1]![2]).toBe('C-9');
  });

  it("Customized Content Report: the provider's internal actions, notes and documents, one sheet each", async () => {
    const res = await download(`/${e.id}/customizedcontent/${pc}`);
    expect(res.status).toBe(200);
    named(res, 'Customized Content Report', 'xlsx');
    const sheets = await readXlsx(res.body);
    expect(Object.keys(sheets)).toEqual(['Internal Actions', 'Notes', 'Documents']);
    expect(sheets['Internal Actions']![0]!.slice(0, 5)).toEqual([
      'Title',
      'Description',
      'Assignee',
      'Due Date',
      'Status',
    ]);
    expect(sheets['Internal Actions']![1]!.slice(0, 5)).toEqual([
      'Pull stock from OR 3',
      undefined,
      'responder@riverside.demo',
      new Date(Date.UTC(2026, 11, 1)),
      'Open',
    ]);
    expect(sheets.Notes![1]!.slice(0, 3)).toEqual(['Counted 12 units', 'count.pdf', 'admin@riverside.demo']);
    expect(sheets.Documents![1]!.slice(0, 2)).toEqual(['plan.pdf', 'pdf']);
    expect(sheets.Documents).toHaveLength(2);
    // Lakeshore added nothing: its file has the headers only.
    const other = await readXlsx((await download(`/${e.id}/customizedcontent/${e.pcOf(w.lakeshore)}`, lakeshore)).body);
    expect(other['Internal Actions']).toHaveLength(1);
    expect(other.Notes).toHaveLength(1);
  });

  it('Change History Report: changes after approval the provider sees, each as a sentence', async () => {
    const res = await download(`/${e.id}/change-history-report/${pc}`);
    expect(res.status).toBe(200);
    named(res, 'Change History Report', 'xlsx');
    const rows = (await readXlsx(res.body))['Change History']!;
    expect(rows[0]).toEqual(['Date', 'User', 'Email', 'What happened']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Update posted']);
    expect(rows[1]![2]).toBe('recalls@acme.demo');
  });

  it('answers 404 to another provider, 403 to a supplier and 4xx to malformed ids', async () => {
    for (const report of [
      'provideraffectedlocation',
      'provideraffectedproducts',
      'customizedcontent',
      'change-history-report',
    ]) {
      expect((await download(`/${e.id}/${report}/${pc}`, lakeshore)).status, report).toBe(404);
      // The event must be the notice's own.
      expect((await download(`/${e.id + 100000}/${report}/${pc}`)).status, report).toBe(404);
      expect((await download(`/${e.id}/${report}/${pc}`, w.supplierToken)).status, report).toBe(403);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const status = (await download(`/${e.id}/${report}/${bad}`)).status;
        expect(status >= 400 && status < 500, `${report} ${bad}: ${status}`).toBe(true);
      }
    }
  });
});

describe('Provider Recall Summary Report', () => {
  it('streams every row the list query matches (not one page), honouring search, filters and sort, as XLSX and CSV', async () => {
    const more = [];
    for (const name of ['Summary recall B', 'Summary recall A', 'Summary recall C'])
      more.push(await sendCommunication(t, w, name, { providers: [w.riverside], actions: ['Text'] }));
    await sendCommunication(t, w, 'Summary advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
      actions: ['Text'],
    });
    const query = `?communicationType=RECALL&pageSize=1&pageNumber=1&search=${encodeURIComponent(' summary ')}&sortField=name&sortDirection=asc`;
    // The list answers one row of this query's three...
    const page = await call(admin, 'GET', query);
    expect(page.body.d.items).toHaveLength(1);
    expect(page.body.d.total).toBe(3);
    // ...the report all three, in the list's order.
    const xlsx = await download(`/providerRecallSummaryReport${query}`);
    expect(xlsx.status).toBe(200);
    named(xlsx, 'Provider Recall Summary Report', 'xlsx');
    const rows = (await readXlsx(xlsx.body)).Summary!;
    expect(rows[0]).toEqual([
      'Name',
      'Event ID',
      'Type',
      'Subtype',
      'Classification',
      'Supplier',
      'Site',
      'Status',
      'Response Status',
      'Received',
      'Acknowledged At',
      'Acknowledged By',
      'Completed At',
      'Last Updated',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Summary recall A', 'Summary recall B', 'Summary recall C']);
    expect(rows[1]!.slice(2, 9)).toEqual([
      'Recall',
      undefined,
      'Class I',
      'Acme Medical Devices',
      undefined,
      'Open',
      'In Progress',
    ]);

    const csv = await download(`/providerRecallSummaryReport/csv${query.replace('asc', 'desc')}`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    named(csv, 'Provider Recall Summary Report', 'csv');
    const lines = readCsv(csv.body);
    expect(lines[0]![0]).toBe('Name');
    expect(lines.slice(1).map((r) => r[0])).toEqual(['Summary recall C', 'Summary recall B', 'Summary recall A']);

    const filtered = await download(
      `/providerRecallSummaryReport/csv?communicationType=RECALL&filterModel=${encodeURIComponent(
        JSON.stringify({ name: { type: 'contains', filter: 'recall b' } }),
      )}`,
    );
    expect(
      readCsv(filtered.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Summary recall B']);
    // Without a type, both types the caller manages; never another provider's rows.
    const all = readCsv((await download('/providerRecallSummaryReport/csv?search=summary')).body);
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Summary advisory', 'Summary recall A', 'Summary recall B', 'Summary recall C']);
    expect(readCsv((await download('/providerRecallSummaryReport/csv?search=summary', lakeshore)).body)).toHaveLength(
      1,
    );
  });

  it('gives the eR responses rows with responses=1, and refuses bad queries and suppliers', async () => {
    const csv = readCsv(
      (await download(`/providerRecallSummaryReport/csv?responses=1&search=${encodeURIComponent('report recall')}`))
        .body,
    );
    expect(csv[0]).toContain('Responder');
    expect(csv.slice(1).map((r) => r[0])).toEqual(['Report recall']);
    expect((await download('/providerRecallSummaryReport?sortField=password')).status).toBe(400);
    expect((await download('/providerRecallSummaryReport/csv?communicationType=NOPE')).status).toBe(400);
    expect((await download('/providerRecallSummaryReport', w.supplierToken)).status).toBe(403);
  });
});

describe('Delegate Summary Report', () => {
  it("lists every delegate of the provider's organisation with event, action, email, status, last sent and response", async () => {
    const xlsx = await download('/providerAllDelegateSummaryReport');
    expect(xlsx.status).toBe(200);
    named(xlsx, 'Delegate Summary Report', 'xlsx');
    const rows = (await readXlsx(xlsx.body)).Delegates!;
    expect(rows[0]).toEqual([
      'Event Name',
      'Event ID',
      'Type',
      'Organization',
      'Action',
      'Email',
      'Status',
      'Delegated At',
      'Last Sent',
      'Response Status',
    ]);
    const mine = rows.slice(1).filter((r) => r[0] === 'Report recall');
    expect(mine.map((r) => [r[3], r[4], r[5], r[6], r[9]])).toEqual([
      ['Riverside Health', 'Numeric action', 'pharmacist@outside.test', 'Active', 'NA'],
      ['Riverside Health', 'All actions', 'nurse@outside.test', 'Active', 'NA'],
    ]);
    expect(mine[0]![8]).toBeInstanceOf(Date);
    const csv = await download('/providerAllDelegateSummaryReport/csv');
    named(csv, 'Delegate Summary Report', 'csv');
    const lines = readCsv(csv.body);
    expect(lines.slice(1).map((r) => r[5])).not.toContain('x@lakeshore.test');
    expect(
      lines
        .slice(1)
        .filter((r) => r[0] === 'Report recall')
        .map((r) => r[5]),
    ).toEqual(['pharmacist@outside.test', 'nurse@outside.test']);
    expect(
      readCsv((await download('/providerAllDelegateSummaryReport/csv', lakeshore)).body)
        .slice(1)
        .map((r) => r[5]),
    ).toEqual(['x@lakeshore.test']);
    expect((await download('/providerAllDelegateSummaryReport/csv', w.supplierToken)).status).toBe(403);
  });
});
