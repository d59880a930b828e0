import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestApp,
  statementsOf,
  type TestApp,
  form,
  PDF,
  sendCommunication,
  type World,
  world,
} from '@portal/testing';

let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator (holds Provider_ResponderRole and Provider_ManageRecalls)
let multi: string; // Riverside Recall Coordinator
let responder: string; // Riverside Responder (Provider_ResponderRole only)
let lakeshore: string; // another provider
let adminId: number;
let multiId: number;

const ACTIONS = ['Text', 'Numeric', 'Checkbox', 'Document'];

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  multi = (await t.signIn('multi@riverside.demo', { orgId: w.riverside })).access_token;
  responder = (await t.signIn('responder@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  const idOf = async (email: string) => ((await t.db('users').where({ email }).first('id')) as { id: number }).id;
  adminId = await idOf('admin@riverside.demo');
  multiId = await idOf('multi@riverside.demo');
});
afterAll(() => t.close());

const pv = (token: string) => (method: string, path: string, body?: unknown, f?: FormData) =>
  t.call(method, `/api/provider/communications${path}`, { token, body, form: f });

interface Row {
  id: number;
  communication_id: number;
  userid: number | null;
  response_status: string;
  responder_name: string | null;
  row_key: string;
  name: string;
}

/** The eR responses rows of one event, as [userid, response_status] sorted by user. */
async function rowsOf(token: string, name: string, extra = ''): Promise<Row[]> {
  const list = await pv(token)(
    'GET',
    `?responses=1&search=${encodeURIComponent(name)}&sortField=responder_name&sortDirection=asc${extra}`,
  );
  expect(list.status).toBe(200);
  return list.body.d.items as Row[];
}
const statuses = (rows: Row[]) => rows.map((r) => [r.userid, r.response_status]);

async function draft(
  token: string,
  e: Awaited<ReturnType<typeof sendCommunication>>,
  pc: number,
  type: string,
  body: object,
) {
  const res = await pv(token)('PUT', `/${e.id}/${pc}/actions/${e.actionOf(type)}`, { ...body, submit: false });
  expect(res.status).toBe(200);
}
async function submit(
  token: string,
  e: Awaited<ReturnType<typeof sendCommunication>>,
  pc: number,
  type: string,
  body: object,
) {
  const res = await pv(token)('PUT', `/${e.id}/${pc}/actions/${e.actionOf(type)}`, body);
  expect(res.status).toBe(200);
}

describe('the eR responses list (responses=1)', () => {
  it('gives one row per responding user with its status; a communication nobody answered has one row without a user', async () => {
    const e = await sendCommunication(t, w, 'eR rows recall', {
      providers: [w.riverside, w.lakeshore],
      actions: ACTIONS,
    });
    const pc = e.pcOf(w.riverside);

    const fresh = await rowsOf(responder, 'eR rows recall');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({
      id: pc,
      communication_id: e.id,
      userid: null,
      responder_name: null,
      response_status: 'NOTCOMPLETED',
      name: 'eR rows recall',
      allow_access: false,
      status: 'OPEN',
    });

    await draft(admin, e, pc, 'Text', { valueText: 'Pulled two boxes' });
    await draft(multi, e, pc, 'Numeric', { valueNumeric: '3' });
    await draft(multi, e, pc, 'Checkbox', { valueCheckbox: ['A'] });
    const rows = await rowsOf(responder, 'eR rows recall');
    expect(statuses(rows)).toEqual([
      [multiId, 'DRAFT'],
      [adminId, 'DRAFT'],
    ]);
    expect(rows.map((r) => r.responder_name)).toEqual(['Morgan Multi', 'Rita Riverside']);
    expect(new Set(rows.map((r) => r.row_key)).size).toBe(2);
    expect(rows.every((r) => r.id === pc)).toBe(true);

    // A draft that picks an option the action no longer offers, or answers a disabled action, can no longer be submitted as is.
    await t
      .db('communication_actions')
      .where({ id: e.actionOf('Checkbox') })
      .update({ options: JSON.stringify(['B', 'C']) });
    expect(statuses(await rowsOf(admin, 'eR rows recall'))).toEqual([
      [multiId, 'ERROR'],
      [adminId, 'DRAFT'],
    ]);
    await t
      .db('communication_actions')
      .where({ id: e.actionOf('Checkbox') })
      .update({ options: JSON.stringify(['A', 'B', 'C']) });
    await t
      .db('communication_actions')
      .where({ id: e.actionOf('Text') })
      .update({ is_disabled: true });
    expect(statuses(await rowsOf(admin, 'eR rows recall'))).toEqual([
      [multiId, 'DRAFT'],
      [adminId, 'ERROR'],
    ]);
    await t
      .db('communication_actions')
      .where({ id: e.actionOf('Text') })
      .update({ is_disabled: false });

    // The status is a row field like the others: it filters; the paged total counts rows, not communications.
    const drafts = await pv(admin)(
      'GET',
      `?responses=1&search=${encodeURIComponent('eR rows recall')}&filterModel=${encodeURIComponent(JSON.stringify({ response_status: { type: 'contains', filter: 'DRAFT' } }))}`,
    );
    expect(drafts.body.d.total).toBe(2);
    // Without the flag the list keeps one row per provider communication and its own response_status.
    const plain = await pv(admin)('GET', `?search=${encodeURIComponent('eR rows recall')}`);
    expect(plain.body.d.items).toHaveLength(1);
    expect(plain.body.d.items[0]).toMatchObject({ id: pc, response_status: 'NOTCOMPLETED' });
    expect(plain.body.d.items[0].userid).toBeUndefined();

    // Lakeshore sees only its own, unanswered communication of the event.
    const other = await rowsOf(lakeshore, 'eR rows recall');
    expect(other.map((r) => [r.id, r.userid, r.response_status])).toEqual([
      [e.pcOf(w.lakeshore), null, 'NOTCOMPLETED'],
    ]);
  });

  it("turns a user's row SUBMITTED once its answers are all submitted, and COMPLETED with the communication", async () => {
    const e = await sendCommunication(t, w, 'eR submit recall', { providers: [w.riverside], actions: ACTIONS });
    const pc = e.pcOf(w.riverside);
    await draft(multi, e, pc, 'Numeric', { valueNumeric: '3' });
    await submit(multi, e, pc, 'Checkbox', { valueCheckbox: ['A'] });
    expect(statuses(await rowsOf(admin, 'eR submit recall'))).toEqual([[multiId, 'DRAFT']]);
    await submit(multi, e, pc, 'Numeric', { valueNumeric: '3' });
    expect(statuses(await rowsOf(admin, 'eR submit recall'))).toEqual([[multiId, 'SUBMITTED']]);

    await submit(admin, e, pc, 'Text', { valueText: 'Done' });
    const file = await pv(admin)(
      'POST',
      `/${e.id}/${pc}/actions/${e.actionOf('Document')}/file`,
      undefined,
      form('proof.pdf', PDF, { actionType: 'Document' }),
    );
    expect(file.status).toBe(200);
    await submit(admin, e, pc, 'Document', {});
    expect(statuses(await rowsOf(responder, 'eR submit recall'))).toEqual([
      [multiId, 'COMPLETED'],
      [adminId, 'COMPLETED'],
    ]);
  });

  it("deletes only the caller's own drafts and draft files; another user's row answers 403, another provider 404", async () => {
    const e = await sendCommunication(t, w, 'eR discard recall', { providers: [w.riverside], actions: ACTIONS });
    const pc = e.pcOf(w.riverside);
    await draft(admin, e, pc, 'Text', { valueText: 'Draft of admin' });
    const upload = await pv(admin)(
      'POST',
      `/${e.id}/${pc}/actions/${e.actionOf('Document')}/file`,
      undefined,
      form('draft.pdf', PDF, { actionType: 'Document' }),
    );
    expect(upload.status).toBe(200);
    await draft(multi, e, pc, 'Numeric', { valueNumeric: '8' });
    await submit(multi, e, pc, 'Checkbox', { valueCheckbox: ['B'] });

    expect((await pv(multi)('DELETE', `/${e.id}/${pc}/responses/${adminId}`)).status).toBe(403);
    expect((await pv(lakeshore)('DELETE', `/${e.id}/${pc}/responses/${adminId}`)).status).toBe(404);
    expect(
      (
        await pv(responder)(
          'DELETE',
          `/${e.id}/${pc}/responses/${(await t.db('users').where({ email: 'responder@riverside.demo' }).first('id')).id}`,
        )
      ).status,
    ).toBe(404);

    const deleted = await pv(admin)('DELETE', `/${e.id}/${pc}/responses/${adminId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      ok: true,
      m: 'Your draft response has been deleted.',
      d: { discarded_action_ids: [e.actionOf('Text')], discarded_files: 1, dismissed: false },
    });
    const answers = (await t
      .db('provider_responses')
      .where({ provider_communication_id: pc })
      .orderBy('action_id')
      .select('action_id', 'status', 'responder_user_id')) as {
      action_id: number;
      status: string;
      responder_user_id: number;
    }[];
    expect(answers.map((a) => [a.action_id, a.status, a.responder_user_id])).toEqual(
      [
        [e.actionOf('Numeric'), 'DRAFT', multiId],
        [e.actionOf('Checkbox'), 'SUBMITTED', multiId],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(
      await t
        .db('response_files')
        .where({ provider_communication_id: pc })
        .whereNull('deleted_at')
        .count<{ n: number }[]>({ n: '*' })
        .first(),
    ).toEqual({ n: 0 });
    const history = await pv(admin)('GET', `/${e.id}/histories/${pc}`);
    expect(history.body.d.filter((h: { action: string }) => h.action === 'RESPONSE_DRAFT_DISCARDED')).toEqual([
      expect.objectContaining({ actor_email: 'admin@riverside.demo' }),
    ]);
    expect(statuses(await rowsOf(admin, 'eR discard recall'))).toEqual([[multiId, 'DRAFT']]);
    expect((await pv(admin)('DELETE', `/${e.id}/${pc}/responses/${adminId}`)).status).toBe(404);

    // A row with drafts and submitted answers loses only the drafts and becomes SUBMITTED.
    const mixed = await pv(multi)('DELETE', `/${e.id}/${pc}/responses/${multiId}`);
    expect(mixed.body.d).toMatchObject({ discarded_action_ids: [e.actionOf('Numeric')], dismissed: false });
    expect(statuses(await rowsOf(admin, 'eR discard recall'))).toEqual([[multiId, 'SUBMITTED']]);
  });

  it("hides a submitted row from the caller's list only, keeps the answers for the supplier, and shows it again once the user answers again", async () => {
    const e = await sendCommunication(t, w, 'eR dismiss recall', { providers: [w.riverside], actions: ACTIONS });
    const pc = e.pcOf(w.riverside);
    await submit(multi, e, pc, 'Numeric', { valueNumeric: '12' });

    const dismissed = await pv(multi)('DELETE', `/${e.id}/${pc}/responses/${multiId}`);
    expect(dismissed.body).toMatchObject({
      ok: true,
      m: 'The response has been removed from your list.',
      d: { dismissed: true, discarded_action_ids: [] },
    });
    expect(await rowsOf(multi, 'eR dismiss recall')).toEqual([]);
    expect(statuses(await rowsOf(admin, 'eR dismiss recall'))).toEqual([[multiId, 'SUBMITTED']]);
    expect(
      await t
        .db('audit_events')
        .where({ action: 'RESPONSE_ROW_DISMISSED', entity_id: String(pc), actor_user_id: multiId })
        .count<{ n: number }[]>({ n: '*' })
        .first(),
    ).toEqual({ n: 1 });

    const supplierView = await t.call('GET', `/api/supplier/communications/${e.id}/actions/provider/${pc}/RECALL`, {
      token: w.supplierToken,
    });
    const numeric = supplierView.body.d.actions.find((a: { id: number }) => a.id === e.actionOf('Numeric'));
    expect(numeric.response).toMatchObject({
      status: 'SUBMITTED',
      value: { valueNumeric: '12' },
      responder_email: 'multi@riverside.demo',
    });

    await draft(multi, e, pc, 'Text', { valueText: 'One more thing' });
    expect(statuses(await rowsOf(multi, 'eR dismiss recall'))).toEqual([[multiId, 'DRAFT']]);
  });

  // The list as it first opens reads the newest provider communications off an index and groups only their answers; any
  // filter takes the joined path. Both must give the same rows, pages, totals and last-updated time, with several people
  // on one communication, an answer given through a link, unanswered communications and the caller's hidden rows.
  it('reads a full first page, its total and last update in one statement besides the caller', async () => {
    for (let i = 0; i < 3; i++)
      await sendCommunication(t, w, `eR one statement ${i}`, { providers: [w.riverside], actions: ['Text'] });
    // The notices just sent are delivered first: the mailer's statements share the pool and are no transaction.
    await t.mailer.drain();
    const { result, statements } = await statementsOf(t.db, async () => {
      const [answer] = await Promise.all([
        pv(admin)('GET', '?responses=1&pageSize=2'),
        t.db.transaction((trx) => trx.raw('SELECT 1')),
      ]);
      return answer;
    });
    const page = result.body.d;
    const sent = statements.map((s) => s.sql);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    // The caller lookup, then the page's ids (a CTE), rows, total and last update in one statement.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^with "page_ids" as materialized/i);
  });

  it('pages the default order exactly as the joined, filtered path does', async () => {
    const many = await sendCommunication(t, w, 'eR order many people', {
      providers: [w.riverside],
      sites: [w.north],
      actions: ACTIONS,
    });
    const pc = many.pcOf(w.riverside);
    await draft(admin, many, pc, 'Text', { valueText: 'Admin draft' });
    await submit(multi, many, pc, 'Numeric', { valueNumeric: '4' });
    const link = (await t
      .db('provider_communications')
      .where({ id: pc })
      .first('communication_id', 'supplier_organization_id', 'provider_organization_id')) as Record<string, number>;
    await t.db('provider_responses').insert({
      provider_communication_id: pc,
      communication_id: link.communication_id,
      action_id: many.actionOf('Checkbox'),
      supplier_organization_id: link.supplier_organization_id,
      provider_organization_id: link.provider_organization_id,
      value: JSON.stringify({ valueCheckbox: ['A'] }),
      status: 'SUBMITTED',
      responder_email: 'Recipient@Outside.test',
      submitted_at: t.db.fn.now(),
    });
    await sendCommunication(t, w, 'eR order nobody', { providers: [w.riverside], actions: ['Text'] });
    const alone = await sendCommunication(t, w, 'eR order hidden alone', {
      providers: [w.riverside],
      actions: ['Text'],
    });
    await submit(admin, alone, alone.pcOf(w.riverside), 'Text', { valueText: 'Only me' });
    expect(
      (await pv(admin)('DELETE', `/${alone.id}/${alone.pcOf(w.riverside)}/responses/${adminId}`)).body.d.dismissed,
    ).toBe(true);
    const shared = await sendCommunication(t, w, 'eR order hidden shared', {
      providers: [w.riverside],
      actions: ['Text', 'Numeric'],
    });
    await submit(admin, shared, shared.pcOf(w.riverside), 'Text', { valueText: 'Mine' });
    await draft(multi, shared, shared.pcOf(w.riverside), 'Numeric', { valueNumeric: '1' });
    expect(
      (await pv(admin)('DELETE', `/${shared.id}/${shared.pcOf(w.riverside)}/responses/${adminId}`)).body.d.dismissed,
    ).toBe(true);

    // Three people answering one communication at the same moment are all counted.
    const race = await sendCommunication(t, w, 'eR order race', { providers: [w.riverside], actions: ACTIONS });
    await Promise.all([
      draft(admin, race, race.pcOf(w.riverside), 'Text', { valueText: 'At once' }),
      draft(multi, race, race.pcOf(w.riverside), 'Numeric', { valueNumeric: '2' }),
      t.db('provider_responses').insert({
        provider_communication_id: race.pcOf(w.riverside),
        communication_id: race.id,
        action_id: race.actionOf('Checkbox'),
        supplier_organization_id: link.supplier_organization_id,
        provider_organization_id: w.riverside,
        value: JSON.stringify({ valueCheckbox: ['B'] }),
        status: 'DRAFT',
        responder_email: 'someone@outside.test',
      }),
    ]);
    // The count the list's total relies on, kept by a trigger through every write of this file, matches a recount.
    const kept =
      await t.db.raw(`SELECT pc.id, pc.extra_responders AS kept, greatest(0, count(DISTINCT coalesce('u' || r.responder_user_id::text, 'e' || lower(r.responder_email), '-')) - 1)::int AS actual
      FROM provider_communications pc LEFT JOIN provider_responses r ON r.provider_communication_id = pc.id GROUP BY pc.id`);
    expect((kept.rows as { kept: number; actual: number }[]).filter((r) => r.kept !== r.actual)).toEqual([]);
    expect(
      (kept.rows as { id: number; kept: number }[]).find((r) => Number(r.id) === race.pcOf(w.riverside))?.kept,
    ).toBe(2);

    // Every status contains an O (OPEN, CLOSED): this filter keeps every row but forces the joined path.
    const everyRow = `filterModel=${encodeURIComponent(JSON.stringify({ status: { type: 'contains', filter: 'O' } }))}`;
    for (const token of [admin, multi, responder]) {
      const whole = (await pv(token)('GET', `?responses=1&pageSize=500&${everyRow}`)).body.d;
      expect((await pv(token)('GET', '?responses=1&pageSize=500')).body.d).toEqual(whole);
      for (const [size, order] of [
        [1, ''],
        [2, ''],
        [3, ''],
        [2, '&sortField=sent_at&sortDirection=desc'],
      ] as const) {
        for (let page = 1; page <= Math.ceil(whole.total / size) + 1; page += 1) {
          const fast = (await pv(token)('GET', `?responses=1&pageSize=${size}&pageNumber=${page}${order}`)).body.d;
          const joined = (
            await pv(token)('GET', `?responses=1&pageSize=${size}&pageNumber=${page}${order}&${everyRow}`)
          ).body.d;
          expect(fast).toEqual(joined);
        }
      }
    }
    // The admin's hidden rows are missing from its list only: the alone communication gives no row at all.
    const adminRows = (await pv(admin)('GET', '?responses=1&pageSize=500')).body.d.items as Row[];
    expect(adminRows.filter((r) => r.id === alone.pcOf(w.riverside))).toEqual([]);
    expect(statuses(adminRows.filter((r) => r.id === shared.pcOf(w.riverside)))).toEqual([[multiId, 'DRAFT']]);
    expect(
      adminRows
        .filter((r) => r.id === pc)
        .map((r) => r.userid)
        .sort(),
    ).toEqual([adminId, multiId, null].sort());
    const responderRows = (await pv(responder)('GET', '?responses=1&pageSize=500')).body.d.items as Row[];
    expect(responderRows.filter((r) => r.id === alone.pcOf(w.riverside)).map((r) => r.userid)).toEqual([adminId]);
  }, 90_000); // many sends and pages: slow on a busy 2-core machine
});
