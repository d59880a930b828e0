import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let sourcing: string;

beforeAll(async () => {
  t = await startTestApp();
  sourcing = (await t.signIn('sourcing@acme.demo')).access_token;
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: sourcing, body });

describe('sales representatives follow a supply advisory', () => {
  it("emails each rep a personal read-only link showing the advisory and its customers' progress", async () => {
    const rep = await call('POST', '/supplier/sales-reps', {
      first_name: 'Sam',
      last_name: 'Seller',
      email: 'Sam@Acme.demo',
    });
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    const id = (
      await call('POST', '/supplier/communications/step0', {
        type: 'PRODUCT DISRUPTION',
        name: 'Glove allocation',
        subtype: 'ALLOCATION',
        lead_time: '> month',
      })
    ).body.d.id;
    await call('POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Nitrile gloves M' }] });
    await call('POST', '/supplier/communications/step2', {
      id,
      actions: [{ action_type: 'Acknowledge', title: 'Noted' }],
    });
    await call('POST', '/supplier/communications/step3/customers', {
      id,
      customers: [{ name: 'Hill Clinic', email: 'buyer@hill.test' }],
    });
    expect((await call('POST', `/supplier/communications/${id}/salesreps/notify`, {})).status).toBe(409); // not approved yet
    await call('PUT', `/supplier/communications/${id}/approve-recall/X/0`);
    await call('PUT', `/supplier/communications/${id}/send-notification/X`);
    const sent = await call('POST', `/supplier/communications/${id}/salesreps/notify`, {});
    expect(sent.body).toMatchObject({ m: '1 sales representative(s) notified.', d: { emails_queued: 1 } });
    const mail = await t.smtp.waitFor(
      'sam@acme.demo',
      (m) => m.subject === 'Supply advisory for your customers: Glove allocation',
    );
    const token = /disruption-webform\?token=([\w-]+)/.exec(mail.text)![1]!;
    const view = await t.call('GET', `/api/supplier/sales-rep/disruption-notice?token=${token}`);
    expect(view.body.d).toMatchObject({
      communication: { name: 'Glove allocation', supplier_name: 'Acme Medical Devices', lead_time: '> month' },
      email: 'sam@acme.demo',
    });
    expect(view.body.d.customers).toEqual([
      expect.objectContaining({ name: 'Hill Clinic', response_status: 'NOTCOMPLETED', acknowledged_at: null }),
    ]);
    expect(view.body.d.products).toHaveLength(1);
    // A new notice revokes the old link; wrong and missing tokens get nothing; a recipient's token is not a sales-rep token.
    await call('POST', `/supplier/communications/${id}/salesreps/notify`, {});
    expect((await t.call('GET', `/api/supplier/sales-rep/disruption-notice?token=${token}`)).status).toBe(404);
    expect((await t.call('GET', '/api/supplier/sales-rep/disruption-notice')).status).toBe(404);
    const recipientToken = /token=([\w-]+)/.exec((await t.smtp.waitFor('buyer@hill.test')).text)![1]!;
    expect((await t.call('GET', `/api/supplier/sales-rep/disruption-notice?token=${recipientToken}`)).status).toBe(404);
  });

  it("refuses recalls, unknown reps and another supplier's advisory", async () => {
    const recalls = (await t.signIn('recalls@acme.demo')).access_token;
    const recall = (
      await t.call('POST', '/api/supplier/communications/step0', {
        token: recalls,
        body: { type: 'RECALL', name: 'R', classification: 'CLASSI' },
      })
    ).body.d.id;
    expect(
      (await t.call('POST', `/api/supplier/communications/${recall}/salesreps/notify`, { token: recalls, body: {} }))
        .body.m,
    ).toBe('Sales representatives follow supply advisories only.');
    const borealis = (await t.signIn('admin@borealis.demo')).access_token;
    const theirs = (await t.db('communications').where({ type: 'PRODUCT DISRUPTION' }).first('id')) as { id: number };
    expect(
      (
        await t.call('POST', `/api/supplier/communications/${theirs.id}/salesreps/notify`, {
          token: borealis,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/supplier/communications/${theirs.id}/salesreps/notify`, { sales_rep_ids: [999999] }))
        .status,
    ).toBe(404);
  });
});
