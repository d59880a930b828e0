import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, startTestApp, statementsOf, type TestApp, type World, world } from '@portal/testing';

/**
 * The delivery list: one row per recipient address with its latest notice or reminder email's state, through
 * the real sender and an in-process SMTP server that refuses one address for good; filters, search, pages and totals;
 * and its plan at 10,000 customers.
 */
let t: TestApp;
let w: World;
let riversideAdmin: string;
let check: ReturnType<typeof responseConformance>;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

const BASE = '/api/supplier/communications';
const sup = (method: string, path: string, body?: unknown) =>
  t.call(method, `${BASE}${path}`, { token: w.supplierToken, body });

interface Row {
  row_key: string;
  provider_communication_id: number;
  customer_name: string;
  email: string;
  status: string;
  reason: string | null;
  attempts: number;
  last_attempt_at: string | null;
  acknowledged_at: string | null;
  response_status: string;
  reminders_sent: number;
  next_reminder_at: string | null;
}
interface Page {
  items: Row[];
  total: number;
  totals: Record<string, number>;
  lastUpdated: string | null;
}

/** A Class I recall with one Acknowledge action to Riverside and outside addresses, approved and sent. */
async function send(
  name: string,
  customers: string[],
  options: { notificationDate?: string; riverside?: boolean } = {},
) {
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Pump', lot_number: 'P-1' }] });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm receipt' }] });
  if (options.riverside !== false) await sup('POST', '/step3', { id, provider_organization_ids: [w.riverside] });
  if (customers.length)
    await sup('POST', '/step3/customers', {
      id,
      customers: customers.map((email) => ({ name: `Clinic ${email.split('@')[0]}`, email })),
    });
  expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  const when = options.notificationDate ? `?notificationDate=${encodeURIComponent(options.notificationDate)}` : '';
  expect((await sup('PUT', `/${id}/send-notification/RECALL${when}`)).status).toBe(200);
  return id;
}

const list = async (id: number, query: Record<string, string | number> = {}): Promise<Page> => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await sup('GET', `/${id}/deliveries${qs ? `?${qs}` : ''}`);
  expect(res.status, res.body.m).toBe(200);
  return res.body.d as Page;
};
const byEmail = (page: Page) => Object.fromEntries(page.items.map((r) => [r.email, r]));

/** The path and query of the first link to `/api/t/<kind>/…` in a received email's HTML. */
function trackingLink(html: string, kind: 'o' | 'c'): string {
  const found = new RegExp(`/api/t/${kind}/\\d+\\?[^"'\\s<>]+`).exec(html);
  expect(found, `a /api/t/${kind}/ link`).not.toBeNull();
  return found![0].replace(/&amp;/g, '&');
}

describe('the delivery list', () => {
  let id: number;
  let riversideEmails: string[];

  beforeAll(async () => {
    t.smtp.refuse.add('bounce@clinic.test');
    id = await send('Delivery list', [
      'open@clinic.test',
      'click@clinic.test',
      'sent@clinic.test',
      'bounce@clinic.test',
      'error@clinic.test',
      'retry@clinic.test',
    ]);
    await t.mailer.drain();
    // Opened: the tracking pixel the email carries; clicked: its tracked notice link.
    const opened = await t.smtp.waitFor('open@clinic.test');
    expect((await fetch(`${t.baseUrl}${trackingLink(opened.html, 'o')}`)).status).toBe(200);
    const clicked = await t.smtp.waitFor('click@clinic.test');
    const click = await fetch(`${t.baseUrl}${trackingLink(clicked.html, 'c')}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    // What the relay cannot be made to do here: give up after the last attempt, and wait to retry after a 4xx.
    const emailOf = (to: string) => t.db('outbox_emails').where({ reference_id: String(id), to_email: to });
    await emailOf('error@clinic.test').update({
      status: 'ERROR',
      attempts: 5,
      last_error: '421 4.7.0 Try again later',
    });
    await emailOf('retry@clinic.test').update({
      status: 'DELIVERY',
      attempts: 1,
      sent_at: null,
      last_error: '451 4.3.0 Busy',
      next_attempt_at: t.db.raw(`now() + interval '1 hour'`),
    });
    riversideEmails = (
      (await t
        .db('communication_affected_customers')
        .where({ communication_id: id, customer_key: `org:${w.riverside}` })
        .first('emails')) as { emails: string[] }
    ).emails;
    expect(riversideEmails.length).toBeGreaterThan(1);
    const pc = (await t
      .db('provider_communications')
      .where({ communication_id: id, provider_organization_id: w.riverside })
      .first('id')) as { id: number };
    await t.call('PUT', `/api/provider/communications/${id}/acknowledge/${pc.id}`, { token: riversideAdmin, body: {} });
  });

  it('answers one row per address with the state of its latest email, and totals per status', async () => {
    const page = await check.conforms('get', `${BASE}/{id}/deliveries`, `${BASE}/${id}/deliveries`, w.supplierToken);
    const rows = byEmail(page);
    expect(page.total).toBe(6 + riversideEmails.length);
    expect(rows['open@clinic.test']).toMatchObject({ status: 'OPENED', attempts: 1, reason: null });
    expect(rows['click@clinic.test']).toMatchObject({ status: 'CLICKED', attempts: 1 });
    expect(rows['sent@clinic.test']).toMatchObject({
      status: 'SENT',
      attempts: 1,
      customer_name: 'Clinic sent',
      acknowledged_at: null,
      response_status: 'NOTCOMPLETED',
      reminders_sent: 0,
    });
    expect(rows['sent@clinic.test']!.last_attempt_at).not.toBeNull();
    expect(rows['bounce@clinic.test']).toMatchObject({ status: 'BOUNCED', attempts: 1 });
    expect(rows['bounce@clinic.test']!.reason).toMatch(/550.*Mailbox unavailable/);
    expect(rows['error@clinic.test']).toMatchObject({
      status: 'ERROR',
      attempts: 5,
      reason: '421 4.7.0 Try again later',
    });
    // Waiting to retry is queued, not scheduled, and its last answer is not a reason yet.
    expect(rows['retry@clinic.test']).toMatchObject({ status: 'QUEUED', attempts: 1, reason: null });
    // Riverside's addresses share its provider communication, acknowledged: no reminder is coming.
    const riverside = riversideEmails.map((e) => rows[e]!);
    expect(new Set(riverside.map((r) => r.provider_communication_id)).size).toBe(1);
    expect(
      riverside.every((r) => r.status === 'SENT' && r.acknowledged_at !== null && r.next_reminder_at === null),
    ).toBe(true);
    // The others are due a Class I reminder a day after their notice.
    const sent = (await t
      .db('provider_communications')
      .where({ id: rows['sent@clinic.test']!.provider_communication_id })
      .first('last_notified_at')) as { last_notified_at: Date };
    expect(new Date(rows['sent@clinic.test']!.next_reminder_at!).getTime()).toBe(
      sent.last_notified_at.getTime() + 24 * 3_600_000,
    );
    expect(page.totals).toEqual({
      SCHEDULED: 0,
      QUEUED: 1,
      SENT: 1 + riversideEmails.length,
      OPENED: 1,
      CLICKED: 1,
      BOUNCED: 1,
      ERROR: 1,
    });
  });

  it('filters by status, not opened and not acknowledged, searches, pages and sorts, totals unchanged', async () => {
    const all = await list(id);
    const only = async (query: Record<string, string | number>) => {
      const page = await list(id, query);
      expect(page.totals, JSON.stringify(query)).toEqual(all.totals);
      expect(page.total).toBe(page.items.length);
      return page.items.map((r) => r.email).sort();
    };
    expect(await only({ status: 'BOUNCED' })).toEqual(['bounce@clinic.test']);
    expect(await only({ status: 'OPENED' })).toEqual(['open@clinic.test']);
    expect(await only({ status: 'CLICKED' })).toEqual(['click@clinic.test']);
    expect(await only({ status: 'ERROR' })).toEqual(['error@clinic.test']);
    expect(await only({ status: 'NOT_OPENED' })).toEqual(['sent@clinic.test', ...riversideEmails].sort());
    expect(await only({ status: 'NOT_ACKNOWLEDGED' })).toEqual([
      'bounce@clinic.test',
      'click@clinic.test',
      'error@clinic.test',
      'open@clinic.test',
      'retry@clinic.test',
      'sent@clinic.test',
    ]);
    expect(await only({ search: 'CLICK@' })).toEqual(['click@clinic.test']);
    expect(await only({ search: 'Riverside' })).toEqual([...riversideEmails].sort());
    expect(await only({ search: 'bounce', status: 'SENT' })).toEqual([]);
    // Page after page of 2 in the default order (customer, address): every row once.
    const walked: string[] = [];
    for (let n = 1; n <= Math.ceil(all.total / 2); n++) {
      const page = await list(id, { pageSize: 2, pageNumber: n });
      expect(page.total).toBe(all.total);
      walked.push(...page.items.map((r) => r.row_key));
    }
    expect(walked).toEqual(all.items.map((r) => r.row_key));
    expect(new Set(walked).size).toBe(all.total);
    const names = all.items.map((r) => r.customer_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // Past the end: no rows, the same totals.
    const past = await list(id, { pageSize: 50, pageNumber: 9 });
    expect(past).toMatchObject({ items: [], total: all.total, totals: all.totals });
    const byStatus = (await list(id, { sortField: 'status', sortDirection: 'desc' })).items.map((r) => r.status);
    expect(byStatus).toEqual([...byStatus].sort().reverse());
  });

  it("shows each address's reminders: the latest email, its count and the next one", async () => {
    expect((await sup('POST', `/${id}/remind-now`, {})).body.d).toEqual({ reminded: 6, emails: 6 });
    await t.mailer.drain();
    await t.smtp.waitFor('sent@clinic.test', (m) => m.subject.startsWith('Reminder:'));
    const rows = byEmail(await list(id));
    // The reminder is the latest email: the retry row's reminder went out, the bounced address bounced again.
    expect(rows['retry@clinic.test']).toMatchObject({ status: 'SENT', reminders_sent: 1, attempts: 1 });
    expect(rows['open@clinic.test']).toMatchObject({ status: 'SENT', reminders_sent: 1 });
    expect(rows['bounce@clinic.test']).toMatchObject({ status: 'BOUNCED', reminders_sent: 1 });
    expect(riversideEmails.every((e) => rows[e]!.reminders_sent === 0)).toBe(true);
    const reminded = (await t
      .db('provider_communications')
      .where({ id: rows['open@clinic.test']!.provider_communication_id })
      .first('last_notified_at')) as { last_notified_at: Date };
    expect(new Date(rows['open@clinic.test']!.next_reminder_at!).getTime()).toBe(
      reminded.last_notified_at.getTime() + 24 * 3_600_000,
    );
    const paused = (await sup('PUT', `/${id}/reminders`, { paused: true })).body.d;
    expect(paused.reminders_sent).toBe(6);
    expect((await list(id)).items.every((r) => r.next_reminder_at === null)).toBe(true);
  });

  it('shows a scheduled send as SCHEDULED until its date', async () => {
    const later = await send('Delivery scheduled', ['later1@clinic.test', 'later2@clinic.test'], {
      notificationDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      riverside: false,
    });
    await t.mailer.drain();
    const page = await list(later);
    expect(page.items.map((r) => [r.email, r.status, r.attempts, r.last_attempt_at])).toEqual([
      ['later1@clinic.test', 'SCHEDULED', 0, null],
      ['later2@clinic.test', 'SCHEDULED', 0, null],
    ]);
    expect(page.totals).toMatchObject({ SCHEDULED: 2, QUEUED: 0, SENT: 0 });
    expect((await list(later, { status: 'SCHEDULED' })).total).toBe(2);
  });
});

describe('the delivery list of a 10,000-customer recall', () => {
  it('reads its page, totals and summary in one statement, each address by the outbox index', async () => {
    const id = (await sup('POST', '/step0', { type: 'RECALL', name: 'Large delivery', classification: 'CLASSI' })).body
      .d.id as number;
    await sup('POST', '/step1', { id, products: [{ product_name: 'Pump' }] });
    await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm receipt' }] });
    await sup('POST', '/step3/customers', { id, customers: [{ name: 'Seed clinic', email: 'seed@large.test' }] });
    expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
    // 10,000 customers notified (as a send and its fan-out leave them), 2,000 of them opened: written directly, since
    // sending them through the relay is not what this measures.
    await t.db.raw(
      `INSERT INTO communication_affected_customers (communication_id, organization_id, customer_key, name, emails, source)
       SELECT :id, :org, 'email:big' || g || '@large.test', 'Large clinic ' || g, ARRAY['big' || g || '@large.test'], 'MANUAL'
       FROM generate_series(1, 10000) g`,
      { id, org: w.acme },
    );
    await t.db.raw(
      `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id,
         affected_customer_id, status, response_status, sent_at, last_notified_at)
       SELECT :id, 'RECALL', :org, c.id, 'OPEN', 'NOTCOMPLETED', now(), now()
       FROM communication_affected_customers c WHERE c.communication_id = :id AND c.customer_key LIKE 'email:big%'`,
      { id, org: w.acme },
    );
    await t.db.raw(
      `INSERT INTO outbox_emails (organization_id, kind, to_email, subject, text_body, status, attempts, sent_at,
         reference_type, reference_id, provider_communication_id)
       SELECT :org, 'NOTICE', c.emails[1], 'Recall notice', '', 'SENT', 1, now(), 'communication', :id::text, pc.id
       FROM provider_communications pc JOIN communication_affected_customers c ON c.id = pc.affected_customer_id
       WHERE pc.communication_id = :id`,
      { id, org: w.acme },
    );
    await t.db.raw(
      `INSERT INTO email_events (outbox_email_id, event)
       SELECT o.id, 'Opened' FROM outbox_emails o WHERE o.reference_id = :id::text AND o.id % 5 = 0`,
      { id },
    );
    // And the rest of the table: other events' 40,000 provider communications, so the event is a part of it.
    const other = (await sup('POST', '/step0', { type: 'RECALL', name: 'Other recalls', classification: 'CLASSII' }))
      .body.d.id as number;
    await t.db.raw(
      `WITH customers AS (
         INSERT INTO communication_affected_customers (communication_id, organization_id, customer_key, name, emails, source)
         SELECT :otherEvent, :org, 'email:other' || g || '@large.test', 'Other clinic ' || g, ARRAY['other' || g || '@large.test'],
           'MANUAL'
         FROM generate_series(1, 40000) g RETURNING id)
       INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id,
         affected_customer_id, status, response_status, sent_at, last_notified_at)
       SELECT :otherEvent, 'RECALL', :org, id, 'OPEN', 'NOTCOMPLETED', now(), now() FROM customers`,
      { otherEvent: other, org: w.acme },
    );
    await t.ownerDb.raw(
      'ANALYZE outbox_emails, email_events, provider_communications, communication_affected_customers',
    );

    const { result, statements } = await statementsOf(t.db, () =>
      sup('GET', `/${id}/deliveries?status=OPENED&sortField=email&sortDirection=desc&pageSize=20`),
    );
    const page = result.body.d as Page;
    const opened = Number(
      (
        (await t.db.raw(`SELECT count(*) AS n FROM outbox_emails o WHERE o.reference_id = ?::text AND o.id % 5 = 0`, [
          id,
        ])) as { rows: { n: number }[] }
      ).rows[0]!.n,
    );
    expect(page.total).toBe(opened);
    expect(page.items).toHaveLength(20);
    expect(page.totals).toEqual({
      SCHEDULED: 0,
      QUEUED: 0,
      SENT: 10_000 - opened,
      OPENED: opened,
      CLICKED: 0,
      BOUNCED: 0,
      ERROR: 0,
    });
    // The list is one statement (besides the caller, the event and its plan).
    const list = statements.filter((s) => s.sql.includes('list_total'));
    expect(list).toHaveLength(1);
    const { sql, bindings } = list[0]!;
    const plan = (
      (await t.db.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.replace(/\$\d+/g, '?')}`, bindings as never)) as {
        rows: { 'QUERY PLAN': [{ Plan: object; 'Execution Time': number }] }[];
      }
    ).rows[0]!['QUERY PLAN'][0];
    const nodes: { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string }[] = [];
    const walk = (node: { Plans?: object[] } & (typeof nodes)[number]) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child as typeof node);
    };
    walk(plan.Plan as never);
    const on = (table: string) => nodes.filter((n) => n['Relation Name'] === table);
    // Each address's latest email by the (provider communication, address, id) index, each open by email_events' own;
    // the event's provider communications by an index of the event, never a scan of those tables.
    expect(on('outbox_emails').map((n) => n['Index Name'])).toEqual(['outbox_emails_recipient_idx']);
    expect(on('email_events').every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
    expect(on('provider_communications').every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
    // For the record, not asserted: the statement's time as sent (best of three) and under EXPLAIN ANALYZE.
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await t.db.raw(sql.replace(/\$\d+/g, '?'), bindings as never);
      best = Math.min(best, performance.now() - started);
    }
    console.info(
      `deliveries of 10,000 customers: one statement, ${best.toFixed(1)} ms (${plan['Execution Time'].toFixed(1)} ms under EXPLAIN ANALYZE)`,
    );
  });
});
