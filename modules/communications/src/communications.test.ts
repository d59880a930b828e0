import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, statementsOf, type TestApp } from '@portal/testing';
import { contentOf, type OutboxRow } from '@portal/notifications';
import { ACTION_TYPES } from './constants.js';
import { sendReminders } from './services/reminders.js';

let t: TestApp;
let recalls: string; // Recall Coordinator at Acme
let sourcing: string; // Sourcing Coordinator at Acme
let borealis: string; // another supplier
let riverside: number;
let lakeshore: number;

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  sourcing = (await t.signIn('sourcing@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  riverside = ((await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number }).id;
  lakeshore = ((await t.db('organizations').where({ name: 'Lakeshore Medical Center' }).first('id')) as { id: number })
    .id;
});
afterAll(() => t.close());

const api = (token: string) => ({
  get: (path: string) => t.call('GET', `/api/supplier/communications${path}`, { token }),
  post: (path: string, body: unknown) => t.call('POST', `/api/supplier/communications${path}`, { token, body }),
  put: (path: string, body: unknown = {}) => t.call('PUT', `/api/supplier/communications${path}`, { token, body }),
});

const allActions = ACTION_TYPES.map((action_type) => ({
  action_type,
  title: `Please answer (${action_type})`,
  ...(action_type === 'Checkbox' || action_type === 'MultipleChoice'
    ? { options: ['Quarantined', 'Destroyed', 'Returned'] }
    : {}),
}));

/** A complete draft: info, two products, one action of each type, two providers (Riverside, Lakeshore). */
async function completeDraft(token = recalls, name = 'Infusion pump battery recall'): Promise<number> {
  const a = api(token);
  const created = await a.post('/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
    subtype: 'CORRECTION',
    event_id: `EV-${Math.random().toString(36).slice(2, 8)}`,
    description: '<p>Batteries may fail.</p>',
    disposition: 'Returned',
    event_date: '2026-11-01',
  });
  expect(created.status).toBe(200);
  const id = created.body.d.id as number;
  expect(
    (
      await a.post('/step1', {
        id,
        products: [
          { product_name: 'Pump A', lot_number: 'L-1' },
          { product_name: 'Pump B', lot_number: 'L-2', quantity: 0 },
        ],
      })
    ).status,
  ).toBe(200);
  expect((await a.post('/step2', { id, actions: allActions })).status).toBe(200);
  expect((await a.post('/step3', { id, provider_organization_ids: [riverside, lakeshore] })).status).toBe(200);
  return id;
}

describe('meta', () => {
  it('answers every list the wizard needs, and only the types the caller may manage', async () => {
    const res = await api(recalls).get('/meta');
    expect(res.body.d.communicationTypes).toEqual([{ value: 'RECALL', label: 'Recall' }]);
    expect(res.body.d.classifications.map((c: { label: string }) => c.label)).toEqual([
      'Class I',
      'Class II',
      'Class III',
      'Not Yet Classified',
    ]);
    expect(res.body.d.leadTimes.map((c: { value: string }) => c.value)).toEqual([
      '< 2 weeks',
      '2-4 weeks',
      '> month',
      '> quarter',
    ]);
    expect(res.body.d.actionTypes).toHaveLength(8);
    // Labels are the vocabulary's words, not the codes.
    expect(res.body.d.actionTypes).toContainEqual({ value: 'YesNo', label: 'Yes / No' });
    expect(res.body.d.communicationTypes).toContainEqual({ value: 'RECALL', label: 'Recall' });
    expect(res.body.d.fieldTypes).toEqual([
      'Text',
      'Number',
      'Date',
      'YesNo',
      'TrueFalse',
      'ListSingle',
      'ListMultiple',
    ]);
  });
});

describe('the event list', () => {
  it('reads its page, exact total, last update and tallies in one statement, as the filtered path does, past the end too', async () => {
    // Neither page 2 nor page 1 by name starts with the newest change (the newest event sorts last by name).
    await completeDraft(recalls, 'MMM list summary oldest');
    await completeDraft(recalls, 'AAA list summary');
    await completeDraft(recalls, 'ZZZ list summary newest');
    const list = (query: string) => api(recalls).get(`?communicationType=RECALL&pageSize=2${query}`);
    // Every event of the list is a RECALL: this filter keeps every row but takes the path with a statement of its own for
    // the (capped) total.
    const everyRow = `filterModel=${encodeURIComponent(JSON.stringify({ type: { type: 'contains', filter: 'RECALL' } }))}`;
    // (Not the caller's, nor the mailer's, which may drain earlier tests' notices on the same pool meanwhile:
    // `statementsOf` leaves out what runs in transactions.)
    const { result, statements } = await statementsOf(t.db, () => list(''));
    const first = result.body.d;
    // The caller, then one statement: the page with its total, last update and each row's tallies. No statement of the
    // total alone, none of the tallies alone.
    const besidesCaller = statements.map((s) => s.sql).filter((sql) => !sql.includes('organizations_caller('));
    expect(besidesCaller).toHaveLength(1);
    expect(besidesCaller[0]).toContain('list_total');
    expect(besidesCaller[0]).toContain('communication_tallies');
    expect(first.total).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= Math.ceil(first.total / 2) + 1; page += 1) {
      const one = (await list(`&pageNumber=${page}`)).body.d;
      expect(one).toEqual((await list(`&pageNumber=${page}&${everyRow}`)).body.d);
      expect(Object.keys(one.items[0] ?? {})).not.toContain('list_total');
    }
    // "Last updated" is the newest change of the whole list, whichever order and page (page 1 newest first reads it
    // off its first row).
    const acme = t.db('organizations').where({ name: 'Acme Medical Devices' }).select('id');
    const newest = (await t
      .db('communications')
      .where({ type: 'RECALL' })
      .whereIn('organization_id', acme)
      .whereNot({ status: 'DELETED' })
      .max({ at: 'updated_at' })
      .first()) as { at: Date };
    for (const query of [
      '',
      '&pageNumber=2',
      '&sortField=name&sortDirection=asc',
      '&sortField=updated_at&sortDirection=desc',
    ]) {
      const one = (await list(query)).body.d;
      expect(one.lastUpdated, query).toBe(newest.at.toISOString());
      expect(one, query).toEqual((await list(`${query}&${everyRow}`)).body.d);
    }
  });
});

describe('the four steps', () => {
  it('validates step 0 with clear messages and creates nothing on bad input', async () => {
    const a = api(recalls);
    const before = Number(
      ((await t.db('communications').count<{ n: number }[]>({ n: '*' }).first()) as { n: number }).n,
    );
    expect((await a.post('/step0', { type: 'RECALL' })).body.m).toBe('name is required');
    expect((await a.post('/step0', { type: 'RECALL', name: 'X' })).body.m).toBe(
      'classification is required for a recall.',
    );
    expect((await a.post('/step0', { type: 'RECALL', name: 'X', classification: 'CLASS9' })).body.m).toContain(
      'classification must be one of',
    );
    expect(
      (
        await a.post('/step0', {
          type: 'RECALL',
          name: 'X',
          classification: 'CLASSI',
          event_date: '2026-11-02',
          end_date: '2026-11-01',
        })
      ).body.m,
    ).toBe('end_date cannot be before event_date.');
    expect(Number(((await t.db('communications').count<{ n: number }[]>({ n: '*' }).first()) as { n: number }).n)).toBe(
      before,
    );
  });

  it('keeps recall and advisory permissions apart', async () => {
    const advisory = await api(sourcing).post('/step0', {
      type: 'PRODUCT DISRUPTION',
      name: 'Saline shortage',
      subtype: 'SHORTAGE',
      lead_time: '2-4 weeks',
      reason: 'Raw material shortage',
    });
    expect(advisory.status).toBe(200);
    expect((await api(recalls).get(`/${advisory.body.d.id}`)).status).toBe(403);
    expect((await api(sourcing).post('/step0', { type: 'RECALL', name: 'X', classification: 'CLASSI' })).status).toBe(
      403,
    );
    expect((await api(recalls).get('/?communicationType=PRODUCT%20DISRUPTION')).status).toBe(403);
  });

  it('saves products with custom field values checked against their types', async () => {
    const [field] = await t
      .db('product_fields')
      .insert({ name: 'Sterile', field_type: 'ListSingle', options: JSON.stringify(['Yes', 'No']) })
      .returning('id');
    const fieldId = (field as { id: number }).id;
    const a = api(recalls);
    const id = (await a.post('/step0', { type: 'RECALL', name: 'Custom fields', classification: 'CLASSIII' })).body.d
      .id;
    const bad = await a.post('/step1', {
      id,
      products: [{ product_name: 'P', custom_fields: { [fieldId]: 'Maybe' } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('Product 1: Sterile must be one of Yes, No');
    const ok = await a.post('/step1', { id, products: [{ product_name: 'P', custom_fields: { [fieldId]: 'Yes' } }] });
    expect(ok.body.d.products[0].custom_fields).toEqual({ [fieldId]: 'Yes' });
    expect((await a.get('/meta')).body.d.productFields.map((f: { name: string }) => f.name)).toContain('Sterile');
  });

  it('stores ordered, typed actions and requires options for Checkbox and MultipleChoice', async () => {
    const a = api(recalls);
    const id = (await a.post('/step0', { type: 'RECALL', name: 'Actions', classification: 'CLASSI' })).body.d.id;
    const bad = await a.post('/step2', { id, actions: [{ action_type: 'Checkbox', title: 'Which?' }] });
    expect(bad.body.m).toBe('Action 1: a Checkbox action needs at least one option.');
    expect((await a.post('/step2', { id, actions: [{ action_type: 'Dance', title: 'x' }] })).body.m).toContain(
      'action_type must be one of',
    );
    const ok = await a.post('/step2', { id, actions: allActions });
    expect(ok.body.d.actions.map((x: { action_type: string }) => x.action_type)).toEqual([...ACTION_TYPES]);
    expect(ok.body.d.actions[4].options).toEqual(['Quarantined', 'Destroyed', 'Returned']);
  });
});

describe('approve, close, reopen, delete', () => {
  it('refuses approval while incomplete, naming what is missing', async () => {
    const a = api(recalls);
    const id = (await a.post('/step0', { type: 'RECALL', name: 'Incomplete', classification: 'CLASSI' })).body.d.id;
    const res = await a.put(`/${id}/approve-recall/RECALL/0`);
    expect(res.status).toBe(422);
    expect(res.body.m).toBe(
      'The event cannot be approved yet: it needs at least one product, at least one action, at least one recipient.',
    );
    await a.post('/step1', { id, products: [{ product_name: 'P' }] });
    expect((await a.put(`/${id}/approve-recall/RECALL/0`)).body.error?.details).toMatchObject({
      missing: ['at least one action', 'at least one recipient'],
    });
  });

  it('approves a complete draft, freezes its steps, refuses to delete it, and toggles close/reopen', async () => {
    const a = api(recalls);
    const id = await completeDraft();
    const approved = await a.put(`/${id}/approve-recall/RECALL/0`);
    expect(approved.body.d.status).toBe('OPEN');
    expect((await a.post('/step1', { id, products: [{ product_name: 'Sneaky' }] })).status).toBe(409);
    const del = await a.put(`/${id}/delete/RECALL`);
    expect(del.status).toBe(409);
    expect(del.body.m).toBe('An OPEN event cannot be deleted; close it instead.');
    expect((await a.put(`/${id}/close-open`)).body.d.status).toBe('CLOSED');
    expect((await a.put(`/${id}/delete/RECALL`)).status).toBe(409);
    expect((await a.put(`/${id}/close-open`)).body.d.status).toBe('OPEN');
    const actions = ((await a.get(`/${id}/histories`)).body.d as { action: string }[]).map((h) => h.action);
    expect(actions.slice(0, 3)).toEqual(['REOPENED', 'CLOSED', 'APPROVED']);
    expect(actions).toContain('CREATED');
  });

  it('soft-deletes a draft, which then answers 404', async () => {
    const a = api(recalls);
    const id = (await a.post('/step0', { type: 'RECALL', name: 'Mistake', classification: 'CLASSI' })).body.d.id;
    expect((await a.put(`/${id}/delete/RECALL`)).body.m).toBe('The event has been deleted.');
    expect((await a.get(`/${id}`)).status).toBe(404);
    expect(((await t.db('communications').where({ id }).first('status')) as { status: string }).status).toBe('DELETED');
  });

  it('moves the event through update-status with the same rules', async () => {
    const a = api(recalls);
    const id = await completeDraft(recalls, 'Status words');
    expect((await a.put(`/${id}/update-status/OPEN`)).body.d.status).toBe('OPEN');
    expect((await a.put(`/${id}/update-status/CLOSED`)).body.d.status).toBe('CLOSED');
    expect((await a.put(`/${id}/update-status/DRAFT`)).status).toBe(409);
    expect((await a.put(`/${id}/update-status/LOST`)).status).toBe(404);
  });
});

describe('sending', () => {
  it('creates one provider communication per customer and one email per recipient, with working secure links', async () => {
    const a = api(recalls);
    const id = await completeDraft(recalls, 'Sent recall');
    await a.post('/step3/customers', {
      id,
      customers: [{ name: 'Outside Clinic', email: 'Front.Desk@Outside-Clinic.test' }],
    });
    expect((await a.put(`/${id}/send-notification/RECALL`)).status).toBe(409); // not approved yet
    await a.put(`/${id}/approve-recall/RECALL/0`);
    const sent = await a.put(`/${id}/send-notification/RECALL?sendType=new`);
    expect(sent.status).toBe(200);
    // Riverside: admin + multi (Recall Coordinator) receive recalls; responder does not. Lakeshore: admin. Outside clinic: 1.
    expect(sent.body.d).toEqual({ provider_communications_created: 3, customers_notified: 3, emails_queued: 4 });
    const mail = await t.smtp.waitFor('front.desk@outside-clinic.test', (m) =>
      m.subject.startsWith('Recall notice: Sent recall'),
    );
    const link = /(http\S+\/provider\/recall-notice-webform\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits
    expect(await t.db('notice_links').where({ token_hash: token }).first()).toBeUndefined(); // stored hashed
    await t.smtp.waitFor('admin@riverside.demo', (m) => m.subject.startsWith('Recall notice: Sent recall'));
    await t.smtp.waitFor('multi@riverside.demo', (m) => m.subject.startsWith('Recall notice: Sent recall'));
    await t.mailer.drain();
    expect(
      t.smtp.messages.filter((m) => m.to.includes('responder@riverside.demo') && m.subject.includes('Sent recall')),
    ).toHaveLength(0);

    // Sending "new" again finds nobody new; "all" notifies everyone again without new provider communications.
    expect((await a.put(`/${id}/send-notification/RECALL?sendType=new`)).body.d).toEqual({
      provider_communications_created: 0,
      customers_notified: 0,
      emails_queued: 0,
    });
    expect((await a.put(`/${id}/send-notification/RECALL?sendType=all`)).body.d).toEqual({
      provider_communications_created: 0,
      customers_notified: 3,
      emails_queued: 4,
    });
    // The history names what happened in facts a sentence can use (the web reads "Notification sent to 3 customers").
    const history = (await a.get(`/${id}/histories`)).body.d as { action: string; facts: object }[];
    expect(history.filter((h) => h.action === 'NOTIFICATION_SENT').map((h) => h.facts)).toEqual([
      { count: 3 },
      { count: 0 },
      { count: 3 },
    ]);
    expect(history.find((h) => h.action === 'RECIPIENTS_ADDED')?.facts).toEqual({ count: 1 });
    const customers = await a.get(`/${id}/customers`);
    expect(customers.body.d.total).toBe(3);
    expect(
      customers.body.d.items.every((c: { provider_communication_id: number | null }) => c.provider_communication_id),
    ).toBe(true);
  });

  it('never duplicates anything when two sends run at once', async () => {
    const a = api(recalls);
    const id = await completeDraft(recalls, 'Concurrent');
    await a.put(`/${id}/approve-recall/RECALL/0`);
    const [x, y] = await Promise.all([
      a.put(`/${id}/send-notification/RECALL`),
      a.put(`/${id}/send-notification/RECALL`),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.d.provider_communications_created + y.body.d.provider_communications_created).toBe(2);
    const pcs = (await t
      .db('provider_communications')
      .where({ communication_id: id })
      .count<{ n: number }[]>({ n: '*' })
      .first()) as { n: number };
    expect(Number(pcs.n)).toBe(2);
    const emails = (await t
      .db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(id) })
      .count<{ n: number }[]>({ n: '*' })
      .first()) as { n: number };
    expect(Number(emails.n)).toBe(3);
  });

  it('holds scheduled notifications until their date', async () => {
    const a = api(recalls);
    const id = await completeDraft(recalls, 'Scheduled');
    await a.put(`/${id}/approve-recall/RECALL/0`);
    const when = new Date(Date.now() + 86_400_000).toISOString();
    await a.put(`/${id}/send-notification/RECALL?notificationDate=${encodeURIComponent(when)}`);
    const rows = (await t
      .db('outbox_emails')
      .where({ reference_id: String(id) })
      .select('next_attempt_at')) as { next_attempt_at: Date }[];
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => new Date(r.next_attempt_at).getTime() > Date.now() + 3_600_000)).toBe(true);
  });

  it("reminds recipients who have not acknowledged, at most the event's maximum", async () => {
    const a = api(recalls);
    const id = await completeDraft(recalls, 'Reminded');
    await a.put(`/${id}/approve-recall/RECALL/0`);
    await a.put(`/${id}/send-notification/RECALL`);
    expect((await a.put(`/${id}/reminders`, { max_reminders: 1 })).status).toBe(200);
    const pcs = (await t.db('provider_communications').where({ communication_id: id }).pluck('id')) as number[];
    await t
      .db('provider_communications')
      .whereIn('id', pcs)
      .update({ last_notified_at: t.db.raw(`now() - interval '4 days'`) });
    await t.db('provider_communications').where({ id: pcs[0] }).update({ acknowledged_at: t.db.fn.now() });
    const result = await sendReminders(t.db, t.config);
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    const reminded = (await t
      .db('provider_communications')
      .whereIn('id', pcs)
      .orderBy('id')
      .pluck('reminder_count')) as number[];
    expect(reminded).toEqual([0, 1]);
    await t
      .db('provider_communications')
      .whereIn('id', pcs)
      .update({ last_notified_at: t.db.raw(`now() - interval '4 days'`) });
    await sendReminders(t.db, t.config);
    expect(
      (await t.db('provider_communications').whereIn('id', pcs).orderBy('id').pluck('reminder_count')) as number[],
    ).toEqual([0, 1]);
    const subjects = (await t
      .db('outbox_emails')
      .where({ reference_id: String(id), kind: 'NOTICE_REMINDER' })
      .pluck('subject')) as string[];
    expect(subjects.every((s) => s.startsWith('Reminder: Recall notice: Reminded'))).toBe(true);
    // Each reminder names the version of the reminder template it was rendered from.
    const versions = (await t
      .db('outbox_emails as o')
      .join('email_template_versions as v', 'v.id', 'o.template_version_id')
      .join('email_templates as tp', 'tp.id', 'v.template_id')
      .where({ 'o.kind': 'NOTICE_REMINDER' })
      .distinct('tp.key')
      .pluck('tp.key')) as string[];
    expect(versions).toEqual(['RECALL_REMINDER']);
  });

  it('records Opened from the pixel and Click from signed links only', async () => {
    // A notice's bodies are rendered when it is sent, signed with the server's key; contentOf is what the sender renders.
    const row = (await t.db('outbox_emails').where({ kind: 'NOTICE' }).first()) as OutboxRow;
    expect(row.html_body).toBeNull();
    const tracking = { secret: t.config.jwtSecret, appUrl: t.config.appUrl };
    const email = { id: row.id, html_body: (await contentOf(t.db, row, tracking)).html! };
    const pixel = /src="([^"]+\/api\/t\/o\/[^"]+)"/.exec(email.html_body)![1]!.replace(/&amp;/g, '&');
    const href = /href="([^"]+\/api\/t\/c\/[^"]+)"/.exec(email.html_body)![1]!.replace(/&amp;/g, '&');
    const local = (u: string) => `${t.baseUrl}${new URL(u).pathname}${new URL(u).search}`;
    const img = await fetch(local(pixel));
    expect(img.headers.get('content-type')).toBe('image/gif');
    const click = await fetch(local(href), { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toContain('/provider/recall-notice-webform?token=');
    const forged = await fetch(
      `${t.baseUrl}/api/t/c/${email.id}?u=${encodeURIComponent('https://evil.test/')}&s=forged`,
      { redirect: 'manual' },
    );
    expect(forged.headers.get('location')).toBe(`${t.config.appUrl}/`);
    // A link whose key has since been rotated out still opens its notice (our own address), but is not recorded.
    const target = new URL(href).searchParams.get('u')!;
    const stale = await fetch(
      `${t.baseUrl}/api/t/c/${email.id}?u=${encodeURIComponent(target)}&s=signed-by-a-removed-key`,
      { redirect: 'manual' },
    );
    expect(stale.headers.get('location')).toBe(target);
    const lookalike = `${t.config.appUrl}.evil.test/provider`;
    const away = await fetch(`${t.baseUrl}/api/t/c/${email.id}?u=${encodeURIComponent(lookalike)}&s=x`, {
      redirect: 'manual',
    });
    expect(away.headers.get('location')).toBe(`${t.config.appUrl}/`);
    const events = (await t
      .db('email_events')
      .where({ outbox_email_id: email.id })
      .orderBy('id')
      .pluck('event')) as string[];
    expect(events).toEqual(['Opened', 'Click']);
  });
});

describe('documents', () => {
  it('uploads documents checked by type and content and serves them through signed links', async () => {
    const id = (await api(recalls).post('/step0', { type: 'RECALL', name: 'Docs', classification: 'CLASSI' })).body.d
      .id;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.7\nhello')], { type: 'application/pdf' }), 'Customer letter.pdf');
    const up = await t.call('POST', `/api/supplier/communications/${id}/documents`, { token: recalls, form });
    expect(up.status).toBe(200);
    const doc = up.body.d[0];
    expect(doc).toMatchObject({ name: 'Customer letter.pdf', extension: 'pdf', type: 'application/pdf', size: 14 });
    const file = await fetch(`${t.baseUrl}${doc.signed_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="Customer letter.pdf"');
    expect(await file.text()).toBe('%PDF-1.7\nhello');
    const review = await fetch(`${t.baseUrl}${doc.signed_url_review}`);
    expect(review.headers.get('content-disposition')).toMatch(/^inline/);
    // File Preview frames it on the app's own page: this origin may, no other (a download or a page still may not).
    expect(review.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(review.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(file.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${t.baseUrl}/api/files/${'x'.repeat(40)}.${'y'.repeat(43)}`)).status).toBe(404);

    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from('MZ...')]), 'setup.exe');
    const refused = await t.call('POST', `/api/supplier/communications/${id}/documents`, { token: recalls, form: bad });
    expect(refused.status).toBe(415);
    expect(refused.body.m).toBe('The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4');
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.pdf');
    expect(
      (await t.call('POST', `/api/supplier/communications/${id}/documents`, { token: recalls, form: empty })).body.m,
    ).toBe('Documented failed to upload. Please try again.');
    expect((await api(recalls).get(`/${id}/documents`)).body.d).toHaveLength(1);
    const del = await t.call('DELETE', `/api/supplier/communications/document/${doc.id}`, { token: recalls });
    expect(del.body.m).toBe('Document deleted successfully.');
    expect((await api(recalls).get(`/${id}/documents`)).body.d).toHaveLength(0);
  });
});

describe('tenancy', () => {
  it('answers 404 to another supplier for events, documents, customers and histories, and lists only its own', async () => {
    const id = await completeDraft(recalls, 'Private to Acme');
    const other = api(borealis);
    for (const path of [`/${id}`, `/${id}/customers`, `/${id}/histories`, `/${id}/documents`])
      expect((await other.get(path)).status, path).toBe(404);
    for (const [path, body] of [
      [`/${id}/close-open`, {}],
      [`/${id}/approve-recall/RECALL/0`, {}],
      [`/${id}/delete/RECALL`, {}],
      [`/${id}/send-notification/RECALL`, {}],
    ] as const) {
      expect((await other.put(path, body)).status, path).toBe(404);
    }
    expect((await other.post('/step1', { id, products: [{ product_name: 'x' }] })).status).toBe(404);
    expect((await other.get('/')).body.d.total).toBe(0);
    const mine = await api(recalls).get(`/?communicationType=RECALL&search=${encodeURIComponent('private to')}`);
    expect(mine.body.d.items.map((i: { name: string }) => i.name)).toEqual(['Private to Acme']);
  });

  it('a provider user cannot reach supplier communications at all', async () => {
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    expect((await api(provider).get('/')).status).toBe(403);
  });
});
