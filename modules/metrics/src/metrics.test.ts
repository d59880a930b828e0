import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

let t: TestApp;
let w: World;
let operator: string;
let borealis: number;
let acmeUser: number;
const events: Record<string, number> = {};
const H = 3600;

/**
 * The fixture, all sent S = 10 days ago (E5: 200 days ago); hours after S:
 * E1 Acme recall Class I, OPEN: Riverside ack 1 done 5, North ack 2 done 10, South ack 4, Lakeshore nothing.
 * E2 Acme advisory (no class), OPEN: Riverside ack 8 done 20, Lakeshore nothing.
 * E3 Borealis recall Class II, CLOSED: Riverside ack 3, Lakeshore ack 30.
 * E4 Acme recall Class III, DRAFT, never sent.  E5 Acme recall Class I, OPEN, 200 days ago: Riverside ack 1.
 */
async function event(
  name: string,
  o: { org: number; type?: string; classification?: string | null; status: string; daysAgo: number },
) {
  const [row] = (
    await t.db.raw(
      `INSERT INTO communications (organization_id, type, status, name, classification, created_by, created_at, first_sent_at)
      VALUES (?, ?, ?, ?, ?, ?, now() - make_interval(days => ?), CASE WHEN ? <> 'DRAFT' THEN now() - make_interval(days => ?) END) RETURNING id`,
      [o.org, o.type ?? 'RECALL', o.status, name, o.classification ?? null, acmeUser, o.daysAgo, o.status, o.daysAgo],
    )
  ).rows as { id: number }[];
  events[name] = row!.id;
  return row!.id;
}

/** One affected customer and provider communication, sent `daysAgo`, acknowledged and completed hours later. */
async function notice(
  eventId: number,
  provider: number,
  o: { daysAgo?: number; ack?: number; done?: number; status?: string; email?: string },
) {
  const [ev] = (await t.db('communications').where({ id: eventId }).select('organization_id', 'type')) as {
    organization_id: number;
    type: string;
  }[];
  const [ac] = await t
    .db('communication_affected_customers')
    .insert({
      communication_id: eventId,
      organization_id: ev!.organization_id,
      provider_organization_id: provider,
      customer_key: `org:${provider}`,
      name: `Customer ${provider}`,
      source: 'PROVIDER',
    })
    .returning('id');
  const sent = `now() - make_interval(days => ${o.daysAgo ?? 10})`;
  const after = (h: number | undefined) =>
    h === undefined ? null : t.db.raw(`${sent} + make_interval(hours => ?)`, [h]);
  const [pc] = await t
    .db('provider_communications')
    .insert({
      communication_id: eventId,
      communication_type: ev!.type,
      supplier_organization_id: ev!.organization_id,
      provider_organization_id: provider,
      affected_customer_id: (ac as { id: number }).id,
      status: o.status ?? 'OPEN',
      sent_at: t.db.raw(sent),
      acknowledged_at: after(o.ack),
      completed_at: after(o.done),
      response_status: o.done === undefined ? 'NOTCOMPLETED' : 'COMPLETED',
    })
    .returning('id');
  const id = (pc as { id: number }).id;
  if (o.email)
    await t.db('outbox_emails').insert({
      organization_id: ev!.organization_id,
      kind: 'notice',
      to_email: `n${id}@example.test`,
      subject: 'Notice',
      text_body: 'Notice',
      status: o.email,
      provider_communication_id: id,
    });
  return id;
}

async function emailOf(pc: number): Promise<number> {
  return ((await t.db('outbox_emails').where({ provider_communication_id: pc }).first('id')) as { id: number }).id;
}

const metrics = (query = '', token = operator, path = '/api/notisphere/metrics') =>
  t.call('GET', `${path}${query ? `?${query}` : ''}`, { token });
const figures = async (query = '', token = operator, path = '/api/notisphere/metrics') => {
  const res = await metrics(query, token, path);
  expect(res.status, res.body.m).toBe(200);
  return res.body.d;
};

/** percentile_cont of the hand-computed durations: the histogram's answer is within 5% (+3 s) of it. */
const near = (actual: number | null, exact: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - exact)).toBeLessThanOrEqual(exact * 0.05 + 3);
};

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  operator = (await t.signIn('admin@operator.demo')).access_token;
  borealis = ((await t.db('organizations').where({ name: 'Borealis Pharma' }).first('id')) as { id: number }).id;
  acmeUser = ((await t.db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number }).id;

  const e1 = await event('E1', { org: w.acme, classification: 'CLASSI', status: 'OPEN', daysAgo: 10 });
  const e2 = await event('E2', { org: w.acme, type: 'PRODUCT DISRUPTION', status: 'OPEN', daysAgo: 10 });
  const e3 = await event('E3', { org: borealis, classification: 'CLASSII', status: 'CLOSED', daysAgo: 10 });
  await event('E4', { org: w.acme, classification: 'CLASSIII', status: 'DRAFT', daysAgo: 10 });
  const e5 = await event('E5', { org: w.acme, classification: 'CLASSI', status: 'OPEN', daysAgo: 200 });

  const r1 = await notice(e1, w.riverside, { ack: 1, done: 5, email: 'SENT' });
  const n1 = await notice(e1, w.north, { ack: 2, done: 10, email: 'SENT' });
  await notice(e1, w.south, { ack: 4, email: 'Bounce' });
  await notice(e1, w.lakeshore, { email: 'ERROR' });
  await notice(e2, w.riverside, { ack: 8, done: 20, email: 'DELIVERY' });
  const l2 = await notice(e2, w.lakeshore, { email: 'SENT' });
  await notice(e3, w.riverside, { ack: 3, status: 'CLOSED' });
  await notice(e3, w.lakeshore, { ack: 30, status: 'CLOSED' });
  await notice(e5, w.riverside, { daysAgo: 200, ack: 1 });
  // Opened twice and clicked (counted once each), opened once, clicked once.
  for (const [pc, event] of [
    [r1, 'Opened'],
    [r1, 'Opened'],
    [r1, 'Click'],
    [n1, 'Opened'],
    [l2, 'Click'],
  ] as const)
    await t.db('email_events').insert({ outbox_email_id: await emailOf(pc), event });
});
afterAll(() => t.close());

describe('GET /notisphere/metrics', () => {
  it('answers the hand-computed figures of the last 90 days', async () => {
    const d = await figures();
    expect(d.scope).toMatchObject({
      supplier_id: null,
      provider_id: null,
      period: 'LAST_90_DAYS',
      granularity: 'week',
    });
    expect(d.events).toEqual({ unit: 'events', by_status: { DRAFT: 1, OPEN: 2, CLOSED: 1 }, total: 4 });
    expect(d.notices).toEqual({
      sent: 8,
      acknowledged: 6,
      completed: 3,
      acknowledgement_rate: 75,
      completion_rate: 37.5,
    });
    // Acknowledged after 1, 2, 3, 4, 8 and 30 hours: median 3.5 h, p90 8 + 0.5 × 22 = 19 h.
    expect(d.response_times.acknowledgement.count).toBe(6);
    near(d.response_times.acknowledgement.median, 3.5 * H);
    near(d.response_times.acknowledgement.p90, 19 * H);
    // Completed after 5, 10 and 20 hours: median 10 h, p90 10 + 0.8 × 10 = 18 h.
    expect(d.response_times.completion.count).toBe(3);
    near(d.response_times.completion.median, 10 * H);
    near(d.response_times.completion.p90, 18 * H);
    expect(d.emails).toEqual({ sent: 6, delivered: 3, opened: 2, clicked: 2, bounced: 1, error: 1 });
    // Medians: Lakeshore 30 h (1 of 3), South 4 h, Riverside 3 h (1, 3, 8), North 2 h.
    expect(d.slowest_providers.map((p: { id: number }) => p.id)).toEqual([w.lakeshore, w.south, w.riverside, w.north]);
    expect(d.slowest_providers[0]).toMatchObject({
      name: 'Lakeshore Medical Center',
      sent: 3,
      acknowledged: 1,
      acknowledgement_rate: 33.3,
    });
    near(d.slowest_providers[0].median_acknowledgement, 30 * H);
    // Open recalls sent in the period: E1, 3 of 4 consignees acknowledged = level B.
    expect(d.effectiveness.levels).toEqual({ A: 0, B: 1, C: 0, D: 0, E: 0 });
    expect(d.effectiveness.recalls).toEqual([
      expect.objectContaining({
        id: events.E1,
        name: 'E1',
        supplier_name: 'Acme Medical Devices',
        consignees: 4,
        acknowledged: 3,
        level: 'B',
      }),
    ]);
    const trend = d.trend as { start: string; sent: number; acknowledged: number; completed: number }[];
    expect(trend.length).toBeGreaterThanOrEqual(13);
    expect(trend.filter((b) => b.sent > 0)).toEqual([
      expect.objectContaining({ sent: 8, acknowledged: 6, completed: 3 }),
    ]);
    expect(d.by_class).toEqual([
      { classification: '', events: 1, sent: 2, acknowledged: 1, completed: 1 },
      { classification: 'CLASSI', events: 1, sent: 4, acknowledged: 3, completed: 2 },
      { classification: 'CLASSII', events: 1, sent: 2, acknowledged: 2, completed: 0 },
      { classification: 'CLASSIII', events: 1, sent: 0, acknowledged: 0, completed: 0 },
    ]);
  });

  it('filters by supplier, provider, type and period', async () => {
    const bySupplier = await figures(`supplierId=${borealis}`);
    expect(bySupplier.events.by_status).toEqual({ DRAFT: 0, OPEN: 0, CLOSED: 1 });
    expect(bySupplier.notices).toMatchObject({ sent: 2, acknowledged: 2, completed: 0 });
    expect(bySupplier.effectiveness.recalls).toEqual([]);

    // With a provider, the status figure counts its notices.
    const byProvider = await figures(`providerId=${w.lakeshore}`);
    expect(byProvider.events).toEqual({ unit: 'notices', by_status: { OPEN: 2, CLOSED: 1 }, total: 3 });
    expect(byProvider.notices).toMatchObject({ sent: 3, acknowledged: 1, completed: 0 });
    expect(byProvider.emails).toMatchObject({ sent: 2, delivered: 1, clicked: 1, error: 1 });

    const byType = await figures('type=PRODUCT%20DISRUPTION');
    expect(byType.notices).toMatchObject({ sent: 2, acknowledged: 1, completed: 1 });
    expect(byType.events.by_status).toEqual({ DRAFT: 0, OPEN: 1, CLOSED: 0 });

    const year = await figures('period=LAST_12_MONTHS');
    expect(year.scope.granularity).toBe('month');
    expect(year.notices).toMatchObject({ sent: 9, acknowledged: 7 });
    expect(year.events.by_status).toEqual({ DRAFT: 1, OPEN: 3, CLOSED: 1 });
    // E5: its one consignee acknowledged = level A.
    expect(year.effectiveness.levels).toEqual({ A: 1, B: 1, C: 0, D: 0, E: 0 });

    const month = await figures('period=LAST_30_DAYS');
    expect(month.notices.sent).toBe(8);
    expect((await metrics('period=LAST_WEEK')).status).toBe(400);
    expect((await metrics('supplierId=0')).status).toBe(400);
  });

  it('kpi-meta lists suppliers, the providers a supplier sent to (all for 0), types and periods', async () => {
    const all = await t.call('GET', '/api/notisphere/organizations/kpi-meta/0', { token: operator });
    expect(all.status).toBe(200);
    expect(all.body.d.suppliers.map((s: { name: string }) => s.name)).toEqual([
      'Acme Medical Devices',
      'Borealis Pharma',
    ]);
    expect(all.body.d.providers.map((s: { id: number }) => s.id)).toEqual(
      expect.arrayContaining([w.riverside, w.north, w.south, w.lakeshore]),
    );
    expect(all.body.d.types).toEqual([
      { value: 'RECALL', label: 'Recall' },
      { value: 'PRODUCT DISRUPTION', label: 'Supply Advisory' },
    ]);
    expect(all.body.d.periods.map((p: { value: string }) => p.value)).toEqual([
      'LAST_30_DAYS',
      'LAST_90_DAYS',
      'LAST_12_MONTHS',
      'ALL',
    ]);
    const ofBorealis = await t.call('GET', `/api/notisphere/organizations/kpi-meta/${borealis}`, { token: operator });
    expect(ofBorealis.body.d.providers.map((s: { name: string }) => s.name)).toEqual([
      'Lakeshore Medical Center',
      'Riverside Health',
    ]);
  });
});

describe('tenant dashboards', () => {
  it('a supplier reads only its own figures, whatever supplier it asks for', async () => {
    const acme = (await t.signIn('admin@acme.demo')).access_token;
    const d = await figures(`supplierId=${borealis}`, acme, '/api/supplier/dashboard/metrics');
    expect(d.scope.supplier_id).toBe(w.acme);
    expect(d.events.by_status).toEqual({ DRAFT: 1, OPEN: 2, CLOSED: 0 });
    expect(d.notices).toMatchObject({ sent: 6, acknowledged: 4, completed: 3 });
    expect(d.effectiveness.recalls.map((r: { id: number }) => r.id)).toEqual([events.E1]);
    // Lakeshore acknowledged none of Acme's; Riverside's median is 4.5 h (1 and 8), South's 4 h, North's 2 h.
    expect(d.slowest_providers.map((p: { id: number }) => p.id)).toEqual([w.lakeshore, w.riverside, w.south, w.north]);
    expect(d.slowest_providers[0]).toMatchObject({ sent: 2, acknowledged: 0, median_acknowledgement: null });

    const bor = (await t.signIn('admin@borealis.demo')).access_token;
    const b = await figures('', bor, '/api/supplier/dashboard/metrics');
    expect(b.notices).toMatchObject({ sent: 2, acknowledged: 2 });
    expect(b.slowest_providers.map((p: { id: number }) => p.id)).toEqual([w.lakeshore, w.riverside]);
  });

  it('a provider reads what its organisation and sites received, from every supplier, and no one else', async () => {
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    const path = '/api/provider/dashboard/metrics';
    const d = await figures('', riverside, path);
    expect(d.events).toEqual({ unit: 'notices', by_status: { OPEN: 4, CLOSED: 1 }, total: 5 });
    expect(d.notices).toMatchObject({ sent: 5, acknowledged: 5, completed: 3 });
    expect(d.effectiveness).toBeNull();
    expect(d.slowest_providers.map((p: { id: number }) => p.id).sort()).toEqual([w.riverside, w.north, w.south].sort());
    expect((await figures(`providerId=${w.north}`, riverside, path)).notices.sent).toBe(1);
    expect((await figures(`supplierId=${borealis}`, riverside, path)).notices.sent).toBe(1);
    expect((await metrics(`providerId=${w.lakeshore}`, riverside, path)).status).toBe(404);

    const lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
    expect((await figures('', lakeshore, path)).notices).toMatchObject({ sent: 3, acknowledged: 1 });
  });
});

describe('access', () => {
  it('refuses non-operators on the operator calls, and each side on the other dashboards', async () => {
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    const acme = (await t.signIn('admin@acme.demo')).access_token;
    for (const token of [riverside, acme]) {
      expect((await metrics('', token)).status).toBe(403);
      expect((await t.call('GET', '/api/notisphere/organizations/kpi-meta/0', { token })).status).toBe(403);
    }
    expect((await metrics('', riverside, '/api/supplier/dashboard/metrics')).status).toBe(403);
    expect((await metrics('', acme, '/api/provider/dashboard/metrics')).status).toBe(403);
    expect((await metrics('', operator, '/api/supplier/dashboard/metrics')).status).toBe(403);
  });

  it('refuses an operator whose role holds neither dashboard permission', async () => {
    const roleId = (
      (await t
        .db('memberships as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where('u.email', 'admin@operator.demo')
        .first('m.role_id')) as { role_id: number }
    ).role_id;
    await t
      .db('role_permissions')
      .where({ role_id: roleId })
      .whereIn('permission', ['Notisphere_ViewDashboard', 'Notisphere_ViewKeyMetrics'])
      .del();
    expect((await metrics()).status).toBe(403);
    expect((await t.call('GET', '/api/notisphere/organizations/kpi-meta/0', { token: operator })).status).toBe(403);
  });
});

/** Rollup rows that disagree with the same figures recomputed from the raw rows (missing = 0). */
async function disagreements(): Promise<unknown[]> {
  const q = async (sql: string) => (await t.db.raw(sql)).rows as unknown[];
  const key = `p.supplier_organization_id AS supplier_id, (coalesce(p.sent_at, p.created_at) AT TIME ZONE 'UTC')::date AS day,
    coalesce(p.provider_organization_id, 0) AS provider_id, p.communication_type AS type, coalesce(c.classification, '') AS classification`;
  const keyCols = 'supplier_id, day, provider_id, type, classification';
  const NOTICE_FIGURES = ['open_notices', 'closed_notices', 'acknowledged', 'completed'];
  const figures = [...NOTICE_FIGURES, 'emails', 'delivered', 'bounced', 'failed', 'opened', 'clicked'];
  return [
    ...(await q(`SELECT * FROM (SELECT organization_id AS supplier_id, (created_at AT TIME ZONE 'UTC')::date AS day, type,
        coalesce(classification, '') AS classification, status, count(*) AS n FROM communications GROUP BY 1, 2, 3, 4, 5) raw
      FULL JOIN metric_event_days k USING (supplier_id, day, type, classification, status) WHERE coalesce(raw.n, 0) <> coalesce(k.n, 0)`)),
    ...(await q(`WITH notices AS (
        SELECT ${key}, count(*) FILTER (WHERE p.status = 'OPEN') AS open_notices, count(*) FILTER (WHERE p.status = 'CLOSED') AS closed_notices,
          count(*) FILTER (WHERE p.status <> 'DELETED' AND p.acknowledged_at IS NOT NULL) AS acknowledged,
          count(*) FILTER (WHERE p.status <> 'DELETED' AND p.response_status = 'COMPLETED') AS completed
        FROM provider_communications p JOIN communications c ON c.id = p.communication_id GROUP BY 1, 2, 3, 4, 5),
      emails AS (
        SELECT ${key}, count(*) FILTER (WHERE o.status <> 'DRAFT') AS emails, count(*) FILTER (WHERE o.status = 'SENT') AS delivered,
          count(*) FILTER (WHERE o.status = 'Bounce') AS bounced, count(*) FILTER (WHERE o.status = 'ERROR') AS failed,
          count(*) FILTER (WHERE EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Opened')) AS opened,
          count(*) FILTER (WHERE EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Click')) AS clicked
        FROM outbox_emails o JOIN provider_communications p ON p.id = o.provider_communication_id
        JOIN communications c ON c.id = p.communication_id GROUP BY 1, 2, 3, 4, 5)
      SELECT * FROM notices FULL JOIN emails USING (${keyCols}) FULL JOIN metric_notice_days k USING (${keyCols})
      WHERE ${figures.map((f) => `coalesce(${NOTICE_FIGURES.includes(f) ? 'notices' : 'emails'}.${f}, 0) <> coalesce(k.${f}, 0)`).join(' OR ')}`)),
    ...(await q(`SELECT * FROM (
        SELECT ${keyCols}, measure, bucket, count(*) AS n FROM (
          SELECT ${key}, m.measure, metric_duration_bucket(m.at - coalesce(p.sent_at, p.created_at)) AS bucket
          FROM provider_communications p JOIN communications c ON c.id = p.communication_id
          CROSS JOIN LATERAL (VALUES ('ACK', p.acknowledged_at), ('DONE', CASE WHEN p.response_status = 'COMPLETED' THEN p.completed_at END)) m(measure, at)
          WHERE p.status <> 'DELETED' AND m.at IS NOT NULL) x GROUP BY 1, 2, 3, 4, 5, 6, 7) raw
      FULL JOIN metric_response_times k USING (${keyCols}, measure, bucket) WHERE coalesce(raw.n, 0) <> coalesce(k.n, 0)`)),
  ];
}

describe('rollups', () => {
  it('agree with the raw rows after sends, acknowledgements, completions, moves, closes and email events', async () => {
    expect(await disagreements()).toEqual([]);
    // Real sends through the API (provider communications, outbox emails by COPY), then answers and changes.
    const a = await sendCommunication(t, w, 'Rollup recall', {
      providers: [w.riverside, w.lakeshore],
      actions: ['Text'],
    });
    const b = await sendCommunication(t, w, 'Rollup advisory', {
      providers: [w.riverside],
      type: 'PRODUCT DISRUPTION',
    });
    expect(await disagreements()).toEqual([]);
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    expect(
      (
        await t.call('PUT', `/api/provider/communications/${a.id}/acknowledge/${a.pcOf(w.riverside)}`, {
          token: riverside,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call(
          'PUT',
          `/api/provider/communications/${a.id}/${a.pcOf(w.riverside)}/actions/${a.actionOf('Text')}`,
          {
            token: riverside,
            body: { valueText: 'Done' },
          },
        )
      ).status,
    ).toBe(200);
    expect(
      await t
        .db('provider_communications')
        .where({ id: a.pcOf(w.riverside) })
        .first('response_status'),
    ).toEqual({
      response_status: 'COMPLETED',
    });
    // Sender outcomes and tracking, a move to a site, an acknowledgement taken back, a close and a deleted notice.
    const mails = (await t.db('outbox_emails').whereNotNull('provider_communication_id').pluck('id')) as number[];
    await t.db('outbox_emails').whereIn('id', mails.slice(0, 2)).update({ status: 'SENT' });
    await t.db('outbox_emails').whereIn('id', mails.slice(2, 3)).update({ status: 'Bounce' });
    await t.db('email_events').insert(mails.slice(0, 3).map((id) => ({ outbox_email_id: id, event: 'Opened' })));
    await t.db('email_events').insert([
      { outbox_email_id: mails[0], event: 'Opened' },
      { outbox_email_id: mails[0], event: 'Click' },
    ]);
    await t
      .db('provider_communications')
      .where({ id: b.pcOf(w.riverside) })
      .update({ provider_organization_id: w.north });
    await t
      .db('provider_communications')
      .where({ id: a.pcOf(w.lakeshore) })
      .update({ acknowledged_at: t.db.fn.now() });
    await t
      .db('provider_communications')
      .where({ id: a.pcOf(w.lakeshore) })
      .update({ acknowledged_at: null });
    await t.db('communications').where({ id: a.id }).update({ status: 'CLOSED' });
    await t.db('provider_communications').where({ communication_id: a.id }).update({ status: 'CLOSED' });
    await t.db('provider_communications').where({ communication_id: events.E2 }).update({ status: 'DELETED' });
    await t.db('provider_communications').where({ communication_id: events.E1 }).update({ updated_at: t.db.fn.now() });
    expect(await disagreements()).toEqual([]);
  });
});
