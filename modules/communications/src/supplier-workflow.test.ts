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

async function sent(name: string): Promise<{ id: number; pc: number; yesNo: number }> {
  const id = (await call('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await call('POST', '/step1', { id, products: [{ product_name: 'Scope' }] });
  const actions = (
    await call('POST', '/step2', {
      id,
      actions: [
        { action_type: 'YesNo', title: 'In stock?' },
        { action_type: 'Text', title: 'Notes' },
      ],
    })
  ).body.d.actions as { id: number; action_type: string }[];
  await call('POST', '/step3/customers', { id, customers: [{ name: 'Far Clinic', email: 'far@clinic.test' }] });
  await call('PUT', `/${id}/approve-recall/RECALL/0`);
  await call('PUT', `/${id}/send-notification/RECALL`);
  const pc = ((await t.db('provider_communications').where({ communication_id: id }).first('id')) as { id: number }).id;
  return { id, pc, yesNo: actions.find((a) => a.action_type === 'YesNo')!.id };
}

describe('supplier internal actions', () => {
  it('creates, updates and lists follow-up tasks, validated and private to the supplier', async () => {
    const { id, pc } = await sent('Follow-ups');
    const bad = await call('POST', '/internalaction', { communication_id: id, title: 'Call', assignee_email: 'nope' });
    expect(bad.body.m).toBe('Email not valid');
    const task = await call('POST', '/internalaction', {
      communication_id: id,
      provider_communication_id: pc,
      title: 'Call Far Clinic',
      assignee_email: 'Rick@Acme.demo',
      due_date: '2026-12-01',
    });
    expect(task.body.d).toMatchObject({
      title: 'Call Far Clinic',
      assignee_email: 'rick@acme.demo',
      status: 'OPEN',
      due_date: '2026-12-01',
    });
    const done = await call('POST', '/internalaction', {
      id: task.body.d.id,
      communication_id: id,
      title: 'Call Far Clinic',
      status: 'COMPLETED',
    });
    expect(done.body.d.status).toBe('COMPLETED');
    expect((await call('GET', `/${id}/internalaction`)).body.d).toHaveLength(1);
    const other = (await t.signIn('admin@borealis.demo')).access_token;
    expect((await t.call('GET', `/api/supplier/communications/${id}/internalaction`, { token: other })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('POST', '/api/supplier/communications/internalaction', {
          token: other,
          body: { id: task.body.d.id, communication_id: id, title: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('supplier delegate submit', () => {
  it("emails a supplier-delegate link that opens only the delegated action and records the delegate's answer", async () => {
    const { id, pc, yesNo } = await sent('Delegated by supplier');
    expect((await call('POST', `/${id}/delegate`, { provider_communication_id: pc, email: 'bad' })).body.m).toBe(
      'Email not valid',
    );
    const res = await call('POST', `/${id}/delegate`, {
      provider_communication_id: pc,
      email: 'Rep@Acme.demo',
      action_id: yesNo,
    });
    expect(res.body).toMatchObject({
      m: 'The delegate has been emailed a link.',
      d: { email: 'rep@acme.demo', action_id: yesNo },
    });
    const mail = await t.smtp.waitFor('rep@acme.demo', (m) => m.subject === 'Action requested: Delegated by supplier');
    const link = /(\S+\/supplier-delegate-webform\?token=([\w-]+))/.exec(mail.text)!;
    const view = await t.call('GET', `/api/delegate?token=${link[2]}`);
    expect(view.body.d.actions.map((a: { id: number }) => a.id)).toEqual([yesNo]);
    const answered = await t.call('PUT', `/api/delegate/update-delegate/${yesNo}?token=${link[2]}`, {
      body: { valueYesNo: 'No' },
    });
    expect(answered.status).toBe(200);
    const history = (await call('GET', `/${id}/histories`)).body.d as { action: string; actor_email: string }[];
    expect(history.find((h) => h.action === 'RESPONDED')?.actor_email).toBe('rep@acme.demo');
    const other = (await t.signIn('admin@borealis.demo')).access_token;
    expect(
      (
        await t.call('POST', `/api/supplier/communications/${id}/delegate`, {
          token: other,
          body: { provider_communication_id: pc, email: 'x@y.test' },
        })
      ).status,
    ).toBe(404);
  });
});
