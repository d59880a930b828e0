import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historySentence } from '@portal/vocabulary';
import { responseConformance, startTestApp, type TestApp, type World, world } from '@portal/testing';
import { sendReminders } from './services/reminders.js';

/**
 * Reminder plans: the organisation's plan per class with the built-in defaults, an event's own values and
 * pause, the job that sends every due reminder in one run and stops for whoever acknowledges or answers, and remind-now.
 */
let t: TestApp;
let w: World;
let borealis: string;
let admin: string; // Acme's administrator: both permissions
let riversideAdmin: string;
let lakeshoreAdmin: string;
let check: ReturnType<typeof responseConformance>;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  admin = (await t.signIn('admin@acme.demo')).access_token;
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshoreAdmin = (await t.signIn('admin@lakeshore.demo')).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

const BASE = '/api/supplier/communications';
const call = (token: string, method: string, path: string, body?: unknown) => t.call(method, path, { token, body });
const sup = (method: string, path: string, body?: unknown) => call(w.supplierToken, method, `${BASE}${path}`, body);

type EventOptions = {
  type?: 'RECALL' | 'PRODUCT DISRUPTION';
  classification?: string;
  providers?: number[];
  /** Outside addresses, one customer each. */
  customers?: string[];
  /** Approve and send (default true). */
  send?: boolean;
  notificationDate?: string;
};

/** A recall (or advisory) with an Acknowledge and a Text action, to picked providers and outside customers. */
async function event(name: string, options: EventOptions = {}) {
  const type = options.type ?? 'RECALL';
  const token = type === 'RECALL' ? w.supplierToken : w.sourcingToken;
  const as = (method: string, path: string, body?: unknown) => call(token, method, `${BASE}${path}`, body);
  const info =
    type === 'RECALL'
      ? { type, name, classification: options.classification ?? 'CLASSI' }
      : { type, name, subtype: 'SHORTAGE' };
  const id = (await as('POST', '/step0', info)).body.d.id as number;
  await as('POST', '/step1', { id, products: [{ product_name: 'Pump', lot_number: 'P-1' }] });
  await as('POST', '/step2', {
    id,
    actions: [
      { action_type: 'Acknowledge', title: 'Confirm receipt' },
      { action_type: 'Text', title: 'Units on hand' },
    ],
  });
  if (options.providers?.length)
    expect((await as('POST', '/step3', { id, provider_organization_ids: options.providers })).status).toBe(200);
  if (options.customers?.length) {
    const customers = options.customers.map((email) => ({ name: `Clinic ${email.split('@')[0]}`, email }));
    expect((await as('POST', '/step3/customers', { id, customers })).status).toBe(200);
  }
  if (options.send !== false) {
    const approved = await as('PUT', `/${id}/approve-recall/${encodeURIComponent(type)}/0`);
    expect(approved.status, approved.body.m).toBe(200);
    const when = options.notificationDate ? `?notificationDate=${encodeURIComponent(options.notificationDate)}` : '';
    const sent = await as('PUT', `/${id}/send-notification/${encodeURIComponent(type)}${when}`);
    expect(sent.status, sent.body.m).toBe(200);
  }
  const pcs = (await t
    .db('provider_communications as pc')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .where('pc.communication_id', id)
    .select('pc.id', 'pc.provider_organization_id', 'c.emails')) as {
    id: number;
    provider_organization_id: number | null;
    emails: string[];
  }[];
  const pcOf = (key: number | string) =>
    pcs.find((p) => (typeof key === 'number' ? p.provider_organization_id === key : p.emails.includes(key)))!.id;
  const actions = (await t.db('communication_actions').where({ communication_id: id }).select('id', 'title')) as {
    id: number;
    title: string;
  }[];
  return {
    id,
    pcs: pcs.map((p) => p.id),
    pcOf,
    actionOf: (title: string) => actions.find((a) => a.title === title)!.id,
  };
}

/** Makes every recipient of the event last notified `hours` ago. */
const notifiedAgo = (id: number, hours: number) =>
  t
    .db('provider_communications')
    .where({ communication_id: id })
    .update({ last_notified_at: t.db.raw(`now() - make_interval(hours => ?)`, [hours]) });

const countsOf = async (id: number) =>
  (
    (await t.db('provider_communications').where({ communication_id: id }).orderBy('id').select('reminder_count')) as {
      reminder_count: number;
    }[]
  ).map((r) => r.reminder_count);

const historyOf = async (id: number, token = w.supplierToken) =>
  (await call(token, 'GET', `${BASE}/${id}/histories`)).body.d as {
    action: string;
    actor_email: string | null;
    provider_communication_id: number | null;
    before: unknown;
    after: unknown;
    facts: object;
    created_at: string;
  }[];

/** One row of the reminder plans answer (no overdue interval set). */
const plan = (name: string, interval: number, max: number, dueDays: number, isDefault: boolean) => ({
  plan: name,
  interval_hours: interval,
  max_reminders: max,
  due_days: dueDays,
  overdue_interval_hours: null,
  is_default: isDefault,
});

describe('reminder plans of the organisation', () => {
  it('answers the built-in plan per class until the organisation sets its own, and audits the change', async () => {
    const plans = await check.conforms('get', '/api/supplier/reminder-plans', '/api/supplier/reminder-plans', admin);
    expect(plans.items).toEqual([
      plan('CLASSI', 24, 5, 2, true),
      plan('CLASSII', 48, 3, 7, true),
      plan('CLASSIII', 72, 2, 14, true),
      plan('ADVISORY', 72, 2, 14, true),
    ]);
    const saved = await check.conforms('put', '/api/supplier/reminder-plans', '/api/supplier/reminder-plans', admin, {
      items: [
        { plan: 'CLASSIII', interval_hours: 96, max_reminders: 1 },
        { plan: 'ADVISORY', interval_hours: 168, max_reminders: 0 },
      ],
    });
    expect(saved.items).toEqual([
      plan('CLASSI', 24, 5, 2, true),
      plan('CLASSII', 48, 3, 7, true),
      plan('CLASSIII', 96, 1, 14, false),
      plan('ADVISORY', 168, 0, 14, false),
    ]);
    expect((await call(admin, 'GET', '/api/supplier/reminder-plans')).body.d).toEqual(saved);
    const audit = (await t
      .db('audit_events')
      .where({ action: 'REMINDER_PLANS_UPDATED', organization_id: w.acme })
      .first('before', 'after', 'actor_email')) as { before: unknown; after: unknown; actor_email: string };
    expect(audit.actor_email).toBe('admin@acme.demo');
    expect(audit.before).toEqual([plan('CLASSIII', 72, 2, 14, true), plan('ADVISORY', 72, 2, 14, true)]);
    expect(audit.after).toEqual([plan('CLASSIII', 96, 1, 14, false), plan('ADVISORY', 168, 0, 14, false)]);
    // Another organisation keeps the built-in plans.
    const other = (await call(borealis, 'GET', '/api/supplier/reminder-plans')).body.d;
    expect(other.items.every((p: { is_default: boolean }) => p.is_default)).toBe(true);
  });

  it('refuses out-of-range values, an unknown plan and a plan listed twice (400), and another type (403)', async () => {
    const put = (items: unknown[], token = admin) => call(token, 'PUT', '/api/supplier/reminder-plans', { items });
    const refused = async (items: unknown[], message: string | RegExp) => {
      const res = await put(items);
      expect(res.status, JSON.stringify(items)).toBe(400);
      expect(res.body.m).toMatch(message);
    };
    await refused([{ plan: 'CLASSI', interval_hours: 0, max_reminders: 2 }], 'items.0.interval_hours must be >= 1');
    await refused([{ plan: 'CLASSI', interval_hours: 721, max_reminders: 2 }], 'items.0.interval_hours must be <= 720');
    await refused([{ plan: 'CLASSI', interval_hours: 24, max_reminders: 21 }], 'items.0.max_reminders must be <= 20');
    await refused([{ plan: 'CLASSI', interval_hours: 24, max_reminders: -1 }], 'items.0.max_reminders must be >= 0');
    await refused(
      [{ plan: 'CLASSIV', interval_hours: 24, max_reminders: 2 }],
      'items.0.plan must be one of CLASSI, CLASSII, CLASSIII, ADVISORY',
    );
    await refused([{ plan: 'CLASSI', interval_hours: 24 }], 'max_reminders is required');
    await refused(
      [
        { plan: 'CLASSII', interval_hours: 24, max_reminders: 2 },
        { plan: 'CLASSII', interval_hours: 48, max_reminders: 2 },
      ],
      '"CLASSII" is listed twice.',
    );
    // A Recall Coordinator sets the recall classes, not the advisory plan; a Sourcing Coordinator the other way round.
    expect((await put([{ plan: 'ADVISORY', interval_hours: 24, max_reminders: 2 }], w.supplierToken)).status).toBe(403);
    expect((await put([{ plan: 'CLASSI', interval_hours: 24, max_reminders: 2 }], w.sourcingToken)).status).toBe(403);
    // Nothing was written.
    expect((await t.db('reminder_defaults').where({ organization_id: w.acme }).pluck('plan')).sort()).toEqual([
      'ADVISORY',
      'CLASSIII',
    ]);
  });
});

describe("an event's reminders", () => {
  it("follows its class's plan, the organisation's, its own values, and null goes back to the organisation's", async () => {
    const classI = await event('Plan class I', { providers: [w.riverside] });
    const path = `${BASE}/{id}/reminders`;
    const got = await check.conforms('get', path, `${BASE}/${classI.id}/reminders`, w.supplierToken);
    expect(got).toMatchObject({
      plan: 'CLASSI',
      interval_hours: 24,
      max_reminders: 5,
      paused: false,
      source: 'default',
    });
    expect(got.reminders_sent).toBe(0);
    const sentAt = (await t.db('provider_communications').where({ id: classI.pcs[0] }).first('last_notified_at')) as {
      last_notified_at: Date;
    };
    expect(new Date(got.next_reminder_at).getTime()).toBe(sentAt.last_notified_at.getTime() + 24 * 3_600_000);

    // Class III follows the organisation's plan (set above); an unclassified recall follows Class I.
    const classIII = await event('Plan class III', { classification: 'CLASSIII', providers: [w.riverside] });
    expect((await sup('GET', `/${classIII.id}/reminders`)).body.d).toMatchObject({
      plan: 'CLASSIII',
      interval_hours: 96,
      max_reminders: 1,
      source: 'organization',
    });
    const unclassified = await event('Plan unclassified', {
      classification: 'NOT_YET_CLASSIFIED',
      providers: [w.riverside],
    });
    expect((await sup('GET', `/${unclassified.id}/reminders`)).body.d).toMatchObject({
      plan: 'CLASSI',
      source: 'default',
    });
    // An advisory follows the advisory plan: 0 reminders, so none is ever due.
    const advisory = await event('Plan advisory', { type: 'PRODUCT DISRUPTION', providers: [w.riverside] });
    expect((await call(w.sourcingToken, 'GET', `${BASE}/${advisory.id}/reminders`)).body.d).toMatchObject({
      plan: 'ADVISORY',
      interval_hours: 168,
      max_reminders: 0,
      source: 'organization',
      next_reminder_at: null,
    });

    // The event's own interval, the organisation's maximum.
    const own = await check.conforms('put', path, `${BASE}/${classIII.id}/reminders`, w.supplierToken, {
      interval_hours: 6,
    });
    expect(own).toMatchObject({ interval_hours: 6, max_reminders: 1, source: 'event', paused: false });
    const both = (await sup('PUT', `/${classIII.id}/reminders`, { max_reminders: 4 })).body.d;
    expect(both).toMatchObject({ interval_hours: 6, max_reminders: 4, source: 'event' });
    const back = (await sup('PUT', `/${classIII.id}/reminders`, { interval_hours: null, max_reminders: null })).body.d;
    expect(back).toMatchObject({ interval_hours: 96, max_reminders: 1, source: 'organization' });
    // Nothing sent changes nothing.
    expect((await sup('PUT', `/${classIII.id}/reminders`, {})).body.d).toEqual(back);

    const history = (await historyOf(classIII.id)).filter((h) => h.action === 'REMINDERS_CHANGED').reverse();
    expect(history.map((h) => [h.before, h.after])).toEqual([
      [
        { interval_hours: null, max_reminders: null },
        { interval_hours: 6, max_reminders: null },
      ],
      [
        { interval_hours: 6, max_reminders: null },
        { interval_hours: 6, max_reminders: 4 },
      ],
      [
        { interval_hours: 6, max_reminders: 4 },
        { interval_hours: null, max_reminders: null },
      ],
    ]);
    expect(history.every((h) => h.actor_email === 'recalls@acme.demo')).toBe(true);
    expect(historySentence({ action: 'REMINDERS_CHANGED' })).toBe('Reminder plan changed');
    expect(historySentence({ action: 'REMINDERS_CHANGED' }, 'vi')).toBe('Đã thay đổi kế hoạch nhắc nhở');
  });

  it('is set on a draft, refused on a closed event, bounded, and another supplier gets 404', async () => {
    const draft = await event('Plan draft', { providers: [w.riverside], send: false });
    const set = (await sup('PUT', `/${draft.id}/reminders`, { interval_hours: 12, max_reminders: 2 })).body.d;
    expect(set).toMatchObject({ interval_hours: 12, max_reminders: 2, source: 'event', next_reminder_at: null });
    for (const [body, message] of [
      [{ interval_hours: 0 }, 'interval_hours must be >= 1'],
      [{ interval_hours: 721 }, 'interval_hours must be <= 720'],
      [{ max_reminders: 21 }, 'max_reminders must be <= 20'],
      [{ paused: 'maybe' }, 'paused must be boolean'],
    ] as const) {
      const res = await sup('PUT', `/${draft.id}/reminders`, body);
      expect(res.status).toBe(400);
      expect(res.body.m).toBe(message);
    }
    const closed = await event('Plan closed', { providers: [w.riverside] });
    expect((await sup('PUT', `/${closed.id}/close-open`)).status).toBe(200);
    const refused = await sup('PUT', `/${closed.id}/reminders`, { paused: true });
    expect(refused.status).toBe(409);
    expect(refused.body.m).toBe('This event is closed and can no longer be edited.');
    // Closed: nothing is due, and it can be read.
    expect((await sup('GET', `/${closed.id}/reminders`)).body.d.next_reminder_at).toBeNull();

    for (const [method, path] of [
      ['GET', `/${draft.id}/reminders`],
      ['PUT', `/${draft.id}/reminders`],
      ['POST', `/${closed.id}/remind-now`],
      ['GET', `/${closed.id}/deliveries`],
    ] as const)
      expect((await call(borealis, method, `${BASE}${path}`, method === 'GET' ? undefined : {})).status, path).toBe(
        404,
      );
    // A Sourcing Coordinator may not touch a recall's reminders.
    expect((await call(w.sourcingToken, 'GET', `${BASE}/${draft.id}/reminders`)).status).toBe(403);
  });
});

describe('the reminder job', () => {
  it('sends every due reminder in one run, batch after batch, and none again until the next interval', async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => `batch${i}@clinic.test`);
    const e = await event('Reminder batches', { customers: addresses });
    await notifiedAgo(e.id, 25);
    // Each batch kicks the sender as it commits.
    await sendReminders(t.db, t.config, { batch: 2, mail: t.mailer });
    expect(await countsOf(e.id)).toEqual([1, 1, 1, 1, 1]);
    const reminders = (await t
      .db('outbox_emails')
      .where({ reference_id: String(e.id), kind: 'NOTICE_REMINDER' })
      .pluck('to_email')) as string[];
    expect(reminders.sort()).toEqual([...addresses].sort());
    // A run right after finds nothing due for them.
    await sendReminders(t.db, t.config, { batch: 2 });
    expect(await countsOf(e.id)).toEqual([1, 1, 1, 1, 1]);
    // Each recipient's reminder is in the history, by the system, worded in both languages.
    const sent = (await historyOf(e.id)).filter((h) => h.action === 'REMINDER_SENT');
    expect(sent.map((h) => h.provider_communication_id).sort()).toEqual([...e.pcs].sort());
    expect(sent.every((h) => h.actor_email === 'system')).toBe(true);
    // Three transactions of at most two (each row carries its transaction's time).
    expect(new Set(sent.map((h) => h.created_at)).size).toBe(3);
    expect(historySentence({ action: 'REMINDER_SENT' }, 'vi')).toBe('Đã gửi lời nhắc');
    // The reminders reach the relay.
    await t.smtp.waitFor(addresses[4]!, (m) => m.subject.startsWith('Reminder:'));
    expect((await sup('GET', `/${e.id}/reminders`)).body.d.reminders_sent).toBe(5);
  });

  it('stops at the maximum, and for a recipient who acknowledges or submits an answer', async () => {
    const e = await event('Reminder stops', {
      providers: [w.riverside, w.lakeshore],
      customers: ['silent@clinic.test'],
    });
    expect((await sup('PUT', `/${e.id}/reminders`, { max_reminders: 2 })).status).toBe(200);
    const provider = (token: string, method: string, path: string, body?: unknown) =>
      call(token, method, `/api/provider/communications${path}`, body ?? {});
    const riverside = e.pcOf(w.riverside);
    const lakeshore = e.pcOf(w.lakeshore);
    expect((await provider(riversideAdmin, 'PUT', `/${e.id}/acknowledge/${riverside}`)).status).toBe(200);
    const answered = await provider(
      lakeshoreAdmin,
      'PUT',
      `/${e.id}/${lakeshore}/actions/${e.actionOf('Units on hand')}`,
      {
        valueText: '4 units',
        submit: true,
      },
    );
    expect(answered.status, answered.body.m).toBe(200);
    const silent = e.pcOf('silent@clinic.test');
    const remindedOf = async () =>
      Object.fromEntries(
        (
          (await t.db('provider_communications').where({ communication_id: e.id }).select('id', 'reminder_count')) as {
            id: number;
            reminder_count: number;
          }[]
        ).map((r) => [r.id, r.reminder_count]),
      );
    for (const round of [1, 2, 3]) {
      await notifiedAgo(e.id, 25);
      await sendReminders(t.db, t.config);
      // Only the silent recipient, and at most twice.
      expect(await remindedOf(), `round ${round}`).toEqual({
        [riverside]: 0,
        [lakeshore]: 0,
        [silent]: Math.min(round, 2),
      });
    }
    expect((await sup('GET', `/${e.id}/reminders`)).body.d).toMatchObject({
      reminders_sent: 2,
      next_reminder_at: null,
    });
  });

  it('skips a paused event and picks it up again once resumed', async () => {
    const e = await event('Reminder pause', { customers: ['paused@clinic.test'] });
    const paused = (await sup('PUT', `/${e.id}/reminders`, { paused: true })).body.d;
    expect(paused).toMatchObject({ paused: true, next_reminder_at: null });
    await notifiedAgo(e.id, 30);
    await sendReminders(t.db, t.config);
    expect(await countsOf(e.id)).toEqual([0]);
    const resumed = (await sup('PUT', `/${e.id}/reminders`, { paused: false })).body.d;
    expect(resumed.paused).toBe(false);
    expect(new Date(resumed.next_reminder_at).getTime()).toBeLessThan(Date.now());
    await sendReminders(t.db, t.config);
    expect(await countsOf(e.id)).toEqual([1]);
    const actions = (await historyOf(e.id)).map((h) => h.action);
    expect(actions.slice(0, 3)).toEqual(['REMINDER_SENT', 'REMINDERS_RESUMED', 'REMINDERS_PAUSED']);
    expect(historySentence({ action: 'REMINDERS_PAUSED' })).toBe('Reminders paused');
    expect(historySentence({ action: 'REMINDERS_RESUMED' }, 'vi')).toBe('Đã tiếp tục gửi lời nhắc');
  });

  it('counts a scheduled send from its date: nothing is due before the notice leaves', async () => {
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const e = await event('Reminder scheduled', { customers: ['later@clinic.test'], notificationDate: when });
    const got = (await sup('GET', `/${e.id}/reminders`)).body.d;
    expect(new Date(got.next_reminder_at).getTime()).toBe(new Date(when).getTime() + 24 * 3_600_000);
    await sendReminders(t.db, t.config);
    expect(await countsOf(e.id)).toEqual([0]);
  });
});

describe('remind now', () => {
  it('reminds everyone who has neither acknowledged nor answered, at once, counted and in the history', async () => {
    const e = await event('Remind now', {
      providers: [w.riverside],
      customers: ['now1@clinic.test', 'now2@clinic.test'],
    });
    const riverside = e.pcOf(w.riverside);
    await call(riversideAdmin, 'PUT', `/api/provider/communications/${e.id}/acknowledge/${riverside}`, {});
    const first = await check.conforms(
      'post',
      `${BASE}/{id}/remind-now`,
      `${BASE}/${e.id}/remind-now`,
      w.supplierToken,
      {},
    );
    expect(first).toEqual({ reminded: 2, emails: 2 });
    // Again right away: the plan's timing does not hold it back.
    expect((await sup('POST', `/${e.id}/remind-now`, {})).body.d).toEqual({ reminded: 2, emails: 2 });
    const counts = Object.fromEntries(
      (
        (await t.db('provider_communications').where({ communication_id: e.id }).select('id', 'reminder_count')) as {
          id: number;
          reminder_count: number;
        }[]
      ).map((r) => [r.id, r.reminder_count]),
    );
    expect(counts).toEqual({
      [riverside]: 0,
      [e.pcOf('now1@clinic.test')]: 2,
      [e.pcOf('now2@clinic.test')]: 2,
    });
    const history = await historyOf(e.id);
    const sent = history.filter((h) => h.action === 'REMINDER_SENT');
    expect(sent).toHaveLength(4);
    expect(sent.every((h) => h.actor_email === 'recalls@acme.demo')).toBe(true);
    const rounds = history.filter((h) => h.action === 'REMINDERS_SENT_NOW');
    expect(rounds.map((h) => h.facts)).toEqual([{ count: 2 }, { count: 2 }]);
    expect(historySentence({ action: 'REMINDERS_SENT_NOW', facts: { count: 2 } })).toBe(
      'Reminder sent now to 2 customers',
    );
    expect(historySentence({ action: 'REMINDERS_SENT_NOW', facts: { count: 2 } }, 'vi')).toBe(
      'Đã gửi lời nhắc ngay tới 2 khách hàng',
    );
  });

  it('is refused on a draft and on a closed event (409)', async () => {
    const draft = await event('Remind draft', { customers: ['draft@clinic.test'], send: false });
    const refusedDraft = await sup('POST', `/${draft.id}/remind-now`, {});
    expect(refusedDraft.status).toBe(409);
    expect(refusedDraft.body.m).toBe('Approve the event before sending it.');
    const closed = await event('Remind closed', { customers: ['closed@clinic.test'] });
    await sup('PUT', `/${closed.id}/close-open`);
    const refusedClosed = await sup('POST', `/${closed.id}/remind-now`, {});
    expect(refusedClosed.status).toBe(409);
    expect(refusedClosed.body.m).toBe('A closed event cannot be sent; reopen it first.');
  });
});
