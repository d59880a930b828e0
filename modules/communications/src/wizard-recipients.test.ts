import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

/**
 * Issue 33, item 16: the wizard's recipients step. A supplier whose locations were typed in one by one (no location
 * file, as Acme's in the demo world) adds them all at once; a recipient added by mistake is removed again.
 */
let t: TestApp;
let token: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('recalls@acme.demo')).access_token;
  other = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, as = token) =>
  t.call(method, `/api${path}`, { token: as, body });

async function draft(name: string, as = token): Promise<number> {
  const id = (
    await call('POST', '/supplier/communications/step0', { type: 'RECALL', name, classification: 'CLASSII' }, as)
  ).body.d.id as number;
  await call('POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Stent' }] }, as);
  await call(
    'POST',
    '/supplier/communications/step2',
    { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm' }] },
    as,
  );
  return id;
}

type CustomerRow = { id: number; name: string; emails: string[]; source: string };
const customers = async (id: number) =>
  (await call('GET', `/supplier/communications/${id}/customers?pageSize=500`)).body.d.items as CustomerRow[];

describe('wizard step 3: all of the supplier’s locations', () => {
  it('refuses when the supplier has no active location, then adds every location typed in alone or from a file', async () => {
    const id = await draft('All locations recall');
    const none = await call('POST', '/supplier/communications/step3', { id, all_locations: true });
    expect(none.status).toBe(400);
    expect(none.body.error?.code).toBe('LOCATIONS_NONE_ACTIVE');

    // Typed in one by one: no location file holds them, so the file menu had nothing to offer.
    for (const location of [
      { location_id: 'ALL-1', location_name: 'Riverside Dock', notisphere_id: 'PRV-0001', zip: '95814' },
      { location_id: 'ALL-2', location_name: 'Valley Clinic', email: 'buyer@valley.test', zip: '93701' },
      { location_id: 'ALL-3', location_name: 'Closed Annex', email: 'annex@valley.test', zip: '93702' },
    ]) {
      const res = await call('POST', '/supplier/locations', location);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const annex = (
      (await call('GET', '/supplier/locations?search=ALL-3')).body.d.items as { id: number; location_id: string }[]
    ).find((l) => l.location_id === 'ALL-3')!;
    await call('PUT', `/supplier/locations/${annex.id}/inactivate`);
    expect((await call('GET', '/supplier/location-files')).body.d.total).toBe(0);

    const res = await call('POST', '/supplier/communications/step3', { id, all_locations: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.d).toEqual({ added: 2, customers_count: 2 });
    expect((await customers(id)).map((c) => c.name).sort()).toEqual(['Riverside Health', 'Valley Clinic']);
    const locations = (await call('GET', `/supplier/communications/${id}/locations`)).body.d.items as {
      location_id: string;
    }[];
    // The inactive location is not affected.
    expect(locations.map((l) => l.location_id).sort()).toEqual(['ALL-1', 'ALL-2']);

    // Again: nothing new, and the history says what was added.
    expect((await call('POST', '/supplier/communications/step3', { id, all_locations: true })).body.d).toEqual({
      added: 0,
      customers_count: 2,
    });
    const history = (await call('GET', `/supplier/communications/${id}/histories`)).body.d as { action: string }[];
    expect(history.filter((h) => h.action === 'RECIPIENTS_ADDED')).toHaveLength(2);
  });

  it("answers 404 for another supplier's event and 400 for a value that is not a boolean", async () => {
    const theirs = await draft('Borealis recall', other);
    const res = await call('POST', '/supplier/communications/step3', { id: theirs, all_locations: true });
    expect(res.status).toBe(404);
    const mine = await draft('Typed recall');
    const bad = await call('POST', '/supplier/communications/step3', { id: mine, all_locations: 'everything' });
    expect(bad.status).toBe(400);
  });
});

describe('wizard step 3: removing a recipient so far', () => {
  it('removes a customer not yet notified (the list and count drop it, the history records it) and can add it back', async () => {
    const id = await draft('Removal recall');
    await call('POST', '/supplier/communications/step3', {
      id,
      customers: [
        { name: 'Keep Me', email: 'keep@example.org' },
        { name: 'Drop Me', email: 'drop@example.org' },
      ],
    });
    const drop = (await customers(id)).find((c) => c.name === 'Drop Me')!;
    const res = await call('PUT', `/supplier/communications/${id}/remove-locations`, { customer_ids: [drop.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.d).toEqual({ removed_customers: 1, removed_locations: 0 });
    expect((await customers(id)).map((c) => c.name)).toEqual(['Keep Me']);
    expect((await call('GET', `/supplier/communications/${id}`)).body.d.customers_count).toBe(1);
    const history = (await call('GET', `/supplier/communications/${id}/histories`)).body.d as {
      action: string;
      facts: object;
    }[];
    expect(history.find((h) => h.action === 'RECIPIENTS_REMOVED')?.facts).toEqual({ count: 1 });

    // Added again (the same address): active once more.
    await call('POST', '/supplier/communications/step3', {
      id,
      customers: [{ name: 'Drop Me', email: 'drop@example.org' }],
    });
    expect((await customers(id)).map((c) => c.name)).toEqual(['Drop Me', 'Keep Me']);
  });

  it("keeps a notified customer (409) and answers 404 for another supplier's event", async () => {
    const id = await draft('Sent recall');
    await call('POST', '/supplier/communications/step3', {
      id,
      customers: [{ name: 'Sent To', email: 'sent-to@example.org' }],
    });
    const [sent] = await customers(id);
    await call('PUT', `/supplier/communications/${id}/approve-recall/RECALL/0`);
    expect((await call('PUT', `/supplier/communications/${id}/send-notification/RECALL`)).status).toBe(200);
    const res = await call('PUT', `/supplier/communications/${id}/remove-locations`, { customer_ids: [sent!.id] });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('ALREADY_NOTIFIED');
    expect(await customers(id)).toHaveLength(1);

    const theirs = await call(
      'PUT',
      `/supplier/communications/${id}/remove-locations`,
      { customer_ids: [sent!.id] },
      other,
    );
    expect(theirs.status).toBe(404);
  });
});
