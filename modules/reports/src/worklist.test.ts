import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseConformance, startTestApp, statementsOf, type TestApp, type World, world } from '@portal/testing';

/**
 * The supplier's worklist (GET /supplier/worklist): its open recalls with overdue customers, with recipients whose
 * latest notice bounced (through the real sender and an SMTP server that refuses addresses), and conversations whose
 * last message is the provider's; each scoped to the caller's organisation and the types its role manages.
 */
let t: TestApp;
let w: World;
let check: ReturnType<typeof responseConformance>;
let lakeshore: string;
let borealis: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  check = responseConformance(t);
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
});
afterAll(() => t.close());

const SUP = '/api/supplier/communications';
const sup = (method: string, path: string, body?: unknown) =>
  t.call(method, `${SUP}${path}`, { token: w.supplierToken, body });

/** A Class II recall to Lakeshore and outside addresses, sent, due `dueInDays` from today (negative: overdue). */
async function send(name: string, emails: string[], dueInDays: number) {
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSII' })).body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Pump', lot_number: 'P-1' }] });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Confirm receipt' }] });
  await sup('POST', '/step3', { id, provider_organization_ids: [w.lakeshore] });
  if (emails.length)
    await sup('POST', '/step3/customers', {
      id,
      customers: emails.map((email) => ({ name: `Clinic ${email.split('@')[0]}`, email })),
    });
  expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  expect((await sup('PUT', `/${id}/send-notification/RECALL`)).status).toBe(200);
  await t
    .db('communications')
    .where({ id })
    .update({ response_due_date: t.db.raw('current_date + ?::int', [dueInDays]) });
  const pcs = (await t.db('provider_communications').where({ communication_id: id }).select('id')) as { id: number }[];
  const lakeshorePc = (await t
    .db('provider_communications')
    .where({ communication_id: id, provider_organization_id: w.lakeshore })
    .first('id')) as { id: number };
  return { id, pcs: pcs.map((p) => Number(p.id)), lakeshorePc: Number(lakeshorePc.id) };
}

interface Worklist {
  overdueRecalls: { communication_id: number; name: string; due_date: string; overdue_customers: number }[];
  bouncedRecipients: { communication_id: number; name: string; bounced: number }[];
  unansweredConversations: {
    conversation_id: number;
    communication_id: number;
    name: string;
    provider_name: string;
    last_message_at: string;
  }[];
}

describe("the supplier's worklist", () => {
  let overdue: Awaited<ReturnType<typeof send>>;
  let later: Awaited<ReturnType<typeof send>>;
  let closed: Awaited<ReturnType<typeof send>>;
  let waiting: number; // the provider spoke last
  let answered: number; // the supplier answered
  let started: number; // only the supplier spoke

  beforeAll(async () => {
    t.smtp.refuse.add('bounce@clinic.test');
    t.smtp.refuse.add('fixed@clinic.test');
    overdue = await send('Overdue pumps', ['bounce@clinic.test', 'fixed@clinic.test', 'fine@clinic.test'], -2);
    later = await send('Due later', ['bounce@clinic.test'], 5);
    closed = await send('Closed overdue', [], -4);
    await t.mailer.drain();
    // fixed@ bounced, then the address was repaired and the notice sent again: its latest email went out.
    t.smtp.refuse.delete('fixed@clinic.test');
    const fixedPc = (await t
      .db('provider_communications as pc')
      .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
      .where({ 'pc.communication_id': overdue.id, 'c.customer_key': 'email:fixed@clinic.test' })
      .first('pc.id')) as { id: number };
    expect((await sup('POST', `/${overdue.id}/resendmail/${fixedPc.id}`, { email: 'fixed@clinic.test' })).status).toBe(
      200,
    );
    await t.mailer.drain();
    expect((await sup('PUT', `/${closed.id}/close-open`)).status).toBe(200);

    // Conversations with Lakeshore about the overdue recall.
    const start = async (subject: string) => {
      const res = await sup('POST', `/${overdue.id}/conversations/${overdue.lakeshorePc}/${w.lakeshore}/0`, {
        subject,
        message: `${subject}?`,
      });
      expect(res.status, res.body.m).toBe(200);
      return res.body.d.id as number;
    };
    const reply = async (cid: number) => {
      const res = await t.call(
        'POST',
        `/api/provider/communications/${overdue.id}/${overdue.lakeshorePc}/conversations/${cid}/message`,
        { token: lakeshore, body: { message: 'Here is our answer.' } },
      );
      expect(res.status, res.body.m).toBe(200);
    };
    waiting = await start('Counts');
    await reply(waiting);
    answered = await start('Returns');
    await reply(answered);
    expect((await sup('POST', `/${overdue.id}/conversations/${answered}/message`, { message: 'Thanks.' })).status).toBe(
      200,
    );
    started = await start('Shipping');
  });

  it('lists open recalls with overdue customers, bounced recipients and conversations waiting for the supplier', async () => {
    const list = (await check.conforms(
      'get',
      '/api/supplier/worklist',
      '/api/supplier/worklist',
      w.supplierToken,
    )) as Worklist;
    const due = ((await t.db.raw('SELECT (current_date - 2)::text AS d')) as { rows: { d: string }[] }).rows[0]!.d;
    // Not the one due later, not the closed one; every customer of the overdue one is still to answer.
    expect(list.overdueRecalls).toEqual([
      expect.objectContaining({
        communication_id: overdue.id,
        name: 'Overdue pumps',
        classification: 'CLASSII',
        due_date: due,
        overdue_customers: 4,
      }),
    ]);
    // bounce@ of the overdue recall and of the one due later; fixed@'s latest email went out.
    expect(list.bouncedRecipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ communication_id: overdue.id, name: 'Overdue pumps', bounced: 1 }),
        expect.objectContaining({ communication_id: later.id, bounced: 1 }),
      ]),
    );
    expect(list.bouncedRecipients).toHaveLength(2);
    expect(list.unansweredConversations).toEqual([
      expect.objectContaining({
        conversation_id: waiting,
        communication_id: overdue.id,
        name: 'Overdue pumps',
        provider_name: 'Lakeshore Medical Center',
        subject: 'Counts',
      }),
    ]);
    const ids = list.unansweredConversations.map((c) => c.conversation_id);
    expect(ids).not.toContain(answered);
    expect(ids).not.toContain(started);
  });

  it('drops what was dealt with: the overdue customers answered, the conversation answered', async () => {
    await t
      .db('provider_communications')
      .whereIn('id', overdue.pcs)
      .update({ response_status: 'COMPLETED', completed_at: t.db.fn.now() });
    expect((await sup('POST', `/${overdue.id}/conversations/${waiting}/message`, { message: 'Noted.' })).status).toBe(
      200,
    );
    const list = (await t.call('GET', '/api/supplier/worklist', { token: w.supplierToken })).body.d as Worklist;
    expect(list.overdueRecalls).toEqual([]);
    expect(list.unansweredConversations).toEqual([]);
    // Bounces stay while the notice is open: the address still never got it.
    expect(list.bouncedRecipients.map((b) => b.communication_id).sort()).toEqual([overdue.id, later.id].sort());
  });

  it("is the caller's own, of the types its role manages", async () => {
    const other = await t.call('GET', '/api/supplier/worklist', { token: borealis });
    expect(other.status).toBe(200);
    expect(other.body.d).toEqual({ overdueRecalls: [], bouncedRecipients: [], unansweredConversations: [] });
    // The sourcing coordinator manages supply advisories only: Acme's recalls are not its work.
    const sourcing = await t.call('GET', '/api/supplier/worklist', { token: w.sourcingToken });
    expect(sourcing.body.d).toEqual({ overdueRecalls: [], bouncedRecipients: [], unansweredConversations: [] });
    expect((await t.call('GET', '/api/supplier/worklist', { token: lakeshore })).status).toBe(403);
    expect((await t.call('GET', '/api/supplier/worklist')).status).toBe(401);
  });

  it('reads the bounces off their own index, not every email the supplier sent', async () => {
    // 30,000 delivered notices of Acme's: the worklist must not read them to find its two bounces.
    await t.db.raw(
      `INSERT INTO outbox_emails (organization_id, kind, to_email, subject, text_body, status, attempts, sent_at,
         provider_communication_id)
       SELECT ?, 'NOTICE', 'sent' || g || '@large.test', 'Notice', 'Notice', 'SENT', 1, now(), ?
       FROM generate_series(1, 30000) g`,
      [w.acme, later.lakeshorePc],
    );
    await t.ownerDb.raw('ANALYZE outbox_emails');
    const { result, statements } = await statementsOf(t.db, () =>
      t.call('GET', '/api/supplier/worklist', { token: w.supplierToken }),
    );
    expect((result.body.d as Worklist).bouncedRecipients).toHaveLength(2);
    const bounced = statements.find((x) => x.sql.includes('DISTINCT (o.provider_communication_id'));
    expect(bounced).toBeDefined();
    type Node = {
      'Relation Name'?: string;
      'Node Type': string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Rows Removed by Filter'?: number;
      Plans?: Node[];
    };
    const plan = (
      (await t.db.raw(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${bounced!.sql.replace(/\$\d+/g, '?')}`,
        bounced!.bindings as never,
      )) as {
        rows: { 'QUERY PLAN': [{ Plan: Node }] }[];
      }
    ).rows[0]!['QUERY PLAN'][0].Plan;
    const nodes: Node[] = [];
    const walk = (n: Node) => {
      nodes.push(n);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan);
    const outbox = nodes.filter((n) => n['Relation Name'] === 'outbox_emails');
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
    for (const n of outbox)
      expect((n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops']).toBeLessThan(100);
  });
});
