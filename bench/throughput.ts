/**
 * The list throughput cases: concurrent clients on loopback for a fixed time, through the BFF and for the page's
 * SQL alone on a pg pool; the server's own CPU per list call; and a CPU profile of list calls grouped by where the time
 * goes. Figures only: nothing is asserted.
 */
import { Session } from 'node:inspector/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { stats, type Stats } from './harness.js';

export interface Load {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The first failure's message, when there was one. */
  firstError?: string;
}

/**
 * The load clients' GET: node:http on kept-alive sockets, the body drained and not decoded. The bench shares two CPUs
 * with the servers it measures, and fetch (undici) spent 0.66-0.77 ms of this process's CPU per list call against
 * 0.16-0.19 ms for this (measured on the supplier's page 1): the API lost a fifth of its throughput to its own load
 * client, where the replay of its statements paid pg's. It asks for compression as a browser does (the server pays
 * for it), and, like wrk, leaves the decoding to nobody.
 */
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export function httpGet(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: loadAgent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (res) => {
        res.on('data', () => {});
        res.on('error', reject);
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
      },
    );
    request.on('error', reject);
  });
}

/** `clients` loops calling `fn` back to back for `seconds`; answers requests per second and latency percentiles. */
export async function load(clients: number, seconds: number, fn: () => Promise<unknown>): Promise<Load> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = process.hrtime.bigint();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const t0 = process.hrtime.bigint();
        try {
          await fn();
          samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return {
    requests: samples.length,
    seconds: elapsed,
    perSecond: samples.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    ...(firstError ? { firstError } : {}),
  };
}

/**
 * The server's own CPU per request: CPU time of this process from a request's arrival to its response's end. Measured on
 * sequential calls only (nothing else runs then: the client waits), so it is the BFF's work, pg parsing included.
 */
export class ServerCpu {
  private samples: number[] | null = null;

  /** Wraps a request listener (the Koa app's callback). */
  wrap(
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const samples = this.samples;
      if (samples) {
        const before = process.cpuUsage();
        res.on('finish', () => {
          const used = process.cpuUsage(before);
          samples.push((used.user + used.system) / 1000);
        });
      }
      listener(req, res);
    };
  }

  /** Runs `fn` `runs` times in sequence (after 3 warm-ups) and answers the CPU per request. */
  async measure(runs: number, fn: () => Promise<unknown>): Promise<Stats> {
    for (let i = 0; i < 3; i++) await fn();
    this.samples = [];
    try {
      for (let i = 0; i < runs; i++) await fn();
      return stats(this.samples);
    } finally {
      this.samples = null;
    }
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Where a profiled function's code lives: a package, our code by module, or Node itself. */
function placeOf(url: string, fn: string): string {
  if (!url)
    return fn === '(garbage collector)'
      ? 'garbage collection'
      : fn === '(idle)' || fn === '(program)'
        ? fn
        : 'node/v8 built-ins';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(modules|services)\/([^/]+)\//.exec(url);
  if (own) return `@portal/${own[2]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return 'other';
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

export interface ProfileSummary {
  places: { place: string; ms: number; share: number }[];
  functions: { fn: string; ms: number }[];
}

/**
 * Self time per call grouped by package (knex, pg, koa, jose, ajv, pino, our modules, Node's http and streams), and the
 * functions with the most. `window` (µs of the monotonic clock the profile's timestamps use) keeps only the samples taken
 * while the calls ran, when the profile covers a whole process's life.
 */
export function summariseProfile(profile: CpuProfile, runs: number, window?: [number, number]): ProfileSummary {
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  // Samples under the inspector's own calls (Profiler.stop) are the profiler's cost, not the calls'.
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const profilerOwn = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
      if (nodeById.get(at)?.callFrame.url === 'node:inspector') return true;
    return false;
  };
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) return;
    if (profilerOwn(id)) return;
    const frame = nodeById.get(id)?.callFrame;
    const place = frame ? placeOf(frame.url, frame.functionName) : 'other';
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${frame?.functionName || '(anonymous)'} (${place === 'node/v8 built-ins' || place.startsWith('node:') ? place : (frame?.url.split('/').slice(-2).join('/') ?? '')})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  byPlace.delete('(idle)');
  byFunction.delete('(idle) (node/v8 built-ins)');
  byFunction.delete('(idle) ((idle))');
  const busy = [...byPlace.values()].reduce((a, b) => a + b, 0);
  return {
    places: [...byPlace.entries()]
      .map(([place, ms]) => ({ place, ms: ms / runs, share: ms / busy }))
      .sort((a, b) => b.ms - a.ms),
    functions: [...byFunction.entries()]
      .map(([fn, ms]) => ({ fn, ms: ms / runs }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20),
  };
}

/**
 * A CPU profile of `runs` sequential calls in this process. The client's share (fetch, undici) is in the profile too
 * and is named as such.
 */
export async function profileCalls(runs: number, fn: () => Promise<unknown>): Promise<ProfileSummary> {
  for (let i = 0; i < 3; i++) await fn();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let i = 0; i < runs; i++) await fn();
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    return summariseProfile(profile, runs);
  } finally {
    session.disconnect();
  }
}

/**
 * The CPU a server in a process of its own spends per call: its threads' run time (`cpuMs`, read from the kernel) before
 * and after each of `runs` sequential calls, after 3 warm-ups. `mean` is the whole time over the calls (what runs
 * between calls, GC and timers included), the other figures are per call.
 */
export async function processCpuPerCall(
  cpuMs: () => number,
  runs: number,
  fn: () => Promise<unknown>,
): Promise<Stats & { mean: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  const first = cpuMs();
  let before = first;
  for (let i = 0; i < runs; i++) {
    await fn();
    const after = cpuMs();
    samples.push(after - before);
    before = after;
  }
  return { ...stats(samples), mean: (before - first) / runs };
}

/**
 * A page statement that carries its list's total and "last updated" (core's `withSummary`: two more columns, `(...) AS
 * list_total` and `(...) AS list_last_updated`) as the page query alone: those two columns taken out, their parameters
 * dropped and the others renumbered. Anything else comes back unchanged.
 */
export function withoutSummary<T extends { sql: string; bindings: unknown[] }>(statement: T): T {
  let { sql } = statement;
  const dropped = new Set<number>();
  for (const alias of ['list_last_updated', 'list_total']) {
    const at = sql.search(new RegExp(`\\)\\s+AS\\s+"?${alias}"?`, 'i'));
    if (at < 0) continue;
    let depth = 0;
    let open = at;
    for (; open >= 0; open--) {
      if (sql[open] === ')') depth++;
      else if (sql[open] === '(' && --depth === 0) break;
    }
    const end = at + (sql.slice(at).match(new RegExp(`^\\)\\s+AS\\s+"?${alias}"?`, 'i'))?.[0].length ?? 1);
    const start = sql.lastIndexOf(',', open);
    for (const m of sql.slice(open, end).matchAll(/\$(\d+)/g)) dropped.add(Number(m[1]));
    sql = sql.slice(0, start) + sql.slice(end);
  }
  if (sql === statement.sql) return statement;
  const kept = statement.bindings.filter((_, i) => !dropped.has(i + 1));
  const renumbered = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const below = [...dropped].filter((d) => d < Number(n)).length;
    return `$${Number(n) - below}`;
  });
  return { ...statement, sql: renumbered, bindings: kept };
}

/** What a captured statement of a list call does: the caller lookup, the total, "last updated", or the page itself. */
export function statementRole(sql: string): 'caller' | 'total' | 'latest' | 'page' {
  if (
    /organizations_caller\(|from "?memberships"?|from "?refresh_tokens"?|from "?organizations"? where "?parent_id"?/i.test(
      sql,
    )
  )
    return 'caller';
  // A page statement that also reads the total (core's withSummary): its summary columns name last_updated too.
  if (/\)\s+AS\s+"?list_total"?/i.test(sql)) return 'page';
  // The totals are one scalar select of subqueries (counters, capped counts); the eR responses' page rows also name
  // extra_responders and the dismissals, so the shape decides, not the tables named.
  if (/^\s*select \(/i.test(sql)) return 'total';
  if (/last_updated/i.test(sql)) return 'latest';
  return 'page';
}

/** A statement a call sent, with when it was sent and answered (ms, monotonic clock). */
export interface Captured {
  sql: string;
  bindings: unknown[];
  /** A named prepared statement's name (the caller lookup's), so that the replay prepares it once per connection too. */
  name?: string;
  sent: number;
  answered: number;
}

/** A captured statement as pg runs it: named when the BFF named it. */
export function queryOf(s: Captured): { text: string; values: unknown[]; name?: string } {
  return { text: s.sql, values: s.bindings, ...(s.name ? { name: s.name } : {}) };
}

/**
 * The connections ("lanes") statements ran on, as far as their times tell: a statement sent before every lane's last one
 * was answered ran beside them, on a lane of its own. Replaying each lane in order and the lanes at once reproduces what
 * the BFF did (runList sends the total and the page at once, on two pooled connections).
 */
export function lanesOf<T extends Captured>(statements: T[]): T[][] {
  const lanes: T[][] = [];
  for (const s of [...statements].sort((a, b) => a.sent - b.sent)) {
    const free = lanes.find((lane) => lane.at(-1)!.answered <= s.sent);
    if (free) free.push(s);
    else lanes.push([s]);
  }
  return lanes;
}
