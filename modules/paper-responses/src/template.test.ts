import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('recalls@acme.demo')).access_token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/supplier/communications${path}`, { token, body });

describe('Paper Response Template', () => {
  it("has one row per notified customer and one column per action, and only for the event's own supplier", async () => {
    const id = (await call('POST', '/step0', { type: 'RECALL', name: 'Paper recall', classification: 'CLASSII' })).body
      .d.id;
    await call('POST', '/step1', { id, products: [{ product_name: 'Tray' }] });
    await call('POST', '/step2', {
      id,
      actions: [
        { action_type: 'YesNo', title: 'Stock found?' },
        { action_type: 'MultipleChoice', title: 'Disposal', options: ['Return', 'Destroy'], is_required: false },
      ],
    });
    await call('POST', '/step3/customers', {
      id,
      customers: [
        { name: 'Clinic A', email: 'a@paper.test' },
        { name: 'Clinic B', email: 'b@paper.test' },
      ],
    });
    await call('PUT', `/${id}/approve-recall/RECALL/0`);
    await call('PUT', `/${id}/send-notification/RECALL`);
    const res = await fetch(`${t.baseUrl}/api/supplier/communications/${id}/paper-response-template`, {
      headers: { authorization: `Bearer ${token}`, timezone: 'UTC' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="Paper Response Template \d{2}-\d{2}-\d{4}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = book.getWorksheet('Paper Responses')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(-2)).toEqual([
      'Stock found? (YesNo: Yes / No, required)',
      'Disposal (MultipleChoice: Return / Destroy)',
    ]);
    expect(ws.rowCount).toBe(3);
    expect([ws.getRow(2).getCell(2).value, ws.getRow(3).getCell(2).value].sort()).toEqual(['Clinic A', 'Clinic B']);
    const other = (await t.signIn('admin@borealis.demo')).access_token;
    expect(
      (
        await fetch(`${t.baseUrl}/api/supplier/communications/${id}/paper-response-template`, {
          headers: { authorization: `Bearer ${other}` },
        })
      ).status,
    ).toBe(404);
  });
});
