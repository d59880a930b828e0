import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, form, PDF, PNG, sendCommunication, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string;
let responder: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
});
afterAll(() => t.close());

const pv = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/provider/communications${path}`, { token: admin, body });
const dg = (method: string, path: string, token: string | null, init: { body?: unknown; form?: FormData } = {}) =>
  t.call(method, `/api/delegate${path}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`, init);

/** Delegates (action 0 = whole event); the delegate's token comes from the emailed link (waitForMails). */
async function delegate(
  communicationId: number,
  pcId: number,
  actionId: number,
  email: string,
): Promise<{ id: number }> {
  const res = await pv('POST', `/${communicationId}/${pcId}/${actionId}`, { email, message: 'Please handle this.' });
  expect(res.status, res.body.m).toBe(200);
  return { id: res.body.d.id as number };
}

/** Tokens of the delegate links emailed to `email`, oldest first, once at least `count` have arrived. */
async function waitForMails(email: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    await t.mailer.drain();
    const tokens = t.smtp.messages
      .filter((m) => m.to.includes(email))
      .map((m) => /delegate-webform\?token=([\w-]+)/.exec(m.text)?.[1])
      .filter(Boolean) as string[];
    if (tokens.length >= count) return tokens;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} delegate emails for ${email}`);
}

describe('delegating one action', () => {
  it("emails a link that opens only that action; the delegate answers it and the history shows the delegate's email", async () => {
    const e = await sendCommunication(t, w, 'Delegated recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    expect((await pv('POST', `/${e.id}/${pc}/0`, { email: 'not-an-email' })).body.m).toBe('Email not valid');
    const { id: delegateId } = await delegate(e.id, pc, e.actionOf('Numeric'), 'pharmacist@outside.test');
    const [token] = await waitForMails('pharmacist@outside.test', 1);
    const mail = t.smtp.messages.find((m) => m.to.includes('pharmacist@outside.test'))!;
    expect(mail.subject).toBe('Action requested: Delegated recall');
    expect(mail.text).toContain(`${t.config.appUrl}/delegate-webform?token=`);
    expect(
      await t.db('notice_links').where({ purpose: 'DELEGATE', provider_communication_id: pc }).first(),
    ).toBeTruthy();

    const view = await dg('GET', `/${pc}`, token!);
    expect(view.status).toBe(200);
    // The emailed link alone (token, no id) opens the same view.
    expect((await dg('GET', '', token!)).body.d.actions.map((a: { action_type: string }) => a.action_type)).toEqual([
      'Numeric',
    ]);
    expect(view.body.d.actions.map((a: { action_type: string }) => a.action_type)).toEqual(['Numeric']);
    expect(view.body.d.delegate).toMatchObject({ email: 'pharmacist@outside.test', whole_event: false });
    expect(view.body.d.communication.name).toBe('Delegated recall');
    expect((await dg('GET', `/actions/${pc}`, token!)).body.d).toHaveLength(1);
    expect((await dg('GET', `/recall/${e.id}`, token!)).body.d.actions).toHaveLength(1);

    // Other actions are out of reach.
    expect(
      (await dg('PUT', `/update-delegate/${e.actionOf('Text')}`, token!, { body: { valueText: 'no' } })).status,
    ).toBe(404);
    expect((await dg('GET', `/files/${e.actionOf('Image')}`, token!)).status).toBe(404);
    expect(
      (await dg('PUT', `/update-delegate/${e.actionOf('Numeric')}`, token!, { body: { valueNumeric: 'ten' } })).body.m,
    ).toBe('Only numeric values are accepted.');
    const answered = await dg('PUT', `/update-delegate/${e.actionOf('Numeric')}`, token!, {
      body: { valueNumeric: '10' },
    });
    expect(answered.body.d.response_status).toBe('NOTCOMPLETED');
    expect((await dg('GET', `/response/${pc}`, token!)).body.d.answers[0]).toMatchObject({
      status: 'SUBMITTED',
      value: { valueNumeric: '10' },
    });

    const history = (await pv('GET', `/${e.id}/histories/${pc}`)).body.d as { action: string; actor_email: string }[];
    expect(history.find((h) => h.action === 'RESPONDED')).toMatchObject({ actor_email: 'pharmacist@outside.test' });
    expect(history.find((h) => h.action === 'DELEGATED')).toMatchObject({ actor_email: 'admin@riverside.demo' });
    const delegates = (await pv('GET', `/${e.id}/delegate/${pc}`)).body.d;
    expect(delegates).toEqual([
      expect.objectContaining({
        id: delegateId,
        email: 'pharmacist@outside.test',
        action_title: 'Numeric action',
        status: 'ACTIVE',
        response_status: 'SUBMITTED',
      }),
    ]);
    const byAction = (await pv('GET', `/${e.id}/delegate/actions/${pc}`)).body.d as {
      action_type: string;
      delegates: { email: string }[];
    }[];
    expect(byAction.find((a) => a.action_type === 'Numeric')!.delegates.map((d) => d.email)).toEqual([
      'pharmacist@outside.test',
    ]);
    expect(byAction.find((a) => a.action_type === 'Text')!.delegates).toEqual([]);
    expect((await pv('GET', `/delegate/${pc}/active/emaillist`)).body.d).toEqual(['pharmacist@outside.test']);
    expect(
      (await pv('GET', `/${e.id}/${pc}/provideremaillist`)).body.d.map((u: { email: string }) => u.email),
    ).toContain('responder@riverside.demo');
  });

  it('lets a whole-event delegate upload files and read documents, and refuses what the upload rules refuse', async () => {
    const e = await sendCommunication(t, w, 'Whole delegation', {
      providers: [w.riverside],
      actions: ['Image', 'Document', 'Text'],
    });
    const pc = e.pcOf(w.riverside);
    await delegate(e.id, pc, 0, 'whole@outside.test');
    const [token] = await waitForMails('whole@outside.test', 1);
    expect((await dg('GET', `/${pc}`, token!)).body.d.actions).toHaveLength(3);
    const up = (action: string, name: string, data: Buffer) =>
      dg('POST', `/files/${e.actionOf(action)}`, token!, { form: form(name, data) });
    expect((await up('Image', 'a.pdf', PDF)).body.m).toBe('The document types should be either of .png, .jpg');
    expect((await up('Document', 'a.exe', PDF)).body.m).toBe(
      'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
    );
    expect((await up('Image', 'a.png', Buffer.alloc(0))).body.m).toBe('Documented failed to upload. Please try again.');
    const image = await up('Image', 'a.png', PNG);
    expect(image.status).toBe(200);
    const doc = await up('Document', 'b.pdf', PDF);
    expect((await dg('GET', `/files/${e.actionOf('Image')}`, token!)).body.d).toHaveLength(1);
    expect((await dg('GET', `/delegatedocument/${doc.body.d[0].id}`, token!)).body.d.name).toBe('b.pdf');
    expect((await dg('DELETE', `/files/${doc.body.d[0].id}`, token!)).body.m).toBe('Successfully Deleted!');
    expect((await dg('GET', `/static-documents/${e.id}`, token!)).body.d).toEqual([]);
    // The provider sees the delegate's file through file/delegateAction.
    expect((await pv('GET', `/file/delegateAction/${image.body.d[0].id}`)).body.d.name).toBe('a.png');
  });
});

describe('delegate links give nothing without the right token', () => {
  it("answers 404 with no token, a wrong token, an expired, revoked or superseded token, and another delegate's token", async () => {
    const e = await sendCommunication(t, w, 'Guarded delegation', {
      providers: [w.riverside],
      actions: ['Text', 'Numeric', 'Image'],
    });
    const pc = e.pcOf(w.riverside);
    await delegate(e.id, pc, e.actionOf('Text'), 'first@outside.test');
    await delegate(e.id, pc, e.actionOf('Numeric'), 'second@outside.test');
    const [first] = await waitForMails('first@outside.test', 1);
    const [second] = await waitForMails('second@outside.test', 1);
    const file = await dg('POST', `/files/${e.actionOf('Image')}`, second!, { form: form('x.png', PNG) });
    expect(file.status).toBe(404); // the Image action is not delegated to anyone
    const paths: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', `/${pc}`],
      ['GET', `/recall/${e.id}`],
      ['GET', `/response/${pc}`],
      ['GET', `/actions/${pc}`],
      ['GET', `/static-documents/${e.id}`],
      ['GET', `/files/${e.actionOf('Text')}`],
      ['PUT', `/update-delegate/${e.actionOf('Text')}`, { valueText: 'hijack' }],
      ['GET', '/document/1'],
      ['GET', '/delegatedocument/1'],
      ['DELETE', '/files/1'],
    ];
    const expectNothing = async (method: string, path: string, token: string | null, body?: unknown) => {
      const res = await dg(method, path, token, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Guarded delegation');
    };
    for (const [method, path, body] of paths) {
      await expectNothing(method, path, null, body);
      await expectNothing(method, path, 'x'.repeat(43), body);
    }
    // Another delegate's token cannot reach the first delegate's action.
    await expectNothing('PUT', `/update-delegate/${e.actionOf('Text')}`, second!, { valueText: 'hijack' });
    await expectNothing('GET', `/files/${e.actionOf('Text')}`, second!);
    // A delegate token never opens the recipient's public notice form (which would show every action).
    expect((await t.call('GET', `/api/provider/communication-notices/${e.id}?token=${first}`)).status).toBe(404);
    expect(await t.db('provider_responses').where({ provider_communication_id: pc }).first()).toBeUndefined();

    // Resending issues a new link and the old one stops working.
    const delegates = (await pv('GET', `/${e.id}/delegate/${pc}`)).body.d as { id: number; email: string }[];
    const firstId = delegates.find((d) => d.email === 'first@outside.test')!.id;
    expect((await pv('POST', `/${e.id}/resendmail/${pc}/${firstId}`)).body.d).toMatchObject({ resent: true });
    const [, renewed] = await waitForMails('first@outside.test', 2);
    await expectNothing('GET', `/${pc}`, first!);
    expect((await dg('GET', `/${pc}`, renewed!)).status).toBe(200);

    // Expired and revoked links: the same 404.
    await t
      .db('notice_links')
      .where({ purpose: 'DELEGATE', email: 'first@outside.test' })
      .whereNull('revoked_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    for (const [method, path, body] of paths) await expectNothing(method, path, renewed!, body);
    await t
      .db('notice_links')
      .where({ purpose: 'DELEGATE', email: 'second@outside.test' })
      .update({ revoked_at: t.db.fn.now() });
    await expectNothing('GET', `/${pc}`, second!);
    await expectNothing('PUT', `/update-delegate/${e.actionOf('Numeric')}`, second!, { valueNumeric: '1' });
    expect(await t.db('provider_responses').where({ provider_communication_id: pc }).first()).toBeUndefined();
  });
});

describe('completion by a mix of users and delegates', () => {
  it('flips to COMPLETED when the last required action is submitted, whoever submits it', async () => {
    const e = await sendCommunication(t, w, 'Mixed completion', {
      providers: [w.riverside],
      actions: ['Text', 'YesNo', 'Checkbox'],
    });
    const pc = e.pcOf(w.riverside);
    await delegate(e.id, pc, e.actionOf('YesNo'), 'mixed@outside.test');
    const [token] = await waitForMails('mixed@outside.test', 1);
    expect(
      (await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'done' })).body.d.response_status,
    ).toBe('NOTCOMPLETED');
    expect(
      (await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Checkbox')}`, { valueCheckbox: ['B'], submit: false }))
        .body.d.response_status,
    ).toBe('NOTCOMPLETED');
    expect(
      (await dg('PUT', `/update-delegate/${e.actionOf('YesNo')}`, token!, { body: { valueYesNo: 'No' } })).body.d
        .response_status,
    ).toBe('NOTCOMPLETED');
    expect(
      (await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Checkbox')}`, { valueCheckbox: ['B'] })).body.d
        .response_status,
    ).toBe('COMPLETED');

    const e2 = await sendCommunication(t, w, 'Delegate completes', {
      providers: [w.riverside],
      actions: ['Text', 'Acknowledge'],
    });
    const pc2 = e2.pcOf(w.riverside);
    await delegate(e2.id, pc2, e2.actionOf('Acknowledge'), 'closer@outside.test');
    const [token2] = await waitForMails('closer@outside.test', 1);
    await pv('PUT', `/${e2.id}/${pc2}/actions/${e2.actionOf('Text')}`, { valueText: 'ok' });
    const last = await dg('PUT', `/update-delegate/${e2.actionOf('Acknowledge')}`, token2!, {
      body: { valueAcknowledge: true },
    });
    expect(last.body.d.response_status).toBe('COMPLETED');
    const history = (await pv('GET', `/${e2.id}/histories/${pc2}`)).body.d as { action: string; actor_email: string }[];
    expect(history[0]).toMatchObject({ action: 'COMPLETED', actor_email: 'closer@outside.test' });
  });
});

describe('access requests', () => {
  it("explains the denial with the administrator's name and email, and emails the administrator a request", async () => {
    const e = await sendCommunication(t, w, 'Restricted advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
      actions: ['Text'],
    });
    const pc = e.pcOf(w.riverside);
    const auth = (token: string, path: string) => t.call('GET', `/api/auth${path}`, { token });
    const details = await auth(responder, `/getcommunicationdetails/${e.id}/view/${pc}`);
    expect(details.body.d).toEqual({
      allow_access: false,
      communication_id: e.id,
      provider_communication_id: pc,
      type: 'Supply Advisory',
      supplier: 'Acme Medical Devices',
      provider: 'Riverside Health',
      first_name: 'Rita',
      last_name: 'Riverside',
      email: 'admin@riverside.demo',
      request_sent: false,
    });
    const denied = await auth(responder, `/${e.id}/summary/${pc}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({
      code: 'PERMISSION_DENIED',
      details: { type: 'Supply Advisory', email: 'admin@riverside.demo' },
    });
    expect((await auth(responder, `/${e.id}/provider-recall/${pc}`)).status).toBe(403);

    const requested = await auth(responder, `/request/${e.id}/access/${pc}`);
    expect(requested.body).toMatchObject({ ok: true, m: 'Your request has been sent.' });
    const mail = await t.smtp.waitFor(
      'admin@riverside.demo',
      (m) => m.subject === 'Access request: Supply Advisory "Restricted advisory"',
    );
    expect(mail.text).toContain('responder@riverside.demo');
    expect((await auth(responder, `/getcommunicationdetails/${e.id}/view/${pc}`)).body.d.request_sent).toBe(true);

    // The administrator may see it: allowed, and no request to send.
    expect((await auth(admin, `/getcommunicationdetails/${e.id}/view/${pc}`)).body.d.allow_access).toBe(true);
    expect((await auth(admin, `/${e.id}/summary/${pc}`)).body.d.response_status).toBe('NOTCOMPLETED');
    expect((await auth(admin, `/${e.id}/provider-recall/${pc}`)).body.d.communication.name).toBe('Restricted advisory');
    expect((await auth(admin, `/request/${e.id}/access/${pc}`)).status).toBe(409);
    // Another provider, or a supplier, gets nothing.
    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    expect((await auth(lakeshore, `/getcommunicationdetails/${e.id}/view/${pc}`)).status).toBe(404);
    expect((await auth(lakeshore, `/request/${e.id}/access/${pc}`)).status).toBe(404);
    expect((await auth(w.supplierToken, `/getcommunicationdetails/${e.id}/view/${pc}`)).status).toBe(403);
  });
});

describe('emails about a provider communication', () => {
  it('lists the notices, delegate mails and internal notifications, withholds bodies holding a personal link, and hides them from other providers', async () => {
    const e = await sendCommunication(t, w, 'Mail trail', { providers: [w.riverside, w.lakeshore], actions: ['Text'] });
    const pc = e.pcOf(w.riverside);
    await delegate(e.id, pc, 0, 'trail@outside.test');
    await pv('PUT', `/${e.id}/send-notification/${pc}/0`, { message: 'FYI' });
    const mails = (await pv('GET', `/providerMail/${e.id}/${pc}/all`)).body.d as {
      id: number;
      kind: string;
      to_email: string;
    }[];
    expect(mails.map((m) => m.kind).sort()).toEqual(['DELEGATE', 'NOTICE', 'NOTICE', 'PROVIDER_NOTIFICATION']);
    const delegateMail = mails.find((m) => m.kind === 'DELEGATE')!;
    expect((await pv('GET', `/providerMail/${e.id}/${pc}/DELEGATE`)).body.d).toHaveLength(1);
    expect((await pv('GET', `/providerInfoMail/${delegateMail.id}`)).body.d).toMatchObject({
      to_email: 'trail@outside.test',
      text_body: null,
    });
    const internal = mails.find((m) => m.kind === 'PROVIDER_NOTIFICATION')!;
    expect((await pv('GET', `/providerInfoMail/${internal.id}`)).body.d.text_body).toContain('FYI');
    await t.db('email_events').insert({ outbox_email_id: internal.id, event: 'Opened' });
    expect(
      (await pv('GET', `/providerMail/${e.id}/infomail/${pc}/${internal.id}/all`)).body.d.map(
        (x: { event: string }) => x.event,
      ),
    ).toEqual(['Opened']);
    expect((await pv('GET', `/providerMail/${e.id}/${pc}/PROVIDER_NOTIFICATION`)).body.d[0].opened).toBe(true);
    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    const other = (path: string) => t.call('GET', `/api/provider/communications${path}`, { token: lakeshore });
    expect((await other(`/providerMail/${e.id}/${pc}/all`)).status).toBe(404);
    expect((await other(`/providerInfoMail/${internal.id}`)).status).toBe(404);
    expect((await other(`/providerMail/${e.id}/infomail/${pc}/${internal.id}/all`)).status).toBe(404);
    // An email of another provider's communication is not readable, directly or through this one.
    const theirs = (await t
      .db('outbox_emails')
      .where({ provider_communication_id: e.pcOf(w.lakeshore) })
      .first('id')) as { id: number };
    expect((await pv('GET', `/providerInfoMail/${theirs.id}`)).status).toBe(404);
    expect((await pv('GET', `/providerMail/${e.id}/infomail/${pc}/${theirs.id}/all`)).status).toBe(404);
  });
});
