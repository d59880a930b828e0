import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, findOrCreateUser } from '@portal/organizations';
import {
  DEMO_PASSWORD,
  responseConformance,
  sendCommunication,
  startTestApp,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator: both types, the system and its sites
let responder: string; // Riverside Responder: Provider_ResponderRole only
let lakeshore: string; // another provider
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  adminId = ((await t.db('users').where({ email: 'admin@riverside.demo' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

type Item = {
  id: number;
  communication_id: number;
  name: string;
  classification: string | null;
  due_date: string | null;
  days_left: number | null;
  overdue: boolean;
  site_id: number | null;
  site_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
  delegate_email: string | null;
  delegated_at: string | null;
  acknowledged_at: string | null;
  response_status: string;
};

const section = async (token: string, name: string, extra = '') => {
  const res = await t.call('GET', `/api/provider/worklist?section=${name}&pageSize=100${extra}`, { token });
  expect(res.status, res.body.m).toBe(200);
  return res.body.d as { items: Item[]; total: number; totalCapped?: boolean };
};
const counts = async (token: string) => {
  const res = await t.call('GET', '/api/provider/worklist/counts', { token });
  expect(res.status, res.body.m).toBe(200);
  return res.body.d as Record<string, number> & { capped: string[] };
};
/** The items of a section that are among `ids`, in the section's order. */
const among = (items: Item[], ids: number[]) => items.filter((i) => ids.includes(i.id)).map((i) => i.id);

/** A date `days` from the database's today ('YYYY-MM-DD'). */
async function day(days: number): Promise<string> {
  const { rows } = (await t.db.raw('SELECT (current_date + ?::int)::text AS d', [days])) as { rows: { d: string }[] };
  return rows[0]!.d;
}

/** Sends a recall (or advisory) and sets its class and due date as the supplier's wizard would have. */
async function send(
  name: string,
  options: {
    providers?: number[];
    sites?: number[];
    type?: 'RECALL' | 'PRODUCT DISRUPTION';
    classification?: string | null;
    due?: number | null;
    actions?: string[];
  } = {},
) {
  const e = await sendCommunication(t, w, name, {
    providers: options.providers ?? [w.riverside],
    sites: options.sites,
    type: options.type,
    actions: options.actions ?? ['Text'],
  });
  const patch: Record<string, unknown> = {};
  if (options.classification !== undefined) patch.classification = options.classification;
  if (options.due !== undefined) patch.response_due_date = options.due === null ? null : await day(options.due);
  if (Object.keys(patch).length) await t.db('communications').where({ id: e.id }).update(patch);
  return e;
}

const acknowledge = async (token: string, id: number, pc: number) =>
  expect(
    (await t.call('PUT', `/api/provider/communications/${id}/acknowledge/${pc}`, { token, body: {} })).status,
  ).toBe(200);

describe('the worklist sections', () => {
  it('orders each section Class I first, then the nearest due date (none last), then the oldest notice', async () => {
    const c2late = await send('Order II late', { classification: 'CLASSII', due: 20 });
    const c1none = await send('Order I no date', { classification: 'CLASSI', due: null });
    const c2soon = await send('Order II soon', { classification: 'CLASSII', due: 2 });
    const c1late = await send('Order I late', { classification: 'CLASSI', due: 30 });
    const c3 = await send('Order III', { classification: 'CLASSIII', due: 1 });
    const advisory = await send('Order advisory', { type: 'PRODUCT DISRUPTION', due: -1 });
    const c1soon = await send('Order I soon', { classification: 'CLASSI', due: 5 });
    const ids = [c2late, c1none, c2soon, c1late, c3, advisory, c1soon].map((e) => e.pcOf(w.riverside));
    const expected = [c1soon, c1late, c1none, c2soon, c2late, c3, advisory].map((e) => e.pcOf(w.riverside));
    const open = await section(admin, 'unacknowledged');
    expect(among(open.items, ids)).toEqual(expected);
    const first = open.items.find((i) => i.id === c1soon.pcOf(w.riverside))!;
    expect(first).toMatchObject({
      communication_id: c1soon.id,
      name: 'Order I soon',
      classification: 'CLASSI',
      due_date: await day(5),
      days_left: 5,
      overdue: false,
      site_id: null,
      owner_id: null,
      delegate_email: null,
      acknowledged_at: null,
      response_status: 'NOTCOMPLETED',
    });

    // Acknowledged, they move to awaiting answers in the same order.
    for (const e of [c1late, c2soon, c3]) await acknowledge(admin, e.id, e.pcOf(w.riverside));
    expect(among((await section(admin, 'awaiting')).items, ids)).toEqual(
      [c1late, c2soon, c3].map((e) => e.pcOf(w.riverside)),
    );
    expect(among((await section(admin, 'unacknowledged')).items, ids)).toEqual(
      [c1soon, c1none, c2late, advisory].map((e) => e.pcOf(w.riverside)),
    );
    // The advisory is past its date: overdue, whether acknowledged or not; a reclassified event moves.
    const overdue = await section(admin, 'overdue');
    expect(overdue.items.find((i) => i.id === advisory.pcOf(w.riverside))).toMatchObject({
      overdue: true,
      days_left: -1,
    });
    expect(among(overdue.items, ids)).toEqual([advisory.pcOf(w.riverside)]);
    await t.db('communications').where({ id: c3.id }).update({ classification: 'CLASSI' });
    expect(among((await section(admin, 'awaiting')).items, ids)).toEqual(
      [c3, c1late, c2soon].map((e) => e.pcOf(w.riverside)),
    );
  });

  it('overdue: open, not completed and past the due date; completed or closed ones leave every section', async () => {
    const past = await send('Overdue past', { due: -3 });
    const today = await send('Overdue today', { due: 0 });
    const done = await send('Overdue done', { due: -5 });
    const closed = await send('Overdue closed event', { due: -4 });
    const ids = [past, today, done, closed].map((e) => e.pcOf(w.riverside));
    expect(among((await section(admin, 'overdue')).items, ids)).toEqual([
      done.pcOf(w.riverside),
      closed.pcOf(w.riverside),
      past.pcOf(w.riverside),
    ]);
    await t
      .db('provider_communications')
      .where({ id: done.pcOf(w.riverside) })
      .update({ response_status: 'COMPLETED' });
    // The event itself closed (its notice left as it was): it needs nobody's attention any more.
    await t.db('communications').where({ id: closed.id }).update({ status: 'CLOSED' });
    for (const name of ['overdue', 'unacknowledged', 'awaiting'])
      expect(among((await section(admin, name)).items, ids)).toEqual(
        name === 'awaiting'
          ? []
          : [past.pcOf(w.riverside)].concat(name === 'unacknowledged' ? [today.pcOf(w.riverside)] : []),
      );
    // Closed by the supplier: notices close with it.
    expect(
      (await t.call('PUT', `/api/supplier/communications/${past.id}/close-open`, { token: w.supplierToken })).status,
    ).toBe(200);
    expect(among((await section(admin, 'overdue')).items, ids)).toEqual([]);
  });

  it('delegated: an active delegation whose delegate has not answered, with the newest such delegate', async () => {
    const e = await send('Delegated recall', { classification: 'CLASSII', due: 4 });
    const other = await send('Delegated action recall', {
      classification: 'CLASSI',
      due: 9,
      actions: ['Text', 'YesNo'],
    });
    const pc = e.pcOf(w.riverside);
    const pv = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/provider/communications${path}`, { token: admin, body });
    expect((await pv('POST', `/${e.id}/${pc}/0`, { email: 'first@outside.test' })).status).toBe(200);
    expect((await pv('POST', `/${e.id}/${pc}/0`, { email: 'second@outside.test' })).status).toBe(200);
    const otherPc = other.pcOf(w.riverside);
    expect(
      (await pv('POST', `/${other.id}/${otherPc}/${other.actionOf('Text')}`, { email: 'action@outside.test' })).status,
    ).toBe(200);
    const delegated = await section(admin, 'delegated');
    expect(among(delegated.items, [pc, otherPc])).toEqual([otherPc, pc]);
    expect(delegated.items.find((i) => i.id === pc)).toMatchObject({ delegate_email: 'second@outside.test' });
    expect(delegated.items.find((i) => i.id === pc)!.delegated_at).toBeTruthy();
    // Other sections carry no delegate.
    expect((await section(admin, 'unacknowledged')).items.find((i) => i.id === pc)).toMatchObject({
      delegate_email: null,
      delegated_at: null,
    });

    // The action's delegate answers through the emailed link: that delegation no longer waits.
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i++) {
      await t.mailer.drain();
      token = t.smtp.messages
        .filter((m) => m.to.includes('action@outside.test'))
        .map((m) => /delegate-webform\?token=([\w-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      if (!token) await new Promise((r) => setTimeout(r, 50));
    }
    const answered = await t.call('PUT', `/api/delegate/update-delegate/${other.actionOf('Text')}?token=${token}`, {
      body: { valueText: 'Checked, none here' },
    });
    expect(answered.status, answered.body.m).toBe(200);
    // Still open and unanswered as a whole (another action waits): it leaves the delegated section only.
    expect(answered.body.d.response_status).toBe('NOTCOMPLETED');
    expect(among((await section(admin, 'unacknowledged')).items, [otherPc])).toEqual([otherPc]);
    expect(among((await section(admin, 'delegated')).items, [pc, otherPc])).toEqual([pc]);
    // Revoked delegations wait for nobody.
    await t.db('provider_delegates').where({ provider_communication_id: pc }).update({ status: 'REVOKED' });
    expect(among((await section(admin, 'delegated')).items, [pc, otherPc])).toEqual([]);
  });

  it("assigned: the caller's own notices, with the owner's name", async () => {
    const mine = await send('Assigned to me', { classification: 'CLASSII', due: 3, sites: [w.north] });
    const theirs = await send('Assigned to someone else', { classification: 'CLASSI', due: 3 });
    const responderId = (
      (await t.db('users').where({ email: 'responder@riverside.demo' }).first('id')) as { id: number }
    ).id;
    await t.db('provider_communication_owners').insert([
      { provider_communication_id: mine.pcOf(w.north), organization_id: w.north, user_id: adminId },
      { provider_communication_id: theirs.pcOf(w.riverside), organization_id: w.riverside, user_id: responderId },
    ]);
    const assigned = await section(admin, 'assigned');
    expect(among(assigned.items, [mine.pcOf(w.north), theirs.pcOf(w.riverside)])).toEqual([mine.pcOf(w.north)]);
    expect(assigned.items.find((i) => i.id === mine.pcOf(w.north))).toMatchObject({
      owner_id: adminId,
      owner_name: 'Rita Riverside',
      site_id: w.north,
      site_name: 'Riverside North Campus',
    });
    // Every section names the owner.
    expect((await section(admin, 'unacknowledged')).items.find((i) => i.id === theirs.pcOf(w.riverside))).toMatchObject(
      {
        owner_name: 'Ray Responder',
      },
    );
  });
});

describe('counts, scope and permissions', () => {
  it('counts each section as its total does, and follows changes', async () => {
    const before = await counts(admin);
    for (const name of ['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned'])
      expect(before[name], name).toBe((await section(admin, name)).total);
    expect(before.capped).toEqual([]);
    const e = await send('Counted recall', { due: -2 });
    expect(await counts(admin)).toMatchObject({
      unacknowledged: before.unacknowledged! + 1,
      overdue: before.overdue! + 1,
      awaiting: before.awaiting,
    });
    await acknowledge(admin, e.id, e.pcOf(w.riverside));
    expect(await counts(admin)).toMatchObject({
      unacknowledged: before.unacknowledged,
      awaiting: before.awaiting! + 1,
      overdue: before.overdue! + 1,
    });
  });

  it("never shows another tenant's notices, and a site user sees its site only", async () => {
    const both = await send('Tenant split recall', { providers: [w.riverside, w.lakeshore], sites: [w.south] });
    const lakeOnly = await send('Lakeshore only recall', { providers: [w.lakeshore] });
    const ids = [both.pcOf(w.riverside), both.pcOf(w.south), both.pcOf(w.lakeshore), lakeOnly.pcOf(w.lakeshore)];
    expect(among((await section(admin, 'unacknowledged')).items, ids).sort()).toEqual(
      [both.pcOf(w.riverside), both.pcOf(w.south)].sort(),
    );
    expect(among((await section(lakeshore, 'unacknowledged')).items, ids).sort()).toEqual(
      [both.pcOf(w.lakeshore), lakeOnly.pcOf(w.lakeshore)].sort(),
    );

    const user = await findOrCreateUser(t.db, {
      email: 'nurse@south.riverside.demo',
      password: DEMO_PASSWORD,
      first_name: 'Sam',
      last_name: 'South',
      status: 'VERIFIED',
    });
    const role = (await t.db('roles').where({ organization_id: w.south, name: 'Administrator' }).first('id')) as {
      id: number;
    };
    await addMembership(t.db, user.id, w.south, role.id);
    const site = (await t.signIn('nurse@south.riverside.demo')).access_token;
    const siteItems = (await section(site, 'unacknowledged')).items;
    expect(among(siteItems, ids)).toEqual([both.pcOf(w.south)]);
    expect(siteItems.every((i) => i.site_id === null)).toBe(true);

    // A notice delegated at North, then moved to South: its delegation now waits on South's worklist.
    const moved = await send('Moved delegated recall', { providers: [], sites: [w.north] });
    const pc = moved.pcOf(w.north);
    const delegated = await t.call('POST', `/api/provider/communications/${moved.id}/${pc}/0`, {
      token: admin,
      body: { email: 'mover@outside.test' },
    });
    expect(delegated.status).toBe(200);
    expect(among((await section(site, 'delegated')).items, [pc])).toEqual([]);
    expect(
      (await t.call('GET', `/api/provider/communications/${pc}/switch-sites/${w.south}`, { token: admin })).status,
    ).toBe(200);
    expect((await section(site, 'delegated')).items.filter((i) => i.id === pc)).toEqual([
      expect.objectContaining({ delegate_email: 'mover@outside.test' }),
    ]);
    expect((await counts(site)).delegated).toBe(1);
  });

  it('shows only the types the caller manages; a Responder and a supplier get 403', async () => {
    const recall = await send('Typed recall', { due: 1 });
    const advisory = await send('Typed advisory', { type: 'PRODUCT DISRUPTION', due: 1 });
    const ids = [recall.pcOf(w.riverside), advisory.pcOf(w.riverside)];
    expect(among((await section(admin, 'unacknowledged')).items, ids).sort()).toEqual([...ids].sort());
    // A Recall Coordinator of Riverside (no Provider_ManageDisruption) sees the recall only, and counts only recalls.
    const multi = (await t.signIn('multi@riverside.demo', { orgId: w.riverside })).access_token;
    const recallsOnly = await section(multi, 'unacknowledged');
    expect(among(recallsOnly.items, ids)).toEqual([recall.pcOf(w.riverside)]);
    expect((await counts(multi)).unacknowledged).toBe(recallsOnly.total);
    expect((await counts(multi)).unacknowledged).toBeLessThan((await counts(admin)).unacknowledged!);
    for (const token of [responder, w.supplierToken]) {
      expect((await t.call('GET', '/api/provider/worklist?section=overdue', { token })).status).toBe(403);
      expect((await t.call('GET', '/api/provider/worklist/counts', { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/provider/worklist?section=overdue')).status).toBe(401);
  });

  it('refuses a bad section or paging with 400, and holds its answers to the declared schemas', async () => {
    for (const q of ['', '?section=everything', '?section=overdue&pageSize=101', '?section=overdue&pageNumber=0'])
      expect((await t.call('GET', `/api/provider/worklist${q}`, { token: admin })).status, q).toBe(400);
    const deep = await t.call('GET', '/api/provider/worklist?section=overdue&pageNumber=51&pageSize=20', {
      token: admin,
    });
    expect([deep.status, deep.body.error?.code]).toEqual([400, 'PAGE_TOO_DEEP']);
    // Paging: the second page continues the first.
    const all = (await section(admin, 'unacknowledged')).items.map((i) => i.id);
    const page2 = await t.call('GET', '/api/provider/worklist?section=unacknowledged&pageSize=3&pageNumber=2', {
      token: admin,
    });
    expect(page2.body.d.items.map((i: Item) => i.id)).toEqual(all.slice(3, 6));
    // Its total counts two pages past it (3 + 2 × 3 = 9).
    expect([page2.body.d.total, page2.body.d.totalCapped]).toEqual(
      all.length > 9 ? [9, true] : [all.length, undefined],
    );
    // The total counts two pages past the page, then says there is more; it grows as the reader pages on.
    expect(all.length).toBeGreaterThan(3);
    const small = await t.call('GET', '/api/provider/worklist?section=unacknowledged&pageSize=1&pageNumber=1', {
      token: admin,
    });
    expect([small.body.d.total, small.body.d.totalCapped]).toEqual([2, true]);
    const further = await t.call(
      'GET',
      `/api/provider/worklist?section=unacknowledged&pageSize=1&pageNumber=${all.length}`,
      {
        token: admin,
      },
    );
    expect([further.body.d.total, further.body.d.totalCapped, further.body.d.items[0].id]).toEqual([
      all.length,
      undefined,
      all.at(-1),
    ]);

    const check = responseConformance(t);
    for (const name of ['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned'])
      await check.conforms('get', '/api/provider/worklist', `/api/provider/worklist?section=${name}`, admin);
    await check.conforms('get', '/api/provider/worklist/counts', '/api/provider/worklist/counts', admin);
  });
});
