import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, startTestApp, type TestApp, type World, world } from '@portal/testing';

/**
 * Issue 33 item 6 (server side): an event sent to providers the supplier's locations match lists those locations on
 * its Affected Locations tab; products added after approval (postupdate); removing affected locations and customers.
 */
let t: TestApp;
let w: World;
let borealis: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = w.supplierToken) =>
  t.call(method, `/api${path}`, { token, body });
const sup = (method: string, path: string, body?: unknown, token = w.supplierToken) =>
  call(method, `/supplier/communications${path}`, body, token);

async function location(body: Record<string, unknown>): Promise<number> {
  const res = await call('POST', '/supplier/locations', { city: 'Sacramento', state: 'CA', zip: '95814', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.d.id as number;
}

async function draft(name: string): Promise<number> {
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSII' })).body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Stent', lot_number: 'S-1' }] });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm' }] });
  return id;
}

async function approvedAndSent(id: number): Promise<void> {
  expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
}

describe('affected locations of an event sent to known providers', () => {
  it("lists the supplier's locations matched to the picked providers, once each, with their customer and progress", async () => {
    const riversideDock = await location({
      location_id: 'KNOWN-1',
      location_name: 'Riverside Known Dock',
      notisphere_id: 'PRV-0001',
    });
    const lakeshoreDock = await location({
      location_id: 'KNOWN-2',
      location_name: 'Lakeshore Known Dock',
      notisphere_id: 'PRV-0002',
    });
    // Matched to a provider that is not picked: not affected.
    await location({ location_id: 'KNOWN-3', location_name: 'South Clinic Dock', notisphere_id: 'PRV-0001-02' });
    const id = await draft('Known locations recall');
    const step3 = await sup('POST', '/step3', { id, provider_organization_ids: [w.riverside, w.lakeshore] });
    expect(step3.status, step3.body.m).toBe(200);
    // Saving the same providers again adds no second copy.
    await sup('POST', '/step3', { id, provider_organization_ids: [w.riverside] });
    await approvedAndSent(id);

    const page = (await sup('GET', `/${id}/locations?sortField=locationName&sortDirection=asc`)).body.d as {
      total: number;
      items: {
        location_id: string;
        location_name: string;
        status: string;
        customer_name: string;
        provider_communication_id: number | null;
      }[];
    };
    expect(page.total).toBe(2);
    expect(page.items.map((l) => [l.location_id, l.customer_name, l.status])).toEqual([
      ['KNOWN-2', 'Lakeshore Medical Center', 'COVERED'],
      ['KNOWN-1', 'Riverside Health', 'COVERED'],
    ]);
    expect(page.items.every((l) => l.provider_communication_id !== null)).toBe(true);
    // The providers' users stay the recipients: a location's own address is not added to them.
    const customers = (await sup('GET', `/${id}/customers`)).body.d.items as { name: string; emails: string[] }[];
    expect(customers.map((c) => c.name).sort()).toEqual(['Lakeshore Medical Center', 'Riverside Health']);
    expect((await sup('GET', `/${id}`)).body.d.locations_count).toBe(2);
    expect([riversideDock, lakeshoreDock]).toHaveLength(2);
  });
});

describe('adding products after approval (postupdate)', () => {
  it('appends them after the current ones, checked as in step 1, and records them in the change history', async () => {
    const id = await draft('Products after approval');
    await sup('POST', '/step3/customers', { id, customers: [{ name: 'Far Clinic', email: 'far@clinic.test' }] });
    await approvedAndSent(id);
    // The wizard's own call stays draft-only.
    expect((await sup('POST', '/step1/add-new-products', { id, products: [{ product_name: 'X' }] })).status).toBe(409);

    const res = await sup('POST', `/${id}/postupdate`, {
      changes: {},
      products: [
        { product_name: ' Stent XL ', lot_number: 'S-2', quantity: 4 },
        { product_name: 'Stent XS', expiration_date: '2027-06-30' },
      ],
      note: 'Two more lots affected',
    });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d).toEqual({ changed: [], products_added: 2, emails_queued: 0 });
    const event = (await sup('GET', `/${id}`)).body.d as { products: { product_name: string; lot_number: string }[] };
    expect(event.products.map((p) => [p.product_name, p.lot_number])).toEqual([
      ['Stent', 'S-1'],
      ['Stent XL', 'S-2'],
      ['Stent XS', null],
    ]);
    const history = (await sup('GET', `/${id}/histories`)).body.d as {
      action: string;
      is_change: boolean;
      after: { products_added?: { product_name: string }[]; note?: string };
    }[];
    const posted = history.find((h) => h.action === 'POST_UPDATE')!;
    expect(posted.is_change).toBe(true);
    expect(posted.after.products_added?.map((p) => p.product_name)).toEqual(['Stent XL', 'Stent XS']);
    expect(posted.after.note).toBe('Two more lots affected');

    // Bounded and validated: an empty name, a bad date, too many at once; a draft, another supplier's event.
    expect((await sup('POST', `/${id}/postupdate`, { changes: {}, products: [{ product_name: ' ' }] })).status).toBe(
      400,
    );
    expect(
      (
        await sup('POST', `/${id}/postupdate`, {
          changes: {},
          products: [{ product_name: 'Y', expiration_date: '2027-02-30' }],
        })
      ).status,
    ).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => ({ product_name: `P${i}` }));
    expect((await sup('POST', `/${id}/postupdate`, { changes: {}, products: many })).status).toBe(400);
    const other = await draft('Still a draft');
    const refused = await sup('POST', `/${other}/postupdate`, { changes: {}, products: [{ product_name: 'Z' }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('NOT_APPROVED');
    expect(
      (await sup('POST', `/${id}/postupdate`, { changes: {}, products: [{ product_name: 'Z' }] }, borealis)).status,
    ).toBe(404);
    expect(((await sup('GET', `/${id}`)).body.d.products as unknown[]).length).toBe(3);
  });
});

describe('removing affected locations and customers', () => {
  it('removes locations and not-yet-notified customers, refuses a notified customer, and records it', async () => {
    await location({ location_id: 'RM-1', location_name: 'Removable Dock', email: 'dock@removable.test' });
    const id = await draft('Removals');
    const file = await sup('POST', '/step3', {
      id,
      customers: [{ name: 'Early Clinic', email: 'early@clinic.test' }],
    });
    expect(file.status).toBe(200);
    await approvedAndSent(id);
    const locationId = (await t.db('supplier_locations').where({ location_id: 'RM-1' }).first('id')) as { id: number };
    await sup('POST', '/step3', { id, location_ids: [locationId.id] });
    const customers = (await sup('GET', `/${id}/customers`)).body.d.items as {
      id: number;
      name: string;
      sent_at: string | null;
    }[];
    const notified = customers.find((c) => c.name === 'Early Clinic')!;
    const fresh = customers.find((c) => c.name === 'Removable Dock')!;
    expect(fresh.sent_at).toBeNull();
    const locations = (await sup('GET', `/${id}/locations`)).body.d.items as { id: number }[];
    expect(locations).toHaveLength(1);

    const refused = await sup('PUT', `/${id}/remove-locations`, { customer_ids: [notified.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('ALREADY_NOTIFIED');
    const removed = await sup('PUT', `/${id}/remove-locations`, {
      customer_ids: [fresh.id],
      location_ids: [locations[0]!.id],
    });
    expect(removed.body.d).toEqual({ removed_customers: 1, removed_locations: 1 });
    expect((await sup('GET', `/${id}/locations`)).body.d.total).toBe(0);
    expect(((await sup('GET', `/${id}/customers`)).body.d.items as { name: string }[]).map((c) => c.name)).toEqual([
      'Early Clinic',
    ]);
    const history = (await sup('GET', `/${id}/histories`)).body.d as { action: string }[];
    expect(history[0]!.action).toBe('RECIPIENTS_REMOVED');
    expect((await sup('PUT', `/${id}/remove-locations`, { location_ids: [1] }, borealis)).status).toBe(404);
  });
});

describe('follow-up tasks (internal actions)', () => {
  it('answer what their response schemas say; a deleted task leaves the list', async () => {
    const id = await draft('Task schemas');
    const created = await sup('POST', '/internalaction', { communication_id: id, title: 'Call the hospital' });
    expect(created.status).toBe(200);
    const check = responseConformance(t);
    await check.conforms(
      'get',
      '/api/supplier/communications/{id}/internalaction',
      `/api/supplier/communications/${id}/internalaction`,
      w.supplierToken,
    );
    await sup('POST', '/internalaction', {
      id: created.body.d.id,
      communication_id: id,
      title: 'x',
      status: 'DELETED',
    });
    expect((await sup('GET', `/${id}/internalaction`)).body.d).toEqual([]);
  });
});
