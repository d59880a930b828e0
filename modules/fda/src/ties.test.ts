import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';
import { sendCommunication, startTestApp, type TestApp, world } from '@portal/testing';
import { importFda } from './services/import.js';

/** Issue 15, "tie them to the portal": a supplier event names FDA recalls, and its views show them. */
let t: TestApp;
let supplier = '';
let operator = '';

beforeAll(async () => {
  t = await startTestApp();
  supplier = (await t.signIn('recalls@acme.demo')).access_token;
  operator = (await t.signIn('admin@operator.demo')).access_token;
  const devices = JSON.parse(
    readFileSync(path.join(repoRoot, 'data', 'openfda', 'device-recall-examples.json'), 'utf8'),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fda-ties-'));
  const enforcement = {
    recall_number: 'Z-0053-2020',
    product_type: 'Devices',
    classification: 'Class II',
    status: 'Terminated',
  };
  writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ results: devices.anatomy.results }));
  writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ results: [enforcement] }));
  await importFda(t.db, dir);
});
afterAll(() => t.close());

const step0 = (body: Record<string, unknown>) =>
  t.call('POST', '/api/supplier/communications/step0', {
    token: supplier,
    body: { type: 'RECALL', name: 'Catheter kit recall', classification: 'CLASSII', ...body },
  });

describe('FDA recall numbers on a supplier event', () => {
  it('saves them with step 0 and shows each linked record (found or not yet imported) to the supplier and the operator', async () => {
    const res = await step0({ fda_recall_numbers: ['Z-0053-2020', 'D-0001-2030'] });
    expect(res.status).toBe(200);
    expect(res.body.d.fda_recall_numbers).toEqual(['Z-0053-2020', 'D-0001-2030']);
    const expected = [
      {
        recall_number: 'Z-0053-2020',
        list: 'devices',
        found: true,
        status: 'Terminated',
        classification: 'Class II',
        recalling_firm: 'Arrow International Inc',
        product_code: 'FOZ',
        initiation_date: '2019-05-17',
      },
      { recall_number: 'D-0001-2030', list: 'drugs', found: false, status: null, classification: null },
    ];
    expect(res.body.d.fda_records).toMatchObject(expected);
    const id = res.body.d.id as number;
    const mine = await t.call('GET', `/api/supplier/communications/${id}`, { token: supplier });
    expect(mine.body.d.fda_records).toMatchObject(expected);
    const seen = await t.call('GET', `/api/notisphere/communications/${id}`, { token: operator });
    expect(seen.body.d.fda_records).toMatchObject(expected);
    // The operator's list of every event: the FDA's classification and status beside the event's own.
    const listed = await t.call('GET', '/api/notisphere/communications?search=Catheter%20kit%20recall', {
      token: operator,
    });
    expect(listed.body.d.items.find((r: { id: number }) => r.id === id)).toMatchObject({
      classification: 'CLASSII',
      status: 'DRAFT',
      fda: [
        { recall_number: 'Z-0053-2020', found: true, classification: 'Class II', status: 'Terminated' },
        { recall_number: 'D-0001-2030', found: false, classification: null, status: null },
      ],
    });
    // A draft's numbers can be changed; the history keeps before and after.
    const edited = await step0({ id, fda_recall_numbers: [] });
    expect(edited.body.d.fda_records).toEqual([]);
    const history = await t.db('communication_history').where({ communication_id: id, action: 'STEP0_SAVED' }).first();
    expect(history.before).toMatchObject({ fda_recall_numbers: ['Z-0053-2020', 'D-0001-2030'] });
  });

  it('refuses a number that is not Z-NNNN-YYYY or D-NNNN-YYYY, and repeats', async () => {
    for (const bad of [['Z-53-2020'], ['F-1336-2012'], ['z-0053-2020'], ['Z-0053-2020', 'Z-0053-2020']]) {
      const res = await step0({ fda_recall_numbers: bad });
      expect(res.status, bad.join()).toBe(400);
    }
  });
});

describe('the provider sees the linked FDA records on a received event', () => {
  it('answers them in the provider view of the event', async () => {
    const w = await world(t);
    const e = await sendCommunication(t, w, 'Linked recall', { providers: [w.riverside], actions: ['Acknowledge'] });
    // Sent events are frozen; the numbers were given in step 0 (set here directly: step 0 is tested above).
    await t
      .db('communications')
      .where({ id: e.id })
      .update({ fda_recall_numbers: ['Z-0053-2020'] });
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    const view = await t.call('GET', `/api/provider/communications/${e.id}/provider-recall/${e.pcOf(w.riverside)}`, {
      token: provider,
    });
    expect(view.status).toBe(200);
    expect(view.body.d.fda_records).toMatchObject([
      { recall_number: 'Z-0053-2020', found: true, status: 'Terminated', classification: 'Class II' },
    ]);
  });
});

describe("the operator's FDA recalls without a portal event", () => {
  it('lists recalls of a portal supplier (by supplier master name) until one of its events names them', async () => {
    const w = await world(t);
    await t.db('supplier_master').insert({
      name: 'Arrow International, Inc.',
      normalized_name: 'ARROW INTERNATIONAL INC',
      organization_id: w.acme,
      status: 'LINKED',
    });
    // The tests above linked the number on Acme's events; start from none.
    await t.db('communications').update({ fda_recall_numbers: t.db.raw(`'{}'::text[]`) });
    const numbers = async () => {
      const res = await t.call('GET', '/api/notisphere/fda/without-event/devices', { token: operator });
      expect(res.status).toBe(200);
      return res.body.d.items.map((r: { recall_number: string }) => r.recall_number);
    };
    expect(await numbers()).toEqual(['Z-0053-2020']);
    // A firm no supplier is named after never shows; an event of the supplier naming the recall takes it off.
    expect((await t.call('GET', '/api/notisphere/fda/without-event/drugs', { token: operator })).body.d.items).toEqual(
      [],
    );
    await step0({ name: 'Arrow kit recall', fda_recall_numbers: ['Z-0053-2020'] });
    expect(await numbers()).toEqual([]);
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    expect((await t.call('GET', '/api/notisphere/fda/without-event/devices', { token: provider })).status).toBe(403);
  });
});
