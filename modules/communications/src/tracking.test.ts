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

async function sent(name: string, emails: string[]): Promise<{ id: number; pcIds: number[] }> {
  const id = (await call('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI', contact_name: 'Rick' }))
    .body.d.id as number;
  await call('POST', '/step1', { id, products: [{ product_name: 'Valve' }] });
  await call('POST', '/step2', {
    id,
    actions: [
      { action_type: 'YesNo', title: 'Any stock?' },
      { action_type: 'Text', title: 'Notes', is_required: false },
    ],
  });
  await call('POST', '/step3/customers', {
    id,
    customers: emails.map((email, i) => ({ name: `Clinic ${i + 1}`, email })),
  });
  await call('PUT', `/${id}/approve-recall/RECALL/0`);
  await call('PUT', `/${id}/send-notification/RECALL`);
  const pcIds = (await t
    .db('provider_communications')
    .where({ communication_id: id })
    .orderBy('id')
    .pluck('id')) as number[];
  return { id, pcIds };
}

const tokenFor = async (email: string, subjectPart: string) =>
  /token=([\w-]+)/.exec((await t.smtp.waitFor(email, (m) => m.subject.includes(subjectPart))).text)![1]!;

describe('small lookups', () => {
  it("tells whether an address belongs to a provider's domain, and lists the sales reps of an event", async () => {
    expect((await call('GET', '/valid-domain?email=Nurse@Riverside.demo')).body.d).toMatchObject({
      valid: true,
      provider: { name: 'Riverside Health' },
    });
    expect((await call('GET', '/valid-domain?email=someone@gmail.test')).body.d).toEqual({
      valid: false,
      provider: null,
    });
    expect((await call('GET', '/valid-domain?email=nope')).status).toBe(400);
    const rep = await t.call('POST', '/api/supplier/sales-reps', {
      token,
      body: { first_name: 'Sam', last_name: 'Seller', email: 'sam@acme.demo' },
    });
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    const { id } = await sent('With reps', ['reps@clinic.test']);
    const reps = await call('GET', `/${id}/salesreps`);
    expect(reps.status).toBe(200);
    expect(reps.body.d.map((r: { email: string }) => r.email)).toEqual(['sam@acme.demo']);
  });
});

describe('tracking provider answers', () => {
  it("shows action counts, per-provider progress, one action's answers and one provider's view", async () => {
    const { id, pcIds } = await sent('Tracked', ['one@clinic.test', 'two@clinic.test']);
    const link = await tokenFor('one@clinic.test', 'Tracked');
    const actions = (await call('GET', `/${id}/actions`)).body.d as {
      id: number;
      action_type: string;
      submitted: number;
    }[];
    const yesNo = actions.find((a) => a.action_type === 'YesNo')!;
    await t
      .call('PUT', `/api/provider/communication-notices/999999/${id}/actions/${yesNo.id}?token=${link}`, {
        body: { valueYesNo: 'Yes' },
      })
      .then((r) => expect(r.status).toBe(404));
    const acme = ((await t.db('communications').where({ id }).first('organization_id')) as { organization_id: number })
      .organization_id;
    const answered = await t.call(
      'PUT',
      `/api/provider/communication-notices/${acme}/${id}/actions/${yesNo.id}?token=${link}`,
      { body: { valueYesNo: 'Yes' } },
    );
    expect(answered.body.d.response_status).toBe('COMPLETED'); // the Text action is optional

    expect(
      ((await call('GET', `/${id}/actions`)).body.d as { action_type: string; submitted: number }[]).find(
        (a) => a.action_type === 'YesNo',
      )!.submitted,
    ).toBe(1);
    const progress = await call('GET', `/${id}/actions/provider?sortField=name`);
    expect(
      progress.body.d.items.map((p: { customer_name: string; response_status: string; answered: number }) => [
        p.customer_name,
        p.response_status,
        p.answered,
      ]),
    ).toEqual([
      ['Clinic 1', 'COMPLETED', 1],
      ['Clinic 2', 'NOTCOMPLETED', 0],
    ]);
    const one = await call('GET', `/${id}/actions/${yesNo.id}`);
    expect(one.body.d.responses).toHaveLength(1);
    expect(one.body.d.responses[0]).toMatchObject({
      customer_name: 'Clinic 1',
      value: { valueYesNo: 'Yes' },
      responder_email: 'one@clinic.test',
      source: 'Electronic',
    });
    const view = await call('GET', `/${id}/view/${pcIds[0]}`);
    expect(view.body.d.provider_communication.response_label).toBe('Completed');
    expect((await call('GET', `/${id}/actions/provider/${pcIds[0]}/RECALL`)).body.d.actions[0].response.value).toEqual({
      valueYesNo: 'Yes',
    });

    const other = (await t.signIn('admin@borealis.demo')).access_token;
    expect((await t.call('GET', `/api/supplier/communications/${id}/view/${pcIds[0]}`, { token: other })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/supplier/communications/${id}/actions/provider`, { token: other })).status).toBe(
      404,
    );
  });

  it('resends a notice with a new link and kills the old one', async () => {
    const { id, pcIds } = await sent('Resent', ['again@clinic.test']);
    const old = await tokenFor('again@clinic.test', 'Resent');
    const res = await call('POST', `/${id}/resendmail/${pcIds[0]}`, {});
    expect(res.body).toMatchObject({ m: 'The notice has been sent again.', d: { emails_queued: 1 } });
    await t.mailer.drain();
    const mails = t.smtp.messages.filter((m) => m.to.includes('again@clinic.test') && m.subject.includes('Resent'));
    expect(mails).toHaveLength(2);
    const fresh = /token=([\w-]+)/.exec(mails[1]!.text)![1]!;
    expect(fresh).not.toBe(old);
    expect((await t.call('GET', `/api/provider/communication-notices?token=${old}`)).status).toBe(404);
    expect((await t.call('GET', `/api/provider/communication-notices?token=${fresh}`)).status).toBe(200);
  });

  it('changes an approved event through postupdate, recorded in the change history, and notifies on request', async () => {
    const { id } = await sent('Updated', ['upd@clinic.test']);
    const frozen = await call('POST', `/${id}/postupdate`, { changes: { classification: 'CLASSIII' } });
    expect(frozen.status).toBe(400);
    expect(frozen.body.m).toBe('classification cannot be changed after approval.');
    const res = await call('POST', `/${id}/postupdate`, {
      changes: { description: '<p>New instructions</p>', contact_name: 'Rick' },
      note: 'Clarified',
      notify: true,
    });
    expect(res.body.d).toEqual({ changed: ['description'], products_added: 0, emails_queued: 1 });
    await t.smtp.waitFor(
      'upd@clinic.test',
      (m) =>
        m.subject.includes('Updated') && t.smtp.messages.filter((x) => x.to.includes('upd@clinic.test')).length === 2,
    );
    const audit = (await call('GET', `/${id}/Audit`)).body.d as {
      action: string;
      before: { description: string | null };
      after: { description: string; note: string };
    }[];
    expect(audit[0]).toMatchObject({
      action: 'POST_UPDATE',
      before: { description: null },
      after: { description: '<p>New instructions</p>', note: 'Clarified' },
    });
    await call('POST', '/change-history', { communication_id: id, note: 'Called the FDA' });
    expect(((await call('GET', `/${id}/Audit`)).body.d as { action: string }[]).map((a) => a.action)).toEqual([
      'CHANGE_NOTE',
      'POST_UPDATE',
    ]);
    const draftId = (await call('POST', '/step0', { type: 'RECALL', name: 'Still draft', classification: 'CLASSI' }))
      .body.d.id;
    expect((await call('POST', `/${draftId}/postupdate`, { changes: { name: 'x' } })).status).toBe(409);
  });
});
