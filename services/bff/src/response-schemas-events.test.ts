import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '@portal/core';
import {
  form,
  PDF,
  PNG,
  responseConformance,
  sendCustomContentCommunication,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';
import { ACTION_TYPES } from '@portal/communications';

/**
 * The supplier's event calls (wizard, tracking, documents) and its paper responses answer what their declared
 * response schemas say (docs/decisions.md "Response schemas"): real answers over HTTP, with answers, drafts, files,
 * custom fields and per-unit rows, held to the served /api/openapi.json.
 */
let t: TestApp;
let w: World;
let provider: string; // Riverside Administrator
let check: ReturnType<typeof responseConformance>;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  provider = (await t.signIn('admin@riverside.demo')).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

const BASE = '/api/supplier/communications';
const today = () => new Date().toISOString().slice(0, 10);

/** A supplier call (`path` is the document's template under BASE, `url` the real one) whose answer must conform. */
const conforms = (method: 'get' | 'post' | 'put', path: string, url: string, body?: unknown) =>
  check.conforms(method, `${BASE}${path}`, `${BASE}${url}`, w.supplierToken, body);

/** The same for a multipart call. */
async function conformsForm(path: string, url: string, data: FormData) {
  const res = await t.call('POST', `${BASE}${url}`, { token: w.supplierToken, form: data });
  expect(res.status, `${url}: ${res.body.m}`).toBe(200);
  expect(schemaErrors(await check.envelopeOf('post', `${BASE}${path}`), res.body), url).toEqual([]);
  return res.body.d;
}

function fields(values: Record<string, string | number>, files: Record<string, [string, Buffer]> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.append(k, String(v));
  for (const [field, [name, data]] of Object.entries(files)) f.append(field, new Blob([new Uint8Array(data)]), name);
  return f;
}

/**
 * A recall built through the wizard, each step's answer checked: a product with a custom field value and one
 * without, one action of each type, customers from two of Acme's locations (Riverside), a picked provider
 * (Lakeshore) and an outside address; approved and sent, then partly answered by Riverside (submitted and draft).
 */
async function wizardRecall(name: string) {
  const admin = (await t.signIn('admin@acme.demo')).access_token;
  const field = await t.call('POST', '/api/supplier/fields', {
    token: admin,
    body: { name: `Shelf life ${name}`, field_type: 'Number', is_required: false },
  });
  expect(field.status, field.body.m).toBe(200);
  const locations: number[] = [];
  for (const n of [1, 2]) {
    const res = await t.call('POST', '/api/supplier/locations', {
      token: w.supplierToken,
      body: {
        location_id: `${name}-${n}`,
        location_name: `${name} dock ${n}`,
        notisphere_id: 'PRV-0001',
        email: `dock${n}@riverside.demo`,
        city: n === 1 ? 'Springfield' : undefined,
      },
    });
    expect(res.status, res.body.m).toBe(200);
    locations.push(res.body.d.id as number);
  }
  const draft = await conforms('post', '/step0', '/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSI',
    event_date: today(),
    contact_name: 'Rick Recalls',
  });
  const id = draft.id as number;
  const withProducts = await conforms('post', '/step1', '/step1', {
    id,
    products: [
      { product_name: 'Catheter', lot_number: 'C-9', quantity: 3, custom_fields: { [field.body.d.id]: 24 } },
      { product_name: 'Pump', expiration_date: '2027-01-31' },
    ],
  });
  expect(withProducts.products).toHaveLength(2);
  const withActions = await conforms('post', '/step2', '/step2', {
    id,
    actions: ACTION_TYPES.map((action_type) => ({
      action_type,
      title: `${action_type} action`,
      ...(action_type === 'Checkbox' || action_type === 'MultipleChoice' ? { options: ['A', 'B'] } : {}),
    })),
  });
  expect(withActions.actions).toHaveLength(ACTION_TYPES.length);
  const sup = (method: string, url: string, body?: unknown) =>
    t.call(method, `${BASE}${url}`, { token: w.supplierToken, body });
  expect((await sup('POST', '/step3', { id, location_ids: locations })).status).toBe(200);
  expect((await sup('POST', '/step3', { id, provider_organization_ids: [w.lakeshore] })).status).toBe(200);
  const outside = await sup('POST', '/step3/customers', {
    id,
    customers: [{ name: 'Outside Clinic', email: `${name.toLowerCase().replace(/\W/g, '')}@outside.test` }],
  });
  expect(outside.status).toBe(200);
  // Before sending, a customer has no notice yet: its notice's fields are null.
  const unsent = await conforms('get', '/{id}/customers', `/${id}/customers`);
  expect(
    unsent.items.every((c: { provider_communication_id: number | null }) => c.provider_communication_id === null),
  ).toBe(true);
  const approved = await conforms('put', '/{id}/approve-recall/{a}/{b}', `/${id}/approve-recall/RECALL/0`);
  expect(approved.status).toBe('OPEN');
  expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);

  const pcs = (await t
    .db('provider_communications')
    .where({ communication_id: id })
    .select('id', 'provider_organization_id')) as { id: number; provider_organization_id: number | null }[];
  const pcOf = (org: number) => Number(pcs.find((p) => Number(p.provider_organization_id) === org)!.id);
  const actions = (await t.db('communication_actions').where({ communication_id: id }).select('id', 'action_type')) as {
    id: number;
    action_type: string;
  }[];
  const actionOf = (type: string) => Number(actions.find((a) => a.action_type === type)!.id);
  const riverside = pcOf(w.riverside);
  const answer = async (type: string, body: object) => {
    const res = await t.call('PUT', `/api/provider/communications/${id}/${riverside}/actions/${actionOf(type)}`, {
      token: provider,
      body,
    });
    expect(res.status, res.body.m).toBe(200);
  };
  await answer('Text', { valueText: 'Pulled two boxes' });
  await answer('YesNo', { valueYesNo: 'Yes' });
  await answer('Checkbox', { valueCheckbox: ['A'], submit: false });
  return { id, riverside, lakeshore: pcOf(w.lakeshore), actionOf };
}

describe("the supplier's event calls answer what they declare", () => {
  it('the wizard: its lists, each step, approval, and the customers before sending', async () => {
    const meta = await conforms('get', '/meta', '/meta');
    await wizardRecall('Schema wizard');
    // The field the wizard added is in the lists now.
    const again = await conforms('get', '/meta', '/meta');
    expect(again.productFields.length).toBeGreaterThan(meta.productFields.length);
  });

  it('tracking a sent event: the event, its numbers, actions and answers, customers, locations, progress and views', async () => {
    const e = await wizardRecall('Schema tracking');
    const event = await conforms('get', '/{id}', `/${e.id}`);
    expect(event.products.some((p: { custom_fields: object }) => Object.keys(p.custom_fields).length > 0)).toBe(true);
    const summary = await conforms('get', '/{id}/summary', `/${e.id}/summary`);
    expect(summary.customers).toBe(3);
    const counts = await conforms('get', '/{id}/actions', `/${e.id}/actions`);
    expect(counts.some((a: { drafts: number }) => a.drafts > 0)).toBe(true);
    const text = await conforms('get', '/{id}/actions/{x}', `/${e.id}/actions/${e.actionOf('Text')}`);
    expect(text.responses).toHaveLength(1);
    await conforms('get', '/{id}/actions/{x}', `/${e.id}/actions/${e.actionOf('Checkbox')}`);
    const customers = await conforms('get', '/{id}/customers', `/${e.id}/customers?sortField=name`);
    expect(
      customers.items.map((c: { provider_organization_id: number | null }) => c.provider_organization_id),
    ).toContain(null);
    const locations = await conforms('get', '/{id}/locations', `/${e.id}/locations`);
    expect(locations.items).toHaveLength(2);
    expect(await conforms('get', '/{id}/locations-all', `/${e.id}/locations-all`)).toHaveLength(2);
    const progress = await conforms('get', '/{id}/actions/provider', `/${e.id}/actions/provider`);
    expect(progress.items.some((p: { answered: number }) => p.answered === 2)).toBe(true);
    const view = await conforms('get', '/{id}/view/{pcId}', `/${e.id}/view/${e.riverside}`);
    expect(view.actions.filter((a: { response: unknown }) => a.response !== null)).toHaveLength(3);
    await conforms('get', '/{id}/view/{pcId}', `/${e.id}/view/${e.lakeshore}`);
    await conforms('get', '/{id}/actions/provider/{a}/{b}', `/${e.id}/actions/provider/${e.riverside}/x`);
    await conforms('get', '/{id}/actions/provider/{a}/{b}/{c}', `/${e.id}/actions/provider/${e.riverside}/x/y`);
  });

  it('the change history, the documents and the sales representatives', async () => {
    const e = await wizardRecall('Schema history');
    const sup = (method: string, url: string, body?: unknown) =>
      t.call(method, `${BASE}${url}`, { token: w.supplierToken, body });
    expect((await sup('POST', `/${e.id}/postupdate`, { changes: { description: 'Now with lots' } })).status).toBe(200);
    const uploaded = await conformsForm('/{id}/documents', `/${e.id}/documents`, form('notice.pdf', PDF));
    const docId = uploaded[0].id as number;
    const history = await conforms('get', '/{id}/histories', `/${e.id}/histories`);
    expect(
      history.some((h: { provider_communication_id: number | null }) => h.provider_communication_id !== null),
    ).toBe(true);
    expect(history.some((h: { facts: { name?: string } }) => h.facts.name === 'notice.pdf')).toBe(true);
    expect((await conforms('get', '/{id}/Audit', `/${e.id}/Audit`)).length).toBeGreaterThan(0);
    expect(await conforms('get', '/{id}/documents', `/${e.id}/documents`)).toHaveLength(1);
    await conforms('get', '/document/{id}', `/document/${docId}`);
    await conforms('get', '/file/{id}', `/file/${docId}`);

    const admin = (await t.signIn('admin@acme.demo')).access_token;
    for (const [n, phone] of [
      [1, '612-555-0101'],
      [2, null],
    ] as const) {
      const rep = await t.call('POST', '/api/supplier/sales-reps', {
        token: admin,
        body: { first_name: `Rep${n}`, last_name: 'Schema', email: `rep${n}.schema@acme.demo`, phone },
      });
      expect(rep.status, rep.body.m).toBe(200);
    }
    const reps = await conforms('get', '/{id}/salesreps', `/${e.id}/salesreps`);
    expect(reps.map((r: { phone: string | null }) => r.phone)).toEqual(expect.arrayContaining(['612-555-0101', null]));
    // Sales representatives follow advisories: one sent, then passed to them.
    const advisory = await sendCommunication(t, w, 'Schema advisory', {
      type: 'PRODUCT DISRUPTION',
      providers: [w.riverside],
    });
    const notify = `${BASE}/{id}/salesreps/notify`;
    const notified = await check.conforms(
      'post',
      notify,
      notify.replace('{id}', String(advisory.id)),
      w.sourcingToken,
      {},
    );
    expect(notified.emails_queued).toBeGreaterThanOrEqual(2);
  });

  it('the product file read into products, and products added to a draft', async () => {
    const csv = ['Product Name,Lot Number,Quantity,Expiration Date', 'Catheter,C-1,4,2027-02-01', 'Pump,,,', ',L-3,x,'];
    const read = await conformsForm(
      '/step1/read-product-file',
      '/step1/read-product-file',
      form('products.csv', Buffer.from(csv.join('\r\n'), 'utf8')),
    );
    expect([read.products.length, read.errors.length]).toEqual([2, 1]);
    const draft = await conforms('post', '/step0', '/step0', {
      type: 'RECALL',
      name: 'Schema add',
      classification: 'CLASSI',
    });
    const added = await conforms('post', '/step1/add-new-products', '/step1/add-new-products', {
      id: draft.id,
      products: read.products,
    });
    expect(added.products).toHaveLength(2);
  });

  it('a custom-content event: per-unit actions in the event, the view and its paper response', async () => {
    const cc = await sendCustomContentCommunication(t, w, 'Schema custom content');
    const riverside = cc.pcOf(w.riverside);
    const event = await conforms('get', '/{id}', `/${cc.id}`);
    expect(event.actions.some((a: { per_unit: boolean }) => a.per_unit)).toBe(true);
    const [row] = cc.rowsOf(w.riverside);
    const unitAnswer = await t.call(
      'PUT',
      `/api/provider/communications/${cc.id}/${riverside}/actions/${cc.actionOf('Units quarantined')}/units`,
      { token: provider, body: { answers: [{ rowId: row, valueNumeric: '2' }] } },
    );
    expect(unitAnswer.status, unitAnswer.body.m).toBe(200);
    const view = await conforms('get', '/{id}/view/{pcId}', `/${cc.id}/view/${riverside}`);
    expect(view.actions.some((a: { unit_answers?: unknown[] }) => (a.unit_answers ?? []).length > 0)).toBe(true);
    const paper = await conformsForm(
      '/paper',
      '/paper',
      fields({
        communicationId: cc.id,
        providerCommunicationId: riverside,
        responderName: 'Dr. Units',
        responseDate: today(),
      }),
    );
    const saved = await conformsForm(
      '/paper/supplieractions',
      '/paper/supplieractions',
      fields({
        paperResponseId: paper.id,
        actions: JSON.stringify([
          {
            actionId: cc.actionOf('Units found'),
            units: cc.rowsOf(w.riverside).map((rowId) => ({ rowId, valueYesNo: 'No' })),
          },
        ]),
      }),
    );
    const units = saved.actions.flatMap((a: { units: { value: unknown; electronic_value: unknown }[] }) => a.units);
    expect(units.some((u: { value: unknown }) => u.value !== null)).toBe(true);
    expect(units.some((u: { electronic_value: unknown }) => u.electronic_value !== null)).toBe(true);
  });
});

describe('paper responses answer what they declare', () => {
  it('the list, the customers, their locations and dates, a new one, its answers and files, an edit and a delete', async () => {
    const e = await wizardRecall('Schema paper');
    const names = await conforms('get', '/paper/{id}/providernames', `/paper/${e.id}/providernames`);
    expect(names.some((n: { provider_name: string | null }) => n.provider_name === null)).toBe(true);
    expect(await conforms('get', '/paper/{id}/locationnames', `/paper/${e.riverside}/locationnames`)).toHaveLength(2);
    await conforms('get', '/paper/{id}/notifieddate', `/paper/${e.riverside}/notifieddate`);
    const blank = await conforms(
      'get',
      '/paper/{id}/getactions',
      `/paper/0/getactions?communicationId=${e.id}&providerCommunicationId=${e.riverside}`,
    );
    expect(blank.actions.some((a: { electronic_answer: unknown }) => a.electronic_answer !== null)).toBe(true);

    const location = (await t.db('communication_affected_locations').where({ communication_id: e.id }).first('id')) as {
      id: number;
    };
    const created = await conformsForm(
      '/paper',
      '/paper',
      fields(
        {
          communicationId: e.id,
          providerCommunicationId: e.riverside,
          locationId: location.id,
          responderName: 'Dr. Paper',
          responseDate: today(),
        },
        { document: ['scan.pdf', PDF] },
      ),
    );
    expect(created.document).not.toBeNull();
    // Without a scan, and without a location: the nullable fields as null.
    const bare = await conformsForm(
      '/paper',
      '/paper',
      fields({
        communicationId: e.id,
        providerCommunicationId: e.lakeshore,
        responderName: 'Lake Buyer',
        responseDate: today(),
      }),
    );
    expect([bare.document, bare.affected_location_id]).toEqual([null, null]);
    const saved = await conformsForm(
      '/paper/supplieractions',
      '/paper/supplieractions',
      fields(
        {
          paperResponseId: created.id,
          actions: JSON.stringify([
            { actionId: e.actionOf('Acknowledge'), valueAcknowledge: true },
            { actionId: e.actionOf('Numeric'), valueNumeric: '4' },
            { actionId: e.actionOf('MultipleChoice'), valueMultiChoice: ['B'] },
          ]),
        },
        { [`file_${e.actionOf('Image')}`]: ['shelf.png', PNG] },
      ),
    );
    const image = saved.actions.find((a: { files: unknown[] }) => a.files.length > 0).files[0];
    await conforms('get', '/paper/{id}/getactions', `/paper/${created.id}/getactions`);
    await conforms('get', '/file/paper/{id}', `/file/paper/${image.id}`);
    await conforms('get', '/paper/{id}/doc', `/paper/${created.id}/doc`);
    await conforms('get', '/paper/{id}/editlocationnames', `/paper/${created.id}/editlocationnames`);
    const list = await conforms('get', '/paper/{id}/list', `/paper/${e.id}/list`);
    expect(list.items).toHaveLength(2);
    expect(list.items.some((r: { location_name: string | null }) => r.location_name === null)).toBe(true);
    const updated = await conformsForm(
      '/paper/update',
      '/paper/update',
      fields({ id: created.id, responderName: 'Dr. Paper Jr.', responseDate: today(), removeDocument: 'true' }),
    );
    expect(updated.document).toBeNull();
    const deleted = await conforms('get', '/paper/{id}/delete', `/paper/${bare.id}/delete`);
    expect(deleted.response_status).toBe('NOTCOMPLETED');
  });
});

it('a retyped field fails the check (the schemas are not vacuous)', async () => {
  const e = await wizardRecall('Schema retyped');
  const res = await t.call('GET', `${BASE}/${e.id}/summary`, { token: w.supplierToken });
  res.body.d.completion_rate = String(res.body.d.completion_rate);
  expect(schemaErrors(await check.envelopeOf('get', `${BASE}/{id}/summary`), res.body)).toEqual([
    '/d/completion_rate: must be number',
  ]);
});

describe("the supplier's organisation pages answer what they declare", () => {
  /** Any call held to its declared answer (`path`: the document's template, `url`: the real one). */
  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string, url: string, token: string, body?: unknown) =>
    check.conforms(method, `/api${path}`, `/api${url}`, token, body);

  /** A master record inactivated, activated again and deleted (soft), each answer held to its declaration. */
  async function statusCycle(base: string, id: number, token: string, status = 'status') {
    expect((await api('put', `${base}/{id}/inactivate`, `${base}/${id}/inactivate`, token, {}))[status]).toBe(
      'INACTIVE',
    );
    expect((await api('put', `${base}/{id}/activate`, `${base}/${id}/activate`, token, {}))[status]).toBe('ACTIVE');
    expect((await api('delete', `${base}/{id}`, `${base}/${id}`, token))[status]).toBe('DELETED');
  }

  it('template actions and distribution lists with members, on the supplier and the provider side', async () => {
    const admin = (await t.signIn('admin@acme.demo')).access_token;
    for (const [side, token] of [
      ['supplier', admin],
      ['provider', provider],
    ] as const) {
      const base = `/${side}/template-actions`;
      const action = await api('post', base, base, token, {
        communication_type: 'RECALL',
        title: `Quarantine (${side})`,
        action_type: 'Checkbox',
        options: ['Shelf', 'Store'],
        description: 'Where the stock went',
      });
      await api('put', `${base}/{id}`, `${base}/${action.id}`, token, {
        title: `Quarantine all (${side})`,
        action_type: 'Text',
      });
      await api('get', `${base}/{id}`, `${base}/${action.id}`, token);
      expect((await api('get', base, `${base}?communicationType=RECALL`, token)).items.length).toBeGreaterThan(0);

      const lists = `/${side}/distribution-lists`;
      const list = await api('post', lists, lists, token, {
        communication_type: 'RECALL',
        name: `Unit managers (${side})`,
      });
      await api('put', `${lists}/{id}`, `${lists}/${list.id}`, token, { name: `Ward managers (${side})` });
      await api('post', `${lists}/{id}/members`, `${lists}/${list.id}/members`, token, {
        email: `icu.${side}@riverside.demo`,
      });
      const members = `${lists}/{id}/members`;
      if (side === 'supplier')
        await api('post', members, `${lists}/${list.id}/members`, token, { provider_organization_id: w.lakeshore });
      const page = await api('get', members, `${lists}/${list.id}/members`, token);
      expect(
        page.items.some((m: { provider_organization_id: number | null }) => m.provider_organization_id === null),
      ).toBe(true);
      expect((await api('get', `${lists}/{id}`, `${lists}/${list.id}`, token)).member_count).toBe(page.items.length);
      expect((await api('get', lists, `${lists}?communicationType=RECALL`, token)).items.length).toBeGreaterThan(0);

      // Reordered (the moved one first), members removed, then both records through their status changes.
      const second = await api('post', base, base, token, {
        communication_type: 'RECALL',
        title: `Count the stock (${side})`,
        action_type: 'Numeric',
      });
      const order = await api('put', `${base}/reorder`, `${base}/reorder`, token, {
        communication_type: 'RECALL',
        ids: [second.id, action.id],
      });
      expect(order[0].id).toBe(second.id);
      expect(order.some((a: { description: string | null }) => a.description === null)).toBe(true);
      const member = page.items[0];
      const removed = await api('delete', `${members}/{memberId}`, `${lists}/${list.id}/members/${member.id}`, token);
      expect(removed.id).toBe(member.id);
      await statusCycle(base, action.id, token);
      await statusCycle(lists, list.id, token);
    }
  });

  it('users, roles and their permissions, and the organisation profile (a supplier and a health system)', async () => {
    const admin = (await t.signIn('admin@acme.demo')).access_token;
    for (const token of [admin, provider]) {
      const users = await api('get', '/users', '/users', token);
      await api('get', '/users/{id}', `/users/${users.items[0].id}`, token);
      await api('get', '/users/organizations', '/users/organizations', token);
      expect((await api('get', '/roles/permissions', '/roles/permissions', token)).permissions.length).toBeGreaterThan(
        0,
      );
      const roles = await api('get', '/roles', '/roles', token);
      await api('get', '/roles/{id}', `/roles/${roles.items[0].id}`, token);
      const profile = await api('get', '/organization/profile', '/organization/profile', token);
      await api('put', '/organization/profile', '/organization/profile', token, {
        name: profile.name,
        phone: '612-555-0100',
      });
      const logo = await check.uploadConforms(
        '/api/organization/profile/photo',
        '/api/organization/profile/photo',
        token,
        form('logo.png', PNG),
      );
      expect(logo.id).toBe(profile.id);

      // A role made, edited and given to a new user; the user edited and through its status changes, then the role's.
      const side = token === admin ? 'supplier' : 'provider';
      const { permissions } = await api('get', '/roles/permissions', '/roles/permissions', token);
      const role = await api('post', '/roles', '/roles', token, {
        name: `Schema checkers (${side})`,
        permissions: permissions.slice(0, 1),
      });
      expect(role.description).toBeNull();
      const edited = await api('put', '/roles/{id}', `/roles/${role.id}`, token, {
        name: `Schema checkers (${side})`,
        description: 'Read only',
        permissions: permissions.slice(0, 2),
      });
      expect(edited.permissions).toHaveLength(Math.min(2, permissions.length));
      const user = await api('post', '/users', '/users', token, {
        first_name: 'Sam',
        last_name: 'Schema',
        email: `sam.schema.${side}@example.com`,
        role_id: role.id,
      });
      expect(user.role_id).toBe(role.id);
      expect(user.phone).toBeNull();
      const updated = await api('put', '/users/{id}', `/users/${user.id}`, token, {
        first_name: 'Sam',
        last_name: 'Schema',
        phone: '612-555-0103',
        role_id: role.id,
      });
      expect(updated.phone).toBe('612-555-0103');
      await statusCycle('/users', user.id, token, 'membership_status');
      await statusCycle('/roles', role.id, token);
    }
  });

  it('sales representatives, locations, location files and the providers they map to', async () => {
    const admin = (await t.signIn('admin@acme.demo')).access_token;
    const rep = await api('post', '/supplier/sales-reps', '/supplier/sales-reps', admin, {
      first_name: 'Pat',
      last_name: 'Rep',
      email: 'pat.rep@acme.demo',
      territory: 'North',
    });
    await api('put', '/supplier/sales-reps/{id}', `/supplier/sales-reps/${rep.id}`, admin, {
      first_name: 'Pat',
      last_name: 'Rep',
      email: 'pat.rep@acme.demo',
      phone: '612-555-0102',
    });
    await api('get', '/supplier/sales-reps/{id}', `/supplier/sales-reps/${rep.id}`, admin);
    expect((await api('get', '/supplier/sales-reps', '/supplier/sales-reps', admin)).items.length).toBeGreaterThan(0);
    await statusCycle('/supplier/sales-reps', rep.id, admin);

    const csv = [
      'Location ID,Location Name,Notisphere ID,Email',
      'ORG-1,Org dock,PRV-0001,dock@riverside.demo',
      'ORG-2,Bad,,x',
    ];
    const upload = await t.call('POST', '/api/supplier/location-files', {
      token: admin,
      form: form('locations.csv', Buffer.from(csv.join('\r\n'), 'utf8')),
    });
    expect(upload.status, upload.body.m).toBe(200);
    expect(schemaErrors(await check.envelopeOf('post', '/api/supplier/location-files'), upload.body)).toEqual([]);
    expect(upload.body.d.errors).toHaveLength(1);
    await api('get', '/supplier/location-files/{id}', `/supplier/location-files/${upload.body.d.id}`, admin);
    await api('get', '/supplier/location-files', '/supplier/location-files', admin);

    // One location from the file (mapped to Riverside), one keyed in without a provider.
    const own = await api('post', '/supplier/locations', '/supplier/locations', admin, {
      location_id: 'ORG-3',
      location_name: 'Unmapped dock',
      city: 'Springfield',
    });
    await api('put', '/supplier/locations/{id}', `/supplier/locations/${own.id}`, admin, {
      location_id: 'ORG-3',
      location_name: 'Unmapped dock 3',
    });
    await api('get', '/supplier/locations/{id}', `/supplier/locations/${own.id}`, admin);
    const locations = await api('get', '/supplier/locations', '/supplier/locations?pageSize=500', admin);
    expect(locations.items.some((l: { provider_name: string | null }) => l.provider_name === null)).toBe(true);
    expect(locations.items.some((l: { file_name: string | null }) => l.file_name !== null)).toBe(true);
    expect((await api('get', '/supplier/providers', '/supplier/providers', admin)).items.length).toBeGreaterThan(0);
    await statusCycle('/supplier/locations', own.id, admin);
  });

  it("a health system's supplier contact through its status changes", async () => {
    const contacts = '/provider/supplier-contacts';
    const contact = await api('post', contacts, contacts, provider, {
      supplier_organization_id: w.acme,
      name: 'Acme desk',
      email: 'desk@acme.demo',
    });
    await statusCycle(contacts, contact.id, provider);
  });
});
