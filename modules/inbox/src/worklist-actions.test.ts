import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

/**
 * Issue 32, what the provider does from its worklist: owners (assign, hand on, clear, the email), "not affected",
 * bulk actions (all or nothing, scoped, audited per row) and revoking a delegate. Answers are held to their declared
 * schemas (responseConformance) on the way.
 */
let t: TestApp;
let w: World;
let admin: string; // Riverside Administrator (both types)
let multi: string; // Riverside Recall Coordinator (recalls only); also a Lakeshore Responder
let check: ReturnType<typeof responseConformance>;
const base = '/api/provider/communications';

const userId = async (email: string) =>
  Number(((await t.db('users').where({ email }).first('id')) as { id: number }).id);

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  multi = (await t.signIn('multi@riverside.demo', { orgId: w.riverside })).access_token;
  check = responseConformance(t);
});
afterAll(() => t.close());

const pv = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${base}${path}`, { token, body });

const historyOf = async (pcId: number, action: string) =>
  Number(
    (
      (await t
        .db('communication_history')
        .where({ provider_communication_id: pcId, action })
        .count('* as n')
        .first()) as {
        n: number;
      }
    ).n,
  );

const ownerEmails = (to: string) => t.db('outbox_emails').where({ kind: 'OWNER_ASSIGNED', to_email: to }).orderBy('id');

describe('owners', () => {
  it('assigns, hands on and clears the owner; emails each new owner; refuses who may not own it', async () => {
    const e = await sendCommunication(t, w, 'Owned recall', { providers: [w.riverside, w.lakeshore] });
    const pc = e.pcOf(w.riverside);
    const multiId = await userId('multi@riverside.demo');
    const adminId = await userId('admin@riverside.demo');

    // Who may own: Riverside's people who manage recalls; not the Responder, not Lakeshore's.
    const candidates = await check.conforms('get', `${base}/owner-candidates`, `${base}/owner-candidates`, admin);
    const emails = candidates.map((c: { email: string }) => c.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@riverside.demo', 'multi@riverside.demo']));
    expect(emails).not.toContain('responder@riverside.demo');
    expect(emails).not.toContain('admin@lakeshore.demo');
    expect(candidates.find((c: { email: string }) => c.email === 'multi@riverside.demo')).toEqual({
      id: multiId,
      name: 'Morgan Multi',
      email: 'multi@riverside.demo',
      organization_name: 'Riverside Health',
    });
    const advisory = (await pv('GET', '/owner-candidates?type=PRODUCT%20DISRUPTION')).body.d as { email: string }[];
    expect(advisory.map((c) => c.email)).not.toContain('multi@riverside.demo');

    // Assign: the answer, the row, the history and the email with a link to the notice.
    const assigned = await check.conforms('put', `${base}/{id}/owner`, `${base}/${pc}/owner`, admin, {
      userId: multiId,
      message: 'Please check the wards.',
    });
    expect(assigned).toEqual({ id: pc, owner_id: multiId, owner_name: 'Morgan Multi' });
    expect(await t.db('provider_communication_owners').where({ provider_communication_id: pc }).first()).toMatchObject({
      user_id: multiId,
      assigned_by: adminId,
      organization_id: w.riverside,
    });
    const [queued] = await ownerEmails('multi@riverside.demo');
    expect(queued).toMatchObject({ status: 'DELIVERY', reference_type: 'provider_communication' });
    expect(queued.subject).toBe('You have been assigned Owned recall');
    const mail = await t.smtp.waitFor(
      'multi@riverside.demo',
      (m) => m.subject === 'You have been assigned Owned recall',
    );
    expect(mail.text).toContain(`${t.config.appUrl}/provider/recalls/view/${e.id}/${pc}`);
    expect(mail.text).toContain('Rita Riverside made you the owner');
    expect(mail.text).toContain('Please check the wards.');
    // The history names the new owner (the sentence "Assigned to {email}").
    const histories = (await pv('GET', `/${e.id}/histories/${pc}`)).body.d as { action: string; facts: object }[];
    expect(histories.find((h) => h.action === 'OWNER_ASSIGNED')?.facts).toEqual({ email: 'multi@riverside.demo' });
    // Assigning the same owner again changes nothing and sends nothing.
    expect((await pv('PUT', `/${pc}/owner`, { userId: multiId })).body.d.owner_id).toBe(multiId);
    expect(await ownerEmails('multi@riverside.demo')).toHaveLength(1);
    expect(await historyOf(pc, 'OWNER_ASSIGNED')).toBe(1);

    // The owner hands it on; the new owner is emailed.
    const handed = await pv('PUT', `/${pc}/owner`, { userId: adminId }, multi);
    expect(handed.status, handed.body.m).toBe(200);
    expect(handed.body.d).toEqual({ id: pc, owner_id: adminId, owner_name: 'Rita Riverside' });
    expect(await ownerEmails('admin@riverside.demo')).toHaveLength(1);
    expect(await historyOf(pc, 'OWNER_ASSIGNED')).toBe(2);

    // Cleared.
    const cleared = await pv('PUT', `/${pc}/owner`, { userId: null });
    expect(cleared.body.d).toEqual({ id: pc, owner_id: null, owner_name: null });
    expect(
      await t.db('provider_communication_owners').where({ provider_communication_id: pc }).first(),
    ).toBeUndefined();
    expect(await historyOf(pc, 'OWNER_CLEARED')).toBe(1);
    const history = (await pv('GET', `/${e.id}/histories/${pc}`)).body.d as { action: string; actor_email: string }[];
    expect(history.filter((h) => h.action.startsWith('OWNER_')).map((h) => [h.action, h.actor_email])).toEqual([
      ['OWNER_CLEARED', 'admin@riverside.demo'],
      ['OWNER_ASSIGNED', 'multi@riverside.demo'],
      ['OWNER_ASSIGNED', 'admin@riverside.demo'],
    ]);

    // Refused: another tenant's user (404), a colleague without the type's permission (400), a missing user (404).
    const lakeshoreAdmin = await pv('PUT', `/${pc}/owner`, { userId: await userId('admin@lakeshore.demo') });
    expect([lakeshoreAdmin.status, lakeshoreAdmin.body.error?.code]).toEqual([404, 'USER_NOT_FOUND']);
    const responder = await pv('PUT', `/${pc}/owner`, { userId: await userId('responder@riverside.demo') });
    expect([responder.status, responder.body.error?.code]).toEqual([400, 'OWNER_NOT_ELIGIBLE']);
    expect((await pv('PUT', `/${pc}/owner`, { userId: 99_999_999 })).status).toBe(404);
    // Another tenant's provider communication: 404, nothing written.
    const theirs = await pv('PUT', `/${e.pcOf(w.lakeshore)}/owner`, { userId: adminId });
    expect([theirs.status, theirs.body.error?.code]).toEqual([404, 'COMMUNICATION_NOT_FOUND']);
    expect((await pv('PUT', `/${pc}/owner`, { userId: 'x' })).status).toBe(400);
    expect((await pv('PUT', `/${pc}/owner`, { userId: adminId, message: 'x'.repeat(2001) })).status).toBe(400);
    expect(
      await t.db('provider_communication_owners').where({ provider_communication_id: pc }).first(),
    ).toBeUndefined();
  });

  it('refuses a Recall Coordinator as the owner of an advisory', async () => {
    const e = await sendCommunication(t, w, 'Owned advisory', { providers: [w.riverside], type: 'PRODUCT DISRUPTION' });
    const res = await pv('PUT', `/${e.pcOf(w.riverside)}/owner`, { userId: await userId('multi@riverside.demo') });
    expect([res.status, res.body.error?.code]).toEqual([400, 'OWNER_NOT_ELIGIBLE']);
  });
});

describe('not affected', () => {
  it('completes and acknowledges the notice with the reason, who and when; the supplier sees it', async () => {
    const e = await sendCommunication(t, w, 'Not here recall', { providers: [w.riverside, w.lakeshore] });
    const pc = e.pcOf(w.riverside);
    const tallyBefore = await t.db('communication_tallies').where({ communication_id: e.id }).first();
    expect((await pv('POST', `/${pc}/not-affected`, { reason: '   ' })).status).toBe(400);
    expect((await pv('POST', `/${pc}/not-affected`, {})).status).toBe(400);

    const row = await check.conforms('post', `${base}/{id}/not-affected`, `${base}/${pc}/not-affected`, admin, {
      reason: ' We never bought this lot. ',
    });
    expect(row).toMatchObject({
      id: pc,
      communication_id: e.id,
      response_status: 'COMPLETED',
      acknowledged_by: 'admin@riverside.demo',
      not_affected_reason: 'We never bought this lot.',
      not_affected_by: 'Rita Riverside (admin@riverside.demo)',
    });
    expect(row.acknowledged_at).not.toBeNull();
    expect(row.completed_at).not.toBeNull();
    expect(row.not_affected_at).not.toBeNull();
    expect(await historyOf(pc, 'NOT_AFFECTED')).toBe(1);
    expect(await historyOf(pc, 'ACKNOWLEDGED')).toBe(1);
    // The event's counts follow (kept by triggers on the row).
    const tally = await t.db('communication_tallies').where({ communication_id: e.id }).first();
    expect([tally.acknowledged - tallyBefore.acknowledged, tally.completed - tallyBefore.completed]).toEqual([1, 1]);

    // Again: the same row, no second entry.
    const again = await pv('POST', `/${pc}/not-affected`, { reason: 'Other words' });
    expect(again.body.d.not_affected_reason).toBe('We never bought this lot.');
    expect(await historyOf(pc, 'NOT_AFFECTED')).toBe(1);

    // The supplier's customers read.
    const customers = await t.call('GET', `/api/supplier/communications/${e.id}/customers`, { token: w.supplierToken });
    const riverside = (customers.body.d.items as { provider_communication_id: number; response_status: string }[]).find(
      (c) => c.provider_communication_id === pc,
    );
    expect(riverside).toMatchObject({ response_status: 'COMPLETED', not_affected_reason: 'We never bought this lot.' });

    // Another tenant's notice: 404 and untouched.
    const theirs = e.pcOf(w.lakeshore);
    expect((await pv('POST', `/${theirs}/not-affected`, { reason: 'No' })).status).toBe(404);
    expect(await t.db('provider_communications').where({ id: theirs }).first()).toMatchObject({
      response_status: 'NOTCOMPLETED',
      not_affected_reason: null,
      acknowledged_at: null,
    });
  });

  it('withdraws "not affected" when an answer reopens the notice', async () => {
    const e = await sendCommunication(t, w, 'Found after all', {
      providers: [w.riverside],
      actions: ['Text', 'YesNo'],
    });
    const pc = e.pcOf(w.riverside);
    expect((await pv('POST', `/${pc}/not-affected`, { reason: 'None here' })).status).toBe(200);
    // One required answer of two: the answers are not complete, so the notice is open again and "not affected" is gone.
    const answered = await pv('PUT', `/${e.id}/${pc}/actions/${e.actionOf('Text')}`, { valueText: 'Found 3 units' });
    expect(answered.status).toBe(200);
    expect(await t.db('provider_communications').where({ id: pc }).first()).toMatchObject({
      response_status: 'NOTCOMPLETED',
      not_affected_reason: null,
      not_affected_by: null,
      not_affected_at: null,
    });
  });

  it('refuses a closed event and a notice already answered (409)', async () => {
    const closed = await sendCommunication(t, w, 'Closed before', { providers: [w.riverside], actions: ['Text'] });
    await t.db('communications').where({ id: closed.id }).update({ status: 'CLOSED' });
    const refused = await pv('POST', `/${closed.pcOf(w.riverside)}/not-affected`, { reason: 'None' });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'EVENT_CLOSED']);

    const answered = await sendCommunication(t, w, 'Answered before', { providers: [w.riverside], actions: ['Text'] });
    const pc = answered.pcOf(w.riverside);
    const put = await pv('PUT', `/${answered.id}/${pc}/actions/${answered.actionOf('Text')}`, { valueText: 'Done' });
    expect(put.body.d.response_status).toBe('COMPLETED');
    const twice = await pv('POST', `/${pc}/not-affected`, { reason: 'None' });
    expect([twice.status, twice.body.error?.code]).toEqual([409, 'ALREADY_ANSWERED']);
  });
});

describe('bulk actions', () => {
  const bulk = (body: unknown, token = admin) => pv('POST', '/bulk', body, token);

  it('acknowledges two, then finds both unchanged; one history entry per row', async () => {
    const a = await sendCommunication(t, w, 'Bulk ack A', { providers: [w.riverside] });
    const b = await sendCommunication(t, w, 'Bulk ack B', { providers: [w.riverside] });
    const ids = [b.pcOf(w.riverside), a.pcOf(w.riverside)];
    const first = await check.conforms('post', `${base}/bulk`, `${base}/bulk`, admin, { action: 'ACKNOWLEDGE', ids });
    expect(first).toEqual({ changed: 2, unchanged: 0 });
    for (const id of ids) {
      expect(await historyOf(id, 'ACKNOWLEDGED')).toBe(1);
      expect((await t.db('provider_communications').where({ id }).first()).acknowledged_by).toBe(
        'admin@riverside.demo',
      );
    }
    expect((await bulk({ action: 'ACKNOWLEDGE', ids: [...ids, ids[0]] })).body.d).toEqual({ changed: 0, unchanged: 2 });
    for (const id of ids) expect(await historyOf(id, 'ACKNOWLEDGED')).toBe(1);
  });

  it("answers 404 and changes nothing when one id is another tenant's", async () => {
    const e = await sendCommunication(t, w, 'Bulk mixed', { providers: [w.riverside, w.lakeshore] });
    const other = await sendCommunication(t, w, 'Bulk mixed 2', { providers: [w.riverside] });
    const ours = [e.pcOf(w.riverside), other.pcOf(w.riverside)];
    const selection = [...ours, e.pcOf(w.lakeshore)];
    const before = await t.db('communication_history').whereIn('provider_communication_id', selection).count('* as n');
    for (const body of [
      { action: 'ACKNOWLEDGE', ids: selection },
      { action: 'NOT_AFFECTED', ids: selection, reason: 'None here' },
      { action: 'ASSIGN', ids: selection, userId: await userId('multi@riverside.demo') },
    ]) {
      const res = await bulk(body);
      expect([res.status, res.body.error?.code]).toEqual([404, 'COMMUNICATION_NOT_FOUND']);
    }
    // A missing id too.
    expect((await bulk({ action: 'ACKNOWLEDGE', ids: [...ours, 99_999_999] })).status).toBe(404);
    const rows = await t.db('provider_communications').whereIn('id', selection).orderBy('id');
    for (const r of rows) {
      expect(r).toMatchObject({ acknowledged_at: null, response_status: 'NOTCOMPLETED', not_affected_reason: null });
    }
    expect(await t.db('provider_communication_owners').whereIn('provider_communication_id', selection)).toEqual([]);
    expect(await t.db('communication_history').whereIn('provider_communication_id', selection).count('* as n')).toEqual(
      before,
    );
    expect(await ownerEmails('multi@riverside.demo').where('reference_id', String(ours[0]))).toEqual([]);
  });

  it('marks several not affected, counting those already completed as unchanged, one entry per row', async () => {
    const events = [
      await sendCommunication(t, w, 'Bulk NA 1', { providers: [w.riverside] }),
      await sendCommunication(t, w, 'Bulk NA 2', { providers: [w.riverside] }),
      await sendCommunication(t, w, 'Bulk NA 3', { providers: [w.riverside] }),
    ];
    const ids = events.map((e) => e.pcOf(w.riverside));
    expect((await pv('POST', `/${ids[0]}/not-affected`, { reason: 'Earlier' })).status).toBe(200);
    expect((await bulk({ action: 'NOT_AFFECTED', ids })).status).toBe(400);
    const res = await bulk({ action: 'NOT_AFFECTED', ids, reason: 'No stock of these' });
    expect(res.body.d).toEqual({ changed: 2, unchanged: 1 });
    const rows = await t.db('provider_communications').whereIn('id', ids).orderBy('id');
    expect(rows.map((r) => [r.response_status, r.not_affected_reason])).toEqual([
      ['COMPLETED', 'Earlier'],
      ['COMPLETED', 'No stock of these'],
      ['COMPLETED', 'No stock of these'],
    ]);
    for (const id of ids) {
      expect(await historyOf(id, 'NOT_AFFECTED')).toBe(1);
      expect(await historyOf(id, 'ACKNOWLEDGED')).toBe(1);
    }
  });

  it('assigns an owner to several with one email, and refuses a selection with a closed event', async () => {
    const a = await sendCommunication(t, w, 'Bulk owner A', { providers: [w.riverside] });
    const b = await sendCommunication(t, w, 'Bulk owner B', { providers: [w.riverside] });
    const ids = [a.pcOf(w.riverside), b.pcOf(w.riverside)];
    const adminId = await userId('admin@riverside.demo');
    expect((await bulk({ action: 'ASSIGN', ids })).status).toBe(400);
    // Assigning oneself sends no email.
    expect((await bulk({ action: 'ASSIGN', ids, userId: adminId })).body.d).toEqual({ changed: 2, unchanged: 0 });
    const multiId = await userId('multi@riverside.demo');
    const before = (await ownerEmails('multi@riverside.demo')).length;
    const res = await bulk({ action: 'ASSIGN', ids, userId: multiId, message: 'Yours now' });
    expect(res.body.d).toEqual({ changed: 2, unchanged: 0 });
    const mails = await ownerEmails('multi@riverside.demo');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('You have been assigned Bulk owner A and 1 more');
    for (const id of ids) expect(await historyOf(id, 'OWNER_ASSIGNED')).toBe(2);
    expect((await bulk({ action: 'ASSIGN', ids, userId: null })).body.d).toEqual({ changed: 2, unchanged: 0 });

    await t.db('communications').where({ id: b.id }).update({ status: 'CLOSED' });
    const closed = await bulk({ action: 'ACKNOWLEDGE', ids });
    expect([closed.status, closed.body.error?.code]).toEqual([409, 'SELECTION_CLOSED']);
    expect(await t.db('provider_communications').whereIn('id', ids).whereNotNull('acknowledged_at')).toEqual([]);
  });

  it('runs concurrent bulks over the same rows, given in any order, without a server error; counts stay exact', async () => {
    const events = await Promise.all(
      [1, 2, 3, 4].map((i) => sendCommunication(t, w, `Bulk race ${i}`, { providers: [w.riverside] })),
    );
    const ids = events.map((e) => e.pcOf(w.riverside));
    const answers = await Promise.all([
      bulk({ action: 'ACKNOWLEDGE', ids }),
      bulk({ action: 'ACKNOWLEDGE', ids: [...ids].reverse() }),
      bulk({ action: 'NOT_AFFECTED', ids: [ids[3], ids[1]], reason: 'None' }),
      bulk({ action: 'NOT_AFFECTED', ids: [ids[1], ids[3], ids[2]], reason: 'None at all' }),
      bulk({ action: 'ASSIGN', ids: [...ids].reverse(), userId: await userId('multi@riverside.demo') }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Each row acknowledged once, whoever got there first; each not-affected row completed once.
    for (const id of ids) expect(await historyOf(id, 'ACKNOWLEDGED')).toBe(1);
    for (const id of ids.slice(1)) expect(await historyOf(id, 'NOT_AFFECTED')).toBe(1);
    const acked = answers.slice(0, 2).reduce((n, a) => n + a.body.d.changed, 0);
    expect(acked).toBeLessThanOrEqual(4);
    expect(answers[2]!.body.d.changed + answers[3]!.body.d.changed).toBe(3);
    for (const e of events) {
      const tally = await t.db('communication_tallies').where({ communication_id: e.id }).first();
      const rows = await t.db('provider_communications').where({ communication_id: e.id });
      expect([tally.acknowledged, tally.completed]).toEqual([
        rows.filter((r) => r.acknowledged_at).length,
        rows.filter((r) => r.response_status === 'COMPLETED').length,
      ]);
    }
  });

  it('takes 1 to 200 ids and answers 403 for a type the caller does not manage', async () => {
    expect((await bulk({ action: 'ACKNOWLEDGE', ids: [] })).status).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await bulk({ action: 'ACKNOWLEDGE', ids: many })).status).toBe(400);
    expect((await bulk({ action: 'SHRED', ids: [1] })).status).toBe(400);
    const advisory = await sendCommunication(t, w, 'Bulk advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
    });
    const res = await bulk({ action: 'ACKNOWLEDGE', ids: [advisory.pcOf(w.riverside)] }, multi);
    expect(res.status).toBe(403);
    const row = await t
      .db('provider_communications')
      .where({ id: advisory.pcOf(w.riverside) })
      .first();
    expect(row.acknowledged_at).toBeNull();
  });
});

describe('revoking a delegate', () => {
  it('stops the link at once; the delegate form read carries the message and who sent it', async () => {
    const e = await sendCommunication(t, w, 'Revoked delegation', { providers: [w.riverside], actions: ['Text'] });
    const pc = e.pcOf(w.riverside);
    const made = await pv('POST', `/${e.id}/${pc}/0`, {
      email: 'nurse@outside.test',
      message: 'Count the <b>pumps</b>\non ward 3.',
    });
    expect(made.status, made.body.m).toBe(200);
    const mail = await t.smtp.waitFor('nurse@outside.test', (m) => m.text.includes('delegate-webform?token='));
    const token = /delegate-webform\?token=([\w-]+)/.exec(mail.text)![1]!;
    const form = await check.conforms('get', '/api/delegate', `/api/delegate?token=${token}`, null);
    expect(form).toMatchObject({ message: 'Count the <b>pumps</b>\non ward 3.', from: 'Rita Riverside' });

    const path = `${base}/{id}/revoke-delegate/{a}/{b}`;
    const revoked = await check.conforms(
      'post',
      path,
      `${base}/${e.id}/revoke-delegate/${pc}/${made.body.d.id}`,
      admin,
    );
    expect(revoked).toEqual({ id: made.body.d.id, status: 'REVOKED' });
    expect((await t.call('GET', `/api/delegate?token=${token}`)).status).toBe(404);
    expect((await t.call('GET', `/api/delegate/${pc}?token=${token}`)).status).toBe(404);
    // Revoking again: 404.
    const again = await pv('POST', `/${e.id}/revoke-delegate/${pc}/${made.body.d.id}`);
    expect([again.status, again.body.error?.code]).toEqual([404, 'DELEGATE_NOT_FOUND']);
    const delegates = (await pv('GET', `/${e.id}/delegate/${pc}`)).body.d as { id: number; status: string }[];
    expect(delegates).toEqual([expect.objectContaining({ id: made.body.d.id, status: 'REVOKED' })]);
    expect(await historyOf(pc, 'DELEGATE_REVOKED')).toBe(1);
    // Another tenant cannot revoke Riverside's delegates.
    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    const made2 = await pv('POST', `/${e.id}/${pc}/0`, { email: 'nurse2@outside.test' });
    const foreign = await pv('POST', `/${e.id}/revoke-delegate/${pc}/${made2.body.d.id}`, undefined, lakeshore);
    expect(foreign.status).toBe(404);
    expect((await t.db('provider_delegates').where({ id: made2.body.d.id }).first()).status).toBe('ACTIVE');
  });
});
