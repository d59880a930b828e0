import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf } from '@portal/notifications';
import { historySentence } from '@portal/vocabulary';
import {
  csvRows,
  downloadFile,
  responseConformance,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';
import { sendReminders } from './services/reminders.js';

/**
 * Issue 32, response-due dates: the wizard's date (event and action), the default per class from the organisation's
 * reminder plans, the date set at send when there is none, the notices and emails that carry it, and the shorter
 * reminder interval once it has passed.
 */
let t: TestApp;
let w: World;
let admin: string; // Acme's administrator: both permissions
let borealis: string;
let check: ReturnType<typeof responseConformance>;
let today: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  check = responseConformance(t);
  today = ((await t.db.raw(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)) as { rows: { d: string }[] }).rows[0]!.d;
});
afterAll(() => t.close());

const BASE = '/api/supplier/communications';
const call = (token: string, method: string, path: string, body?: unknown) => t.call(method, path, { token, body });
const sup = (method: string, path: string, body?: unknown, token = w.supplierToken) =>
  call(token, method, `${BASE}${path}`, body);

/** `days` after `from` (YYYY-MM-DD). */
const plus = (from: string, days: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Draft = {
  type?: 'RECALL' | 'PRODUCT DISRUPTION';
  classification?: string;
  response_due_date?: string | null;
  actionDue?: string | null;
};

/** A draft recall (or advisory) with two actions, the first with its own due date when given, to Riverside. */
async function draft(name: string, options: Draft = {}) {
  const type = options.type ?? 'RECALL';
  const token = type === 'RECALL' ? w.supplierToken : w.sourcingToken;
  const info =
    type === 'RECALL'
      ? { type, name, classification: options.classification ?? 'CLASSI' }
      : { type, name, subtype: 'SHORTAGE' };
  const saved = await sup(
    'POST',
    '/step0',
    {
      ...info,
      ...(options.response_due_date !== undefined ? { response_due_date: options.response_due_date } : {}),
    },
    token,
  );
  expect(saved.status, saved.body.m).toBe(200);
  const id = saved.body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Pump', lot_number: 'P-1' }] }, token);
  const step2 = await sup(
    'POST',
    '/step2',
    {
      id,
      actions: [
        {
          action_type: 'Acknowledge',
          title: 'Confirm receipt',
          ...(options.actionDue !== undefined ? { due_date: options.actionDue } : {}),
        },
        { action_type: 'Text', title: 'Units on hand' },
      ],
    },
    token,
  );
  expect(step2.status, step2.body.m).toBe(200);
  expect((await sup('POST', '/step3', { id, provider_organization_ids: [w.riverside] }, token)).status).toBe(200);
  return { id, type, token };
}

/** Approves and sends a draft (scheduled when `notificationDate` is given). */
async function send(event: { id: number; type: string; token: string }, notificationDate?: string) {
  const type = encodeURIComponent(event.type);
  expect((await sup('PUT', `/${event.id}/approve-recall/${type}/0`, undefined, event.token)).status).toBe(200);
  const when = notificationDate ? `?notificationDate=${encodeURIComponent(notificationDate)}` : '';
  const sent = await sup('PUT', `/${event.id}/send-notification/${type}${when}`, undefined, event.token);
  expect(sent.status, sent.body.m).toBe(200);
}

const pcsOf = async (id: number) =>
  (await t.db('provider_communications').where({ communication_id: id }).orderBy('id').select('id', 'due_date')) as {
    id: number;
    due_date: string | null;
  }[];

describe('the default per class', () => {
  it("offers today plus the class's built-in days, then the organisation's own, in the event and the plans", async () => {
    const days: [Draft, number][] = [
      [{ classification: 'CLASSI' }, 2],
      [{ classification: 'CLASSII' }, 7],
      [{ classification: 'CLASSIII' }, 14],
      [{ classification: 'NOT_YET_CLASSIFIED' }, 2],
      [{ type: 'PRODUCT DISRUPTION' }, 14],
    ];
    for (const [options, n] of days) {
      const { id, token } = await draft(`Default ${options.classification ?? options.type}`, options);
      const detail = await check.conforms('get', `${BASE}/{id}`, `${BASE}/${id}`, token);
      expect([detail.response_due_date, detail.response_due_date_default], JSON.stringify(options)).toEqual([
        null,
        plus(today, n),
      ]);
    }

    // The organisation sets Class II to 5 days and an overdue interval; other plans keep their values.
    const saved = await check.conforms('put', '/api/supplier/reminder-plans', '/api/supplier/reminder-plans', admin, {
      items: [{ plan: 'CLASSII', interval_hours: 48, max_reminders: 3, due_days: 5, overdue_interval_hours: 12 }],
    });
    expect(saved.items.find((p: { plan: string }) => p.plan === 'CLASSII')).toEqual({
      plan: 'CLASSII',
      interval_hours: 48,
      max_reminders: 3,
      due_days: 5,
      overdue_interval_hours: 12,
      is_default: false,
    });
    const classII = await draft('Default Class II after', { classification: 'CLASSII' });
    expect((await sup('GET', `/${classII.id}`)).body.d.response_due_date_default).toBe(plus(today, 5));
    // Audited with before and after.
    const audit = (await t
      .db('audit_events')
      .where({ action: 'REMINDER_PLANS_UPDATED', organization_id: w.acme })
      .orderBy('id', 'desc')
      .first('before', 'after')) as { before: { due_days: number }[]; after: { due_days: number }[] };
    expect([audit.before[0]!.due_days, audit.after[0]!.due_days]).toEqual([7, 5]);

    // Left out, the days and the overdue interval stay; null puts back the built-in days and no overdue interval.
    const kept = await call(admin, 'PUT', '/api/supplier/reminder-plans', {
      items: [{ plan: 'CLASSII', interval_hours: 36, max_reminders: 3 }],
    });
    expect(kept.body.d.items[1]).toMatchObject({ interval_hours: 36, due_days: 5, overdue_interval_hours: 12 });
    const cleared = await call(admin, 'PUT', '/api/supplier/reminder-plans', {
      items: [{ plan: 'CLASSII', interval_hours: 48, max_reminders: 3, due_days: null, overdue_interval_hours: null }],
    });
    expect(cleared.body.d.items[1]).toMatchObject({ due_days: 7, overdue_interval_hours: null, is_default: false });
    await call(admin, 'PUT', '/api/supplier/reminder-plans', {
      items: [{ plan: 'CLASSII', interval_hours: 48, max_reminders: 3, due_days: 5 }],
    });

    // Another supplier keeps the built-in days.
    const other = (await call(borealis, 'GET', '/api/supplier/reminder-plans')).body.d.items as { due_days: number }[];
    expect(other.map((p) => p.due_days)).toEqual([2, 7, 14, 14]);
  });

  it('refuses days and intervals out of bounds (400)', async () => {
    const put = (item: object) =>
      call(admin, 'PUT', '/api/supplier/reminder-plans', {
        items: [{ plan: 'CLASSIII', interval_hours: 72, max_reminders: 2, ...item }],
      });
    for (const item of [{ due_days: 366 }, { due_days: -1 }, { overdue_interval_hours: 0 }, { due_days: 'soon' }])
      expect((await put(item)).status, JSON.stringify(item)).toBe(400);
  });
});

describe('the date at send', () => {
  it("sets the send date plus the plan's days when the supplier gave none, and records it", async () => {
    const event = await draft('Due at send', { classification: 'CLASSII' }); // 5 days (set above)
    await send(event);
    const detail = (await sup('GET', `/${event.id}`)).body.d;
    expect(detail.response_due_date).toBe(plus(today, 5));
    // Each provider communication carries it (a trigger).
    expect((await pcsOf(event.id)).map((p) => p.due_date)).toEqual([plus(today, 5)]);
    const history = (await sup('GET', `/${event.id}/histories`)).body.d as {
      action: string;
      before: unknown;
      after: unknown;
      is_change: boolean;
    }[];
    const entry = history.find((h) => h.action === 'RESPONSE_DUE_DATE_SET')!;
    expect(entry).toMatchObject({
      before: { response_due_date: null },
      after: { response_due_date: plus(today, 5), due_days: 5, plan: 'CLASSII' },
      is_change: false,
    });
    expect(historySentence({ action: 'RESPONSE_DUE_DATE_SET' })).toBe('Response due date set');
  });

  it("counts a scheduled send's days from its date", async () => {
    const event = await draft('Due scheduled', { type: 'PRODUCT DISRUPTION' }); // 14 days
    const later = plus(today, 3);
    await send(event, `${later}T12:00:00.000Z`);
    expect((await sup('GET', `/${event.id}`, undefined, event.token)).body.d.response_due_date).toBe(plus(later, 14));
  });

  it("keeps the supplier's own date, shows it to the recipient with the days left, and prints it in the email", async () => {
    const own = plus(today, 10);
    const actionDue = plus(today, 4);
    const event = await draft('Due own', { classification: 'CLASSI', response_due_date: own, actionDue });
    const detail = (await sup('GET', `/${event.id}`)).body.d;
    expect(detail.response_due_date).toBe(own);
    expect(detail.actions.map((a: { due_date: string | null }) => a.due_date)).toEqual([actionDue, null]);
    await send(event);
    expect((await sup('GET', `/${event.id}`)).body.d.response_due_date).toBe(own);
    const [pc] = await pcsOf(event.id);
    expect(pc!.due_date).toBe(own);
    expect(
      (await t.db('communication_history').where({ communication_id: event.id, action: 'RESPONSE_DUE_DATE_SET' }))
        .length,
    ).toBe(0);
    // The supplier's actions tab lists each action's date.
    const actions = await check.conforms('get', `${BASE}/{id}/actions`, `${BASE}/${event.id}/actions`, w.supplierToken);
    expect(actions.map((a: { due_date: string | null }) => a.due_date)).toEqual([actionDue, null]);

    // The notice as its recipient sees it (here through the supplier's view of it).
    const view = await check.conforms(
      'get',
      `${BASE}/{id}/view/{pcId}`,
      `${BASE}/${event.id}/view/${pc!.id}`,
      w.supplierToken,
    );
    expect([view.communication.response_due_date, view.communication.days_left]).toEqual([own, 10]);
    expect(view.provider_communication).toMatchObject({ due_date: own, days_left: 10, overdue: false });
    expect(view.actions.map((a: { due_date: string | null }) => a.due_date)).toEqual([actionDue, null]);
    // The provider's own view of it.
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    const provider = await check.conforms(
      'get',
      '/api/provider/communications/{id}/provider-recall/{x}',
      `/api/provider/communications/${event.id}/provider-recall/${pc!.id}`,
      riverside,
    );
    expect([provider.communication.response_due_date, provider.provider_communication.overdue]).toEqual([own, false]);

    // The notice email: "Please respond by …" in the recipient's language.
    const email = (await t
      .db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(event.id), kind: 'NOTICE' })
      .first()) as Parameters<typeof contentOf>[1] & { template_values: { values: Record<string, string> } };
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${own}T00:00:00Z`),
    );
    expect(email.template_values.values).toMatchObject({ due_date: expected, overdue: '' });
    expect((await contentOf(t.db, email)).html).toContain(`Please respond by ${expected}.`);
  });

  it('moves after approval with postupdate; each notice follows; a bad date is refused', async () => {
    const event = await draft('Due moved', { classification: 'CLASSIII' });
    await send(event);
    const moved = plus(today, 30);
    const res = await sup('POST', `/${event.id}/postupdate`, { changes: { response_due_date: moved } });
    expect(res.status, res.body.m).toBe(200);
    expect((await pcsOf(event.id)).map((p) => p.due_date)).toEqual([moved]);
    expect(
      (await sup('POST', `/${event.id}/postupdate`, { changes: { response_due_date: '2026-02-30' } })).status,
    ).toBe(400);
    // Another supplier's event: 404, nothing changed.
    expect(
      (await sup('POST', `/${event.id}/postupdate`, { changes: { response_due_date: moved } }, borealis)).status,
    ).toBe(404);
  });
});

describe('invalid dates', () => {
  it('refuses a date that is not a real day, or outside 2010-2030, on the event and on an action (400)', async () => {
    const { id } = await draft('Due invalid');
    for (const bad of ['2026-02-30', '2031-01-01', '2009-12-31', 'tomorrow', '12/01/2026', 20261201]) {
      const step0 = await sup('POST', '/step0', {
        id,
        type: 'RECALL',
        name: 'Due invalid',
        classification: 'CLASSI',
        response_due_date: bad,
      });
      expect(step0.status, String(bad)).toBe(400);
      const step2 = await sup('POST', '/step2', {
        id,
        actions: [{ action_type: 'Acknowledge', title: 'Ok', due_date: bad }],
      });
      expect(step2.status, String(bad)).toBe(400);
    }
    expect((await sup('GET', `/${id}`)).body.d.response_due_date).toBeNull();
    // Null clears it; a leap day is a day.
    const ok = await sup('POST', '/step0', {
      id,
      type: 'RECALL',
      name: 'Due invalid',
      classification: 'CLASSI',
      response_due_date: '2028-02-29',
    });
    expect(ok.body.d.response_due_date).toBe('2028-02-29');
  });
});

describe('reminders past the due date', () => {
  /** Sends a Class I recall due `dueIn` days from today (negative: already past) and notifies it `hours` ago. */
  async function sentDue(name: string, dueIn: number, hours: number) {
    const event = await draft(name, { classification: 'CLASSI', response_due_date: plus(today, dueIn) });
    await send(event);
    await t
      .db('provider_communications')
      .where({ communication_id: event.id })
      .update({ last_notified_at: t.db.raw(`now() - make_interval(hours => ?)`, [hours]) });
    return event.id;
  }
  const reminders = async (id: number) =>
    (
      (await t.db('provider_communications').where({ communication_id: id }).first('reminder_count')) as {
        reminder_count: number;
      }
    ).reminder_count;

  it("uses the organisation's overdue interval once the due date has passed, and the plan's before", async () => {
    // Without an overdue interval the plan's 24 hours hold.
    const before = await sentDue('Overdue without interval', -1, 7);
    await sendReminders(t.db, t.config);
    expect(await reminders(before)).toBe(0);

    await call(admin, 'PUT', '/api/supplier/reminder-plans', {
      items: [{ plan: 'CLASSI', interval_hours: 24, max_reminders: 5, overdue_interval_hours: 6 }],
    });
    const overdue = await sentDue('Overdue', -1, 7);
    const notYet = await sentDue('Not yet due', 3, 7);
    const settings = await check.conforms(
      'get',
      `${BASE}/{id}/reminders`,
      `${BASE}/${overdue}/reminders`,
      w.supplierToken,
    );
    expect(settings).toMatchObject({ interval_hours: 24, overdue_interval_hours: 6, current_interval_hours: 6 });
    expect((await sup('GET', `/${notYet}/reminders`)).body.d.current_interval_hours).toBe(24);

    await sendReminders(t.db, t.config);
    expect([await reminders(overdue), await reminders(notYet), await reminders(before)]).toEqual([1, 0, 1]);
    // The reminder says it was due.
    const email = (await t
      .db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(overdue), kind: 'NOTICE_REMINDER' })
      .first()) as Parameters<typeof contentOf>[1];
    expect((await contentOf(t.db, email)).html).toContain('Your response was due on');
    // The recipient's notice reads overdue, and the reports say so in their last columns.
    const [pc] = await pcsOf(overdue);
    const view = (await sup('GET', `/${overdue}/view/${pc!.id}`)).body.d;
    expect([view.communication.days_left, view.provider_communication.overdue]).toEqual([-1, true]);
    const report = csvRows(
      (await downloadFile(t, `${BASE}/${overdue}/recalleventstatusreport/csv`, w.supplierToken, 'UTC')).body,
    );
    const [y, m, d] = plus(today, -1).split('-');
    expect(report[0]!.slice(-3)).toEqual(['Response Due', 'Overdue', 'Not Affected']);
    expect(report[1]!.slice(-3)).toEqual([`${m}/${d}/${y}`, 'Yes', '']);
    // A longer overdue interval never lengthens the plan.
    await call(admin, 'PUT', '/api/supplier/reminder-plans', {
      items: [{ plan: 'CLASSI', interval_hours: 24, max_reminders: 5, overdue_interval_hours: 48 }],
    });
    expect((await sup('GET', `/${overdue}/reminders`)).body.d.current_interval_hours).toBe(24);
  });
});
