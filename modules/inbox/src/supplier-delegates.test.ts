import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

/** Issue 33 item 6: the supplier's delegates on its event: listed (the provider's own are not) and revoked. */
let t: TestApp;
let w: World;
let riverside: string;
let borealis: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const sup = (method: string, path: string, body?: unknown, token = w.supplierToken) =>
  t.call(method, `/api/supplier/communications${path}`, { token, body });

async function tokenMailedTo(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    await t.mailer.drain();
    const token = t.smtp.messages
      .filter((m) => m.to.includes(email))
      .map((m) => /delegate-webform\?token=([\w-]+)/.exec(m.text)?.[1])
      .find(Boolean);
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no delegate email for ${email}`);
}

describe("the supplier's delegates", () => {
  it('lists its own delegates with customer and action, revokes one (its link stops), and records it', async () => {
    const e = await sendCommunication(t, w, 'Supplier delegates', { providers: [w.riverside], actions: ['YesNo'] });
    const pc = e.pcOf(w.riverside);
    const yesNo = e.actionOf('YesNo');
    const added = await sup('POST', `/${e.id}/delegate`, {
      provider_communication_id: pc,
      email: 'Rep@Acme.demo',
      action_id: yesNo,
      message: 'Please chase this one',
    });
    expect(added.status, added.body.m).toBe(200);
    await sup('POST', `/${e.id}/delegate`, { provider_communication_id: pc, email: 'buyer@acme.demo' });
    // The provider's own delegate is the provider's business.
    const own = await t.call('POST', `/api/provider/communications/${e.id}/${pc}/0`, {
      token: riverside,
      body: { email: 'pharmacist@riverside.test' },
    });
    expect(own.status, own.body.m).toBe(200);

    const check = responseConformance(t);
    const list = (await check.conforms(
      'get',
      '/api/supplier/communications/{id}/delegates',
      `/api/supplier/communications/${e.id}/delegates`,
      w.supplierToken,
    )) as { id: number; email: string; customer_name: string; action_title: string | null; status: string }[];
    expect(list.map((d) => [d.email, d.customer_name, d.action_title, d.status])).toEqual([
      ['buyer@acme.demo', 'Riverside Health', null, 'ACTIVE'],
      ['rep@acme.demo', 'Riverside Health', 'YesNo action', 'ACTIVE'],
    ]);

    const token = await tokenMailedTo('rep@acme.demo');
    expect((await t.call('GET', `/api/delegate?token=${token}`)).status).toBe(200);
    const rep = list.find((d) => d.email === 'rep@acme.demo')!;
    const revoked = await sup('POST', `/${e.id}/delegates/${rep.id}/revoke`);
    expect(revoked.body.d).toEqual({ id: rep.id, status: 'REVOKED' });
    expect((await t.call('GET', `/api/delegate?token=${token}`)).status).toBe(404);
    const after = (await sup('GET', `/${e.id}/delegates`)).body.d as { email: string; status: string }[];
    expect(after.find((d) => d.email === 'rep@acme.demo')?.status).toBe('REVOKED');
    const history = (await sup('GET', `/${e.id}/histories`)).body.d as { action: string; facts: { email?: string } }[];
    expect(history[0]).toMatchObject({ action: 'DELEGATE_REVOKED', facts: { email: 'rep@acme.demo' } });

    // Again, the provider's delegate, another supplier: 404.
    const again = await sup('POST', `/${e.id}/delegates/${rep.id}/revoke`);
    expect([again.status, again.body.error?.code]).toEqual([404, 'DELEGATE_NOT_FOUND']);
    const providers = (await t.db('provider_delegates').where({ email: 'pharmacist@riverside.test' }).first('id')) as {
      id: number;
    };
    expect((await sup('POST', `/${e.id}/delegates/${providers.id}/revoke`)).status).toBe(404);
    expect((await sup('GET', `/${e.id}/delegates`, undefined, borealis)).status).toBe(404);
    const buyer = after.find((d) => d.email === 'buyer@acme.demo') as unknown as { id: number };
    expect((await sup('POST', `/${e.id}/delegates/${buyer.id}/revoke`, undefined, borealis)).status).toBe(404);
    expect((await sup('POST', `/${e.id}/delegates/0/revoke`)).status).toBe(404);
  });

  it("tells the supplier's delegates from the provider's by how they were made, not by who made them", async () => {
    const e = await sendCommunication(t, w, 'Delegates of two hats', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    // The provider's administrator is also a member of the supplier (a consultant on both sides).
    const user = (await t.db('users').where({ email: 'admin@riverside.demo' }).first('id')) as { id: number };
    const rick = ((await t.db('users').where({ email: 'recalls@acme.demo' }).first('id')) as { id: number }).id;
    const role = (await t.db('roles').where({ organization_id: w.acme }).orderBy('id').first('id')) as { id: number };
    await t.db('memberships').insert({ user_id: user.id, organization_id: w.acme, role_id: role.id, status: 'ACTIVE' });
    try {
      const own = await t.call('POST', `/api/provider/communications/${e.id}/${pc}/0`, {
        token: riverside,
        body: { email: 'nurse@riverside.test' },
      });
      expect(own.status, own.body.m).toBe(200);
      expect(
        (await sup('POST', `/${e.id}/delegate`, { provider_communication_id: pc, email: 'rep2@acme.demo' })).status,
      ).toBe(200);
      // The supplier's author leaves the supplier: the delegate stays the supplier's.
      await t.db('memberships').where({ organization_id: w.acme, user_id: rick }).update({ status: 'INACTIVE' });
      const listed = (await t
        .db('provider_delegates')
        .where({ communication_id: e.id })
        .select('email', 'by_supplier')) as {
        email: string;
        by_supplier: boolean;
      }[];
      expect(Object.fromEntries(listed.map((d) => [d.email, d.by_supplier]))).toEqual({
        'nurse@riverside.test': false,
        'rep2@acme.demo': true,
      });
    } finally {
      await t.db('memberships').where({ organization_id: w.acme, user_id: rick }).update({ status: 'ACTIVE' });
      await t.db('memberships').where({ user_id: user.id, organization_id: w.acme }).delete();
    }
    const list = (await sup('GET', `/${e.id}/delegates`)).body.d as { email: string }[];
    expect(list.map((d) => d.email)).toEqual(['rep2@acme.demo']);
  });
});
