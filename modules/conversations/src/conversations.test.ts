import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '@portal/core';
import { form, PDF, PNG, sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';
import { fileSchema, listSchema, threadSchema } from './schemas.js';

let t: TestApp;
let w: World;
let riverside: string; // Riverside Administrator
let responder: string; // Riverside Responder: no permission to see a recall
let lakeshore: string; // another provider
let borealis: string; // another supplier

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const sup = (token: string) => (method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api/supplier/communications${path}`, { token, body, form: f });
const prov = (token: string) => (method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api/provider/communications${path}`, { token, body, form: f });

const outboxOf = (cid: number) =>
  t
    .db('outbox_emails')
    .where({ kind: 'CONVERSATION_MESSAGE', reference_type: 'conversation', reference_id: String(cid) })
    .orderBy('id')
    .select('to_email', 'subject', 'text_body', 'html_body', 'status');

describe('a conversation between a supplier and a provider', () => {
  it('starts from the supplier, answers from the provider with a file, counts unread per side and mails the other side', async () => {
    const e = await sendCommunication(t, w, 'Talk recall', { providers: [w.riverside, w.lakeshore] });
    const pc = e.pcOf(w.riverside);
    const s = sup(w.supplierToken);
    const p = prov(riverside);

    const started = await s('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, {
      subject: 'Lot C-9 counts',
      message: 'How many units of lot C-9 did you find?',
    });
    expect(started.status).toBe(200);
    const cid = started.body.d.id as number;
    expect(started.body.d).toMatchObject({
      communication_id: e.id,
      provider_communication_id: pc,
      subject: 'Lot C-9 counts',
      status: 'OPEN',
      started_by_side: 'SUPPLIER',
      message_count: 1,
      unread: 0,
      customer_name: 'Riverside Health',
    });
    expect(started.body.d.messages).toMatchObject([
      { side: 'SUPPLIER', sender_email: 'recalls@acme.demo', body: 'How many units of lot C-9 did you find?' },
    ]);

    // The provider's users who may see recalls hear of it, with a link straight to the thread.
    const first = await outboxOf(cid);
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((m) => m.to_email)).toContain('admin@riverside.demo');
    expect(first.map((m) => m.to_email)).not.toContain('responder@riverside.demo');
    expect(first[0]).toMatchObject({ subject: 'New message: Talk recall', status: 'DELIVERY' });
    expect(first[0]!.text_body).toContain(`/provider/recalls/view/${e.id}/${pc}?tab=conversations&conversation=${cid}`);

    // The provider sees one unread message; opening the thread clears its badge.
    const list = await p('GET', `/${e.id}/${pc}/conversations`);
    expect(list.status).toBe(200);
    expect(list.body.d).toMatchObject({ unread: 1, items: [{ id: cid, unread: 1 }] });
    expect((await p('GET', `/${e.id}/${pc}/conversations/${cid}`)).body.d.messages).toHaveLength(1);
    expect((await p('GET', `/${e.id}/${pc}/conversations`)).body.d.unread).toBe(0);

    // The provider answers with a file (multipart); the upload rules are the product's.
    const bad = await p(
      'POST',
      `/${e.id}/${pc}/conversations/${cid}/message`,
      undefined,
      form('tool.exe', PDF, { message: 'see file' }),
    );
    expect(bad.status).toBe(415);
    expect(bad.body.m).toBe('The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4');
    const blank = await p('POST', `/${e.id}/${pc}/conversations/${cid}/message`, { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.m).toBe('Field required.');
    const answer = await p(
      'POST',
      `/${e.id}/${pc}/conversations/${cid}/message`,
      undefined,
      form('count.pdf', PDF, { message: 'We found 12 units; count sheet attached.' }),
    );
    expect(answer.status).toBe(200);
    const reply = answer.body.d.messages[1];
    expect(reply).toMatchObject({
      side: 'PROVIDER',
      sender_email: 'admin@riverside.demo',
      organization_name: 'Riverside Health',
      files: [{ name: 'count.pdf', type: 'application/pdf' }],
    });
    const fileId = reply.files[0].id as number;

    // The supplier who started it is mailed (a participant), with its own link.
    const mails = await outboxOf(cid);
    const toSupplier = mails.filter((m) => m.to_email === 'recalls@acme.demo');
    expect(toSupplier).toHaveLength(1);
    expect(toSupplier[0]!.text_body).toContain(`/supplier/recalls/view/${e.id}?tab=conversations&conversation=${cid}`);
    expect(toSupplier[0]!.text_body).toContain('We found 12 units');

    // The supplier's list counts it unread; the file opens through signed links on both sides.
    expect((await s('GET', `/${e.id}/conversations`)).body.d).toMatchObject({ unread: 1, items: [{ id: cid }] });
    const file = await s('GET', `/${e.id}/conversations/${cid}/file/${fileId}`);
    expect(file.body.d).toMatchObject({ id: fileId, name: 'count.pdf' });
    const download = await fetch(`${t.baseUrl}${file.body.d.signed_url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await p('GET', `/${e.id}/${pc}/conversations/${cid}/file/${fileId}`)).body.d.name).toBe('count.pdf');
    const thread = await s('GET', `/${e.id}/conversations/${cid}`);
    expect(thread.body.d.messages.map((m: { side: string }) => m.side)).toEqual(['SUPPLIER', 'PROVIDER']);
    // The answers are what the OpenAPI document (and the web's generated types) say they are.
    expect(schemaErrors(threadSchema, thread.body.d)).toEqual([]);
    expect(schemaErrors(listSchema, (await p('GET', `/${e.id}/${pc}/conversations`)).body.d)).toEqual([]);
    expect(schemaErrors(fileSchema, file.body.d)).toEqual([]);
    expect((await s('GET', `/${e.id}/conversations`)).body.d.unread).toBe(0);
  });

  it('lets a provider start one about an action, and closes and reopens from either side', async () => {
    const e = await sendCommunication(t, w, 'Credit recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const p = prov(riverside);
    const s = sup(w.supplierToken);
    const started = await p(
      'POST',
      `/${e.id}/${pc}/conversations`,
      undefined,
      form('label.png', PNG, {
        subject: 'Return label',
        message: 'Please send a return label.',
        action_id: String(e.actionOf('Text')),
      }),
    );
    expect(started.status).toBe(200);
    expect(started.body.d).toMatchObject({
      started_by_side: 'PROVIDER',
      action_id: e.actionOf('Text'),
      action_title: 'Text action',
    });
    const cid = started.body.d.id as number;
    // Nobody of the supplier has taken part yet: every user who may see recalls is told.
    const mails = (await outboxOf(cid)).map((m) => m.to_email);
    expect(mails).toEqual(expect.arrayContaining(['admin@acme.demo', 'recalls@acme.demo']));
    expect(mails).not.toContain('sourcing@acme.demo');

    const closed = await s('PUT', `/${e.id}/conversations/${cid}`, { status: 'CLOSED' });
    expect(closed.status).toBe(200);
    expect(closed.body.d).toMatchObject({ status: 'CLOSED' });
    expect(closed.body.d.closed_at).toBeTruthy();
    const refused = await p('POST', `/${e.id}/${pc}/conversations/${cid}/message`, { message: 'Still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('CONVERSATION_CLOSED');
    expect((await p('PUT', `/${e.id}/${pc}/conversations/${cid}`, { status: 'OPEN' })).body.d.status).toBe('OPEN');
    expect((await p('POST', `/${e.id}/${pc}/conversations/${cid}/message`, { message: 'Still there?' })).status).toBe(
      200,
    );
    expect((await s('PUT', `/${e.id}/conversations/${cid}`, { status: 'ARCHIVED' })).status).toBe(400);
    // An action of another event cannot be named.
    const other = await sendCommunication(t, w, 'Other recall', { providers: [w.riverside] });
    expect(
      (
        await p('POST', `/${e.id}/${pc}/conversations`, {
          message: 'x',
          action_id: other.actionOf('Text'),
        })
      ).status,
    ).toBe(404);
  });

  it('records the exchange in the history and the Audit Report', async () => {
    const e = await sendCommunication(t, w, 'Record recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const s = sup(w.supplierToken);
    const started = await s('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, {
      subject: 'Quarantine',
      message: 'Is the stock quarantined?',
    });
    const cid = started.body.d.id as number;
    await prov(riverside)('POST', `/${e.id}/${pc}/conversations/${cid}/message`, { message: 'Yes, all of it.' });
    await s('PUT', `/${e.id}/conversations/${cid}`, { status: 'CLOSED' });
    const history = await s('GET', `/${e.id}/histories`);
    const actions = (history.body.d as { action: string }[]).map((h) => h.action);
    expect(actions).toEqual(
      expect.arrayContaining(['CONVERSATION_STARTED', 'CONVERSATION_MESSAGE', 'CONVERSATION_CLOSED']),
    );
    const entry = (history.body.d as { action: string; facts: { name: string } }[]).find(
      (h) => h.action === 'CONVERSATION_MESSAGE',
    );
    expect(entry!.facts).toMatchObject({ name: 'Quarantine' });
    const audit = await fetch(`${t.baseUrl}/api/supplier/communications/${e.id}/auditreport/csv`, {
      headers: { authorization: `Bearer ${w.supplierToken}` },
    });
    expect(audit.status).toBe(200);
    const csv = await audit.text();
    expect(csv).toContain('Conversation ""Quarantine"" started');
    expect(csv).toContain('Yes, all of it.');
    // The provider's own history of its communication shows it too.
    const provHistory = await prov(riverside)('GET', `/${e.id}/histories/${pc}`);
    expect(JSON.stringify(provHistory.body.d)).toContain('CONVERSATION_MESSAGE');
  });
});

describe('the email notice', () => {
  it("escapes the message's markup in the HTML part and keeps it as text in the plain part", async () => {
    const e = await sendCommunication(t, w, 'Markup recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const started = await sup(w.supplierToken)('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, {
      message: 'Check <script>alert(1)</script> & reply',
    });
    const [mail] = await outboxOf(started.body.d.id);
    expect(mail!.html_body).toContain('Check &lt;script&gt;alert(1)&lt;/script&gt; &amp; reply');
    expect(mail!.html_body).not.toContain('<script>');
    expect(mail!.text_body).toContain('Check <script>alert(1)</script> & reply');
  });
});

describe('tenancy and the record', () => {
  it("answers 404 for another supplier's conversation, another provider's, and a provider user who may not see the event", async () => {
    const e = await sendCommunication(t, w, 'Private recall', { providers: [w.riverside, w.lakeshore] });
    const pc = e.pcOf(w.riverside);
    const started = await sup(w.supplierToken)('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, {
      message: 'Only for Riverside',
    });
    const cid = started.body.d.id as number;
    const fileCall = await sup(w.supplierToken)(
      'POST',
      `/${e.id}/conversations/${cid}/message`,
      undefined,
      form('photo.png', PNG, { message: 'photo' }),
    );
    const fileId = fileCall.body.d.messages[1].files[0].id as number;

    // Another supplier: the event itself is not found.
    const b = sup(borealis);
    expect((await b('GET', `/${e.id}/conversations`)).status).toBe(404);
    expect((await b('GET', `/${e.id}/conversations/${cid}`)).status).toBe(404);
    expect((await b('POST', `/${e.id}/conversations/${cid}/message`, { message: 'hi' })).status).toBe(404);
    expect((await b('GET', `/${e.id}/conversations/${cid}/file/${fileId}`)).status).toBe(404);
    expect((await b('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, { message: 'hi' })).status).toBe(404);

    // Another provider: neither Riverside's communication nor, through its own, Riverside's thread.
    const l = prov(lakeshore);
    const own = e.pcOf(w.lakeshore);
    expect((await l('GET', `/${e.id}/${pc}/conversations`)).status).toBe(404);
    expect((await l('GET', `/${e.id}/${own}/conversations`)).body.d.items).toEqual([]);
    expect((await l('GET', `/${e.id}/${own}/conversations/${cid}`)).status).toBe(404);
    expect((await l('GET', `/${e.id}/${own}/conversations/${cid}/file/${fileId}`)).status).toBe(404);
    expect((await l('POST', `/${e.id}/${own}/conversations/${cid}/message`, { message: 'hi' })).status).toBe(404);
    expect((await l('PUT', `/${e.id}/${own}/conversations/${cid}`, { status: 'CLOSED' })).status).toBe(404);

    // A Riverside user whose role may not see recalls: 404, as if there were nothing.
    const r = prov(responder);
    expect((await r('GET', `/${e.id}/${pc}/conversations`)).status).toBe(404);
    expect((await r('GET', `/${e.id}/${pc}/conversations/${cid}`)).status).toBe(404);
    expect((await r('POST', `/${e.id}/${pc}/conversations/${cid}/message`, { message: 'hi' })).status).toBe(404);

    // The supplier names the provider communication with its provider: a mismatch is not found.
    expect(
      (await sup(w.supplierToken)('POST', `/${e.id}/conversations/${pc}/${w.lakeshore}/0`, { message: 'x' })).status,
    ).toBe(404);
    // A supplier cannot use the provider's calls, nor a provider the supplier's.
    expect((await prov(w.supplierToken)('GET', `/${e.id}/${pc}/conversations`)).status).toBe(403);
    expect((await sup(riverside)('GET', `/${e.id}/conversations`)).status).toBe(403);
  });

  it('never edits or deletes a message: there is no call for it, and the database refuses it', async () => {
    const e = await sendCommunication(t, w, 'Record-only recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const started = await sup(w.supplierToken)('POST', `/${e.id}/conversations/${pc}/${w.riverside}/0`, {
      message: 'Original words',
    });
    const cid = started.body.d.id as number;
    const mid = started.body.d.messages[0].id as number;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await sup(w.supplierToken)(method, `/${e.id}/conversations/${cid}/message`, { message: 'Edited' });
      expect(answer.status, method).not.toBe(200);
    }
    expect((await sup(w.supplierToken)('DELETE', `/${e.id}/conversations/${cid}`)).status).not.toBe(200);
    // Two locks: the application's role has no UPDATE or DELETE on the table, and even the owner meets the trigger.
    await expect(t.db('conversation_messages').where({ id: mid }).update({ body: 'Edited' })).rejects.toThrow(
      /permission denied/,
    );
    await expect(t.db('conversation_messages').where({ id: mid }).del()).rejects.toThrow(/permission denied/);
    await expect(t.ownerDb('conversation_messages').where({ id: mid }).update({ body: 'Edited' })).rejects.toThrow(
      /never edited or deleted/,
    );
    await expect(t.ownerDb('conversation_messages').where({ id: mid }).del()).rejects.toThrow(
      /never edited or deleted/,
    );
    const thread = await sup(w.supplierToken)('GET', `/${e.id}/conversations/${cid}`);
    expect(thread.body.d.messages).toMatchObject([{ id: mid, body: 'Original words' }]);
  });
});
