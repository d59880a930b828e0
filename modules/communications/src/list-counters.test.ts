import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let userId: number;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  userId = ((await t.db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

/** Every counter row that disagrees with a count(*) of its rows (a missing counter is 0; a zero counter is no row). */
async function disagreements(): Promise<unknown[]> {
  const q = async (sql: string) => (await t.db.raw(sql)).rows as unknown[];
  return [
    ...(await q(`SELECT * FROM (SELECT organization_id, type, status, count(*) AS n FROM communications GROUP BY 1, 2, 3) real
      FULL JOIN communication_counts k USING (organization_id, type, status) WHERE coalesce(real.n, 0) <> coalesce(k.n, 0)`)),
    ...(await q(`SELECT * FROM (SELECT provider_organization_id, communication_type, status, count(*) AS n FROM provider_communications
      WHERE provider_organization_id IS NOT NULL GROUP BY 1, 2, 3) real
      FULL JOIN provider_communication_counts k USING (provider_organization_id, communication_type, status) WHERE coalesce(real.n, 0) <> coalesce(k.n, 0)`)),
    ...(await q(`SELECT c.id, k.*, real.* FROM communications c
      LEFT JOIN communication_tallies k ON k.communication_id = c.id
      CROSS JOIN LATERAL (SELECT
        (SELECT count(*) FROM communication_affected_customers ac WHERE ac.communication_id = c.id AND ac.status = 'ACTIVE') AS customers,
        (SELECT count(*) FROM provider_communications pc WHERE pc.communication_id = c.id AND pc.status <> 'DELETED') AS sent,
        (SELECT count(acknowledged_at) FROM provider_communications pc WHERE pc.communication_id = c.id AND pc.status <> 'DELETED') AS acknowledged,
        (SELECT count(*) FROM provider_communications pc WHERE pc.communication_id = c.id AND pc.status <> 'DELETED' AND pc.response_status = 'COMPLETED') AS completed) real
      WHERE (coalesce(k.customers, 0), coalesce(k.sent, 0), coalesce(k.acknowledged, 0), coalesce(k.completed, 0))
        <> (real.customers, real.sent, real.acknowledged, real.completed)`)),
  ];
}

/** Inserts `n` sent events of Acme, each with one affected customer and provider communication per given provider. */
async function sentEvents(db: TestApp['db'], n: number, providers: number[], type = 'RECALL'): Promise<number[]> {
  const events = (
    await db.raw(
      `INSERT INTO communications (organization_id, type, status, name, created_by)
    SELECT ?::bigint, ?, 'OPEN', 'Counted ' || g, ?::bigint FROM generate_series(1, ?::int) g RETURNING id`,
      [w.acme, type, userId, n],
    )
  ).rows as { id: number }[];
  const ids = events.map((e) => e.id);
  await db.raw(
    `INSERT INTO communication_affected_customers (communication_id, organization_id, provider_organization_id, customer_key, name, source)
    SELECT c, ?::bigint, p, 'org:' || p, 'Customer ' || p, 'PROVIDER' FROM unnest(?::bigint[]) c, unnest(?::bigint[]) p`,
    [w.acme, ids, providers],
  );
  await db.raw(
    `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id, sent_at)
    SELECT ac.communication_id, ?, ac.organization_id, ac.provider_organization_id, ac.id, now() FROM communication_affected_customers ac
    WHERE ac.communication_id = ANY(?::bigint[])`,
    [type, ids],
  );
  return ids;
}

describe('list counters (communication_counts, provider_communication_counts, communication_tallies)', () => {
  it('equal count(*) after inserts, updates, status changes, moves and deletes', async () => {
    expect(await disagreements()).toEqual([]);
    const recalls = await sentEvents(t.db, 20, [w.riverside, w.lakeshore, w.north]);
    const advisories = await sentEvents(t.db, 5, [w.riverside], 'PRODUCT DISRUPTION');
    await t.db.raw(
      `INSERT INTO communications (organization_id, type, name) SELECT ?::bigint, 'RECALL', 'Draft ' || g FROM generate_series(1, 7) g`,
      [w.acme],
    );
    expect(await disagreements()).toEqual([]);

    // Events change status (close, delete a draft) and one is removed outright (its rows cascade).
    await t.db('communications').whereIn('id', recalls.slice(0, 5)).update({ status: 'CLOSED' });
    await t.db('communications').where({ organization_id: w.acme, status: 'DRAFT' }).update({ status: 'DELETED' });
    await t.db('communications').where({ id: recalls[19] }).del();
    // Provider communications: closed, acknowledged, completed, moved to a site, deleted, and a customer removed.
    await t.db('provider_communications').whereIn('communication_id', recalls.slice(0, 5)).update({ status: 'CLOSED' });
    await t
      .db('provider_communications')
      .whereIn('communication_id', recalls.slice(5, 10))
      .update({ acknowledged_at: t.db.fn.now() });
    await t
      .db('provider_communications')
      .whereIn('communication_id', recalls.slice(8, 12))
      .update({ response_status: 'COMPLETED' });
    await t
      .db('provider_communications')
      .where({ provider_organization_id: w.riverside })
      .whereIn('communication_id', advisories)
      .update({ provider_organization_id: w.south });
    await t
      .db('provider_communications')
      .where({ provider_organization_id: w.lakeshore })
      .whereIn('communication_id', recalls.slice(12, 14))
      .update({ status: 'DELETED' });
    await t
      .db('provider_communications')
      .where({ provider_organization_id: w.north })
      .whereIn('communication_id', recalls.slice(14, 16))
      .del();
    await t
      .db('communication_affected_customers')
      .where({ provider_organization_id: w.lakeshore })
      .whereIn('communication_id', recalls.slice(16, 18))
      .update({ status: 'REMOVED' });
    // An update that changes nothing counted, and one that changes a counted value back.
    await t.db('provider_communications').whereIn('communication_id', recalls).update({ updated_at: t.db.fn.now() });
    await t
      .db('provider_communications')
      .whereIn('communication_id', recalls.slice(8, 9))
      .update({ response_status: 'NOTCOMPLETED' });
    expect(await disagreements()).toEqual([]);

    // The supplier's list shows each event's tallies.
    const rowOf = async (name: string) => {
      const list = await t.call(
        'GET',
        `/api/supplier/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
        { token: w.supplierToken },
      );
      expect(list.body.d.items).toHaveLength(1);
      return list.body.d.items[0] as Record<string, unknown>;
    };
    expect(await rowOf('Counted 9')).toMatchObject({
      customers_count: 3,
      sent_count: 3,
      acknowledged_count: 3,
      completed_count: 0,
    });
    expect(await rowOf('Counted 11')).toMatchObject({
      customers_count: 3,
      sent_count: 3,
      acknowledged_count: 0,
      completed_count: 3,
    });
    expect(await rowOf('Counted 17')).toMatchObject({
      customers_count: 2,
      sent_count: 3,
      acknowledged_count: 0,
      completed_count: 0,
    });
  });

  it('equal count(*) after concurrent writers on the same counters, and a rolled-back writer counts nothing', async () => {
    const [event] = await sentEvents(t.db, 1, [w.riverside]);
    const pcs = (await t.db('provider_communications').where({ communication_id: event }).select('id')) as {
      id: number;
    }[];
    // Twelve transactions at once: each adds events for the same providers (the same counter rows), acknowledges the same
    // event's notice or flips its status; one of them rolls back after writing.
    const writers = Array.from({ length: 12 }, (_, i) =>
      t.db
        .transaction(async (trx) => {
          await sentEvents(trx, 2, [w.riverside, w.lakeshore]);
          if (i % 3 === 0)
            await trx('provider_communications')
              .whereIn(
                'id',
                pcs.map((p) => p.id),
              )
              .update({ acknowledged_at: trx.fn.now() });
          if (i % 3 === 1)
            await trx('communications')
              .where({ id: event })
              .update({ status: i % 2 ? 'CLOSED' : 'OPEN' });
          if (i === 5) throw new Error('rolled back on purpose');
        })
        .catch((err: Error) => err.message),
    );
    const outcomes = await Promise.all(writers);
    expect(outcomes.filter((o) => o === 'rolled back on purpose')).toHaveLength(1);
    expect(await disagreements()).toEqual([]);
  });
});

describe('list totals and sorts', () => {
  it('answers the exact total from the counters, caps filtered totals, and sorts large lists within the first rows', async () => {
    const token = w.supplierToken;
    const list = (query: string) =>
      t.call('GET', `/api/supplier/communications?communicationType=RECALL&${query}`, { token });
    const exact = Number(
      (
        (
          await t
            .db('communications')
            .where({ organization_id: w.acme, type: 'RECALL' })
            .whereNot('status', 'DELETED')
            .count({ n: '*' })
        )[0] as { n: string }
      ).n,
    );
    const all = await list('pageSize=5');
    expect(all.body.d).toMatchObject({ total: exact, pageNumber: 1, pageSize: 5 });
    expect(all.body.d.totalCapped).toBeUndefined();

    // Over 10,000 matching rows: a filtered total is a lower bound, and a sort no index serves orders the newest 10,000.
    await t.db.raw(
      `INSERT INTO communications (organization_id, type, status, name, event_id, updated_at)
      SELECT ?::bigint, 'RECALL', 'OPEN', 'Bulk ' || g, 'BK-' || lpad(g::text, 6, '0'), now() - g * interval '1 minute' FROM generate_series(1, 10050) g`,
      [w.acme],
    );
    const filtered = await list(`pageSize=5&search=Bulk`);
    expect(filtered.body.d).toMatchObject({ total: 10_000, totalCapped: true });
    const few = await list(`pageSize=5&search=${encodeURIComponent('Bulk 1005')}`);
    expect(few.body.d).toMatchObject({ total: 2 }); // Bulk 1005 and Bulk 10050
    expect(few.body.d.totalCapped).toBeUndefined();

    // A search with few matches reads their ids first (off the search's own index), then its page among them; one with
    // more than FEW_MATCHES reads its page in the order's index. Both answer the newest first, page by page.
    const pageStatements = async (query: string) => {
      const sent: string[] = [];
      const seen = (q: { sql: string }) => sent.push(q.sql);
      t.db.on('query', seen);
      const names = ((await list(query)).body.d.items as { name: string }[]).map((r) => r.name);
      t.db.off('query', seen);
      return { names, pinned: sent.some((sql) => /"c"\."id" = ANY\(/.test(sql)) };
    };
    const search = (words: string, page: number) => `pageSize=1&pageNumber=${page}&search=${encodeURIComponent(words)}`;
    expect(await pageStatements(search('Bulk 1005', 1))).toEqual({ names: ['Bulk 1005'], pinned: true });
    expect(await pageStatements(search('Bulk 1005', 2))).toEqual({ names: ['Bulk 10050'], pinned: true });
    expect(await pageStatements(search('Bulk 1005', 3))).toEqual({ names: [], pinned: true });
    // 'Bulk 1' matches 1,162 events (1, 10-19, 100-199, 1000-1999, 10000-10050).
    expect(await pageStatements(`pageSize=3&search=${encodeURIComponent('Bulk 1')}`)).toEqual({
      names: ['Bulk 1', 'Bulk 10', 'Bulk 11'],
      pinned: false,
    });

    const byEventId = await list('pageSize=3&sortField=event_id&sortDirection=asc');
    expect(byEventId.body.d).toMatchObject({ total: exact + 10_050, sortCapped: true });
    // The oldest 50 bulk events (BK-010001 .. BK-010050) fall outside the newest 10,000: the first sorted is BK-000001.
    expect(byEventId.body.d.items.map((r: { event_id: string }) => r.event_id)).toEqual([
      'BK-000001',
      'BK-000002',
      'BK-000003',
    ]);
    const desc = await list('pageSize=1&sortField=event_id&sortDirection=desc');
    expect(desc.body.d.items[0].event_id).not.toBe('BK-010050');
    // The indexed sort needs no cap and sees every row.
    const byName = await list('pageSize=1&sortField=name&sortDirection=asc');
    expect(byName.body.d.sortCapped).toBeUndefined();
    const tooDeep = await list('pageSize=50&pageNumber=201&sortField=event_id&sortDirection=asc');
    expect(tooDeep.status).toBe(400);
  });
});
