import path from 'node:path';
import { machineSpeed, ms, ratio, table, withSteal } from './harness.js';
import {
  type Captured,
  lanesOf,
  load,
  processCpuPerCall,
  type ProfileSummary,
  queryOf,
  statementRole,
} from './throughput.js';
import { postgresCpuMs } from './postgres-cpu.js';
import { beforeIssue37 } from './before-37.js';
import { signInAt } from './serve.js';
import { profileProduction } from './production.js';
import { type Directus, directusLoad } from './directus.js';
import { pg, env, RUNS, log } from './run-env.js';
import { CONNECTION_OPTIONS } from '../modules/core/src/index.js';

/**
 * `warmup`: seconds of the same load, not measured, before each case's figures, for our server and Directus alike. A
 * server's first thousand or so calls of a list also pay V8 compiling its code: measured on a fresh process (session
 * 24), the V8 worker threads took 1.2 ms of CPU per call over the first 300 calls and 0.1-0.3 ms after 2,000, the main
 * thread 3.8 ms and then 2.7. A server in production has long passed that; the figures are of that steady state.
 */
const THROUGHPUT = {
  clients: env('BENCH_CLIENTS', 20),
  seconds: env('BENCH_SECONDS', 5),
  warmup: env('BENCH_WARMUP_SECONDS', 5),
};

/**
 * The list throughput cases: for each page 1, THROUGHPUT.clients concurrent clients for THROUGHPUT.seconds through the BFF
 * on loopback, then the same clients running only the page's SQL on a pg pool as large as the BFF's; the server's CPU per
 * call (sequential); and a CPU profile of the provider's page 1 grouped by where the time goes.
 */
export async function listThroughput(o: {
  url: string;
  dir: string;
  /** A call to the production server in its own process, by the load clients' GET (httpGet); throws unless 200. */
  call: (p: string, as: Record<string, string>) => Promise<void>;
  /** That process's CPU so far (ms). */
  cpuMs: () => number;
  /** The same call spread in turns over that process and a second replica of it. */
  callReplicas: (p: string, as: Record<string, string>) => Promise<void>;
  cases: Map<
    string,
    { path: string; as: Record<string, string>; page: { sql: string; bindings: unknown[] }[]; call: Captured[] }
  >;
  /** The same list read from Directus (its items API over the same table), per case. */
  directus: { peer: Directus; urls: Map<string, string> } | null;
}): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: o.url, max: 10, options: CONNECTION_OPTIONS });
  // Each replay of a call's statements starts on a fresh pool as large as the BFF's, as a server process gets them.
  const freshPool = (before = false) =>
    new pg.Pool({ connectionString: o.url, max: 10, ...(before ? {} : { options: CONNECTION_OPTIONS }) });
  const pgCpu = () => postgresCpuMs(path.join(o.dir, 'pg'));
  /** Throughput of replaying a call's statements (lanes at once, as the BFF sent them), and PostgreSQL's CPU per call. */
  const replayLoad = async (statements: Captured[], before: boolean) => {
    const replayPool = freshPool(before);
    // Before issue 37 the caller lookup came first, alone; a read-only list now sends it beside its statements.
    const callerFirst = before ? statements.filter((st) => statementRole(st.sql) === 'caller') : [];
    const lanes = lanesOf(before ? statements.filter((st) => statementRole(st.sql) !== 'caller') : statements);
    try {
      const cpu0 = pgCpu();
      const result = await load(THROUGHPUT.clients, THROUGHPUT.seconds, async () => {
        if (callerFirst.length) {
          const client = await replayPool.connect();
          try {
            for (const st of callerFirst) await client.query(queryOf(st));
          } finally {
            client.release();
          }
        }
        await Promise.all(
          lanes.map(async (lane) => {
            const client = await replayPool.connect();
            try {
              for (const st of lane) await client.query(queryOf(st));
            } finally {
              client.release();
            }
          }),
        );
      });
      return { ...result, pgCpuPerCall: (pgCpu() - cpu0) / Math.max(1, result.requests) };
    } finally {
      await replayPool.end();
    }
  };
  const userRows: string[][] = [];
  const rows: string[][] = [];
  const cpuRows: string[][] = [];
  const speed = machineSpeed();
  let profile: ProfileSummary = { places: [], functions: [] };
  try {
    for (const [name, c] of o.cases) {
      if (!/page 1/.test(name)) continue;
      const call = () => o.call(c.path, c.as);
      await load(THROUGHPUT.clients, THROUGHPUT.warmup, call);
      const cpuBefore = o.cpuMs();
      const pgBefore = pgCpu();
      const api = await load(THROUGHPUT.clients, THROUGHPUT.seconds, call);
      const cpuUnderLoad = (o.cpuMs() - cpuBefore) / Math.max(1, api.requests);
      const apiPgCpu = (pgCpu() - pgBefore) / Math.max(1, api.requests);
      const twoCall = () => o.callReplicas(c.path, c.as);
      await load(THROUGHPUT.clients, THROUGHPUT.warmup, twoCall);
      const two = await load(THROUGHPUT.clients, THROUGHPUT.seconds, twoCall);
      const statements = await replayLoad(c.call, false);
      const statementsBefore = await replayLoad(beforeIssue37(c.call), true);
      const sql = await load(THROUGHPUT.clients, THROUGHPUT.seconds, async () => {
        for (const s of c.page) await pool.query(s.sql, s.bindings);
      });
      const peerUrl = o.directus?.urls.get(name);
      if (peerUrl) await directusLoad(o.directus!.peer, peerUrl, THROUGHPUT.clients, THROUGHPUT.warmup);
      const peer = peerUrl
        ? await directusLoad(o.directus!.peer, peerUrl, THROUGHPUT.clients, THROUGHPUT.seconds)
        : null;
      rows.push([
        name,
        api.perSecond.toFixed(1),
        ms(api.p50),
        ms(api.p99),
        sql.perSecond.toFixed(1),
        ms(sql.p50),
        ms(sql.p99),
        ratio(api.perSecond, sql.perSecond),
        peer ? peer.perSecond.toFixed(1) : '–',
        peer ? `${ms(peer.p50)} / ${ms(peer.p99)}` : '–',
        peer ? ratio(api.perSecond, peer.perSecond) : '–',
        `${api.errors} / ${sql.errors} / ${peer ? peer.errors : '–'}`,
      ]);
      userRows.push([
        name,
        api.perSecond.toFixed(1),
        statements.perSecond.toFixed(1),
        sql.perSecond.toFixed(1),
        peer ? peer.perSecond.toFixed(1) : '–',
        ratio(api.perSecond, statements.perSecond),
        two.perSecond.toFixed(1),
        ratio(two.perSecond, statements.perSecond),
        ratio(statements.perSecond, sql.perSecond),
        peer ? ratio(api.perSecond, peer.perSecond) : '–',
        ms(apiPgCpu),
        ms(statements.pgCpuPerCall),
        ratio(apiPgCpu, statements.pgCpuPerCall),
        `${statementsBefore.perSecond.toFixed(1)} / ${ms(statementsBefore.pgCpuPerCall)}`,
      ]);
      const { result: cpu, steal } = await withSteal(() => processCpuPerCall(o.cpuMs, RUNS * 4, call));
      cpuRows.push([name, ms(cpu.median), ms(cpu.p95), ms(cpu.min), ms(cpu.mean), ms(cpuUnderLoad), steal]);
      log(
        `  throughput ${name}: api ${api.perSecond.toFixed(1)} req/s (p50 ${ms(api.p50)}), page sql ${sql.perSecond.toFixed(1)} req/s; server cpu ${ms(cpu.median)}/call${[api, sql, peer].map((l, i) => (l?.firstError ? `; first ${['api', 'sql', 'directus'][i]} error: ${l.firstError}` : '')).join('')}`,
      );
      if (name === 'provider: page 1')
        profile = await profileProduction(o.url, path.join(o.dir, 'production'), 200, async (server) => {
          const token = await signInAt(server.base, 'admin@riverside.demo');
          return async () => {
            const res = await fetch(`${server.base}${c.path}`, {
              headers: { ...c.as, authorization: `Bearer ${token}` },
            });
            if (res.status !== 200) throw new Error(`${c.path}: ${res.status}`);
            await res.arrayBuffer();
          };
        });
    }
    // Reference points: a call with one statement and no caller, and one with the caller lookup only (no list).
    const provider = o.cases.get('provider: page 1');
    const references: [string, string, Record<string, string>][] = [
      ['reference: GET /health (no caller, 1 statement)', '/health', {}],
    ];
    if (provider)
      references.push([
        'reference: GET /provider/communications/meta (caller lookup only)',
        '/provider/communications/meta',
        provider.as,
      ]);
    for (const [name, p, as] of references) {
      const { result: cpu, steal } = await withSteal(() => processCpuPerCall(o.cpuMs, RUNS * 4, () => o.call(p, as)));
      cpuRows.push([name, ms(cpu.median), ms(cpu.p95), ms(cpu.min), ms(cpu.mean), '–', steal]);
    }
  } finally {
    await pool.end();
  }
  return [
    `## What a user waits for: each list call, its own statements and its page statement alone, ${THROUGHPUT.clients} clients for ${THROUGHPUT.seconds} s`,
    '',
    "The API is the production server in its own process. The call's statements are every statement the call sends (the",
    'caller lookup, the total, the page), captured from the BFF and replayed with pg as it sent them, each with its own',
    "plan, on a fresh pool of 10 connections started with the product's settings; the page alone is its page statement.",
    "PostgreSQL CPU per call is every PostgreSQL process's CPU time (/proc, the postmaster's reaped children included)",
    'over the calls served. Before 37 replays the same statements with the caller lookup as plain SQL sent first, on connections',
    "with PostgreSQL's defaults (jit=on). Goals (issue 37): api/statements at least 0.67x, api/directus above 3x on the",
    "supplier's list, PostgreSQL CPU per provider call within 1.2x the replay's. The API with 2 replicas is the same load in",
    'turns over the production server and a second replica of it (ROLE=web, same keys): one Node process uses one CPU, the',
    "replay's PostgreSQL backends use both.",
    '',
    table(
      [
        'case',
        'api req/s',
        "call's statements req/s",
        'page alone req/s',
        'directus req/s',
        'api/statements',
        'api, 2 replicas req/s',
        'api, 2 replicas/statements',
        'statements/page',
        'api/directus',
        'pg cpu per api call',
        'pg cpu per replayed call',
        'pg cpu api/replay',
        'before 37: statements req/s / pg cpu',
      ],
      userRows,
    ),
    '',
    `## Throughput: ${THROUGHPUT.clients} concurrent clients for ${THROUGHPUT.seconds} s on loopback (after ${THROUGHPUT.warmup} s of the same load, not measured, for each server), through the BFF vs the page's SQL alone (pg pool of 10, as the BFF's)`,
    '',
    "api/sql is the share of the page SQL's throughput the whole call keeps (1.00x = the list costs no more than its page).",
    o.directus
      ? `Directus ${o.directus.peer.version} (its own process, cache and rate limiter off, admin token, no total count) serves the same table through its items API: ${[...o.directus.urls.values()].map((u) => `\`${u}\``).join(', ')}. Goal: more than 3x its throughput. Our server too runs in its own process, as production runs it (\`dist/server.js\`, NODE_ENV=production); the load clients run in the bench's.`
      : 'Directus is not installed (`pnpm bench:directus-install`, or DIRECTUS_DIR): no peer column.',
    '',
    table(
      [
        'case',
        'api req/s',
        'api p50',
        'api p99',
        'page sql req/s',
        'sql p50',
        'sql p99',
        'api/sql req/s',
        'directus req/s',
        'directus p50 / p99',
        'api/directus',
        'errors (api / sql / directus)',
      ],
      rows,
    ),
    '',
    '## Server CPU per list call (goal: below 3 ms)',
    '',
    "The production server's own CPU, read from the kernel (every thread's run time, /proc/<pid>/task/*/schedstat): per",
    `call over ${RUNS * 4} sequential calls (median, p95, min; mean = the whole time over the calls, what runs between`,
    `them included), and over the ${THROUGHPUT.seconds} s of ${THROUGHPUT.clients} concurrent clients above (CPU used / calls served).`,
    'On this virtual machine a call that waits on PostgreSQL with the other CPU idle pays for waking it: the same',
    '`SELECT` costs about twice the client CPU with a 5 ms pause between statements as back to back. So the same code',
    "measures differently from one run to the next: the last column is the share of the machine's CPU time the",
    `hypervisor stole during the sequential calls, and a fixed piece of JavaScript (a 50-row JSON page serialised and parsed`,
    `200 times) took ${ms(speed)} of CPU in the bench's process before these cases (compare it between runs).`,
    '',
    table(
      [
        'case',
        'cpu median',
        'cpu p95',
        'cpu min',
        'cpu mean',
        `cpu per call, ${THROUGHPUT.clients} clients`,
        'steal (sequential calls)',
      ],
      cpuRows,
    ),
    '',
    "Where the CPU of the provider's page 1 goes (V8 sampling profile of 200 sequential calls in a production server of",
    'its own, `node --cpu-prof`, only the samples taken while the calls ran; self time per call):',
    '',
    table(
      ['where', 'ms per call', 'share'],
      profile.places.slice(0, 15).map((p) => [p.place, ms(p.ms), `${(p.share * 100).toFixed(1)}%`]),
    ),
    '',
    'The functions with the most self time:',
    '',
    table(
      ['function (where)', 'ms per call'],
      profile.functions.map((f) => [f.fn.replace(/\|/g, '/'), `${f.ms.toFixed(2)} ms`]),
    ),
  ];
}
