import type { Knex } from 'knex';
import { type FixtureTarget, sendCommunication, world } from './fixtures.js';

/**
 * A recall's busiest minutes: many signed-in users, no think time, on the same few notices and their sites. Suppliers
 * read their list, an event, its customers and a notice; providers read their list, a notice and its summary,
 * acknowledge, draft and submit answers, and download their report. Shared by the load test (`pnpm test`) and the
 * load bench (`pnpm bench:load`); figures only here, the callers decide what to assert.
 */

/** The app under load: its API, its database and its address (`http://host:port`, without /api). */
export type LoadTarget = FixtureTarget & { baseUrl: string };

interface Op {
  name: string;
  run(): Promise<{ status: number; m?: string }>;
}

export interface OpFigures {
  name: string;
  requests: number;
  /** Answers with a 5xx status (the goal is none). */
  serverErrors: number;
  /** Answers with a 4xx status. */
  clientErrors: number;
  /** Each 4xx answer's status and message, with how many times it came. */
  clientMessages: Record<string, number>;
  p50: number;
  p99: number;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  serverErrors: number;
  /** The first few 5xx answers: operation, status and message. */
  failures: { op: string; status: number; m: string }[];
  ops: OpFigures[];
}

export interface LoadWorld {
  events: number[];
  /** Every provider communication of the events, with its event and the actions a provider answers. */
  notices: { communicationId: number; pcId: number; organizationId: number; textAction: number; ackAction: number }[];
}

/** Sends `events` recalls to Riverside, its two sites and Lakeshore, each with one action of every type. */
export async function prepareLoadWorld(t: LoadTarget, events = 3): Promise<LoadWorld> {
  const w = await world(t);
  const result: LoadWorld = { events: [], notices: [] };
  for (let i = 0; i < events; i++) {
    const e = await sendCommunication(t, w, `Load recall ${i + 1}`, {
      providers: [w.riverside, w.lakeshore],
      sites: [w.north, w.south],
    });
    result.events.push(e.id);
    for (const org of [w.riverside, w.north, w.south, w.lakeshore])
      result.notices.push({
        communicationId: e.id,
        pcId: Number(e.pcOf(org)),
        organizationId: org,
        textAction: e.actionOf('Text'),
        ackAction: e.actionOf('Acknowledge'),
      });
  }
  return result;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The users of the load, `users` in all, spread over the roles: each gets its own session. */
async function sessions(t: LoadTarget, lw: LoadWorld, users: number) {
  const ids = async (name: string) =>
    Number(((await t.db('organizations').where({ name }).first('id')) as { id: number }).id);
  const riverside = await ids('Riverside Health');
  const lakeshore = await ids('Lakeshore Medical Center');
  const riversideNotices = lw.notices.filter((n) => n.organizationId !== lakeshore);
  const kinds: { email: string; orgId?: number; role: 'supplier' | 'provider'; notices: LoadWorld['notices'] }[] = [
    { email: 'recalls@acme.demo', role: 'supplier' as const, notices: lw.notices },
    { email: 'admin@riverside.demo', role: 'provider' as const, notices: riversideNotices },
    // A second person of the health system, answering the same notices: answers change hands between people.
    { email: 'multi@riverside.demo', orgId: riverside, role: 'provider' as const, notices: riversideNotices },
    {
      email: 'admin@lakeshore.demo',
      role: 'provider' as const,
      notices: lw.notices.filter((n) => n.organizationId === lakeshore),
    },
  ];
  const out: { role: 'supplier' | 'provider'; token: string; notices: LoadWorld['notices'] }[] = [];
  for (let i = 0; i < users; i++) {
    const kind = kinds[i % kinds.length]!;
    out.push({
      role: kind.role,
      notices: kind.notices,
      token: (await t.signIn(kind.email, { orgId: kind.orgId })).access_token,
    });
  }
  return out;
}

function opsOf(t: LoadTarget, user: Awaited<ReturnType<typeof sessions>>[number]): Op[] {
  // Plain fetch: downloads answer files, not the JSON envelope.
  const call = (method: string, path: string, body?: unknown) => async () => {
    const res = await fetch(`${t.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const m = res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { m?: string }).m : undefined;
    return { status: res.status, m };
  };
  const n = () => pick(user.notices);
  const op = (name: string, make: () => () => Promise<{ status: number; m?: string }>): Op => ({
    name,
    run: () => make()(),
  });
  if (user.role === 'supplier')
    return [
      op('supplier list', () => call('GET', '/supplier/communications?page=1&limit=20')),
      op('supplier event', () => call('GET', `/supplier/communications/${n().communicationId}`)),
      op('supplier customers', () => call('GET', `/supplier/communications/${n().communicationId}/customers`)),
      op('supplier notice view', () => {
        const x = n();
        return call('GET', `/supplier/communications/${x.communicationId}/view/${x.pcId}`);
      }),
    ];
  const pv = '/provider/communications';
  return [
    op('provider list', () => call('GET', `${pv}?page=1&limit=20`)),
    op('provider view', () => {
      const x = n();
      return call('GET', `${pv}/${x.communicationId}/provider-recall/${x.pcId}`);
    }),
    op('provider summary', () => {
      const x = n();
      return call('GET', `${pv}/${x.communicationId}/summary/${x.pcId}`);
    }),
    op('acknowledge', () => {
      const x = n();
      return call('PUT', `${pv}/${x.communicationId}/acknowledge/${x.pcId}`);
    }),
    op('draft answer', () => {
      const x = n();
      return call('PUT', `${pv}/${x.communicationId}/${x.pcId}/actions/${x.textAction}`, {
        valueText: `Checked ${Math.random().toString(36).slice(2, 8)}`,
        submit: false,
      });
    }),
    op('submit answer', () => {
      const x = n();
      return call('PUT', `${pv}/${x.communicationId}/${x.pcId}/actions/${x.ackAction}`, { valueAcknowledge: true });
    }),
    op('provider report download', () => call('GET', `${pv}/providerRecallSummaryReport/csv`)),
  ];
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

/**
 * `users` users, each calling a random operation of its role back to back (no think time) until `seconds` have passed
 * or it has made `rounds` calls, whichever comes first. `sequential` makes them take turns instead, one call at a time:
 * the same operations unloaded, the baseline of the loaded figures.
 */
export async function runMixedLoad(
  t: LoadTarget,
  lw: LoadWorld,
  options: { users: number; seconds?: number; rounds?: number; sequential?: boolean },
): Promise<LoadResult> {
  const users = (await sessions(t, lw, options.users)).map((user) => ({ user, ops: opsOf(t, user) }));
  const samples = new Map<string, number[]>();
  const figures = new Map<string, OpFigures>();
  const failures: LoadResult['failures'] = [];
  const until = Date.now() + (options.seconds ?? 3600) * 1000;
  const rounds = options.rounds ?? Number.POSITIVE_INFINITY;
  const oneCall = async (ops: Op[]) => {
    const o = pick(ops);
    const f = figures.get(o.name) ?? {
      name: o.name,
      requests: 0,
      serverErrors: 0,
      clientErrors: 0,
      clientMessages: {},
      p50: 0,
      p99: 0,
    };
    figures.set(o.name, f);
    const t0 = process.hrtime.bigint();
    let status: number;
    let m = '';
    try {
      ({ status, m = '' } = await o.run());
    } catch (error) {
      status = 599; // no HTTP answer at all
      m = error instanceof Error ? error.message : String(error);
    }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    f.requests++;
    if (status >= 500) {
      f.serverErrors++;
      if (failures.length < 20) failures.push({ op: o.name, status, m });
    } else if (status >= 400) {
      f.clientErrors++;
      const key = `${status} ${m}`;
      f.clientMessages[key] = (f.clientMessages[key] ?? 0) + 1;
    }
    const list = samples.get(o.name) ?? [];
    list.push(ms);
    samples.set(o.name, list);
  };
  const started = process.hrtime.bigint();
  if (options.sequential) {
    for (let i = 0; i < rounds && Date.now() < until; i++) for (const u of users) await oneCall(u.ops);
  } else
    await Promise.all(
      users.map(async (u) => {
        for (let i = 0; i < rounds && Date.now() < until; i++) await oneCall(u.ops);
      }),
    );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ops = [...figures.values()]
    .map((f) => {
      const sorted = (samples.get(f.name) ?? []).sort((a, b) => a - b);
      return { ...f, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    seconds,
    requests: ops.reduce((s, f) => s + f.requests, 0),
    serverErrors: ops.reduce((s, f) => s + f.serverErrors, 0),
    failures,
    ops,
  };
}

/**
 * Every counter the triggers keep for `events`, recomputed from the rows; answers the ones that disagree (none when the
 * counts are exact).
 */
export async function countDrift(db: Knex, events: number[]): Promise<string[]> {
  const drift: string[] = [];
  const tallies = (await db.raw(
    `SELECT c.id, t.sent, t.acknowledged, t.completed,
       (SELECT count(*) FROM provider_communications p WHERE p.communication_id = c.id AND p.status <> 'DELETED') AS sent_rows,
       (SELECT count(*) FROM provider_communications p WHERE p.communication_id = c.id AND p.status <> 'DELETED' AND p.acknowledged_at IS NOT NULL) AS ack_rows,
       (SELECT count(*) FROM provider_communications p WHERE p.communication_id = c.id AND p.status <> 'DELETED' AND p.response_status = 'COMPLETED') AS done_rows
     FROM communications c LEFT JOIN communication_tallies t ON t.communication_id = c.id WHERE c.id = ANY(?)`,
    [events],
  )) as { rows: Record<string, number | null>[] };
  for (const r of tallies.rows)
    for (const [kept, counted] of [
      ['sent', 'sent_rows'],
      ['acknowledged', 'ack_rows'],
      ['completed', 'done_rows'],
    ] as const)
      if (Number(r[kept] ?? 0) !== Number(r[counted])) drift.push(`event ${r.id}: ${kept} ${r[kept]} ≠ ${r[counted]}`);
  const people = (await db.raw(
    `SELECT p.id, p.extra_responders, greatest(0, (SELECT count(DISTINCT coalesce('u' || r.responder_user_id::text, 'e' || lower(r.responder_email), '-'))
       FROM provider_responses r WHERE r.provider_communication_id = p.id) - 1) AS counted
     FROM provider_communications p WHERE p.communication_id = ANY(?)`,
    [events],
  )) as { rows: { id: number; extra_responders: number; counted: number }[] };
  for (const r of people.rows)
    if (Number(r.extra_responders) !== Number(r.counted))
      drift.push(`provider communication ${r.id}: extra responders ${r.extra_responders} ≠ ${r.counted}`);
  const providerCounts = (await db.raw(
    `SELECT k.provider_organization_id, k.communication_type, k.status, k.n, count(p.id) AS counted
     FROM provider_communication_counts k
     LEFT JOIN provider_communications p ON p.provider_organization_id = k.provider_organization_id
       AND p.communication_type = k.communication_type AND p.status = k.status
     GROUP BY 1, 2, 3, 4 HAVING k.n <> count(p.id)`,
  )) as { rows: Record<string, unknown>[] };
  for (const r of providerCounts.rows)
    drift.push(`provider ${r.provider_organization_id} ${r.communication_type} ${r.status}: ${r.n} ≠ ${r.counted}`);
  const days = (await db.raw(
    `SELECT sum(acknowledged) AS acknowledged, sum(completed) AS completed,
       (SELECT count(*) FROM provider_communications WHERE status <> 'DELETED' AND acknowledged_at IS NOT NULL) AS ack_rows,
       (SELECT count(*) FROM provider_communications WHERE status <> 'DELETED' AND response_status = 'COMPLETED') AS done_rows
     FROM metric_notice_days`,
  )) as { rows: Record<string, number>[] };
  const d = days.rows[0]!;
  if (Number(d.acknowledged) !== Number(d.ack_rows)) drift.push(`daily acknowledged ${d.acknowledged} ≠ ${d.ack_rows}`);
  if (Number(d.completed) !== Number(d.done_rows)) drift.push(`daily completed ${d.completed} ≠ ${d.done_rows}`);
  return drift;
}
