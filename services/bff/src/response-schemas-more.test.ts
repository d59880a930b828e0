import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * More declared response schemas (the web's generated answer types) held to real answers over HTTP: the provider's
 * workspace, answering (public form, provider, delegate), the account, a sales rep's view and custom content. The
 * operator's and settings' reads are in response-schemas-operator.test.ts. Same check as response-schemas.test.ts.
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

type Method = 'get' | 'post' | 'put' | 'delete';
const conforms = (method: Method, path: string, url: string, token: string | null, body?: unknown) =>
  check.conforms(method, path, url, token, body);

const uploadConforms = (path: string, url: string, token: string | null, f: FormData) =>
  check.uploadConforms(path, url, token, f);

/** The link token of the latest notice or delegate email to `to` whose text matches. */
async function linkToken(to: string, match: (m: { subject: string; text: string }) => boolean) {
  const mail = await t.smtp.waitFor(to, match);
  return /token=([\w-]+)/.exec(mail.text)![1]!;
}

describe("the provider's workspace on a received event", () => {
  it('summary, history, delegates, notes (with and without a file) and the supplier contact', async () => {
    const e = await sendCommunication(t, w, 'Schema workspace recall', {
      providers: [w.riverside],
      actions: ['Text', 'YesNo'],
    });
    const pc = e.pcOf(w.riverside);
    const base = '/api/provider/communications';
    const call = (method: string, url: string, body?: unknown, f?: FormData) =>
      t.call(method, url, { token: provider, body, form: f });
    expect((await call('PUT', `${base}/${e.id}/acknowledge/${pc}`, {})).status).toBe(200);
    expect(
      (await call('PUT', `${base}/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'Done' })).status,
    ).toBe(200);
    expect((await call('POST', `${base}/${e.id}/${pc}/0`, { email: 'whole@outside.test' })).status).toBe(200);
    expect(
      (await call('POST', `${base}/${e.id}/${pc}/${e.actionOf('YesNo')}`, { email: 'one@outside.test' })).status,
    ).toBe(200);
    const notes = '/api/provider/communication-notes';
    const withFile = await call(
      'POST',
      `${notes}/save-note/${e.id}/${pc}/0`,
      undefined,
      form('n.pdf', PDF, { note: 'Counted' }),
    );
    expect(withFile.status, withFile.body.m).toBe(200);
    const plain = new FormData();
    plain.append('note', 'No file');
    expect((await call('POST', `${notes}/save-note/${e.id}/${pc}/0`, undefined, plain)).status).toBe(200);

    const summary = await conforms('get', `${base}/{id}/summary/{x}`, `${base}/${e.id}/summary/${pc}`, provider);
    expect(summary).toMatchObject({ acknowledged: true, actions_submitted: 1, delegates: 2 });
    const history = await conforms('get', `${base}/{id}/histories/{x}`, `${base}/${e.id}/histories/${pc}`, provider);
    expect(history.length).toBeGreaterThan(1);
    const delegates = await conforms('get', `${base}/{id}/delegate/{x}`, `${base}/${e.id}/delegate/${pc}`, provider);
    expect(delegates.map((d: { action_id: number | null }) => d.action_id)).toEqual([null, e.actionOf('YesNo')]);
    const list = await conforms('get', `${notes}/{a}/{b}`, `${notes}/${e.id}/${pc}`, provider);
    expect(list.map((n: { document: unknown }) => n.document === null).sort()).toEqual([false, true]);
    await conforms('get', `${notes}/get-note/{id}`, `${notes}/get-note/${withFile.body.d.id}`, provider);
    const contact = await conforms('get', `${base}/suppliercontact/{id}`, `${base}/suppliercontact/${e.id}`, provider);
    expect(contact.supplier).not.toBeNull();
    await conforms('get', `${base}/meta-sites`, `${base}/meta-sites`, provider);
    const suppliers = await conforms('get', `${base}/supplierNameList`, `${base}/supplierNameList`, provider);
    expect(suppliers.length).toBeGreaterThan(0);
  });

  it('a provider-created event: its edit data and the edits that answer it', async () => {
    const base = '/api/provider/communications';
    const created = await t.call('POST', `${base}/step0`, {
      token: provider,
      body: {
        type: 'RECALL',
        name: 'Schema internal check',
        classification: 'CLASSII',
        supplier_organization_id: w.acme,
        products: [{ product_name: 'Pump', lot_number: 'P-1', expiration_date: '2027-01-31', quantity: 2 }],
        actions: [{ action_type: 'Checkbox', title: 'Which?', options: ['A', 'B'] }],
      },
    });
    expect(created.status, created.body.m).toBe(200);
    const { id, provider_communication_id: pc } = created.body.d as { id: number; provider_communication_id: number };
    const edit = await conforms('get', `${base}/provider-edit/{id}`, `${base}/provider-edit/${id}`, provider);
    expect(edit.products[0]).toMatchObject({ lot_number: 'P-1', quantity: 2, udi: null });
    const path = `${base}/{id}/update-recall/{a}/{b}`;
    await conforms('put', path, `${base}/${id}/update-recall/${pc}/0`, provider, { name: 'Schema internal check 2' });
    await conforms('put', path, `${base}/${id}/update-recall/${pc}/1`, provider, {
      products: [{ product_name: 'Pump' }],
    });
    const contact = await conforms('get', `${base}/suppliercontact/{id}`, `${base}/suppliercontact/${id}`, provider);
    expect(contact.contact_source).toBe('EVENT');
  });
});

describe('the signed-in account and the access requests', () => {
  it('profile, its updates and organisation; the public organisation cards', async () => {
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    const me = await conforms('get', '/api/me', '/api/me', responder);
    await conforms('put', '/api/me', '/api/me', responder, { first_name: me.first_name, last_name: me.last_name });
    await conforms('put', '/api/me/language', '/api/me/language', responder, { language: 'vi' });
    const org = await conforms('get', '/api/me/organization', '/api/me/organization', provider);
    expect(org.parent_id).toBeNull();
    await conforms('get', '/api/me/organization', '/api/me/organization', w.supplierToken);
    await conforms(
      'get',
      '/api/auth/organization-bylink',
      '/api/auth/organization-bylink?selfregistrationlink=riverside-health',
      null,
    );
    await conforms('get', '/api/auth/organization-byId', `/api/auth/organization-byId?organizationId=${w.acme}`, null);
  });

  it('the denial detail, the access request, and the summary and view behind the access check', async () => {
    const e = await sendCommunication(t, w, 'Schema restricted advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
      actions: ['Text'],
    });
    const pc = e.pcOf(w.riverside);
    const responder = (await t.signIn('responder@riverside.demo')).access_token;
    const auth = '/api/auth';
    const details = `${auth}/getcommunicationdetails/{id}/view/{x}`;
    const denied = await conforms('get', details, `${auth}/getcommunicationdetails/${e.id}/view/${pc}`, responder);
    expect(denied).toMatchObject({ allow_access: false, type: 'Supply Advisory' });
    await conforms('get', `${auth}/request/{id}/access/{x}`, `${auth}/request/${e.id}/access/${pc}`, responder);
    await conforms('get', `${auth}/{id}/summary/{x}`, `${auth}/${e.id}/summary/${pc}`, provider);
    await conforms('get', `${auth}/{id}/provider-recall/{x}`, `${auth}/${e.id}/provider-recall/${pc}`, provider);
  });
});

describe("answering: the public notice form, the provider's own screens and a delegate's form", () => {
  it('the public form: acknowledge, answers one by one and all at once, per unit, files and the history', async () => {
    const e = await sendCustomContentCommunication(t, w, 'Schema public units');
    const token = await linkToken('admin@lakeshore.demo', (m) => m.subject.includes('Schema public units'));
    const pc = e.pcOf(w.lakeshore);
    const base = '/api/provider/communication-notices';
    const q = `?token=${token}`;
    const ack = await conforms(
      'put',
      `${base}/acknowledge/{orgId}/{communicationId}/{pcId}/{type}`,
      `${base}/acknowledge/${w.acme}/${e.id}/${pc}/RECALL${q}`,
      null,
    );
    expect(ack.acknowledged_at).not.toBeNull();
    const units = await conforms(
      'put',
      `${base}/{orgId}/{communicationId}/actions/{actionId}/units`,
      `${base}/${w.acme}/${e.id}/actions/${e.actionOf('Units quarantined')}/units${q}`,
      null,
      { answers: [{ rowId: e.rowsOf(w.lakeshore)[0], valueNumeric: '4' }] },
    );
    expect(units).toMatchObject({ answered: 1, rows: 1 });
    await conforms(
      'put',
      `${base}/{orgId}/{communicationId}/actions/{actionId}`,
      `${base}/${w.acme}/${e.id}/actions/${e.actionOf('Confirm receipt')}${q}`,
      null,
      { valueAcknowledge: true, submit: false },
    );
    await conforms('put', base, `${base}${q}`, null, {
      answers: [{ actionId: e.actionOf('Confirm receipt'), valueAcknowledge: true }],
    });
    const history = await conforms(
      'get',
      `${base}/{orgId}/{communicationId}/histories/{pcId}`,
      `${base}/${w.acme}/${e.id}/histories/${pc}${q}`,
      null,
    );
    expect(history.length).toBeGreaterThan(1);

    const f = await sendCommunication(t, w, 'Schema public files', { providers: [w.lakeshore], actions: ['Image'] });
    const fToken = await linkToken('admin@lakeshore.demo', (m) => m.subject.includes('Schema public files'));
    const fPc = f.pcOf(w.lakeshore);
    const image = f.actionOf('Image');
    const uploaded = await uploadConforms(
      `${base}/{orgIdOrCommunicationId}/{communicationIdOrCommunicationType}/actions/{actionId}/file/{pcIdOrFileId}`,
      `${base}/${f.id}/RECALL/actions/${image}/file/${fPc}?token=${fToken}`,
      null,
      form('shelf.png', PNG, { actionType: 'Image' }),
    );
    expect(uploaded).toHaveLength(1);
    const files = await conforms(
      'get',
      `${base}/{orgIdOrCommunicationId}/{communicationIdOrCommunicationType}/actions/{actionId}/file/{pcIdOrFileId}`,
      `${base}/${w.acme}/${f.id}/actions/${image}/file/${fPc}?token=${fToken}`,
      null,
    );
    expect(files).toHaveLength(1);
  });

  it("the provider's own: acknowledge, answers, per unit, files, a delegation and its mail again, its eR row deleted", async () => {
    const e = await sendCustomContentCommunication(t, w, 'Schema provider units');
    const pc = e.pcOf(w.riverside);
    const base = '/api/provider/communications';
    await conforms('put', `${base}/{id}/acknowledge/{x}`, `${base}/${e.id}/acknowledge/${pc}`, provider, {});
    const units = await conforms(
      'put',
      `${base}/{id}/{x}/actions/{y}/units`,
      `${base}/${e.id}/${pc}/actions/${e.actionOf('Units quarantined')}/units`,
      provider,
      { answers: [{ rowId: e.rowsOf(w.riverside)[0], valueNumeric: '2' }] },
    );
    expect(units).toMatchObject({ answered: 1, rows: 2 });
    await conforms(
      'put',
      `${base}/{id}/{x}/actions/{y}`,
      `${base}/${e.id}/${pc}/actions/${e.actionOf('Confirm receipt')}`,
      provider,
      { valueAcknowledge: true, submit: false },
    );
    const made = await conforms('post', `${base}/{id}/{x}/{y}`, `${base}/${e.id}/${pc}/0`, provider, {
      email: 'schema-delegate@outside.test',
    });
    expect(made.action_id).toBeNull();
    await conforms(
      'post',
      `${base}/{id}/resendmail/{a}/{b}`,
      `${base}/${e.id}/resendmail/${pc}/${made.id}`,
      provider,
      {},
    );
    const deleted = await conforms(
      'delete',
      `${base}/{id}/{x}/responses/{u}`,
      `${base}/${e.id}/${pc}/responses/${(await t.db('users').where({ email: 'admin@riverside.demo' }).first('id')).id}`,
      provider,
    );
    expect(deleted.dismissed).toBe(false);
    await conforms('put', `${base}/response`, `${base}/response`, provider, {
      communicationId: e.id,
      providerCommunicationId: pc,
      answers: [{ actionId: e.actionOf('Confirm receipt'), valueAcknowledge: true }],
    });

    const f = await sendCommunication(t, w, 'Schema provider files', {
      providers: [w.riverside],
      actions: ['Document'],
    });
    const fPc = f.pcOf(w.riverside);
    const doc = f.actionOf('Document');
    await uploadConforms(
      `${base}/{id}/{x}/actions/{y}/file`,
      `${base}/${f.id}/${fPc}/actions/${doc}/file`,
      provider,
      form('plan.pdf', PDF, { actionType: 'Document' }),
    );
    const files = await conforms(
      'get',
      `${base}/{id}/{x}/actions/{y}/file`,
      `${base}/${f.id}/${fPc}/actions/${doc}/file`,
      provider,
    );
    expect(files).toHaveLength(1);
  });

  it("a delegate's form: its views, an answer, per unit and a file", async () => {
    const e = await sendCustomContentCommunication(t, w, 'Schema delegate units');
    const pc = e.pcOf(w.riverside);
    const delegated = await t.call('POST', `/api/provider/communications/${e.id}/${pc}/0`, {
      token: provider,
      body: { email: 'schema-whole@outside.test' },
    });
    expect(delegated.status, delegated.body.m).toBe(200);
    const token = await linkToken('schema-whole@outside.test', (m) => m.text.includes('delegate-webform?token='));
    const base = '/api/delegate';
    const q = `?token=${token}`;
    const view = await conforms('get', base, `${base}${q}`, null);
    expect(view.delegate.whole_event).toBe(true);
    await conforms('get', `${base}/{id}`, `${base}/${pc}${q}`, null);
    await conforms('get', `${base}/recall/{id}`, `${base}/recall/${e.id}${q}`, null);
    await conforms(
      'put',
      `${base}/update-delegate/{x}/units`,
      `${base}/update-delegate/${e.actionOf('Units found')}/units${q}`,
      null,
      { answers: [{ rowId: e.rowsOf(w.riverside)[1], valueYesNo: 'No' }] },
    );
    await conforms(
      'put',
      `${base}/update-delegate/{x}`,
      `${base}/update-delegate/${e.actionOf('Confirm receipt')}${q}`,
      null,
      {
        valueAcknowledge: true,
      },
    );

    const f = await sendCommunication(t, w, 'Schema delegate files', { providers: [w.riverside], actions: ['Image'] });
    const fPc = f.pcOf(w.riverside);
    const image = f.actionOf('Image');
    expect(
      (
        await t.call('POST', `/api/provider/communications/${f.id}/${fPc}/${image}`, {
          token: provider,
          body: { email: 'schema-image@outside.test' },
        })
      ).status,
    ).toBe(200);
    const fToken = await linkToken('schema-image@outside.test', (m) => m.text.includes('delegate-webform?token='));
    await uploadConforms(`${base}/files/{id}`, `${base}/files/${image}?token=${fToken}`, null, form('x.png', PNG));
    const files = await conforms('get', `${base}/files/{id}`, `${base}/files/${image}?token=${fToken}`, null);
    expect(files).toHaveLength(1);
  });
});

describe("a sales representative's read-only advisory", () => {
  it("the advisory, its products (with a date and a quantity) and its customer's progress", async () => {
    const call = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api${path}`, { token: w.sourcingToken, body });
    expect(
      (await call('POST', '/supplier/sales-reps', { first_name: 'Sia', last_name: 'Schema', email: 'sia@acme.demo' }))
        .status,
    ).toBe(200);
    const id = (
      await call('POST', '/supplier/communications/step0', {
        type: 'PRODUCT DISRUPTION',
        name: 'Schema allocation',
        subtype: 'ALLOCATION',
        lead_time: '> month',
      })
    ).body.d.id as number;
    await call('POST', '/supplier/communications/step1', {
      id,
      products: [{ product_name: 'Gloves M', lot_number: 'G-1', expiration_date: '2027-05-31', quantity: 4 }],
    });
    await call('POST', '/supplier/communications/step2', {
      id,
      actions: [{ action_type: 'Acknowledge', title: 'Noted' }],
    });
    await call('POST', '/supplier/communications/step3/customers', {
      id,
      customers: [{ name: 'Hill Clinic', email: 'buyer@hill.test' }],
    });
    await call('PUT', `/supplier/communications/${id}/approve-recall/X/0`);
    await call('PUT', `/supplier/communications/${id}/send-notification/X`);
    expect((await call('POST', `/supplier/communications/${id}/salesreps/notify`, {})).status).toBe(200);
    const token = await linkToken('sia@acme.demo', (m) => m.subject.includes('Schema allocation'));
    const base = '/api/supplier/sales-rep/disruption-notice';
    const view = await conforms('get', base, `${base}?token=${token}`, null);
    expect(view.products[0]).toMatchObject({ lot_number: 'G-1', quantity: 4 });
    expect(view.customers[0].sent_at).not.toBeNull();
  });
});

describe("a supplier's custom content", () => {
  it('turned on, a product file read into rows, turned off', async () => {
    const sup = '/api/supplier/communications';
    const draft = await t.call('POST', `${sup}/step0`, {
      token: w.supplierToken,
      body: { type: 'RECALL', name: 'Schema custom content', classification: 'CLASSI' },
    });
    const id = draft.body.d.id as number;
    const path = `${sup}/{id}/custom-content`;
    expect(await conforms('put', path, `${sup}/${id}/custom-content`, w.supplierToken, { enabled: true })).toEqual({
      custom_content: true,
      rows: 0,
    });
    const csv = ['Customer Key,Product Name,Lot Number', 'PRV-0001,Infusion pump,R-1', 'PRV-0002,Infusion pump,L-1'];
    const file = new FormData();
    file.append('file', new Blob([Buffer.from(csv.join('\r\n'), 'utf8')]), 'customers.csv');
    const read = await uploadConforms(`${path}/file`, `${sup}/${id}/custom-content/file`, w.supplierToken, file);
    expect(read).toEqual({ rows: 2, customers: 2 });
    await conforms('put', path, `${sup}/${id}/custom-content`, w.supplierToken, { enabled: false });
  });
});
