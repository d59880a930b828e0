import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, form, PDF, PNG, sendCommunication, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator
let responder: string; // Riverside Responder (Provider_ResponderRole only)
let lakeshore: string; // another provider

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
});
afterAll(() => t.close());

const pv = (token: string) => (method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api/provider/communications${path}`, { token, body, form: f });

describe('the provider list', () => {
  it('lists what the provider and its sites received, with the row fields, filters and sorts; other providers see none of it', async () => {
    const e = await sendCommunication(t, w, 'List recall', { providers: [w.riverside, w.lakeshore], sites: [w.north] });
    const list = await pv(admin)(
      'GET',
      `?communicationType=RECALL&search=${encodeURIComponent('list recall')}&sortField=site_name&sortDirection=asc`,
    );
    expect(list.status).toBe(200);
    expect(list.body.d.total).toBe(2);
    const own = list.body.d.items.find((r: { id: number }) => r.id === e.pcOf(w.riverside));
    const site = list.body.d.items.find((r: { id: number }) => r.id === e.pcOf(w.north));
    expect(own).toMatchObject({
      communication_id: e.id,
      stt: 'OPEN',
      status: 'OPEN',
      status_provider: 'OPEN',
      isProviderCreated: false,
      allow_access: true,
      response_status: 'NOTCOMPLETED',
      name: 'List recall',
      supplier_name: 'Acme Medical Devices',
      site_name: null,
      acknowledged: false,
      type: 'RECALL',
    });
    expect(site).toMatchObject({ site_name: 'Riverside North Campus', site_id: w.north });
    expect(own.sent_at).toBeTruthy();
    const filtered = await pv(admin)(
      'GET',
      `?filterModel=${encodeURIComponent(JSON.stringify({ site_name: { filterType: 'text', type: 'contains', filter: 'north' } }))}`,
    );
    expect(filtered.body.d.items.map((r: { id: number }) => r.id)).toEqual([e.pcOf(w.north)]);
    expect((await pv(admin)('GET', '?sortField=password')).status).toBe(400);
    const other = await pv(lakeshore)('GET', `?search=${encodeURIComponent('list recall')}`);
    expect(other.body.d.items.map((r: { id: number }) => r.id)).toEqual([e.pcOf(w.lakeshore)]);
    // A supplier cannot use provider calls at all.
    expect((await pv(w.supplierToken)('GET', '')).status).toBe(403);
  });

  it('gives a Responder every row with allow_access false, and refuses the event itself with 403', async () => {
    const e = await sendCommunication(t, w, 'Responder recall', { providers: [w.riverside] });
    const list = await pv(responder)('GET', `?search=${encodeURIComponent('responder recall')}`);
    expect(list.status).toBe(200);
    expect(list.body.d.items).toHaveLength(1);
    expect(list.body.d.items[0]).toMatchObject({ id: e.pcOf(w.riverside), allow_access: false });
    expect((await pv(responder)('GET', `/${e.id}/provider-recall/${e.pcOf(w.riverside)}`)).status).toBe(403);
  });
});

describe('answering as a signed-in provider user', () => {
  it('acknowledges, refuses invalid values with the spec messages, accepts every action type and completes', async () => {
    const e = await sendCommunication(t, w, 'Answer recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const call = pv(admin);
    const ack = await call('PUT', `/${e.id}/acknowledge/${pc}`);
    expect(ack.body).toMatchObject({ ok: true, d: { acknowledged_by: 'admin@riverside.demo' } });

    const answer = (type: string, body: object) => call('PUT', `/${e.id}/${pc}/actions/${e.actionOf(type)}`, body);
    expect((await answer('Numeric', { valueNumeric: '4x' })).body.m).toBe('Only numeric values are accepted.');
    expect((await answer('Text', { valueText: ' ' })).body.m).toBe('Field required');
    expect((await answer('Acknowledge', { valueAcknowledge: false })).body.m).toBe('Field required');
    expect((await answer('YesNo', {})).body.m).toBe('Field required');
    expect((await answer('Checkbox', { valueCheckbox: ['Z'] })).body.m).toBe(
      'valueCheckbox must be chosen from: A, B, C',
    );
    expect((await answer('MultipleChoice', { valueMultiChoice: [] })).body.m).toBe('Field required');
    expect((await answer('Image', {})).body.m).toBe('Field required');
    expect((await answer('Document', {})).body.m).toBe('Field required');

    const upload = (type: string, name: string, data: Buffer) =>
      call(
        'POST',
        `/${e.id}/${pc}/actions/${e.actionOf(type)}/file`,
        undefined,
        form(name, data, { actionType: type }),
      );
    expect((await upload('Image', 'scan.pdf', PDF)).body.m).toBe('The document types should be either of .png, .jpg');
    expect((await upload('Document', 'tool.exe', PDF)).body.m).toBe(
      'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
    );
    expect((await upload('Image', 'empty.png', Buffer.alloc(0))).body.m).toBe(
      'Documented failed to upload. Please try again.',
    );
    const image = await upload('Image', 'shelf.png', PNG);
    expect(image.body.d[0]).toMatchObject({ name: 'shelf.png', type: 'image/png' });
    const doc = await upload('Document', 'proof.pdf', PDF);
    const spare = await upload('Document', 'spare.pdf', PDF);
    expect((await call('GET', `/${e.id}/${pc}/actions/${e.actionOf('Document')}/file`)).body.d).toHaveLength(2);
    const del = await call('DELETE', `/${e.id}/${pc}/actions/${e.actionOf('Document')}/file/${spare.body.d[0].id}`);
    expect(del.body.m).toBe('Successfully Deleted!');
    expect((await call('GET', `/file/${doc.body.d[0].id}`)).body.d).toMatchObject({ name: 'proof.pdf' });

    // Not completed yet: the complete flag is refused.
    expect((await call('PUT', `/${e.id}/change-status/${pc}`, { status: 'COMPLETED' })).status).toBe(422);

    const answers: [string, object][] = [
      ['Acknowledge', { valueAcknowledge: true }],
      ['Text', { valueText: 'Quarantined' }],
      ['Numeric', { valueNumeric: '0' }],
      ['YesNo', { valueYesNo: 'Yes' }],
      ['Checkbox', { valueCheckbox: ['A'] }],
      ['MultipleChoice', { valueMultiChoice: ['B', 'C'] }],
      ['Image', {}],
    ];
    for (const [type, body] of answers) {
      const res = await answer(type, body);
      expect(res.status, type).toBe(200);
      expect(res.body.d.response_status).toBe('NOTCOMPLETED');
    }
    const last = await answer('Document', { valueDocument: [doc.body.d[0].id] });
    expect(last.body.d.response_status).toBe('COMPLETED');

    const summary = await call('GET', `/${e.id}/summary/${pc}`);
    expect(summary.body.d).toMatchObject({
      response_status: 'COMPLETED',
      actions_total: 8,
      actions_submitted: 8,
      required_remaining: 0,
      acknowledged: true,
    });
    const details = await call('GET', `/${e.id}/response-details/${pc}`);
    expect(details.body.d.find((a: { action_type: string }) => a.action_type === 'Numeric')).toMatchObject({
      status: 'SUBMITTED',
      value: { valueNumeric: '0' },
      responder_email: 'admin@riverside.demo',
    });
    const view = await call('GET', `/${e.id}/provider-recall/${pc}`);
    expect(view.body.d).toMatchObject({
      status_provider: 'OPEN',
      isProviderCreated: false,
      allow_access: true,
      site: null,
    });
    expect(view.body.d.communication.supplier_name).toBe('Acme Medical Devices');
    // Who acknowledged, by name: the coordinator has an account.
    const coordinator = (await t.db('users').whereRaw('lower(email) = ?', ['admin@riverside.demo']).first()) as {
      first_name: string;
      last_name: string;
    };
    expect(view.body.d.provider_communication).toMatchObject({
      acknowledged_by: 'admin@riverside.demo',
      acknowledged_by_name: `${coordinator.first_name} ${coordinator.last_name}`,
    });
    expect((await call('GET', `/${e.id}/actions/${pc}`)).body.d).toHaveLength(8);

    const done = await call('PUT', `/${e.id}/change-status/${pc}`, { status: 'COMPLETED' });
    expect(done.body.d).toMatchObject({ status_provider: 'COMPLETED' });
    expect((await call('PUT', `/${e.id}/change-status/${pc}`, { status: 'LOST' })).status).toBe(400);
    const history = (await call('GET', `/${e.id}/histories/${pc}`)).body.d as { action: string; actor_email: string }[];
    expect(history[0]).toMatchObject({
      action: 'PROVIDER_STATUS_CHANGED',
      actor_email: 'admin@riverside.demo',
      facts: { status: 'COMPLETED' },
    });
    // The provider gets the sentence's facts, never the recorded values behind them.
    expect(history.every((h) => !('after' in h) && !('before' in h))).toBe(true);
    expect(history.find((h) => h.action === 'FILE_UPLOADED')).toMatchObject({ facts: { name: expect.any(String) } });
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['COMPLETED', 'RESPONDED', 'ACKNOWLEDGED', 'FILE_UPLOADED', 'FILE_DELETED']),
    );
    // The supplier sees the provider's answers.
    const customers = await t.call('GET', `/api/supplier/communications/${e.id}/customers`, { token: w.supplierToken });
    expect(customers.body.d.items[0]).toMatchObject({ response_status: 'COMPLETED' });
  });

  it('answers several actions at once through PUT /response, all or nothing', async () => {
    const e = await sendCommunication(t, w, 'Batch provider', {
      providers: [w.riverside],
      actions: ['Text', 'Numeric'],
    });
    const pc = e.pcOf(w.riverside);
    const bad = await pv(admin)('PUT', '/response', {
      communicationId: e.id,
      providerCommunicationId: pc,
      answers: [
        { actionId: e.actionOf('Text'), valueText: 'x' },
        { actionId: e.actionOf('Numeric'), valueNumeric: 'one' },
      ],
    });
    expect(bad.body.m).toBe('Only numeric values are accepted.');
    const ok = await pv(admin)('PUT', '/response', {
      communicationId: e.id,
      providerCommunicationId: pc,
      answers: [
        { actionId: e.actionOf('Text'), valueText: 'x' },
        { actionId: e.actionOf('Numeric'), valueNumeric: '7' },
      ],
    });
    expect(ok.body.d.response_status).toBe('COMPLETED');
  });
});

describe('tenancy between providers', () => {
  it("answers 404 to Lakeshore for every call on Riverside's provider communication, its notes, documents and files", async () => {
    const e = await sendCommunication(t, w, 'Private to Riverside', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const note = await t.call('POST', `/api/provider/communication-notes/save-note/${e.id}/${pc}/0`, {
      token: admin,
      form: form('note.pdf', PDF, { note: 'Checked stock' }),
    });
    expect(note.status).toBe(200);
    const doc = await pv(admin)('POST', `/${pc}/file`, undefined, form('plan.pdf', PDF));
    const file = await pv(admin)(
      'POST',
      `/${e.id}/${pc}/actions/${e.actionOf('Image')}/file`,
      undefined,
      form('x.png', PNG),
    );
    const other = pv(lakeshore);
    for (const path of [
      `/${e.id}/summary/${pc}`,
      `/${e.id}/response-details/${pc}`,
      `/${e.id}/provider-recall/${pc}`,
      `/${e.id}/actions/${pc}`,
      `/${e.id}/histories/${pc}`,
      `/${e.id}/delegate/${pc}`,
      `/${e.id}/delegate/actions/${pc}`,
      `/${e.id}/${pc}/provideremaillist`,
      `/${e.id}/${pc}/internalaction/0`,
      `/${e.id}/supportingdoc`,
      `/suppliercontact/${e.id}`,
      `/document/${doc.body.d[0].id}`,
      `/file/${file.body.d[0].id}`,
      `/${e.id}/${pc}/actions/${e.actionOf('Image')}/file`,
      `/${pc}/switch-sites/${w.lakeshore}`,
      `/delegate/${pc}/all/emaillist`,
      `/meta/${w.riverside}/emaillist`,
      `/${e.id}/report-history/${pc}/all`,
    ]) {
      const res = await other('GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Private to Riverside');
    }
    for (const [method, path, body] of [
      ['PUT', `/${e.id}/acknowledge/${pc}`, {}],
      ['PUT', `/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'hijack' }],
      ['PUT', `/${e.id}/change-status/${pc}`, { status: 'OPEN' }],
      ['PUT', `/document/${doc.body.d[0].id}`, {}],
      ['POST', `/${e.id}/${pc}/0`, { email: 'x@lakeshore.demo' }],
      ['PUT', `/${e.id}/send-notification/${pc}/0`, {}],
      ['PUT', `/${e.id}/update-notification/${pc}`, {}],
      ['DELETE', `/${e.id}/${pc}/actions/${e.actionOf('Image')}/file/${file.body.d[0].id}`, undefined],
      ['POST', '/internalaction', { communicationId: e.id, providerCommunicationId: pc, title: 'x' }],
      ['POST', '/change-history', { communicationId: e.id, providerCommunicationId: pc }],
      [
        'PUT',
        '/response',
        {
          communicationId: e.id,
          providerCommunicationId: pc,
          answers: [{ actionId: e.actionOf('Text'), valueText: 'x' }],
        },
      ],
    ] as const)
      expect((await other(method, path, body)).status, `${method} ${path}`).toBe(404);
    expect((await other('POST', `/${pc}/file`, undefined, form('x.pdf', PDF))).status).toBe(404);
    const notes = (p: string) => t.call('GET', `/api/provider/communication-notes${p}`, { token: lakeshore });
    for (const p of [`/get-note/${note.body.d.id}`, `/document/${note.body.d.id}`, `/${e.id}/${pc}`])
      expect((await notes(p)).status, p).toBe(404);
    expect(
      (
        await t.call('POST', `/api/provider/communication-notes/save-note/${e.id}/${pc}/${note.body.d.id}`, {
          token: lakeshore,
          form: form('n.pdf', PDF, { note: 'x' }),
        })
      ).status,
    ).toBe(404);
    expect(await t.db('provider_responses').where({ provider_communication_id: pc }).first()).toBeUndefined();
    expect(
      (
        (await t.db('provider_communications').where({ id: pc }).first('acknowledged_at')) as {
          acknowledged_at: Date | null;
        }
      ).acknowledged_at,
    ).toBeNull();
  });
});

describe('sites and metadata', () => {
  it('moves a communication between the provider and its sites, and describes sites, suppliers and domains', async () => {
    const e = await sendCommunication(t, w, 'Site move', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const moved = await pv(admin)('GET', `/${pc}/switch-sites/${w.south}`);
    expect(moved.body.d).toEqual({ id: pc, organization_id: w.south });
    const row = (await pv(admin)('GET', `?search=${encodeURIComponent('site move')}`)).body.d.items[0];
    expect(row).toMatchObject({ site_name: 'Riverside South Clinic' });
    expect((await pv(admin)('GET', `/${pc}/switch-sites/${w.lakeshore}`)).status).toBe(404);
    expect((await pv(admin)('GET', '/meta-sites')).body.d.map((s: { name: string }) => s.name)).toEqual([
      'Riverside Health',
      'Riverside North Campus',
      'Riverside South Clinic',
    ]);
    expect((await pv(admin)('GET', '/is-site')).body.d).toEqual({ isSite: false, parent_id: null, parent_name: null });
    const meta = await pv(admin)('GET', '/search-meta');
    expect(meta.body.d.suppliers).toContain('Acme Medical Devices');
    expect(meta.body.d.sites).toHaveLength(2);
    expect((await pv(admin)('GET', '/meta')).body.d.communicationTypes).toEqual([
      { value: 'RECALL', label: 'Recall' },
      { value: 'PRODUCT DISRUPTION', label: 'Supply Advisory' },
    ]);
    expect((await pv(admin)('GET', `/valid-domain/emailid/${w.riverside}/nurse@Riverside.demo`)).body.d).toMatchObject({
      valid: true,
    });
    expect((await pv(admin)('GET', `/valid-domain/emailid/${w.north}/nurse@riverside.demo`)).body.d).toMatchObject({
      valid: true,
    });
    expect((await pv(admin)('GET', `/valid-domain/emailid/${w.riverside}/nurse@gmail.com`)).body.d).toMatchObject({
      valid: false,
    });
    expect((await pv(admin)('GET', `/valid-domain/emailid/${w.lakeshore}/a@lakeshore.demo`)).status).toBe(404);
    expect((await pv(admin)('GET', '/supplierNameList')).body.d.map((s: { name: string }) => s.name)).toEqual([
      'Acme Medical Devices',
      'Borealis Pharma',
    ]);
    expect((await pv(admin)('GET', `/suppliercontact/${e.id}`)).body.d.supplier).toMatchObject({
      name: 'Acme Medical Devices',
    });
    const emails = (await pv(admin)('GET', `/meta/${w.riverside}/emaillist`)).body.d.map(
      (u: { email: string }) => u.email,
    );
    expect(emails).toEqual(['admin@riverside.demo', 'multi@riverside.demo', 'responder@riverside.demo']);
  });
});

describe('documents, notes, internal actions, notifications and reports', () => {
  it("keeps the provider's own documents, notes and tasks, notifies its users and records report history", async () => {
    const e = await sendCommunication(t, w, 'Workspace recall', { providers: [w.riverside] });
    const pc = e.pcOf(w.riverside);
    const call = pv(admin);

    const up = await call('POST', `/${pc}/file`, undefined, form('plan.pdf', PDF));
    expect(up.body.d[0]).toMatchObject({ name: 'plan.pdf', type: 'application/pdf' });
    expect((await call('POST', `/${pc}/file`, undefined, form('plan.exe', PDF))).body.m).toBe(
      'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
    );
    expect((await call('GET', `/document/${up.body.d[0].id}`)).body.d.signed_url).toMatch(/^\/api\/files\//);
    expect((await call('GET', `/${pc}/file`)).body.d).toHaveLength(1);
    expect((await call('PUT', `/document/${up.body.d[0].id}`)).body.m).toBe('Document deleted successfully.');
    expect((await call('GET', `/document/${up.body.d[0].id}`)).status).toBe(404);

    const notes = (method: string, path: string, f?: FormData) =>
      t.call(method, `/api/provider/communication-notes${path}`, { token: admin, form: f });
    expect((await notes('POST', `/save-note/${e.id}/${pc}/0`, form('n.pdf', PDF, { note: '  ' }))).body.m).toBe(
      'Field required',
    );
    const saved = await notes(
      'POST',
      `/save-note/${e.id}/${pc}/0`,
      form('count.pdf', PDF, { note: 'Counted 12 units' }),
    );
    expect(saved.body.d).toMatchObject({ note: 'Counted 12 units', document: { name: 'count.pdf' } });
    const plain = new FormData();
    plain.append('note', 'Updated count: 11');
    const updated = await notes('POST', `/save-note/${e.id}/${pc}/${saved.body.d.id}`, plain);
    expect(updated.body.d).toMatchObject({ note: 'Updated count: 11', document: { name: 'count.pdf' } });
    expect((await notes('GET', `/get-note/${saved.body.d.id}`)).body.d).toMatchObject({
      note: 'Updated count: 11',
      created_by_email: 'admin@riverside.demo',
    });
    expect((await notes('GET', `/document/${saved.body.d.id}`)).body.d.name).toBe('count.pdf');
    expect((await notes('GET', `/${e.id}/${pc}`)).body.d).toHaveLength(1);
    expect(
      await t.db('audit_events').where({ entity_type: 'provider_communication_note', action: 'NOTE_UPDATED' }).first(),
    ).toBeTruthy();

    const task = await call('POST', '/internalaction', {
      communicationId: e.id,
      providerCommunicationId: pc,
      title: 'Pull stock from OR 3',
      assignee_email: 'Responder@riverside.demo',
      due_date: '2026-12-01',
    });
    expect(task.body.d).toMatchObject({
      title: 'Pull stock from OR 3',
      assignee_email: 'responder@riverside.demo',
      status: 'OPEN',
    });
    const doneTask = await call('POST', '/internalaction', {
      id: task.body.d.id,
      communicationId: e.id,
      providerCommunicationId: pc,
      title: 'Pull stock from OR 3',
      status: 'COMPLETED',
    });
    expect(doneTask.body.d.status).toBe('COMPLETED');
    expect((await call('GET', `/${e.id}/${pc}/internalaction/0`)).body.d).toHaveLength(1);
    expect((await call('GET', `/${e.id}/${pc}/internalaction/${task.body.d.id}`)).body.d.status).toBe('COMPLETED');
    expect(
      (
        await call('POST', '/internalaction', {
          communicationId: e.id,
          providerCommunicationId: pc,
          title: 'x',
          due_date: 'tomorrow',
        })
      ).status,
    ).toBe(400);

    const sent = await call('PUT', `/${e.id}/send-notification/${pc}/0`, { message: 'Please check OR 3.' });
    expect(sent.body.d).toEqual({ emails_queued: 1 });
    const mail = await t.smtp.waitFor('multi@riverside.demo', (m) => m.subject === 'Recall: Workspace recall');
    expect(mail.text).toContain(`/provider/recalls/view/${e.id}/${pc}`);
    expect((await call('PUT', `/${e.id}/send-notification/${pc}/${w.lakeshore}`)).status).toBe(404);
    // The workflow form of the same notice: a = event, b = provider communication, c = organisation (0 = all), d = type.
    const before = t.smtp.messages.filter(
      (m) => m.to.includes('multi@riverside.demo') && m.subject === 'Recall: Workspace recall',
    ).length;
    expect(
      (await call('POST', `/workflow/providerMail/${e.id}/${pc}/0/RECALL`, { message: 'Workflow step' })).body.d,
    ).toEqual({ emails_queued: 1 });
    await t.smtp.waitFor(
      'multi@riverside.demo',
      (m) => m.subject === 'Recall: Workspace recall' && m.text.includes('Workflow step'),
    );
    expect(
      t.smtp.messages.filter((m) => m.to.includes('multi@riverside.demo') && m.subject === 'Recall: Workspace recall')
        .length,
    ).toBe(before + 1);
    expect((await call('POST', `/workflow/providerMail/${e.id}/${pc}/${w.lakeshore}/RECALL`, {})).status).toBe(404);
    const notified = await call('PUT', `/${e.id}/update-notification/${pc}`, { note: 'Reviewed by pharmacy' });
    expect(notified.body.d[0]).toMatchObject({ action: 'NOTIFICATION_UPDATED', actor_email: 'admin@riverside.demo' });

    expect((await call('POST', `/${e.id}/add-report-history/${pc}/summary`)).status).toBe(200);
    expect((await call('GET', `/${e.id}/report-history/${pc}/summary`)).body.d[0]).toMatchObject({
      report_type: 'summary',
      created_by_email: 'admin@riverside.demo',
    });
    expect(
      (await call('POST', '/change-history', { communicationId: e.id, providerCommunicationId: pc })).body.d,
    ).toEqual([]);
    expect((await call('GET', `/${e.id}/supportingdoc`)).body.d).toEqual([]);
  });
});

describe('provider-created events', () => {
  it('creates an internal recall, lists it as provider-created, edits it until completed, then refuses edits', async () => {
    const call = pv(admin);
    expect((await call('POST', '/step0', { type: 'RECALL' })).body.m).toBe('name is required');
    const created = await call('POST', '/step0', {
      type: 'RECALL',
      name: 'Internal pump check',
      classification: 'CLASSII',
      supplier_organization_id: w.acme,
      products: [{ product_name: 'Pump' }],
      actions: [{ action_type: 'YesNo', title: 'Checked?' }],
    });
    expect(created.status).toBe(200);
    const { id, provider_communication_id: pc } = created.body.d as { id: number; provider_communication_id: number };
    const row = (await call('GET', `?search=${encodeURIComponent('internal pump')}`)).body.d.items[0];
    expect(row).toMatchObject({
      id: pc,
      isProviderCreated: true,
      status_provider: 'OPEN',
      supplier_name: 'Acme Medical Devices',
    });
    // Not visible to the supplier it names, nor to another provider.
    expect((await t.call('GET', `/api/supplier/communications/${id}`, { token: w.supplierToken })).status).toBe(404);
    expect((await pv(lakeshore)('GET', `/provider-edit/${id}`)).status).toBe(404);

    const edit = await call('GET', `/provider-edit/${id}`);
    expect(edit.body.d).toMatchObject({ isProviderCreated: true, editable: true, status_provider: 'OPEN' });
    expect(edit.body.d.actions).toHaveLength(1);
    const renamed = await call('PUT', `/${id}/update-recall/${pc}/0`, { name: 'Internal pump check (ward 2)' });
    expect(renamed.body.d.communication.name).toBe('Internal pump check (ward 2)');
    const actions = await call('PUT', `/${id}/update-recall/${pc}/2`, {
      actions: [
        { action_type: 'Numeric', title: 'How many?' },
        { action_type: 'Text', title: 'Notes', is_required: false },
      ],
    });
    expect(actions.body.d.actions.map((a: { action_type: string }) => a.action_type)).toEqual(['Numeric', 'Text']);
    expect(
      (await call('PUT', `/${id}/update-recall/${pc}/1`, { products: [{ product_name: 'Pump v2' }] })).body.d
        .products[0].product_name,
    ).toBe('Pump v2');
    expect((await call('PUT', `/${id}/update-recall/${pc}/5`, {})).status).toBe(404);
    expect((await call('GET', `/${id}/update-event`)).body.d.map((h: { action: string }) => h.action)).toEqual([
      'STEP1_UPDATED',
      'STEP2_UPDATED',
      'STEP0_UPDATED',
    ]);

    const numeric = (await call('GET', `/${id}/actions/${pc}`)).body.d[0].id;
    expect((await call('PUT', `/${id}/${pc}/actions/${numeric}`, { valueNumeric: '3' })).body.d.response_status).toBe(
      'COMPLETED',
    );
    expect((await call('PUT', `/${id}/change-status/${pc}`, { status: 'COMPLETED' })).body.d.status_provider).toBe(
      'COMPLETED',
    );
    const locked = await call('PUT', `/${id}/update-recall/${pc}/0`, { name: 'Too late' });
    expect(locked.status).toBe(409);
    expect(locked.body.m).toBe('A completed event cannot be edited.');
    expect((await call('GET', `/provider-edit/${id}`)).body.d.editable).toBe(false);
    expect((await call('GET', `?search=${encodeURIComponent('internal pump')}`)).body.d.items[0].status_provider).toBe(
      'COMPLETED',
    );
  });
});
