import type { Db } from '../modules/core/src/index.js';

export interface World {
  supplierId: number;
  adminUserId: number;
  communications: number;
  providerCommunications: number;
  /** Two OPEN events with the same 10,000 affected customers each (one for the send, one for the bulk-insert baseline). */
  sendEventId: number;
  baselineEventId: number;
  sendCustomers: number;
  /** Seconds per generation step. */
  steps: [string, number][];
}

async function one<T>(q: Promise<unknown>): Promise<T> {
  const { rows } = (await q) as { rows: T[] };
  return rows[0]!;
}

/**
 * Fills a fresh, seeded database: `communications` events for Acme (set-based INSERT ... SELECT generate_series),
 * `perEvent` affected customers and provider communications for each of the first events until `providerCommunications`
 * are made, and two OPEN events of `sendCustomers` customers for the send benchmark.
 */
export async function generateWorld(
  db: Db,
  options: { communications: number; providerCommunications: number; sendCustomers: number },
): Promise<World> {
  const steps: [string, number][] = [];
  let mark = Date.now();
  const step = (name: string) => {
    steps.push([name, (Date.now() - mark) / 1000]);
    mark = Date.now();
  };
  const supplier = await one<{ id: number }>(
    db.raw(`SELECT id FROM organizations WHERE name = 'Acme Medical Devices'`),
  );
  const admin = await one<{ id: number }>(db.raw(`SELECT id FROM users WHERE email = 'admin@acme.demo'`));
  const providers = (await db('organizations').where({ type: 'PROVIDER' }).orderBy('id').pluck('id')) as number[];
  // Nine events in ten are sent (OPEN or CLOSED): spread the provider communications over the first of those.
  const perEvent = Math.max(
    1,
    Math.ceil(options.providerCommunications / Math.max(1, Math.floor(options.communications * 0.9))),
  );
  const eventsWithNotices = Math.ceil(options.providerCommunications / perEvent);

  // A throwaway database: skip durability while loading, then restore the defaults before anything is measured.
  for (const setting of [
    'fsync = off',
    'full_page_writes = off',
    'synchronous_commit = off',
    "max_wal_size = '8GB'",
    "checkpoint_timeout = '30min'",
  ]) {
    await db.raw(`ALTER SYSTEM SET ${setting}`);
  }
  await db.raw('SELECT pg_reload_conf()');
  // Events: 90% recalls (one in nine Class I, the rest Class II), statuses OPEN 60% / CLOSED 30% / DRAFT 10%, spread over
  // two years; a sent event is due 0 to 399 days after it was sent (about half of them are overdue now). Their products'
  // searchable text (lot number, UDI) is written as communication_products' trigger would write it for one product.
  await db.raw(
    `
    INSERT INTO communications (organization_id, type, status, current_step, subtype, name, event_id, classification, reason, description,
      event_date, created_by, approved_by, approved_at, first_sent_at, closed_at, created_at, updated_at, response_due_date,
      product_search)
    SELECT :org::bigint, CASE WHEN g % 10 = 0 THEN 'PRODUCT DISRUPTION' ELSE 'RECALL' END,
      CASE WHEN g % 10 < 6 THEN 'OPEN' WHEN g % 10 < 9 THEN 'CLOSED' ELSE 'DRAFT' END, 3,
      CASE WHEN g % 10 = 0 THEN 'SHORTAGE' ELSE 'CORRECTION' END,
      'Bench event ' || g || ' ' || substr(md5(g::text), 1, 10), 'BE-' || g,
      CASE WHEN g % 10 = 0 THEN NULL WHEN g % 9 = 1 THEN 'CLASSI' ELSE 'CLASSII' END,
      'Quality issue', 'Generated for the benchmark', date '2024-01-01' + (g % 700),
      :user::bigint, CASE WHEN g % 10 < 9 THEN :user::bigint END, CASE WHEN g % 10 < 9 THEN ts END, CASE WHEN g % 10 < 9 THEN ts END,
      CASE WHEN g % 10 BETWEEN 6 AND 8 THEN ts + interval '30 days' END, ts, ts + interval '1 hour',
      CASE WHEN g % 10 < 9 THEN (ts + (g % 400) * interval '1 day')::date END,
      'Bench pump LOT-' || g || ' (01)0081234' || lpad(g::text, 7, '0') || '(17)271231'
    FROM generate_series(1, :n::int) g, LATERAL (SELECT timestamptz '2024-11-21 00:00Z' + (g * interval '631 seconds') AS ts) t`,
    { org: supplier.id, user: admin.id, n: options.communications },
  );

  step('events');
  // Secondary indexes of the two big tables are dropped while loading and rebuilt from their own definitions after
  // (one sorted build instead of a million index insertions); constraint indexes (primary, unique) stay.
  const bigTables = ['communication_affected_customers', 'provider_communications', 'provider_responses'];
  const secondary = (
    await db.raw(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY(?)
    AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [bigTables],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of secondary) await db.raw(`DROP INDEX ${index.indexname}`);

  // Affected customers and provider communications for the first events that were sent (OPEN or CLOSED).
  await db.raw(
    `
    INSERT INTO communication_affected_customers (communication_id, organization_id, provider_organization_id, customer_key, name, emails, source)
    SELECT c.id, c.organization_id, (:providers::bigint[])[1 + (c.id + k) % :np], 'bench-' || k, 'Customer ' || c.id || '-' || k,
      ARRAY['customer' || k || '.' || c.id || '@bench.test'], 'MANUAL'
    FROM (SELECT id, organization_id FROM communications WHERE organization_id = :org AND status <> 'DRAFT' ORDER BY id LIMIT :events) c,
      generate_series(1, :per) k`,
    {
      providers: `{${providers.join(',')}}`,
      np: providers.length,
      org: supplier.id,
      events: eventsWithNotices,
      per: perEvent,
    },
  );
  step('affected customers');
  await db.raw(
    `
    INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id, status,
      response_status, sent_at, last_notified_at, acknowledged_at, acknowledged_by, completed_at, reminder_count, created_at, updated_at)
    SELECT ac.communication_id, c.type, ac.organization_id, ac.provider_organization_id, ac.id, CASE WHEN c.status = 'CLOSED' THEN 'CLOSED' ELSE 'OPEN' END,
      CASE WHEN ac.id % 3 = 0 THEN 'COMPLETED' ELSE 'NOTCOMPLETED' END, c.first_sent_at, c.first_sent_at,
      CASE WHEN ac.id % 2 = 0 OR ac.id % 3 = 0 THEN c.first_sent_at + interval '2 days' END,
      CASE WHEN ac.id % 2 = 0 OR ac.id % 3 = 0 THEN ac.emails[1] END,
      CASE WHEN ac.id % 3 = 0 THEN c.first_sent_at + interval '5 days' END, (ac.id % 3)::int, c.first_sent_at, c.first_sent_at
    FROM communication_affected_customers ac JOIN communications c ON c.id = ac.communication_id
    WHERE ac.organization_id = :org AND ac.customer_key LIKE 'bench-%'
    ORDER BY ac.id LIMIT :n`,
    { org: supplier.id, n: options.providerCommunications },
  );

  step('provider communications');
  // One acknowledgement action per sent event, answered on every completed notice (by the recipient, through its link):
  // the eR responses list groups these answers per person.
  await db.raw(
    `
    INSERT INTO communication_actions (communication_id, organization_id, action_type, title)
    SELECT id, organization_id, 'Acknowledge', 'Acknowledge the notice' FROM communications WHERE organization_id = :org AND status <> 'DRAFT'`,
    { org: supplier.id },
  );
  // Loaded in bulk with the people-count trigger off, then counted once for every communication.
  await db.raw('ALTER TABLE provider_responses DISABLE TRIGGER provider_responses_people_insert');
  await db.raw(
    `
    INSERT INTO provider_responses (provider_communication_id, communication_id, action_id, supplier_organization_id, provider_organization_id,
      value, status, responder_email, submitted_at, created_at, updated_at)
    SELECT pc.id, pc.communication_id, a.id, pc.supplier_organization_id, pc.provider_organization_id, '{"valueAcknowledge": true}', 'SUBMITTED',
      pc.acknowledged_by, pc.completed_at, pc.completed_at, pc.completed_at
    FROM provider_communications pc JOIN communication_actions a ON a.communication_id = pc.communication_id
    WHERE pc.supplier_organization_id = :org AND pc.response_status = 'COMPLETED'`,
    { org: supplier.id },
  );
  await db.raw('ALTER TABLE provider_responses ENABLE TRIGGER provider_responses_people_insert');
  await db.raw(`UPDATE provider_communications pc SET extra_responders = x.people - 1
    FROM (SELECT r.provider_communication_id, count(DISTINCT coalesce('u' || r.responder_user_id::text, 'e' || lower(r.responder_email), '-')) AS people
      FROM provider_responses r GROUP BY 1) x
    WHERE x.provider_communication_id = pc.id AND x.people > 1`);
  step('actions and answers');
  // The worklist's own tables: one notice in 50 of each provider has an owner (its administrator), one in 97 a
  // delegation still waiting for its delegate.
  await db.raw(
    `
    INSERT INTO provider_communication_owners (provider_communication_id, organization_id, user_id)
    SELECT pc.id, pc.provider_organization_id, u.id
    FROM provider_communications pc
    JOIN organizations o ON o.id = pc.provider_organization_id
    JOIN users u ON u.email = 'admin@' || coalesce((SELECT p.domain FROM organizations p WHERE p.id = o.parent_id), o.domain)
    WHERE pc.supplier_organization_id = :org AND pc.id % 50 = 0`,
    { org: supplier.id },
  );
  await db.raw(
    `
    INSERT INTO provider_delegates (organization_id, provider_communication_id, communication_id, email, status)
    SELECT pc.provider_organization_id, pc.id, pc.communication_id, 'delegate' || pc.id || '@bench.test', 'ACTIVE'
    FROM provider_communications pc WHERE pc.supplier_organization_id = :org AND pc.id % 97 = 0`,
    { org: supplier.id },
  );
  step('owners and delegates');
  await db.raw("SET maintenance_work_mem = '256MB'");
  for (const index of secondary) await db.raw(index.indexdef);

  step('index rebuild');
  // Two approved, unsent events with the same customers: one is sent through the API, the other gets a bulk INSERT.
  const makeEvent = async (name: string): Promise<number> => {
    const [row] = await db('communications')
      .insert({
        organization_id: supplier.id,
        type: 'RECALL',
        status: 'OPEN',
        current_step: 3,
        subtype: 'CORRECTION',
        name,
        classification: 'CLASSI',
        created_by: admin.id,
        approved_by: admin.id,
        approved_at: db.fn.now(),
      })
      .returning('id');
    const id = (row as { id: number }).id;
    await db('communication_products').insert({
      communication_id: id,
      organization_id: supplier.id,
      product_name: 'Bench pump',
    });
    await db('communication_actions').insert({
      communication_id: id,
      organization_id: supplier.id,
      action_type: 'Acknowledge',
      title: 'Acknowledge',
    });
    await db.raw(
      `
      INSERT INTO communication_affected_customers (communication_id, organization_id, provider_organization_id, customer_key, name, emails, source)
      SELECT :id, :org, NULL, 'send-' || k, 'Send customer ' || k, ARRAY['send' || k || '@bench.test'], 'MANUAL' FROM generate_series(1, :n) k`,
      { id, org: supplier.id, n: options.sendCustomers },
    );
    return id;
  };
  const sendEventId = await makeEvent('Bench send event');
  const baselineEventId = await makeEvent('Bench bulk-insert baseline');
  step('send events');
  await db.raw('VACUUM ANALYZE');
  await db.raw('ALTER SYSTEM RESET ALL');
  await db.raw('SELECT pg_reload_conf()');
  await db.raw('CHECKPOINT');
  step('vacuum, analyze, checkpoint');
  const counts = await one<{ c: number; pc: number }>(
    db.raw(
      `SELECT (SELECT count(*) FROM communications WHERE organization_id = :org)::int AS c,
    (SELECT count(*) FROM provider_communications)::int AS pc`,
      { org: supplier.id },
    ),
  );
  return {
    supplierId: supplier.id,
    adminUserId: admin.id,
    communications: counts.c,
    providerCommunications: counts.pc,
    sendEventId,
    baselineEventId,
    sendCustomers: options.sendCustomers,
    steps,
  };
}
