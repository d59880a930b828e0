import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';
import { importFda } from '@portal/fda';
import { sendCommunication, startTestApp, type TestApp, world } from '@portal/testing';

/**
 * Issue 15: the provider dashboard's card of FDA Class I recalls of the last 90 days for the firms (suppliers of the
 * events it received) and product codes (of the FDA records those events name), and the record behind each.
 */
let t: TestApp;
let riverside = '';
let lakeshore = '';
const CARD = '/api/provider/dashboard/fda-recalls';

/** YYYYMMDD, `days` ago (openFDA's date format). */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const report = (recall_number: string, fields: Record<string, unknown>) => ({
  recall_number,
  product_type: recall_number.startsWith('D-') ? 'Drugs' : 'Devices',
  status: 'Ongoing',
  classification: 'Class I',
  recall_initiation_date: daysAgo(10),
  product_description: `Product of ${recall_number}`,
  ...fields,
});

beforeAll(async () => {
  t = await startTestApp();
  const w = await world(t);
  // Acme's master name "Arrow International, Inc." matches the FDA firm "Arrow International Inc"; its organisation
  // name "Acme Medical Devices" matches the firm of that name.
  await t.db('supplier_master').insert({
    name: 'Arrow International, Inc.',
    normalized_name: 'ARROW INTERNATIONAL INC',
    organization_id: w.acme,
    status: 'LINKED',
  });
  const e = await sendCommunication(t, w, 'Event naming an FDA recall', {
    providers: [w.riverside],
    actions: ['Acknowledge'],
  });
  // Z-0053-2020 (2019, product code FOZ) is named by the event: its product code brings other firms' FOZ recalls.
  await t
    .db('communications')
    .where({ id: e.id })
    .update({ fda_recall_numbers: ['Z-0053-2020'] });
  const devices = JSON.parse(
    readFileSync(path.join(repoRoot, 'data', 'openfda', 'device-recall-examples.json'), 'utf8'),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fda-card-'));
  writeFileSync(
    path.join(dir, 'devices.json'),
    JSON.stringify({
      results: [
        ...devices.anatomy.results,
        {
          product_res_number: 'Z-1001-2026',
          res_event_number: '90001',
          recall_status: 'Open, Classified',
          recalling_firm: 'Arrow International Inc',
          product_code: 'DQY',
          event_date_initiated: daysAgo(12),
          product_description: 'Arrow catheter',
        },
      ],
    }),
  );
  writeFileSync(
    path.join(dir, 'reports.json'),
    JSON.stringify({
      results: [
        // The device recall's classification comes from its enforcement report (shown once, as the device recall).
        report('Z-1001-2026', { status: 'Ongoing', recalling_firm: 'Arrow International Inc', product_code: 'DQY' }),
        report('D-2001-2026', { recalling_firm: 'ACME MEDICAL DEVICES', recall_initiation_date: daysAgo(5) }),
        report('Z-3001-2026', {
          recalling_firm: 'Other Maker',
          product_code: 'FOZ',
          recall_initiation_date: daysAgo(20),
        }),
        // Left out: older than 90 days, Class II, another firm and product code.
        report('D-2002-2026', { recalling_firm: 'Acme Medical Devices', recall_initiation_date: daysAgo(120) }),
        report('D-2003-2026', { recalling_firm: 'Acme Medical Devices', classification: 'Class II' }),
        report('Z-3002-2026', { recalling_firm: 'Unrelated Co', product_code: 'XYZ' }),
        report('D-2004-2026', { recalling_firm: 'Lakeshore Medical Center' }),
      ],
    }),
  );
  await importFda(t.db, dir);
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  // Lakeshore's own internal recall: its copy names Lakeshore where a supplier would be, which is no supplier.
  const internal = await t.call('POST', '/api/provider/communications/step0', {
    token: lakeshore,
    body: {
      type: 'RECALL',
      name: 'Internal pump check',
      classification: 'CLASSII',
      products: [{ product_name: 'Pump' }],
      actions: [{ action_type: 'YesNo', title: 'Checked?' }],
    },
  });
  expect(internal.status).toBe(200);
});
afterAll(() => t.close());

describe('GET /provider/dashboard/fda-recalls', () => {
  it("lists Class I recalls of the last 90 days of its events' suppliers and product codes, newest first", async () => {
    const res = await t.call('GET', CARD, { token: riverside });
    expect(res.status).toBe(200);
    expect(res.body.d.days).toBe(90);
    expect(res.body.d.items).toEqual([
      expect.objectContaining({
        recall_number: 'D-2001-2026',
        list: 'drugs',
        classification: 'Class I',
        recalling_firm: 'ACME MEDICAL DEVICES',
      }),
      expect.objectContaining({
        recall_number: 'Z-1001-2026',
        list: 'devices',
        classification: 'Class I',
        status: 'Open Classified',
        product_code: 'DQY',
      }),
      expect.objectContaining({ recall_number: 'Z-3001-2026', list: 'devices', product_code: 'FOZ' }),
    ]);
  });

  it("shows another provider nothing of those events' recalls (nor its own name's), and refuses a supplier", async () => {
    const other = await t.call('GET', CARD, { token: lakeshore });
    expect(other.status).toBe(200);
    expect(other.body.d.items).toEqual([]);
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    expect((await t.call('GET', CARD, { token: supplier })).status).toBe(403);
  });
});

describe('GET /provider/dashboard/fda-recalls/{recallNumber}', () => {
  it("opens a record of the card with every field, and answers 404 for any other (or another provider's)", async () => {
    const res = await t.call('GET', `${CARD}/Z-1001-2026`, { token: riverside });
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      recall_number: 'Z-1001-2026',
      kind: 'device-recall',
      record: { product_res_number: 'Z-1001-2026', res_event_number: '90001' },
      enforcement: { classification: 'Class I' },
    });
    expect((await t.call('GET', `${CARD}/D-2001-2026`, { token: riverside })).body.d.kind).toBe('drug-enforcement');
    for (const number of ['D-2002-2026', 'D-2003-2026', 'Z-3002-2026', 'Z-0053-2020', 'Z-9999-2026']) {
      expect((await t.call('GET', `${CARD}/${number}`, { token: riverside })).status, number).toBe(404);
    }
    expect((await t.call('GET', `${CARD}/Z-1001-2026`, { token: lakeshore })).status).toBe(404);
  });
});
