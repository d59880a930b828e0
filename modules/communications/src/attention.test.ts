import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  responseConformance,
  sendCommunication,
  startTestApp,
  statementsOf,
  type TestApp,
  type World,
  world,
} from '@portal/testing';

/**
 * What needs attention on one event: the supplier's customers with their due date, overdue flag and "not affected"
 * answer (and the overdue and health-system filters), the health systems' roll-up, and the operator's per-provider
 * rows. One recall goes to Lakeshore (an organisation of its own) and Riverside's two sites; its due date is put three
 * days back; North Campus acknowledges, South Clinic answers "not affected".
 */
let t: TestApp;
let w: World;
let check: ReturnType<typeof responseConformance>;
let operator: string;
let borealis: string; // another supplier
let e: Awaited<ReturnType<typeof sendCommunication>>;

const SUP = '/api/supplier/communications';
const OP = '/api/notisphere/communications';

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  check = responseConformance(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  const riverside = (await t.signIn('admin@riverside.demo')).access_token;
  e = await sendCommunication(t, w, 'Attention recall', {
    providers: [w.lakeshore],
    sites: [w.north, w.south],
    actions: ['Acknowledge', 'Text'],
  });
  // The event's due date three days back: the trigger carries it to every provider communication.
  await t
    .db('communications')
    .where({ id: e.id })
    .update({ response_due_date: t.db.raw(`current_date - 3`) });
  const ack = await t.call('PUT', `/api/provider/communications/${e.id}/acknowledge/${e.pcOf(w.north)}`, {
    token: riverside,
    body: {},
  });
  expect(ack.status, ack.body.m).toBe(200);
  // South Clinic's "not affected" answer, as the provider's route records it.
  await t
    .db('provider_communications')
    .where({ id: e.pcOf(w.south) })
    .update({
      response_status: 'COMPLETED',
      completed_at: t.db.fn.now(),
      not_affected_reason: 'We have none of this product',
      not_affected_by: 'admin@riverside.demo',
      not_affected_at: t.db.fn.now(),
    });
});
afterAll(() => t.close());

/** The due date the event was given: three days before the database's today. */
const threeDaysAgo = async () =>
  ((await t.db.raw(`SELECT (current_date - 3)::text AS d`)) as { rows: { d: string }[] }).rows[0]!.d;

interface Customer {
  name: string;
  provider_organization_id: number | null;
  due_date: string | null;
  overdue: boolean;
  not_affected_reason: string | null;
  response_status: string | null;
}

describe("the supplier's customers", () => {
  it('carry their due date, whether they are overdue and a "not affected" answer', async () => {
    const page = await check.conforms(
      'get',
      '/api/supplier/communications/{id}/customers',
      `${SUP}/${e.id}/customers`,
      w.supplierToken,
    );
    const due = await threeDaysAgo();
    const byOrg = Object.fromEntries((page.items as Customer[]).map((c) => [c.provider_organization_id, c]));
    expect(page.total).toBe(3);
    expect(byOrg[w.lakeshore]).toMatchObject({ due_date: due, overdue: true, not_affected_reason: null });
    expect(byOrg[w.north]).toMatchObject({ due_date: due, overdue: true, not_affected_reason: null });
    expect(byOrg[w.south]).toMatchObject({
      due_date: due,
      overdue: false,
      response_status: 'COMPLETED',
      not_affected_reason: 'We have none of this product',
    });
  });

  it('show the "not affected" answer on the Provider Responses list and in a provider\'s view', async () => {
    const page = await check.conforms(
      'get',
      '/api/supplier/communications/{id}/actions/provider',
      `${SUP}/${e.id}/actions/provider`,
      w.supplierToken,
    );
    const rows = page.items as { provider_communication_id: number; not_affected_reason: string | null }[];
    const reasons = Object.fromEntries(rows.map((r) => [r.provider_communication_id, r.not_affected_reason]));
    expect(reasons).toEqual({
      [e.pcOf(w.lakeshore)]: null,
      [e.pcOf(w.north)]: null,
      [e.pcOf(w.south)]: 'We have none of this product',
    });
    const view = await check.conforms(
      'get',
      '/api/supplier/communications/{id}/view/{pcId}',
      `${SUP}/${e.id}/view/${e.pcOf(w.south)}`,
      w.supplierToken,
    );
    expect(view.provider_communication).toMatchObject({ not_affected_reason: 'We have none of this product' });
    expect(view.provider_communication.not_affected_at).toEqual(expect.any(String));
  });

  it('narrow to the overdue ones, and to one health system’s sites', async () => {
    const overdue = await t.call('GET', `${SUP}/${e.id}/customers?overdue=1`, { token: w.supplierToken });
    expect(overdue.status).toBe(200);
    expect((overdue.body.d.items as Customer[]).map((c) => c.provider_organization_id).sort()).toEqual(
      [w.lakeshore, w.north].sort(),
    );
    expect(overdue.body.d.total).toBe(2);
    const sites = await t.call('GET', `${SUP}/${e.id}/customers?parentId=${w.riverside}&sortField=name`, {
      token: w.supplierToken,
    });
    expect((sites.body.d.items as Customer[]).map((c) => c.provider_organization_id)).toEqual([w.north, w.south]);
    const both = await t.call('GET', `${SUP}/${e.id}/customers?parentId=${w.riverside}&overdue=1`, {
      token: w.supplierToken,
    });
    expect((both.body.d.items as Customer[]).map((c) => c.provider_organization_id)).toEqual([w.north]);
    // Once the due date moves to today, nobody is overdue.
    await t
      .db('communications')
      .where({ id: e.id })
      .update({ response_due_date: t.db.raw('current_date') });
    const none = await t.call('GET', `${SUP}/${e.id}/customers?overdue=1`, { token: w.supplierToken });
    expect(none.body.d.total).toBe(0);
    await t
      .db('communications')
      .where({ id: e.id })
      .update({ response_due_date: t.db.raw('current_date - 3') });
  });

  it('refuse a bad filter and answer 404 for another supplier’s event', async () => {
    expect((await t.call('GET', `${SUP}/${e.id}/customers?overdue=2`, { token: w.supplierToken })).status).toBe(400);
    expect((await t.call('GET', `${SUP}/${e.id}/customers?parentId=0`, { token: w.supplierToken })).status).toBe(400);
    const other = await t.call('GET', `${SUP}/${e.id}/customers?overdue=1`, { token: borealis });
    expect(other.status).toBe(404);
  });
});

describe('the health systems of an event', () => {
  it('roll up the sites per health system: acknowledged, answered, not affected, overdue', async () => {
    const rows = await check.conforms(
      'get',
      '/api/supplier/communications/{id}/health-systems',
      `${SUP}/${e.id}/health-systems`,
      w.supplierToken,
    );
    // Lakeshore is no site of anything: only Riverside Health rolls up.
    expect(rows).toEqual([
      {
        provider_id: w.riverside,
        provider_name: 'Riverside Health',
        sites: 2,
        acknowledged: 1,
        answered: 0,
        not_affected: 1,
        overdue: 1,
      },
    ]);
  });

  it('count a completed answer as answered, and a closed notice as not overdue', async () => {
    await t
      .db('provider_communications')
      .where({ id: e.pcOf(w.north) })
      .update({ status: 'CLOSED' });
    const closed = await t.call('GET', `${SUP}/${e.id}/health-systems`, { token: w.supplierToken });
    expect(closed.body.d[0]).toMatchObject({ overdue: 0, answered: 0 });
    await t
      .db('provider_communications')
      .where({ id: e.pcOf(w.north) })
      .update({ status: 'OPEN', response_status: 'COMPLETED', completed_at: t.db.fn.now() });
    const answered = await t.call('GET', `${SUP}/${e.id}/health-systems`, { token: w.supplierToken });
    expect(answered.body.d[0]).toMatchObject({ sites: 2, answered: 1, not_affected: 1, overdue: 0 });
    await t
      .db('provider_communications')
      .where({ id: e.pcOf(w.north) })
      .update({ response_status: 'NOTCOMPLETED', completed_at: null });
  });

  it('answer 404 for another supplier’s event, 403 without the type’s permission, 404 for an id that is not one', async () => {
    expect((await t.call('GET', `${SUP}/${e.id}/health-systems`, { token: borealis })).status).toBe(404);
    expect((await t.call('GET', `${SUP}/${e.id}/health-systems`, { token: w.sourcingToken })).status).toBe(403);
    expect((await t.call('GET', `${SUP}/abc/health-systems`, { token: w.supplierToken })).status).toBe(404);
    expect((await t.call('GET', `${SUP}/99999999/health-systems`, { token: w.supplierToken })).status).toBe(404);
  });
});

interface ProviderRow {
  id: number;
  provider_id: number | null;
  provider_name: string;
  site_id: number | null;
  site_name: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  response_status: string;
  not_affected_reason: string | null;
  due_date: string | null;
  overdue: boolean;
}

describe("the operator's per-provider answers", () => {
  it('list every provider communication with its health system, site, acknowledgement and answer', async () => {
    const page = await check.conforms(
      'get',
      '/api/notisphere/communications/{id}/providers',
      `${OP}/${e.id}/providers`,
      operator,
    );
    const due = await threeDaysAgo();
    const rows = page.items as ProviderRow[];
    expect(page.total).toBe(3);
    // In id order (the index's).
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[e.pcOf(w.lakeshore)]).toMatchObject({
      provider_id: w.lakeshore,
      provider_name: 'Lakeshore Medical Center',
      site_id: null,
      site_name: null,
      acknowledged_at: null,
      response_status: 'NOTCOMPLETED',
      due_date: due,
      overdue: true,
    });
    expect(byId[e.pcOf(w.north)]).toMatchObject({
      provider_id: w.riverside,
      provider_name: 'Riverside Health',
      site_id: w.north,
      site_name: 'Riverside North Campus',
      acknowledged_by: 'admin@riverside.demo',
      overdue: true,
    });
    expect(byId[e.pcOf(w.north)]!.acknowledged_at).not.toBeNull();
    expect(byId[e.pcOf(w.south)]).toMatchObject({
      provider_id: w.riverside,
      site_name: 'Riverside South Clinic',
      response_status: 'COMPLETED',
      not_affected_reason: 'We have none of this product',
      overdue: false,
    });
  });

  it('page, sort and search', async () => {
    const first = await t.call('GET', `${OP}/${e.id}/providers?pageSize=2&sortField=site_name&sortDirection=asc`, {
      token: operator,
    });
    expect(first.status, first.body.m).toBe(200);
    expect(first.body.d.total).toBe(3);
    expect((first.body.d.items as ProviderRow[]).map((r) => r.site_name)).toEqual([
      'Riverside North Campus',
      'Riverside South Clinic',
    ]);
    const searched = await t.call('GET', `${OP}/${e.id}/providers?search=lakeshore`, { token: operator });
    expect((searched.body.d.items as ProviderRow[]).map((r) => r.id)).toEqual([e.pcOf(w.lakeshore)]);
    const filtered = await t.call(
      'GET',
      `${OP}/${e.id}/providers?filterModel=${encodeURIComponent(JSON.stringify({ overdue: { type: 'contains', filter: 'true' } }))}`,
      { token: operator },
    );
    expect(filtered.body.d.total).toBe(2);
    expect((await t.call('GET', `${OP}/${e.id}/providers?sortField=nope`, { token: operator })).status).toBe(400);
  });

  it('is the operator’s only: 403 to suppliers and providers, 404 for an unknown event', async () => {
    expect((await t.call('GET', `${OP}/${e.id}/providers`, { token: w.supplierToken })).status).toBe(403);
    expect((await t.call('GET', `${OP}/99999999/providers`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `${OP}/${e.id}/providers`)).status).toBe(401);
  });
});

/** The nodes of a plan, flattened. */
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(node);
  for (const child of node.Plans ?? []) nodesOf(child, out);
  return out;
};

describe("the operator's per-provider rows of a large event", () => {
  it('read the page off the event’s own index, never the whole table', async () => {
    // 20,000 more provider communications of another Acme event, and 200 of a third one.
    const insertEvent = async (name: string, n: number) => {
      const [{ id }] = (
        (await t.db.raw(
          `INSERT INTO communications (organization_id, type, status, name, classification, approved_at)
           VALUES (?, 'RECALL', 'OPEN', ?, 'CLASSI', now()) RETURNING id`,
          [w.acme, name],
        )) as { rows: { id: number }[] }
      ).rows as [{ id: number }];
      await t.db.raw(
        `WITH customers AS (
           INSERT INTO communication_affected_customers (communication_id, organization_id, customer_key, name, emails, source)
           SELECT :event, :org, 'email:c' || g || '@large.test', 'Clinic ' || g, ARRAY['c' || g || '@large.test'], 'MANUAL'
           FROM generate_series(1, :n::int) g RETURNING id)
         INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id,
           affected_customer_id, status, response_status, sent_at, last_notified_at)
         SELECT :event, 'RECALL', :org, id, 'OPEN', 'NOTCOMPLETED', now(), now() FROM customers`,
        { event: id, org: w.acme, n },
      );
      return Number(id);
    };
    const large = await insertEvent('Large recall', 20_000);
    const small = await insertEvent('Small recall', 200);
    await t.ownerDb.raw('ANALYZE provider_communications, communication_affected_customers, organizations');

    for (const [event, total] of [
      [small, 200],
      [large, 20_000],
    ] as const) {
      const { result, statements } = await statementsOf(t.db, () =>
        t.call('GET', `${OP}/${event}/providers?pageNumber=2&pageSize=50`, { token: operator }),
      );
      expect(result.status).toBe(200);
      const page = result.body.d as { total: number; items: ProviderRow[] };
      expect(page.total).toBe(total);
      expect(page.items).toHaveLength(50);
      const ids = page.items.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const pageStatement = statements.find((s) => /\boffset\b/i.test(s.sql));
      expect(pageStatement).toBeDefined();
      const plan = (
        (await t.db.raw(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${pageStatement!.sql.replace(/\$\d+/g, '?')}`,
          pageStatement!.bindings as never,
        )) as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }
      ).rows[0]!['QUERY PLAN'][0].Plan;
      const pcs = nodesOf(plan).filter((n) => n['Relation Name'] === 'provider_communications');
      expect(pcs.every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
      // The page and the rows it skips (100), not the event's 20,000 or the table's.
      for (const n of pcs)
        expect((n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops']).toBeLessThan(500);
    }
  });
});
