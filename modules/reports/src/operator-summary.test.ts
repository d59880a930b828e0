import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows as readCsv,
  downloadFile,
  fileNameDate as today,
  startTestApp,
  sendCommunication,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

let t: TestApp;
let w: World;
let operator: string;
let sent: Awaited<ReturnType<typeof sendCommunication>>;
let advisory: Awaited<ReturnType<typeof sendCommunication>>;

const download = (path: string, token = operator) =>
  downloadFile(t, `/api/notisphere/communications${path}`, token, 'UTC');

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  sent = await sendCommunication(t, w, 'Opsum recall', { providers: [w.riverside, w.lakeshore], actions: ['Text'] });
  advisory = await sendCommunication(t, w, 'Opsum advisory', {
    providers: [w.riverside],
    type: 'PRODUCT DISRUPTION',
    actions: ['Text'],
  });
  const ack = await t.call('PUT', `/api/provider/communications/${sent.id}/acknowledge/${sent.pcOf(w.riverside)}`, {
    token: (await t.signIn('admin@riverside.demo')).access_token,
  });
  expect(ack.status, ack.body.m).toBe(200);
});
afterAll(() => t.close());

describe('operator Event Summary Report', () => {
  it('streams CSV of every supplier with the supplier and counts, named "Event Summary Report" and the date', async () => {
    const res = await download('/csv/summary');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    expect(res.disposition).toContain(`filename="Event Summary Report ${today('UTC')}.csv"`);
    const rows = readCsv(res.body);
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['Supplier', 'Event Name', 'Event ID']);
    const col = (name: string) => header.indexOf(name);
    const recall = rows.find((r) => r[1] === 'Opsum recall')!;
    expect(recall[0]).toBe('Acme Medical Devices');
    expect(recall[col('Notified')]).toBe('2');
    expect(recall[col('Acknowledged')]).toBe('1');
    expect(recall[col('Acknowledgement Rate (%)')]).toBe('50');
    expect(rows.some((r) => r[1] === 'Opsum advisory')).toBe(true);
  });

  it('applies the filters (category, status, supplier, provider status) to XLSX', async () => {
    const res = await download(
      `/XLSX/summary?category=RECALL&status=OPEN&organizationId=${w.acme}&statusProvider=NOTCOMPLETED`,
    );
    expect(res.status).toBe(200);
    expect(res.disposition).toContain(`filename="Event Summary Report ${today('UTC')}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const names: unknown[] = [];
    wb.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) names.push((row.values as unknown[])[2]);
    });
    expect(names).toContain('Opsum recall');
    expect(names).not.toContain('Opsum advisory');
    const none = readCsv((await download(`/csv/summary?statusProvider=COMPLETED&category=RECALL`)).body);
    expect(none.slice(1).some((r) => r[1] === 'Opsum recall')).toBe(false);
  });

  it('refuses another file type, bad filters and callers who are not operators', async () => {
    // A file type the path does not name is no such report.
    expect((await download('/pdf/summary')).status).toBe(404);
    expect((await download('/csv/summary?status=NOPE')).status).toBe(400);
    expect((await download('/csv/summary?organizationId=abc')).status).toBe(400);
    expect((await download('/csv/summary', w.supplierToken)).status).toBe(403);
  });
});
