import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, sendCommunication, type World, world } from '@portal/testing';
import { messageText } from '@portal/core';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator
let responder: string; // Riverside Responder: no Provider_ManageSupplierContacts
let lakeshore: string; // another provider
let borealis: number;
beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  borealis = ((await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

const call =
  (token: string) =>
  (method: string, path = '', body?: unknown) =>
    t.call(method, `/api/provider/supplier-contacts${path}`, { token, body });

describe('supplier contacts of a provider', () => {
  it('creates, lists with search and paging, edits, inactivates and activates, with audit rows', async () => {
    const api = call(admin);
    const created = await api('POST', '', {
      supplier_organization_id: w.acme,
      name: ' Sam Supply ',
      email: 'Sam@Acme.demo',
      phone: '555-123-4567',
    });
    expect(created.status).toBe(200);
    expect(created.body.d).toMatchObject({
      supplier_name: 'Acme Medical Devices',
      name: 'Sam Supply',
      email: 'sam@acme.demo',
      status: 'ACTIVE',
    });
    const id = created.body.d.id as number;
    await api('POST', '', { supplier_organization_id: borealis, name: 'Bea Boreal', email: 'bea@borealis.demo' });

    const all = await api('GET', '?pageNumber=1&pageSize=50');
    expect(all.body.d.items.map((r: { supplier_name: string }) => r.supplier_name)).toEqual([
      'Acme Medical Devices',
      'Borealis Pharma',
    ]);
    expect(all.body.d.total).toBe(2);
    const found = await api('GET', `?search=${encodeURIComponent('  boreal ')}`);
    expect(found.body.d.items.map((r: { name: string }) => r.name)).toEqual(['Bea Boreal']);
    const paged = await api('GET', '?pageNumber=2&pageSize=1');
    expect(paged.body.d.items.map((r: { name: string }) => r.name)).toEqual(['Bea Boreal']);

    const edited = await api('PUT', `/${id}`, {
      supplier_organization_id: w.acme,
      name: 'Sam Supplier',
      email: 'sam@acme.demo',
      notes: 'Recalls desk',
    });
    expect(edited.body.d).toMatchObject({ name: 'Sam Supplier', notes: 'Recalls desk', phone: null });

    expect((await api('PUT', `/${id}/inactivate`)).body.d).toEqual({ id, status: 'INACTIVE' });
    const editInactive = await api('PUT', `/${id}`, { supplier_organization_id: w.acme, name: 'x', email: 'x@a.demo' });
    expect(editInactive.status).toBe(409);
    expect(editInactive.body.m).toBe(messageText('INVALID_STATUS.editInactive'));
    expect((await api('PUT', `/${id}/inactivate`)).status).toBe(409);
    expect(
      (await api('GET', `?filterModel=${encodeURIComponent(JSON.stringify({ status: { filter: 'ACTIVE' } }))}`)).body.d
        .total,
    ).toBe(1);
    expect((await api('PUT', `/${id}/activate`)).body.d).toEqual({ id, status: 'ACTIVE' });

    for (const action of ['CREATED', 'UPDATED', 'INACTIVATED', 'ACTIVATED'])
      expect(
        await t
          .db('audit_events')
          .where({ action: `SUPPLIER_CONTACT_${action}`, entity_id: String(id) })
          .first(),
        action,
      ).toBeTruthy();
  });

  it('refuses a second contact for a supplier, an unknown supplier and bad fields', async () => {
    const api = call(admin);
    const again = await api('POST', '', { supplier_organization_id: w.acme, name: 'Other', email: 'o@acme.demo' });
    expect(again.status).toBe(409);
    expect(again.body.m).toBe('This supplier has a contact already.');
    // A provider is not a supplier.
    expect(
      (await api('POST', '', { supplier_organization_id: w.lakeshore, name: 'N', email: 'n@x.demo' })).status,
    ).toBe(404);
    const bad = await api('POST', '', {
      supplier_organization_id: borealis,
      name: 'N',
      email: 'n@x.demo',
      phone: '12',
    });
    expect(bad.status).toBe(400);
    expect((await api('POST', '', { supplier_organization_id: borealis, name: '  ', email: 'n@x.demo' })).status).toBe(
      400,
    );
    expect((await api('POST', '', { name: 'N', email: 'n@x.demo' })).status).toBe(400);
    expect(
      (await api('POST', '', { supplier_organization_id: borealis, name: 'N', email: 'not-an-email' })).status,
    ).toBe(400);
    expect((await api('GET', '/0')).status).toBe(404);
  });

  it("answers 404 to another provider for Riverside's contacts and 403 without the permission", async () => {
    const mine = (await call(admin)('GET')).body.d.items[0] as { id: number };
    const other = call(lakeshore);
    expect((await other('GET')).body.d.total).toBe(0);
    for (const [method, path, body] of [
      ['GET', `/${mine.id}`, undefined],
      ['PUT', `/${mine.id}`, { supplier_organization_id: w.acme, name: 'Hijack', email: 'h@x.demo' }],
      ['PUT', `/${mine.id}/inactivate`, undefined],
      ['PUT', `/${mine.id}/activate`, undefined],
      ['DELETE', `/${mine.id}`, undefined],
    ] as const)
      expect((await other(method, path, body)).status, `${method} ${path}`).toBe(404);
    for (const [method, path] of [
      ['GET', ''],
      ['GET', `/${mine.id}`],
      ['POST', ''],
      ['PUT', `/${mine.id}/inactivate`],
    ] as const)
      expect((await call(responder)(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(
        403,
      );
    expect((await call(w.supplierToken)('GET')).status).toBe(403);
  });

  it("gives the view's supplier contact from the provider's own contact when it keeps one", async () => {
    const e = await sendCommunication(t, w, 'Contact recall', { providers: [w.riverside, w.lakeshore] });
    const contact = (token: string) => t.call('GET', `/api/provider/communications/suppliercontact/${e.id}`, { token });
    expect((await contact(admin)).body.d).toMatchObject({
      supplier: { name: 'Acme Medical Devices' },
      contact_name: 'Sam Supplier',
      contact_email: 'sam@acme.demo',
      contact_source: 'PROVIDER',
    });
    // Lakeshore keeps no contact for Acme: the event's own contact.
    expect((await contact(lakeshore)).body.d).toMatchObject({ contact_source: 'EVENT' });
    const mine = (await call(admin)('GET')).body.d.items[0] as { id: number };
    await call(admin)('PUT', `/${mine.id}/inactivate`);
    expect((await contact(admin)).body.d).toMatchObject({ contact_source: 'EVENT' });
    await call(admin)('PUT', `/${mine.id}/activate`);
  });

  it('names, for a provider-created advisory, the supplier it names (not the provider) and resolves only created ones', async () => {
    const pv = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/provider/communications${path}`, { token: admin, body });
    const named = await pv('POST', '/step0', {
      type: 'PRODUCT DISRUPTION',
      name: 'Own saline advisory',
      supplier_organization_id: w.acme,
      contact_name: 'Event Contact',
    });
    const contact = await pv('GET', `/suppliercontact/${named.body.d.id}`);
    expect(contact.body.d).toMatchObject({
      supplier: { name: 'Acme Medical Devices' },
      contact_name: 'Sam Supplier',
      contact_source: 'PROVIDER',
    });
    const unnamed = await pv('POST', '/step0', {
      type: 'PRODUCT DISRUPTION',
      name: 'Own gloves advisory',
      supplier_name: 'Glove Wholesale',
      contact_name: 'Event Contact',
    });
    expect((await pv('GET', `/suppliercontact/${unnamed.body.d.id}`)).body.d).toMatchObject({
      supplier: null,
      contact_name: 'Event Contact',
      contact_source: 'EVENT',
    });
    // /view/:id resolves a provider-created advisory only (provider-edit); a received one answers 404.
    expect((await pv('GET', `/provider-edit/${named.body.d.id}`)).body.d).toMatchObject({
      provider_communication_id: named.body.d.provider_communication_id,
    });
    const received = await sendCommunication(t, w, 'Received advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
    });
    expect((await pv('GET', `/provider-edit/${received.id}`)).status).toBe(404);
  });
});
