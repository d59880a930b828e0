import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows,
  downloadFile,
  responseConformance,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';
import { gs1CheckDigit } from '@portal/vocabulary';
import { enqueueEventMatching } from './index.js';

/**
 * Issue 38, items 4 and 5: a received recall matched against the provider's item master on arrival and again after
 * the item master changes; what the provider, another provider and the supplier see; the one-step "not affected".
 */
let t: TestApp;
let w: World;
let admin = ''; // Riverside Health's administrator
let lakeshore = ''; // another provider
let check: ReturnType<typeof responseConformance>;
const BASE = '/api/provider/inventory';

const gtin = (body13: string) => body13 + gs1CheckDigit(body13);
const PUMP = gtin('0088452100001');
const STENT = gtin('0088452100002');
const ELSEWHERE = gtin('0088452100003');

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

function form(data: string) {
  const f = new FormData();
  f.append('file', new Blob([data], { type: 'text/csv' }), 'master.csv');
  f.append('kind', 'items');
  return f;
}

/** Imports a CSV the way a hospital exports it (other column names) and waits for it to finish. */
async function importMaster(csv: string) {
  const up = await t.call('POST', `${BASE}/imports`, { token: admin, form: form(csv) });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const d = up.body.d;
  const start = await t.call('POST', `${BASE}/imports/${d.import.id}/start`, {
    token: admin,
    body: { header_row: d.header_row, mapping: d.mapping },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  for (let i = 0; i < 200; i++) {
    await t.jobs.drain('inventory-import');
    const res = await t.call('GET', `${BASE}/imports/${d.import.id}`, { token: admin });
    if (res.body.d.status === 'DONE') return res.body.d;
    if (res.body.d.status === 'FAILED') throw new Error(JSON.stringify(res.body.d));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

const matchesOf = (pc: number, token = admin) => t.call('GET', `${BASE}/matches/${pc}`, { token });

const HEADER = 'Item GTIN,Mfr,Ref,Description,Lot/Batch,On Hand,Cost Center,Location';

describe('matching a recall against the item master', () => {
  let recall: Awaited<ReturnType<typeof sendCommunication>>;
  let second: Awaited<ReturnType<typeof sendCommunication>>;

  it('finds the recalled product on arrival: units, departments, sites and reasons', async () => {
    await importMaster(
      [
        HEADER,
        // GTIN without its leading zeros, a lot inside the recalled range.
        `${PUMP.slice(2)},Acme Medical Devices Inc.,PMP-100,Infusion pump,L120,10,ICU,Riverside North Campus`,
        `${PUMP},ACME MEDICAL DEVICES,PMP-100,Infusion pump,L121,4,OR,Riverside South Clinic`,
        // The same pump, a lot the recall does not list: not affected.
        `${PUMP},Acme Medical Devices,PMP-100,Infusion pump,L900,7,ER,Riverside North Campus`,
        // Catalogue number written with dashes and dots, no GTIN: catalogue + manufacturer.
        `,Acme Medical Devices,stn-20.5,Stent,,2,Cath Lab,Riverside North Campus`,
        `${ELSEWHERE},Other Corp,XYZ-1,Gauze,G1,50,ICU,Riverside North Campus`,
      ].join('\r\n'),
    );
    // The import's change job finds no notice yet.
    await t.jobs.drain('inventory-match');

    recall = await sendCommunication(t, w, 'Pump recall', {
      providers: [w.riverside, w.lakeshore],
      actions: ['Acknowledge'],
      products: [
        {
          product_name: 'Infusion pump',
          udi: `(01)${PUMP}`,
          catalog_number: 'PMP-100',
          lot_number: 'L100 through L150',
        },
        { product_name: 'Stent', catalog_number: 'STN-205' },
      ],
    });
    const pc = Number(recall.pcOf(w.riverside));
    // The send added the job with its provider communications.
    expect((await matchesOf(pc)).body.d.status).toBe('PENDING');
    const ran = await t.jobs.drain('inventory-match');
    expect(ran.runs).toBeGreaterThanOrEqual(1);

    const d = await check.conforms('get', `${BASE}/matches/{id}`, `${BASE}/matches/${pc}`, admin);
    expect(d.status).toBe('MATCHED');
    expect(d.summary).toEqual({ units: 16, rows: 3, departments: 3, sites: 2, purchased_units: 0, possible: 0 });
    expect(d.department_names.sort()).toEqual(['Cath Lab', 'ICU', 'OR']);
    const reasons = d.rows.map((r: { lot: string | null; reason: string; confidence: number }) => [
      r.lot,
      r.reason,
      r.confidence,
    ]);
    expect(reasons).toEqual([
      ['L120', 'DI_LOT', 0.99],
      ['L121', 'DI_LOT', 0.99],
      [null, 'CATALOGUE', 0.8],
    ]);
    expect(d.rows[0].evidence).toContain('L100–L150');
    expect(d.searched.counts.gtins).toBe(1);
    expect(d.item_master.items).toBe(5);

    // Matching again (a retried job, a second replica) leaves the same answer.
    await enqueueEventMatching(t.db, recall.id);
    await t.jobs.drain('inventory-match');
    expect((await matchesOf(pc)).body.d.rows).toHaveLength(3);
    expect(await t.db('inventory_matches').where({ provider_communication_id: pc }).count('* as n').first()).toEqual({
      n: 3,
    });
  });

  it('answers the worklist badges and the report, scoped to the caller', async () => {
    const pc = Number(recall.pcOf(w.riverside));
    const other = Number(recall.pcOf(w.lakeshore));
    const badges = await check.conforms('get', `${BASE}/matches`, `${BASE}/matches?ids=${pc},${other}`, admin);
    expect(badges).toEqual([
      expect.objectContaining({
        provider_communication_id: pc,
        status: 'MATCHED',
        units: 16,
        departments: 3,
        sites: 2,
      }),
    ]);
    expect((await t.call('GET', `${BASE}/matches?ids=abc`, { token: admin })).status).toBe(400);

    const file = await downloadFile(t, `${BASE}/matches/${pc}/report?format=csv`, admin, 'UTC');
    expect(file.status).toBe(200);
    expect(file.disposition).toMatch(/Item Master Matches \d{2}-\d{2}-\d{4}\.csv/);
    const rows = csvRows(file.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['Likely Affected', 'Reason', 'Units', 'Department', 'Lot']));
    expect(rows).toHaveLength(4);
  });

  it("keeps one hospital's matches and item master from every other organisation", async () => {
    const pc = Number(recall.pcOf(w.riverside));
    const other = Number(recall.pcOf(w.lakeshore));
    // Another provider: its own notice has no item master to check; Riverside's is not found.
    expect((await matchesOf(other, lakeshore)).body.d).toMatchObject({ status: 'NO_ITEM_MASTER', rows: [] });
    expect((await matchesOf(pc, lakeshore)).status).toBe(404);
    expect((await t.call('GET', `${BASE}/matches/${pc}/report`, { token: lakeshore })).status).toBe(404);
    expect((await t.call('POST', `${BASE}/matches/${pc}/not-affected`, { token: lakeshore, body: {} })).status).toBe(
      404,
    );
    expect((await t.call('GET', `${BASE}/matches?ids=${pc}`, { token: lakeshore })).body.d).toEqual([]);
    // The supplier: no provider route, and only the aggregate per customer on its own event.
    expect((await matchesOf(pc, w.supplierToken)).status).toBe(403);
    expect((await t.call('GET', `${BASE}/items`, { token: w.supplierToken })).status).toBe(403);
    const path = `/api/supplier/communications/${recall.id}/inventory-checks`;
    const checks = await check.conforms(
      'get',
      '/api/supplier/communications/{id}/inventory-checks',
      path,
      w.supplierToken,
    );
    expect(checks).toHaveLength(2);
    expect(checks.find((c: { provider_communication_id: number }) => c.provider_communication_id === pc)).toEqual({
      provider_communication_id: pc,
      affected_customer_id: expect.any(Number),
      provider_organization_id: w.riverside,
      state: 'FOUND',
    });
    expect(checks.find((c: { provider_communication_id: number }) => c.provider_communication_id === other).state).toBe(
      'NOT_CHECKED',
    );
    expect(JSON.stringify(checks)).not.toMatch(/units|L120|ICU/);
    // Providers are not suppliers; another supplier's event is not found.
    expect((await t.call('GET', path, { token: admin })).status).toBe(403);
    expect(
      (await t.call('GET', '/api/supplier/communications/999999/inventory-checks', { token: w.supplierToken })).status,
    ).toBe(404);
  });

  it('matches again when the item master changes', async () => {
    second = await sendCommunication(t, w, 'Stapler recall', {
      providers: [w.riverside],
      actions: ['Acknowledge'],
      products: [{ product_name: 'Stapler', catalog_number: 'STP-7', lot_number: 'S1, S2' }],
    });
    await t.jobs.drain('inventory-match');
    const pc = Number(second.pcOf(w.riverside));
    expect((await matchesOf(pc)).body.d).toMatchObject({ status: 'NONE', summary: { units: 0 } });

    // The re-match job starts as soon as the import commits (woken in this process); it waits on this lock (its
    // write of the run) until the "checking" answers below are read, as it would behind a busy queue.
    const hold = await t.ownerDb.transaction();
    try {
      await hold.raw('LOCK TABLE inventory_match_runs IN SHARE MODE');
      await importMaster(
        [HEADER, `${STENT},Acme Medical Devices,STP 7,Stapler,S2,3,OR,Riverside South Clinic`].join('\r\n'),
      );
      // Until the re-match ran, the old answer is not one: "checking", and no one-step "not affected".
      expect((await matchesOf(pc)).body.d.status).toBe('PENDING');
      const early = await t.call('POST', `${BASE}/matches/${pc}/not-affected`, { token: admin, body: {} });
      expect(early.status).toBe(409);
      expect(early.body.error?.code).toBe('INVENTORY_NOT_CHECKED');
    } finally {
      await hold.commit();
    }

    await t.jobs.drain('inventory-match');
    const d = (await matchesOf(pc)).body.d;
    expect(d).toMatchObject({ status: 'MATCHED', summary: { units: 3, rows: 1, departments: 1, sites: 1 } });
    expect(d.rows[0]).toMatchObject({ reason: 'CATALOGUE_LOT', lot: 'S2', department: 'OR' });
    // The first recall's matches stay as they were (checked again, same rows).
    expect((await matchesOf(Number(recall.pcOf(w.riverside)))).body.d.summary.units).toBe(16);
    // A notice with likely affected rows cannot be answered "not affected" in one step.
    const refused = await t.call('POST', `${BASE}/matches/${pc}/not-affected`, { token: admin, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('INVENTORY_MATCHES_FOUND');
  });

  it('answers "not affected" in one step when nothing matches, with the evidence in the audit trail', async () => {
    const third = await sendCommunication(t, w, 'Retractor recall', {
      providers: [w.riverside],
      actions: ['Acknowledge'],
      products: [{ product_name: 'Retractor', catalog_number: 'RTR-1', udi: gtin('0088452199990') }],
    });
    await t.jobs.drain('inventory-match');
    const pc = Number(third.pcOf(w.riverside));
    const view = (await matchesOf(pc)).body.d;
    expect(view.status).toBe('NONE');
    const answered = await check.conforms(
      'post',
      `${BASE}/matches/{id}/not-affected`,
      `${BASE}/matches/${pc}/not-affected`,
      admin,
      {},
    );
    expect(answered).toMatchObject({ id: pc, response_status: 'COMPLETED' });
    expect(answered.not_affected_reason).toMatch(/^No match in our item master \(as of \d{4}-\d{2}-\d{2}\)\.$/);
    const row = await t.db('provider_communications').where({ id: pc }).first();
    expect(row).toMatchObject({ response_status: 'COMPLETED', not_affected_reason: answered.not_affected_reason });
    expect(row.acknowledged_at).not.toBeNull();
    const audit = await t
      .db('audit_events')
      .where({ action: 'INVENTORY_NOT_AFFECTED', entity_id: String(pc) })
      .first();
    expect(audit).toMatchObject({ organization_id: w.riverside });
    expect(audit.after.item_master.items).toBe(6);
    expect(audit.after.searched.catalogues).toEqual(['RTR1']);
    expect(audit.after.matched_at).toBe(view.matched_at);
    // The inbox's history says "not affected" as for the inbox's own answer.
    expect(
      await t
        .db('communication_history')
        .where({ provider_communication_id: pc, action: 'NOT_AFFECTED' })
        .count('* as n')
        .first(),
    ).toEqual({ n: 1 });
  });

  it('matches the lots and REF written in an FDA record the event names', async () => {
    await t.db('fda_device_recalls').insert({
      product_res_number: 'Z-9053-2026',
      recalling_firm: 'Acme Medical Devices, Inc.',
      product_description: 'Central venous catheterization kit, REF AK-25502',
      code_info: 'Lot/Batch Numbers: 13F18C0374, 13F18H0580',
      record: {},
    });
    await importMaster(
      [HEADER, `,Acme Medical Devices,AK25502,CVC kit,13F18H0580,6,ICU,Riverside North Campus`].join('\r\n'),
    );
    await t.jobs.drain('inventory-match');
    const fda = await sendCommunication(t, w, 'Kit recall', {
      providers: [w.riverside],
      actions: ['Acknowledge'],
      products: [{ product_name: 'CVC kit' }],
    });
    await t
      .db('communications')
      .where({ id: fda.id })
      .update({ fda_recall_numbers: ['Z-9053-2026'] });
    await enqueueEventMatching(t.db, fda.id);
    await t.jobs.drain('inventory-match');
    const d = (await matchesOf(Number(fda.pcOf(w.riverside)))).body.d;
    expect(d.status).toBe('MATCHED');
    expect(d.rows[0]).toMatchObject({ reason: 'CATALOGUE_LOT', product_index: 1, units: 6 });
    expect(d.searched.fda_records).toBe(1);
  });
});
