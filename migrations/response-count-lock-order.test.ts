import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCommunication, startTestApp, type TestApp, world } from '@portal/testing';

/**
 * The people-count triggers on provider_responses lock the provider communications a statement touched in one order
 * (ascending id) and without waiting for foreign-key checks: two statements answering the same two provider
 * communications in opposite orders queue one behind the other instead of deadlocking. A test-only trigger makes
 * each inserted row take a moment, so both statements have inserted their rows (and passed their foreign-key checks)
 * before either takes its locks: the interleaving that deadlocked the row-by-row FOR UPDATE trigger every time.
 */
let t: TestApp;
let pcs: [number, number];
let actions: [number, number];
let event: number;

beforeAll(async () => {
  t = await startTestApp();
  const w = await world(t);
  const e = await sendCommunication(t, w, 'Lock order recall', {
    providers: [w.riverside, w.lakeshore],
    actions: ['Text', 'Numeric'],
  });
  event = e.id;
  pcs = [Number(e.pcOf(w.riverside)), Number(e.pcOf(w.lakeshore))];
  actions = [e.actionOf('Text'), e.actionOf('Numeric')];
  // DDL is the owner's: the application's role may not create functions or triggers.
  await t.ownerDb.raw(`CREATE FUNCTION test_slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_sleep(0.15); RETURN NEW; END $$`);
  await t.ownerDb.raw(
    'CREATE TRIGGER test_slow_insert BEFORE INSERT ON provider_responses FOR EACH ROW EXECUTE FUNCTION test_slow_insert()',
  );
});
afterAll(() => t.close());

/** One statement answering `action` on both provider communications, in the order given, by `email`. */
async function answerBoth(order: number[], action: number, email: string) {
  const ids = (await t
    .db('provider_communications')
    .whereIn('id', order)
    .select('id', 'supplier_organization_id', 'provider_organization_id')) as {
    id: number;
    supplier_organization_id: number;
    provider_organization_id: number;
  }[];
  const rows = order.map((id) => {
    const pc = ids.find((p) => Number(p.id) === id)!;
    return {
      provider_communication_id: id,
      communication_id: event,
      action_id: action,
      supplier_organization_id: pc.supplier_organization_id,
      provider_organization_id: pc.provider_organization_id,
      value: JSON.stringify({ valueText: 'x' }),
      status: 'DRAFT',
      responder_email: email,
    };
  });
  await t.db.transaction(async (trx) => {
    await trx('provider_responses').insert(rows);
  });
}

describe('the people-count triggers', () => {
  it('let two statements answer the same provider communications in opposite orders without a deadlock, and count exactly', async () => {
    for (let round = 0; round < 3; round++) {
      await t.db('provider_responses').whereIn('provider_communication_id', pcs).delete();
      const results = await Promise.allSettled([
        answerBoth([pcs[0], pcs[1]], actions[0], `first${round}@riverside.demo`),
        answerBoth([pcs[1], pcs[0]], actions[1], `second${round}@lakeshore.demo`),
      ]);
      const failures = results.flatMap((r) =>
        r.status === 'rejected' ? [`${(r.reason as { code?: string }).code}: ${(r.reason as Error).message}`] : [],
      );
      expect(failures).toEqual([]);
      // Two people answered each provider communication: one beyond the first.
      const counted = await t.db('provider_communications').whereIn('id', pcs).orderBy('id').pluck('extra_responders');
      expect(counted.map(Number)).toEqual([1, 1]);
    }
  });

  it('recounts when an answer changes hands or is deleted, and not for a change of value alone', async () => {
    await t.db('provider_responses').whereIn('provider_communication_id', pcs).delete();
    expect((await t.db('provider_communications').whereIn('id', pcs).pluck('extra_responders')).map(Number)).toEqual([
      0, 0,
    ]);
    await answerBoth([pcs[0]], actions[0], 'one@riverside.demo');
    await answerBoth([pcs[0]], actions[1], 'two@riverside.demo');
    const extra = async () =>
      Number((await t.db('provider_communications').where({ id: pcs[0] }).first('extra_responders')).extra_responders);
    expect(await extra()).toBe(1);
    // The second answer passes to the first person (an upsert's update): one person left.
    await t
      .db('provider_responses')
      .where({ provider_communication_id: pcs[0], action_id: actions[1] })
      .update({ responder_email: 'ONE@riverside.demo' });
    expect(await extra()).toBe(0);
    await t
      .db('provider_responses')
      .where({ provider_communication_id: pcs[0], action_id: actions[1] })
      .update({ responder_email: 'three@riverside.demo' });
    expect(await extra()).toBe(1);
    await t
      .db('provider_responses')
      .where({ provider_communication_id: pcs[0], action_id: actions[1] })
      .update({ value: JSON.stringify({ valueText: 'y' }) });
    expect(await extra()).toBe(1);
    await t.db('provider_responses').where({ provider_communication_id: pcs[0], action_id: actions[1] }).delete();
    expect(await extra()).toBe(0);
  });
});
