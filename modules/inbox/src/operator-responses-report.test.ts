import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows,
  downloadFile,
  fileNameDate,
  startTestApp,
  type TestApp,
  sendCommunication,
  type World,
  world,
  xlsxSheets,
} from '@portal/testing';

let t: TestApp;
let w: World;
let operator: string; // admin@operator.demo (holds NotiSphere_ResponderRole)
let riverside: string;
let e: Awaited<ReturnType<typeof sendCommunication>>;

const BASE = '/api/notisphere/communications/responses';
const TZ = 'America/New_York';
const get = (path: string, token = operator) => downloadFile(t, `${BASE}${path}`, token, TZ);

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
  e = await sendCommunication(t, w, 'Operator eR download', {
    providers: [w.riverside, w.lakeshore],
    actions: ['Text'],
  });
  await sendCommunication(t, w, 'Operator eR download site', { sites: [w.north], actions: ['Text'] });
  const pc = e.pcOf(w.riverside);
  const answer = await t.call('PUT', `/api/provider/communications/${e.id}/${pc}/actions/${e.actionOf('Text')}`, {
    token: riverside,
    body: { valueText: 'Pulled' },
  });
  expect(answer.status).toBe(200);
});
afterAll(() => t.close());

describe("the operator's eR responses downloads", () => {
  it('streams the rows the list query matches as CSV, in its order, with the provider and the responder', async () => {
    const search = encodeURIComponent('Operator eR download');
    const file = await get(`/downloadcsv?search=${search}&sortField=provider_name,name&sortDirection=asc,asc`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    expect(file.disposition).toContain(`eR Responses Report ${fileNameDate(TZ)}.csv`);
    const [header, ...rows] = csvRows(file.body);
    expect(header!.slice(0, 9)).toEqual([
      'Name',
      'Event ID',
      'Type',
      'Subtype',
      'Classification',
      'Supplier',
      'Provider',
      'Site',
      'Responder',
    ]);
    const at = (name: string) => header!.indexOf(name);
    // Every provider's rows, the site under its parent provider: the same rows and order as the list.
    expect(rows.map((r) => [r[at('Provider')], r[at('Site')], r[at('Name')], r[at('Responder')]])).toEqual([
      ['Lakeshore Medical Center', '', 'Operator eR download', ''],
      ['Riverside Health', '', 'Operator eR download', 'Rita Riverside'],
      ['Riverside Health', 'Riverside North Campus', 'Operator eR download site', ''],
    ]);
    // The only action answered: the notice is complete.
    expect(rows[1]![at('Response Status')]).toBe('Completed');
    const list = await t.call(
      'GET',
      `${BASE}?search=${search}&sortField=provider_name,name&sortDirection=asc,asc&pageSize=50`,
      { token: operator },
    );
    expect(list.body.d.total).toBe(rows.length);
  });

  it('writes the same rows as XLSX, and follows the filters and the type', async () => {
    const filter = encodeURIComponent(JSON.stringify({ provider_name: { type: 'contains', filter: 'Lakeshore' } }));
    const file = await get(`/downloadxlsx?search=${encodeURIComponent('Operator eR download')}&filterModel=${filter}`);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain(`eR Responses Report ${fileNameDate(TZ)}.xlsx`);
    const sheet = (await xlsxSheets(file.body))['eR Responses']!;
    expect(sheet.slice(1).map((r) => [r[0], r[6]])).toEqual([['Operator eR download', 'Lakeshore Medical Center']]);

    const advisories = await get(
      `/downloadcsv?search=${encodeURIComponent('Operator eR download')}&communicationType=${encodeURIComponent('PRODUCT DISRUPTION')}`,
    );
    expect(csvRows(advisories.body)).toHaveLength(1);
  });

  it('refuses bad queries with 400 and anyone but an operator with 403', async () => {
    expect((await get('/downloadcsv?sortField=password')).status).toBe(400);
    expect((await get('/downloadxlsx?pageSize=abc')).status).toBe(400);
    expect((await get('/downloadcsv', riverside)).status).toBe(403);
    expect((await get('/downloadcsv', w.supplierToken)).status).toBe(403);
  });
});
