import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '@portal/core';
import {
  form,
  PNG,
  responseConformance,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

/**
 * The response schemas routes declare (documentation and the web's generated types, never checked at runtime) must
 * describe what the server really sends: real answers, read over HTTP, against the served /api/openapi.json.
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

const conforms = (method: 'get', path: string, url: string, token: string | null) =>
  check.conforms(method, path, url, token);
const envelopeOf = (method: string, path: string) => check.envelopeOf(method, path);

/** A recall to an outside address, answered in part (a draft, a submitted answer, a file), with its emailed token. */
async function answeredNotice(name: string, to: string) {
  const sup = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/supplier/communications${path}`, { token: w.supplierToken, body });
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Catheter', lot_number: 'C-9', quantity: 3 }] });
  await sup('POST', '/step2', {
    id,
    actions: ['Text', 'Checkbox', 'Image', 'Numeric'].map((action_type) => ({
      action_type,
      title: `${action_type} action`,
      ...(action_type === 'Checkbox' ? { options: ['A', 'B'] } : {}),
    })),
  });
  await sup('POST', '/step3/customers', { id, customers: [{ name: 'Outside Clinic', email: to }] });
  await sup('PUT', `/${id}/approve-recall/RECALL/0`);
  await sup('PUT', `/${id}/send-notification/RECALL`);
  const mail = await t.smtp.waitFor(to, (m) => m.subject.includes(name));
  const token = /token=([\w-]+)/.exec(mail.text)![1]!;
  const pcId = ((await t.db('provider_communications').where({ communication_id: id }).first('id')) as { id: number })
    .id;
  const actions = (await t.db('communication_actions').where({ communication_id: id }).select('id', 'action_type')) as {
    id: number;
    action_type: string;
  }[];
  const actionOf = (type: string) => actions.find((a) => a.action_type === type)!.id;
  const notices = `/api/provider/communication-notices`;
  const put = (action: string, body: object) =>
    t.call('PUT', `${notices}/${w.acme}/${id}/actions/${actionOf(action)}?token=${token}`, { body });
  expect((await t.call('PUT', `${notices}/acknowledge/${w.acme}/${id}/${pcId}/RECALL?token=${token}`)).status).toBe(
    200,
  );
  expect((await put('Text', { valueText: 'Pulled two boxes' })).status).toBe(200);
  expect((await put('Checkbox', { valueCheckbox: ['A'], submit: false })).status).toBe(200);
  const upload = await t.call(
    'POST',
    `${notices}/${id}/RECALL/actions/${actionOf('Image')}/file/${pcId}?token=${token}`,
    {
      form: form('shelf.png', PNG, { actionType: 'Image' }),
    },
  );
  expect(upload.status, upload.body.m).toBe(200);
  return { id, pcId, token };
}

describe('declared response schemas match the real answers', () => {
  it('the public notice form: every way of reading the notice, with answers, a draft and a file', async () => {
    const { id, pcId, token } = await answeredNotice('Schema notice', 'schema@outside.test');
    const base = '/api/provider/communication-notices';
    const view = await conforms('get', base, `${base}?token=${token}`, null);
    // The answers are there to check, not only empty slots.
    const answered = (view.actions as { response: { status: string } | null; files: unknown[] }[]).filter(
      (a) => a.response,
    );
    expect(answered.map((a) => a.response!.status).sort()).toEqual(['DRAFT', 'SUBMITTED']);
    expect(view.actions.some((a: { files: unknown[] }) => a.files.length === 1)).toBe(true);
    await conforms('get', `${base}/{id}`, `${base}/${id}?token=${token}`, null);
    await conforms(
      'get',
      `${base}/{orgId}/{communicationId}/{pcId}`,
      `${base}/${w.acme}/${id}/${pcId}?token=${token}`,
      null,
    );
    await conforms(
      'get',
      `${base}/{orgId}/{communicationId}/{pcId}/{type}`,
      `${base}/${w.acme}/${id}/${pcId}/RECALL?token=${token}`,
      null,
    );
  });

  it("the provider's view, its actions, and its lists (plain and eR responses rows)", async () => {
    const e = await sendCommunication(t, w, 'Schema provider recall', {
      providers: [w.riverside],
      actions: ['Text', 'YesNo'],
    });
    const pc = e.pcOf(w.riverside);
    const base = '/api/provider/communications';
    const answer = await t.call('PUT', `${base}/${e.id}/${pc}/actions/${e.actionOf('YesNo')}`, {
      token: provider,
      body: { valueYesNo: 'Yes' },
    });
    expect(answer.status).toBe(200);
    const view = await conforms(
      'get',
      `${base}/{id}/provider-recall/{x}`,
      `${base}/${e.id}/provider-recall/${pc}`,
      provider,
    );
    expect(view.actions.some((a: { response: unknown }) => a.response !== null)).toBe(true);
    await conforms('get', `${base}/{id}/actions/{x}`, `${base}/${e.id}/actions/${pc}`, provider);
    const list = await conforms('get', base, `${base}?pageSize=50`, provider);
    expect(list.items.length).toBeGreaterThan(0);
    const rows = await conforms('get', base, `${base}?responses=1&search=Schema%20provider`, provider);
    expect(rows.items.some((r: { userid: number | null }) => r.userid !== null)).toBe(true);
  });

  it("the supplier's list of events, with counts", async () => {
    await sendCommunication(t, w, 'Schema supplier recall', { providers: [w.riverside] });
    const base = '/api/supplier/communications';
    const page = await conforms('get', base, `${base}?communicationType=RECALL`, w.supplierToken);
    expect(page.items.length).toBeGreaterThan(0);
    await conforms('get', base, `${base}?search=Schema&sortField=name&sortDirection=asc`, w.supplierToken);
  });

  it("the operator's list of every supplier's events, sent and draft", async () => {
    await sendCommunication(t, w, 'Schema operator recall', { providers: [w.riverside] });
    const draft = await t.call('POST', '/api/supplier/communications/step0', {
      token: w.supplierToken,
      body: { type: 'RECALL', name: 'Schema operator draft', classification: 'CLASSI' },
    });
    expect(draft.status).toBe(200);
    const operator = (await t.signIn('admin@operator.demo')).access_token;
    const base = '/api/notisphere/communications';
    const page = await conforms('get', base, `${base}?pageSize=500`, operator);
    expect(page.items.some((r: { status_provider: string | null }) => r.status_provider !== null)).toBe(true);
    expect(page.items.some((r: { status: string }) => r.status === 'DRAFT')).toBe(true);
    await conforms('get', base, `${base}?search=Schema&statusProvider=NOTCOMPLETED&sortField=supplier_name`, operator);
  });

  it('a renamed field fails the check (the schema is not vacuous)', async () => {
    const base = '/api/provider/communication-notices';
    const { token } = await answeredNotice('Schema rename', 'rename@outside.test');
    const res = await t.call('GET', `${base}?token=${token}`);
    const action = res.body.d.actions[0];
    action.answer = action.response;
    delete action.response;
    expect(schemaErrors(await envelopeOf('get', base), res.body)).toEqual([
      "/d/actions/0: must have required property 'response'",
    ]);
  });
});
