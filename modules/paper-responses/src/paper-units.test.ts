import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCustomContentCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';
import { messageText } from '@portal/core';

let t: TestApp;
let w: World;
let lakeshoreAdmin: string;
let riversideAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  lakeshoreAdmin = (await t.signIn('admin@lakeshore.demo')).access_token;
  riversideAdmin = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

const sup = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/supplier/communications${path}`, { token: w.supplierToken, body });
const today = () => new Date().toISOString().slice(0, 10);

async function paperOf(communicationId: number, pcId: number): Promise<number> {
  const res = await sup('POST', '/paper', {
    communicationId,
    providerCommunicationId: pcId,
    responderName: 'Dr. Paper',
    responseDate: today(),
  });
  expect(res.status, res.body.m).toBe(200);
  return res.body.d.id as number;
}

type PaperUnit = { row_id: number; lot_number: string; value: unknown; electronic_value: unknown };
type PaperAction = { id: number; per_unit: boolean; units: PaperUnit[]; value: unknown };

describe('paper responses per unit (issue 16)', () => {
  it("keys in a per-unit action row by row, for the customer's own rows only, and writes the history", async () => {
    const e = await sendCustomContentCommunication(t, w, 'Paper pumps');
    const pc = e.pcOf(w.riverside);
    const units = e.actionOf('Units quarantined');
    const found = e.actionOf('Units found');
    const [r1, r2] = e.rowsOf(w.riverside) as [number, number];
    const [lake] = e.rowsOf(w.lakeshore) as [number];
    const paper = await paperOf(e.id, pc);

    const actions = (await sup('GET', `/paper/${paper}/getactions`)).body.d.actions as PaperAction[];
    const action = actions.find((a) => a.id === units)!;
    expect(action.per_unit).toBe(true);
    expect(action.units.map((u) => [u.row_id, u.lot_number, u.value])).toEqual([
      [r1, 'R-1', null],
      [r2, 'R-2', null],
    ]);
    expect(actions.find((a) => a.id === e.actionOf('Confirm receipt'))!.units).toEqual([]);
    // A new paper response of the customer lists its rows too.
    const fresh = (await sup('GET', `/paper/0/getactions?communicationId=${e.id}&providerCommunicationId=${pc}`)).body.d
      .actions as PaperAction[];
    expect(fresh.find((a) => a.id === units)!.units.map((u) => u.lot_number)).toEqual(['R-1', 'R-2']);

    const save = (actionsBody: unknown[]) =>
      sup('POST', '/paper/supplieractions', { paperResponseId: paper, actions: actionsBody });
    // Lakeshore's row is not Riverside's: 404 and nothing written.
    const theirs = await save([{ actionId: units, units: [{ rowId: lake, valueNumeric: '1' }] }]);
    expect(theirs.status).toBe(404);
    expect(theirs.body.m).toBe('Row not found.');
    // The electronic rules for each value; units on an action answered once are refused.
    expect((await save([{ actionId: units, units: [{ rowId: r1, valueNumeric: 'two' }] }])).body.m).toBe(
      'Only numeric values are accepted.',
    );
    const once = await save([{ actionId: e.actionOf('Confirm receipt'), units: [{ rowId: r1, valueText: 'x' }] }]);
    expect(once.status).toBe(400);
    expect(once.body.m).toBe('"Confirm receipt" is answered once, not per unit.');
    // Ids beyond bigint and oversized lists are refused by the schema.
    expect((await save([{ actionId: units, units: [{ rowId: 2 ** 63, valueNumeric: '1' }] }])).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => ({ rowId: i + 1, valueNumeric: '1' }));
    expect((await save([{ actionId: units, units: many }])).status).toBe(400);
    expect(await t.db('provider_unit_answers').where({ provider_communication_id: pc })).toHaveLength(0);

    const saved = await save([
      {
        actionId: units,
        units: [
          { rowId: r1, valueNumeric: '2' },
          { rowId: r2, valueNumeric: '4' },
        ],
      },
      { actionId: found, units: [{ rowId: r1, valueYesNo: 'Yes' }] },
    ]);
    expect(saved.status, saved.body.m).toBe(200);
    const after = saved.body.d.actions as PaperAction[];
    expect(after.find((a) => a.id === units)!.units.map((u) => u.value)).toEqual([
      { valueNumeric: '2' },
      { valueNumeric: '4' },
    ]);
    // Every row answered: the action holds their sum, as a paper answer of this paper response.
    expect(after.find((a) => a.id === units)!.value).toEqual({ valueNumeric: '6' });
    const summary = await t
      .db('provider_responses')
      .where({ provider_communication_id: pc, action_id: units })
      .first('source', 'paper_response_id', 'status');
    expect(summary).toEqual({ source: 'Paper', paper_response_id: paper, status: 'SUBMITTED' });
    expect(after.find((a) => a.id === found)!.value).toBeNull();

    const history = (await t
      .db('communication_history')
      .where({ provider_communication_id: pc })
      .whereIn('action', ['UNITS_ANSWERED', 'PAPER_RESPONDED'])
      .orderBy('id')
      .select('action', 'entity_id', 'actor_email', 'after')) as {
      action: string;
      entity_id: string;
      actor_email: string;
      after: { source?: string; paper_response_id?: number };
    }[];
    expect(history.map((h) => [h.action, Number(h.entity_id), h.actor_email])).toEqual([
      ['UNITS_ANSWERED', units, 'recalls@acme.demo'],
      ['PAPER_RESPONDED', units, 'recalls@acme.demo'],
      ['UNITS_ANSWERED', found, 'recalls@acme.demo'],
    ]);
    expect(history.every((h) => h.after.source === 'Paper' && h.after.paper_response_id === paper)).toBe(true);

    // Deleting the paper response removes its unit answers and its summary, and says so in the history.
    expect((await sup('GET', `/paper/${paper}/delete`)).status).toBe(200);
    expect(await t.db('provider_unit_answers').where({ provider_communication_id: pc })).toHaveLength(0);
    expect(await t.db('provider_responses').where({ provider_communication_id: pc, action_id: units })).toHaveLength(0);
    const deleted = (await t
      .db('communication_history')
      .where({ provider_communication_id: pc, action: 'PAPER_RESPONSE_DELETED' })
      .first('before')) as { before: { unit_answers: unknown[] } };
    expect(deleted.before.unit_answers).toHaveLength(3);
  });

  it('never overwrites a unit or an action answered electronically', async () => {
    const e = await sendCustomContentCommunication(t, w, 'Paper pumps, electronic');
    const units = e.actionOf('Units quarantined');
    const electronically = (token: string, pc: number, rowId: number) =>
      t.call('PUT', `/api/provider/communications/${e.id}/${pc}/actions/${units}/units`, {
        token,
        body: { answers: [{ rowId, valueNumeric: '5' }] },
      });
    const keyIn = (paper: number, rowId: number) =>
      sup('POST', '/paper/supplieractions', {
        paperResponseId: paper,
        actions: [{ actionId: units, units: [{ rowId, valueNumeric: '1' }] }],
      });

    // Riverside answered one of its two rows on line: that row refuses paper, the other takes it.
    const pc = e.pcOf(w.riverside);
    const [r1, r2] = e.rowsOf(w.riverside) as [number, number];
    expect((await electronically(riversideAdmin, pc, r1)).status).toBe(200);
    const paper = await paperOf(e.id, pc);
    const shown = (await sup('GET', `/paper/${paper}/getactions`)).body.d.actions as PaperAction[];
    expect(shown.find((a) => a.id === units)!.units).toMatchObject([
      { row_id: r1, value: null, electronic_value: { valueNumeric: '5' } },
      { row_id: r2, value: null, electronic_value: null },
    ]);
    const refused = await keyIn(paper, r1);
    expect(refused.status).toBe(409);
    expect(refused.body.m).toBe(messageText('ANSWERED_ELECTRONICALLY.unit', { title: 'Units quarantined' }));
    expect((await keyIn(paper, r2)).status).toBe(200);

    // Lakeshore's one row answered on line completes the action: the whole-action rule speaks.
    const lakePc = e.pcOf(w.lakeshore);
    const [lake] = e.rowsOf(w.lakeshore) as [number];
    expect((await electronically(lakeshoreAdmin, lakePc, lake)).status).toBe(200);
    const lakePaper = await paperOf(e.id, lakePc);
    const whole = await keyIn(lakePaper, lake);
    expect(whole.status).toBe(409);
    expect(whole.body.m).toBe(messageText('ANSWERED_ELECTRONICALLY', { title: 'Units quarantined' }));
  });
});
