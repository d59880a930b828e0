import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCustomContentCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let riversideAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const dg = (method: string, path: string, token: string, body?: unknown) =>
  t.call(method, `/api/delegate${path}?token=${encodeURIComponent(token)}`, { body });

/** Delegates action `actionId` (0: the whole event) of Riverside's notice; answers the emailed link's token. */
async function delegateTo(communicationId: number, pcId: number, actionId: number, email: string): Promise<string> {
  const res = await t.call('POST', `/api/provider/communications/${communicationId}/${pcId}/${actionId}`, {
    token: riversideAdmin,
    body: { email, message: 'Please count the units.' },
  });
  expect(res.status, res.body.m).toBe(200);
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('delegate-webform?token='));
  return /delegate-webform\?token=([\w-]+)/.exec(mail.text)![1]!;
}

describe('a delegate answers per unit (issue 16)', () => {
  it("sees only the provider's own rows and answers each of them; another provider's row is 404", async () => {
    const e = await sendCustomContentCommunication(t, w, 'Delegated pumps');
    const pc = e.pcOf(w.riverside);
    const units = e.actionOf('Units quarantined');
    const token = await delegateTo(e.id, pc, units, 'counter@outside.test');

    const view = (await dg('GET', `/${pc}`, token)).body.d as {
      products: { id: number; lot_number: string }[];
      actions: { id: number; per_unit: boolean; unit_answers: unknown[] }[];
    };
    expect(view.products.map((p) => p.lot_number)).toEqual(['R-1', 'R-2']);
    expect(view.actions.map((a) => [a.id, a.per_unit])).toEqual([[units, true]]);
    const [r1, r2] = e.rowsOf(w.riverside);
    const [lake] = e.rowsOf(w.lakeshore);

    const answer = (actionId: number, answers: unknown[], as = token) =>
      dg('PUT', `/update-delegate/${actionId}/units`, as, { answers });
    // Lakeshore's row is not this notice's: not found, and nothing is written.
    const theirs = await answer(units, [{ rowId: lake, valueNumeric: '1' }]);
    expect(theirs.status).toBe(404);
    expect(theirs.body.m).toBe('Row not found.');
    // An action not delegated is not found either, even a per-unit one.
    expect((await answer(e.actionOf('Units found'), [{ rowId: r1, valueYesNo: 'Yes' }])).status).toBe(404);
    // The recipient's rules: numbers only.
    expect((await answer(units, [{ rowId: r1, valueNumeric: 'two' }])).body.m).toBe(
      'Only numeric values are accepted.',
    );
    expect(await t.db('provider_unit_answers').where({ provider_communication_id: pc })).toHaveLength(0);

    const first = await answer(units, [{ rowId: r1, valueNumeric: '2' }]);
    expect(first.status, first.body.m).toBe(200);
    expect(first.body.d).toEqual({ response_status: 'NOTCOMPLETED', answered: 1, rows: 2 });
    expect((await answer(units, [{ rowId: r2, valueNumeric: '3' }])).body.d).toMatchObject({ answered: 2, rows: 2 });

    const after = (await dg('GET', `/${pc}`, token)).body.d.actions[0] as {
      unit_answers: unknown[];
      response: { value: unknown; responder_email: string } | null;
    };
    expect(after.unit_answers).toEqual([
      { row_id: r1, value: { valueNumeric: '2' } },
      { row_id: r2, value: { valueNumeric: '3' } },
    ]);
    expect(after.response).toMatchObject({ value: { valueNumeric: '5' }, responder_email: 'counter@outside.test' });
    expect((await dg('GET', `/response/${pc}`, token)).body.d).toMatchObject({
      response_status: 'NOTCOMPLETED',
      answers: [{ action_id: units, status: 'SUBMITTED', per_unit: true, unit_answers: after.unit_answers }],
    });
    const history = (await t
      .db('communication_history')
      .where({ provider_communication_id: pc, action: 'UNITS_ANSWERED' })
      .select('actor_email')) as { actor_email: string }[];
    expect(history.map((h) => h.actor_email)).toEqual(['counter@outside.test', 'counter@outside.test']);
    // Lakeshore's notice is untouched.
    expect(await t.db('provider_unit_answers').where({ provider_communication_id: e.pcOf(w.lakeshore) })).toEqual([]);
  });

  it("refuses an invalid or expired token, and the recipient's token, with the same 404", async () => {
    const e = await sendCustomContentCommunication(t, w, 'Delegated pumps, expired');
    const pc = e.pcOf(w.riverside);
    const units = e.actionOf('Units quarantined');
    const token = await delegateTo(e.id, pc, 0, 'whole@outside.test');
    const [r1] = e.rowsOf(w.riverside);
    const body = { answers: [{ rowId: r1, valueNumeric: '1' }] };
    const refused = async (as: string) => {
      const res = await dg('PUT', `/update-delegate/${units}/units`, as, body);
      expect(res.status).toBe(404);
      expect(res.body.m).toBe('This link is invalid or has expired.');
    };
    await refused('x'.repeat(43));
    // The recipient's token is not a delegate's.
    const recipient = await t.smtp.waitFor('admin@riverside.demo', (m) =>
      m.subject.includes('Delegated pumps, expired'),
    );
    await refused(/token=([\w-]+)/.exec(recipient.text)![1]!);
    await t
      .db('notice_links')
      .where({ purpose: 'DELEGATE', email: 'whole@outside.test' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await refused(token);
    expect(await t.db('provider_unit_answers').where({ provider_communication_id: pc })).toHaveLength(0);
  });
});
