/**
 * pnpm bench: fills a throwaway embedded PostgreSQL with a large supplier (100,000 events, 1,000,000 provider
 * communications), then measures through the real BFF over HTTP, each figure beside its baseline:
 *   - the supplier event list and the provider list (page 1, a deep page, a filtered page, a sorted page) vs the same SQL run with pg,
 *     and vs the page's SQL alone; the list throughput cases (BENCH_CLIENTS concurrent clients for BENCH_SECONDS), the
 *     server's CPU per list call and where it goes (bench/throughput.ts);
 *   - send-notification to 10,000 customers vs a plain bulk INSERT of the same provider communications;
 *   - the Provider Status Report of 100,000 rows (CSV and XLSX): time and RSS growth, vs a COPY of the same rows (bench/io.ts);
 *   - the dashboard summary report of every event; the bytes /login's assets take raw, gzip and br (bench/io.ts);
 *   - the dashboards' and key metrics' figures calls, vs the headline figures computed from the raw rows (bench/metrics.ts);
 *   - the auth rate limit counted in PostgreSQL, and downloads streamed from S3 vs the local disk (bench/replicas.ts).
 *   - the location pre-processor's accuracy on a supplier file built from the CMS hospitals, and the time and memory to
 *     match BENCH_LPP_ROWS rows (bench/preprocessor.ts, also runnable alone: pnpm bench:preprocessor).
 *   - the FDA import of BENCH_FDA_RECORDS (100,000) device recalls and the operator's FDA list at that size (bench/fda.ts).
 *   - conversations (list with unread counts, a thread, posting) and the CLI's report export (bench/conversations.ts).
 *   - a recall under load: 50 users with no think time against the production server on a fresh demo database, vs the
 *     same operations unloaded (bench/load.ts, also runnable alone: pnpm bench:load).
 * Figures are printed and written to bench/RESULTS.md; nothing is asserted. Scale with BENCH_COMMUNICATIONS,
 * BENCH_PROVIDER_COMMUNICATIONS, BENCH_SEND, BENCH_REPORT_ROWS and BENCH_RUNS.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type PgNamespace from 'pg';
import { createDb, type Db, loadConfig, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { createReportEvent, measureExports, measureStatic } from './io.js';
import { machineSpeed, mb, ms, peakRss, ratio, repeat, type Stats, stats, table, time, withSteal } from './harness.js';
import { measureMetrics } from './metrics.js';
import { measureReplicas } from './replicas.js';
import { measurePreprocessor } from './preprocessor.js';
import { measureFda } from './fda.js';
import { measureConversations } from './conversations.js';
import { measureLoad } from './load.js';
import {
  type Captured,
  lanesOf,
  load,
  processCpuPerCall,
  type ProfileSummary,
  statementRole,
  withoutSummary,
} from './throughput.js';
import { sendRuns } from './send.js';
import { serveBff, signInAt } from './serve.js';
import { profileProduction, startProductionServer } from './production.js';
import { type Directus, directusLoad, startDirectus } from './directus.js';

const requireFromCore = createRequire(new URL('../modules/core/package.json', import.meta.url));
const pg = requireFromCore('pg') as typeof PgNamespace;

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SCALE = {
  communications: env('BENCH_COMMUNICATIONS', 100_000),
  providerCommunications: env('BENCH_PROVIDER_COMMUNICATIONS', 1_000_000),
  sendCustomers: env('BENCH_SEND', 10_000),
  reportRows: env('BENCH_REPORT_ROWS', 100_000),
};
const RUNS = env('BENCH_RUNS', 30);
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
const PASSWORD = 'Portal#2026';

const log = (m: string) => process.stdout.write(`${m}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const direct = new pg.Client({ connectionString: url });
  let httpServer: import('node:http').Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, PASSWORD);
    log(`Generating ${SCALE.communications} events and ${SCALE.providerCommunications} provider communications...`);
    const gen = await time(() => generateWorld(db, SCALE));
    const world = gen.result;
    log(
      `  done in ${(gen.ms / 1000).toFixed(1)} s (${world.communications} events, ${world.providerCommunications} provider communications)`,
    );
    const report = await time(() => createReportEvent(db, world.supplierId, world.adminUserId, SCALE.reportRows));
    const reportEventId = report.result;
    log(`  report event of ${SCALE.reportRows} provider communications in ${(report.ms / 1000).toFixed(1)} s`);

    const config = {
      ...loadConfig({ ...process.env, DATABASE_URL: url }),
      authRateLimitPerMinute: 0,
      smtpUrl: undefined,
    };
    const served = await serveBff(db, url, path.join(dir, 'files'));
    httpServer = served.server;
    const { base, signIn } = served;
    await direct.connect();

    const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, timezone: 'America/Chicago' });
    const headers = headersOf(await signIn('admin@acme.demo'));
    const providerHeaders = headersOf(await signIn('admin@riverside.demo'));
    const operatorHeaders = headersOf(await signIn('admin@operator.demo'));
    const get = async (p: string, as: Record<string, string> = headers): Promise<Response> => {
      const res = await fetch(`${base}${p}`, { headers: as });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res;
    };

    // Time spent waiting on PostgreSQL during one call (knex query → response), to split a call into SQL and the rest.
    let sqlClock: { started: Map<string, bigint>; ms: number; statements: number } | null = null;
    db.on('query', (q: { __knexQueryUid?: string }) => {
      if (sqlClock && q.__knexQueryUid) sqlClock.started.set(q.__knexQueryUid, process.hrtime.bigint());
    });
    const stopClock = (_r: unknown, q: { __knexQueryUid?: string }) => {
      const began = q.__knexQueryUid ? sqlClock?.started.get(q.__knexQueryUid) : undefined;
      if (sqlClock && began !== undefined) {
        sqlClock.ms += Number(process.hrtime.bigint() - began) / 1e6;
        sqlClock.statements += 1;
      }
    };
    db.on('query-response', stopClock);
    db.on('query-error', (_e: unknown, q: { __knexQueryUid?: string }) => stopClock(null, q));
    const withSqlClock = async <T>(fn: () => Promise<T>): Promise<{ result: T; sqlMs: number; statements: number }> => {
      sqlClock = { started: new Map(), ms: 0, statements: 0 };
      try {
        const result = await fn();
        return { result, sqlMs: sqlClock.ms, statements: sqlClock.statements };
      } finally {
        sqlClock = null;
      }
    };

    // Every statement knex sends during one call, to run the very same SQL with pg, with when it was sent and answered
    // (statements the BFF sends at once, on two connections, are replayed at once: see lanesOf).
    let captured: (Captured & { uid?: string })[] | null = null;
    db.on('query', (q: { sql: string; bindings?: unknown[]; __knexQueryUid?: string }) => {
      captured?.push({
        sql: q.sql,
        bindings: q.bindings ?? [],
        uid: q.__knexQueryUid,
        sent: Number(process.hrtime.bigint()) / 1e6,
        answered: Number.POSITIVE_INFINITY,
      });
    });
    db.on('query-response', (_r: unknown, q: { __knexQueryUid?: string }) => {
      const c = captured?.find((x) => x.uid === q.__knexQueryUid);
      if (c) c.answered = Number(process.hrtime.bigint()) / 1e6;
    });
    const captureSql = async (fn: () => Promise<unknown>): Promise<Captured[]> => {
      captured = [];
      await fn();
      const out = captured.map((q) => {
        const native =
          q.sql.includes('$1') || !q.bindings.length
            ? q
            : db
                .raw(q.sql, q.bindings as Parameters<Db['raw']>[1] & unknown[])
                .toSQL()
                .toNative();
        return {
          sql: native.sql,
          bindings: [...(native.bindings ?? [])] as unknown[],
          sent: q.sent,
          answered: q.answered,
        };
      });
      captured = null;
      return out;
    };
    // More plain connections, for the statements a call sends at once.
    const lanes = [direct];
    const laneClient = async (i: number) => {
      while (lanes.length <= i) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        lanes.push(c);
      }
      return lanes[i]!;
    };
    /** Replays statements as the BFF sent them: one after another on a lane, the lanes at once. */
    const replay = async (statements: Captured[]) => {
      const byLane = lanesOf(statements);
      await Promise.all(
        byLane.map(async (lane, i) => {
          const client = await laneClient(i);
          for (const s of lane) await client.query(s.sql, s.bindings);
        }),
      );
    };
    /** PostgreSQL's own time for statements (planning and execution, EXPLAIN ANALYZE without per-node timing): median. */
    const inPostgres = async (statements: Captured[]): Promise<Stats> => {
      const totals: number[] = [];
      for (let run = 0; run < 12; run++) {
        let total = 0;
        for (const s of statements) {
          const { rows } = await direct.query(
            `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, COSTS OFF) ${s.sql}`,
            s.bindings,
          );
          for (const r of rows as Record<string, string>[]) {
            const m = /^(Planning|Execution) Time: ([\d.]+) ms/.exec(r['QUERY PLAN']!);
            if (m) total += Number(m[2]);
          }
        }
        if (run >= 2) totals.push(total);
      }
      return stats(totals);
    };

    // ---------- 1. the supplier's event list and the provider's list of what it received ----------
    const filter = encodeURIComponent(
      JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'abc1' } }),
    );
    const supplierList = '/supplier/communications?communicationType=RECALL&pageSize=50';
    const providerList = '/provider/communications?communicationType=RECALL&pageSize=50';
    const received = 'sortField=sent_at&sortDirection=desc';
    const listCases: [string, string, typeof headers][] = [
      ['page 1', `${supplierList}&pageNumber=1`, headers],
      ['deep page (1000)', `${supplierList}&pageNumber=1000`, headers],
      ['filtered (name contains)', `${supplierList}&pageNumber=1&filterModel=${filter}`, headers],
      ['sorted (sortField=name)', `${supplierList}&pageNumber=1&sortField=name&sortDirection=asc`, headers],
      // No index serves this order: it sorts the first 10,000 of the default order (sortCapped).
      [
        'sorted (sortField=event_date)',
        `${supplierList}&pageNumber=1&sortField=event_date&sortDirection=desc`,
        headers,
      ],
      // The provider's pages open newest received first.
      ['provider: page 1', `${providerList}&pageNumber=1&${received}`, providerHeaders],
      ['provider: deep page (1000)', `${providerList}&pageNumber=1000&${received}`, providerHeaders],
      ['provider: filtered (name contains)', `${providerList}&pageNumber=1&filterModel=${filter}`, providerHeaders],
      [
        'provider: sorted (sortField=name)',
        `${providerList}&pageNumber=1&sortField=name&sortDirection=asc`,
        providerHeaders,
      ],
      ['provider eR responses: page 1', `${providerList}&pageNumber=1&responses=1&${received}`, providerHeaders],
      [
        'provider eR responses: deep page (100)',
        `${providerList}&pageNumber=100&responses=1&${received}`,
        providerHeaders,
      ],
      [
        'operator eR responses (every provider): page 1',
        '/notisphere/communications/responses?pageSize=50&pageNumber=1',
        operatorHeaders,
      ],
    ];
    const listRows: string[][] = [];
    const totalRows: string[][] = [];
    const listStatements = new Map<
      string,
      { path: string; as: typeof headers; page: { sql: string; bindings: unknown[] }[] }
    >();
    const plans: string[] = [];
    for (const [name, path_, as] of listCases) {
      const statements = await captureSql(async () => {
        await (await get(path_, as)).json();
      });
      const api = await repeat(RUNS, async () => {
        await (await get(path_, as)).json();
      });
      const sql = await repeat(RUNS, () => replay(statements));
      // A page statement that also reads the total (withSummary) counts without those columns as the page alone.
      const pageStatements = statements.filter((s) => statementRole(s.sql) === 'page').map(withoutSummary);
      const pageSql = await repeat(RUNS, () => replay(pageStatements));
      // The list's own SQL: the page with its total and "last updated", without the caller lookup every call makes; as
      // the BFF sends it (the total beside the page), and one statement after another.
      const listOnly = statements.filter((s) => statementRole(s.sql) !== 'caller');
      const listSql = await repeat(RUNS, () => replay(listOnly));
      const listSequential = await repeat(RUNS, async () => {
        for (const s of listOnly) await direct.query(s.sql, s.bindings);
      });
      const pagePg = await inPostgres(pageStatements);
      const listPg = await inPostgres(listOnly);
      const d = (
        (await (await get(path_, as)).json()) as { d: { total: number; totalCapped?: boolean; sortCapped?: boolean } }
      ).d;
      const total = `${d.totalCapped ? '> ' : ''}${d.total}${d.sortCapped ? ' (sorted: first 10000)' : ''}`;
      const roles = lanesOf(statements)
        .map((lane) => lane.map((st) => `${statementRole(st.sql)[0]}${withoutSummary(st) === st ? '' : '+t'}`).join(''))
        .join(' | ');
      listRows.push([
        name,
        total,
        ms(api.median),
        ms(api.p95),
        ms(api.min),
        ms(sql.median),
        ms(sql.p95),
        ms(sql.min),
        ratio(api.median, sql.median),
        `${statements.length} (${roles})`,
      ]);
      totalRows.push([
        name,
        ms(pageSql.median),
        ms(listSql.median),
        ratio(listSql.median, pageSql.median),
        ms(listSequential.median),
        ratio(listSequential.median, pageSql.median),
        ms(pagePg.median),
        ms(listPg.median),
        ratio(listPg.median, pagePg.median),
        ratio(api.median, pageSql.median),
      ]);
      listStatements.set(name, { path: path_, as, page: pageStatements });
      log(`  list ${name}: api ${ms(api.median)} / sql ${ms(sql.median)}`);
      for (const s of statements.filter(
        (x) => /from "(provider_)?communications"/i.test(x.sql) || /from \(select/i.test(x.sql),
      )) {
        const explained = await direct.query(`EXPLAIN (ANALYZE, COSTS OFF) ${s.sql}`, s.bindings);
        const lines = explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
        plans.push(`-- ${name}: ${s.sql.slice(0, 160)}${s.sql.length > 160 ? '...' : ''}\n${lines.join('\n')}`);
      }
    }

    for (const c of lanes.slice(1)) await c.end();

    // The peer: Directus over the same tables, the supplier's and the provider's page 1 as its items API reads them.
    const peer = await startDirectus(url, log);
    const riverside = (
      await direct.query(
        `SELECT id FROM organizations WHERE name = 'Riverside Health' OR parent_id = (SELECT id FROM organizations WHERE name = 'Riverside Health') ORDER BY id`,
      )
    ).rows.map((r: { id: string }) => r.id);
    const directus = peer
      ? {
          peer,
          urls: new Map([
            [
              'page 1',
              `/items/communications?limit=50&page=1&sort=-updated_at&filter[organization_id][_eq]=${world.supplierId}&filter[type][_eq]=RECALL&filter[status][_neq]=DELETED`,
            ],
            [
              'provider: page 1',
              `/items/provider_communications?limit=50&page=1&sort=-sent_at&filter[provider_organization_id][_in]=${riverside.join(',')}&filter[communication_type][_eq]=RECALL&filter[status][_neq]=DELETED`,
            ],
          ]),
        }
      : null;
    // The server as production runs it, in its own process, for the throughput and CPU cases: its CPU is read from the
    // kernel, apart from the load clients'.
    const production = await startProductionServer(url, path.join(dir, 'production'));
    const productionHeaders = new Map<Record<string, string>, Record<string, string>>();
    for (const [as, email] of [
      [headers, 'admin@acme.demo'],
      [providerHeaders, 'admin@riverside.demo'],
      [operatorHeaders, 'admin@operator.demo'],
    ] as const)
      productionHeaders.set(as, { ...as, authorization: `Bearer ${await signInAt(production.base, email)}` });
    const getProduction = async (p: string, as: Record<string, string>): Promise<Response> => {
      const res = await fetch(`${production.base}${p}`, { headers: productionHeaders.get(as) ?? as });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res;
    };
    let throughput: string[];
    try {
      throughput = await listThroughput({
        url,
        dir,
        get: getProduction,
        cpuMs: production.cpuMs,
        cases: listStatements,
        directus,
      });
    } finally {
      await production.stop();
      await peer?.stop();
    }

    // ---------- 2. send-notification to 10,000 customers vs a bulk INSERT ----------
    // Median of 3 runs (one send is at the mercy of a checkpoint or autovacuum after the load above).
    const send = await sendRuns({
      db,
      direct,
      base,
      token: headers.authorization.slice('Bearer '.length),
      config,
      world,
      runs: 3,
      sqlClock: withSqlClock,
    });
    const sendRows = [
      [
        `send-notification (${world.sendCustomers} customers): answered`,
        String(send.created),
        String(send.queued),
        ms(send.sendMs),
        `${ms(send.sqlMs)} (${send.statements})`,
        ms(send.bulkMs),
        ratio(send.sendMs, send.bulkMs),
        ms(send.sameRowsMs),
        ratio(send.sendMs, send.sameRowsMs),
        ratio(send.sendMs, send.bulkMs),
      ],
      [
        '  … every email queued (the answer, then the fan-out)',
        '',
        '',
        ms(send.allQueuedMs),
        '–',
        ms(send.bulkMs),
        ratio(send.allQueuedMs, send.bulkMs),
        ms(send.sameRowsMs),
        ratio(send.allQueuedMs, send.sameRowsMs),
        ratio(send.allQueuedMs, send.sameRowsMs),
      ],
    ];
    log(`  send: ${ms(send.sendMs)} vs bulk insert ${ms(send.bulkMs)}`);

    // ---------- 3. Provider Status Report at 100,000 rows vs a COPY of the same rows (bench/io.ts) ----------
    const drain = async (p: string, acceptEncoding = 'br, gzip') => {
      const res = await fetch(`${base}${p}`, { headers: { ...headers, 'accept-encoding': acceptEncoding } });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    };
    const exportRows = await measureExports({
      client: direct,
      eventId: reportEventId,
      rows: SCALE.reportRows,
      timeZone: 'America/Chicago',
      runs: 3,
      drain,
      log,
    });

    // ---------- 4. the dashboard summary report over every event (one grouped statement through a cursor) ----------
    const reportRows: string[][] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      if (global.gc) global.gc();
      const dashboard = await peakRss(() =>
        withSqlClock(() =>
          time(() => drain(`/supplier/dashboard/ALL/actions/supplier/summeryreport${format === 'csv' ? '/csv' : ''}`)),
        ),
      );
      const dashboardTimed = dashboard.result.result;
      reportRows.push([
        `Recall Events Summary Report, dashboard ALL (${format})`,
        String(world.communications),
        `${(dashboardTimed.result / 1024).toFixed(0)} KB`,
        ms(dashboardTimed.ms),
        `${ms(dashboard.result.sqlMs)} (${dashboard.result.statements})`,
        mb(dashboard.baseline),
        mb(dashboard.peak),
        mb(dashboard.peak - dashboard.baseline),
      ]);
      log(`  dashboard summary ${format}: ${ms(dashboardTimed.ms)}, peak rss ${mb(dashboard.peak)}`);
    }

    // The dashboard report's statement (one, read through a cursor).
    const dashboardStatements = await captureSql(() =>
      drain('/supplier/dashboard/ALL/actions/supplier/summeryreport/csv'),
    );
    for (const st of dashboardStatements.filter((x) => /from "communications" as "c"/i.test(x.sql))) {
      const explained = await direct.query(`EXPLAIN (ANALYZE, COSTS OFF) ${st.sql}`, st.bindings);
      plans.push(
        `-- dashboard summary report (${dashboardStatements.length} statements in all): ${st.sql.slice(0, 120)}...\n${explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n')}`,
      );
    }

    // ---------- 4b. the dashboards' and key metrics' figures (read off the rollups the triggers kept while loading) ----------
    const riversideId = ((await db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number })
      .id;
    log('Location pre-processor: accuracy and speed...');
    const preprocessorSection = await measurePreprocessor(
      db,
      path.join(dir, 'lpp-files'),
      env('BENCH_LPP_ROWS', 100_000),
    );
    const metricsSection = await measureMetrics({
      get,
      client: direct,
      as: { operator: operatorHeaders, supplier: headers, provider: providerHeaders },
      supplierId: world.supplierId,
      providerId: riversideId,
      runs: RUNS,
      log,
      capture: captureSql,
    });

    // ---------- 4c. several replicas: the shared rate limit, downloads from S3 (bench/replicas.ts) ----------
    const replicasSection = await measureReplicas({ db, runs: RUNS, fileMb: env('BENCH_FILE_MB', 10), log });
    // ---------- 4c. FDA records: import BENCH_FDA_RECORDS device recalls, then the operator's list (bench/fda.ts) ----------
    const fdaSection = await measureFda({
      db,
      get,
      operator: operatorHeaders,
      records: env('BENCH_FDA_RECORDS', 100_000),
      runs: RUNS,
      dir,
      log,
    });

    // ---------- 4c. conversations and the CLI's report export (bench/conversations.ts) ----------
    const conversationsSection = await measureConversations({
      db,
      config,
      client: direct,
      base,
      headers,
      eventId: reportEventId,
      conversations: env('BENCH_CONVERSATIONS', 1_000),
      messagesEach: env('BENCH_CONVERSATION_MESSAGES', 20),
      runs: RUNS,
      log,
    });

    // ---------- 4d. a recall under load: 50 users on a fresh demo database of its own (bench/load.ts) ----------
    log('a recall under load');
    const loadSection = await measureLoad(server, dir);

    // ---------- 5. the bytes of /login's assets, raw, gzip and br (bench/io.ts; needs a built web/dist) ----------
    const staticRows = await measureStatic(base.replace(/\/api$/, ''), config.webDist);
    if (staticRows) log(`  static: ${staticRows[0]!.slice(1).join(' / ')}`);

    const reportStatements = await captureSql(() =>
      drain(`/supplier/communications/${reportEventId}/actions/provider/statusreport/csv`),
    );
    const batch = reportStatements.find((x) => /from "provider_communications"/i.test(x.sql));
    if (batch) {
      const explained = await direct.query(`EXPLAIN (ANALYZE, COSTS OFF) ${batch.sql}`, batch.bindings);
      plans.push(
        `-- Provider Status Report, first keyset batch (${reportStatements.filter((x) => /from "provider_communications"/i.test(x.sql)).length} batches): ${batch.sql.slice(0, 120)}...\n${explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n')}`,
      );
    }

    // ---------- output ----------
    // Other work on the machine makes timings noisy: /proc/pressure/cpu says how much (Linux only).
    let pressure = 'unknown';
    try {
      pressure = `${/avg300=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? '?'}% of the last 5 minutes with runnable tasks waiting for a CPU`;
    } catch {
      // not Linux
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const out = [
      `# Benchmark results`,
      '',
      `Last run: ${new Date().toISOString()} on ${os.cpus().length} CPU(s), Node ${process.version}, embedded PostgreSQL; ${RUNS} measured runs per list case after 2 warm-ups; whole run ${seconds} s.`,
      `CPU pressure during the run: ${pressure}; figures from a busy machine vary run to run (compare ratios, not absolute times).`,
      `Scale: ${world.communications} Acme events, ${world.providerCommunications} provider communications (generated in ${(gen.ms / 1000).toFixed(1)} s with INSERT ... SELECT generate_series: ${world.steps.map(([n, sec]) => `${n} ${sec.toFixed(1)} s`).join(', ')}).`,
      '',
      "## Lists through the BFF vs the same SQL with pg: the supplier's events (GET /api/supplier/communications, admin@acme.demo), the provider's received notices and eR responses rows (GET /api/provider/communications, admin@riverside.demo and its sites) and the operator's eR responses of every provider (GET /api/notisphere/communications/responses)",
      '',
      'The SQL side replays every statement the call sent (caller lookup, total, page, per-page counts) with pg, as the BFF sent',
      'them: statements sent at once (runList sends the total beside the page, on two pooled connections) are replayed at once.',
      'Statements: c(aller), t(otal), l(atest) and p(age); p+t is a page statement that also reads the total and "last',
      'updated" (two more columns: one round trip for both); a | separates what ran at once.',
      '',
      table(
        [
          'case',
          'total',
          'api median',
          'api p95',
          'api min',
          'sql median',
          'sql p95',
          'sql min',
          'api/sql',
          'statements',
        ],
        listRows,
      ),
      '',
      '### What the exact total costs on top of the page (goal: list within 1.5x its page query alone)',
      '',
      'The page SQL is the statements that read the page\'s rows (not the caller lookup, the total or "last updated"); the list',
      'SQL adds the total and "last updated" (everything but the caller lookup, which every signed-in call makes). Measured three',
      'ways: replayed as the BFF sends them (the total beside the page), one statement after another on one connection (each',
      "round trip counted), and PostgreSQL's own time (planning and execution as EXPLAIN ANALYZE reports them, no round trips).",
      'api/page sql is the whole call (HTTP, caller lookup, JSON) over the page SQL.',
      '',
      table(
        [
          'case',
          'page sql',
          'list sql (as sent)',
          'list/page',
          'list sql (one by one)',
          'list/page (one by one)',
          'page in PostgreSQL',
          'list in PostgreSQL',
          'list/page in PostgreSQL',
          'api/page sql',
        ],
        totalRows,
      ),
      '',
      ...throughput,
      '',
      '## send-notification vs a plain bulk INSERT of the same rows',
      '',
      'Median of 3 runs. The send creates every provider communication and queues the first 500 notices (an outbox email',
      'and a hashed notice link per recipient) and a history row in one transaction, then answers; the rest of the notices',
      'fan out after the answer, 2,000 a transaction (`notice_fanouts`, docs/decisions.md "Large sends fan out in chunks").',
      'Both are timed: until the answer, and until every email is queued. Two baselines: the bulk INSERT of the provider',
      'communications alone, and one plain INSERT ... SELECT statement writing every row the send writes (provider',
      "communications, notice links with hashed random tokens, outbox emails with stored values as wide as the send's).",
      'Goal: within 2x a plain bulk insert of the same rows (last column): the answer against the provider communications',
      '(what it has written by then, but for the first 500 notices), and every email queued against every row.',
      `Every email queued against the provider communications alone is printed too, but PostgreSQL alone needs`,
      `${ratio(send.sameRowsMs, send.bulkMs)} of that baseline to write the same rows (docs/decisions.md "What the send is measured against").`,
      '',
      table(
        [
          'case',
          'provider communications',
          'emails queued',
          'time',
          'of which SQL (statements)',
          'bulk INSERT',
          'ratio',
          'one INSERT of all the same rows',
          'ratio',
          'against the same rows (goal 2x)',
        ],
        sendRows,
      ),
      '',
      '## Exports: the Provider Status Report vs a COPY of the same rows',
      '',
      `Median of 3 downloads consumed over HTTP (timezone America/Chicago) against the median of 3 \`COPY (SELECT ...) TO STDOUT (FORMAT csv)\` of the same rows, dates converted in SQL, read with pg-copy-streams; RSS growth of this process (server and client) sampled every 5 ms. Goal: CSV within 2x, XLSX within 4x.`,
      '',
      table(
        ['report', 'rows', 'size (decoded)', 'time', 'COPY', 'COPY size', 'ratio', 'goal', 'rss growth'],
        exportRows,
      ),
      '',
      '## The dashboard summary report of every event',
      '',
      'One download each; SQL time and statements as knex saw them; peak RSS of this process.',
      '',
      table(
        ['report', 'rows', 'size', 'time', 'of which SQL (statements)', 'rss before', 'rss peak', 'rss growth'],
        reportRows,
      ),
      '',
      ...metricsSection,
      '',
      ...replicasSection,
      '',
      ...preprocessorSection,
      '',
      ...fdaSection,
      '',
      ...conversationsSection,
      '',
      ...loadSection,
      '',
      '## Static files: what /login takes to load',
      '',
      staticRows
        ? `Bytes received through the BFF for index.html's scripts and styles, the login page's chunk and their static imports (Content-Length as sent; .br and .gz written at build time).\n\n${table(['assets', 'raw', 'gzip', 'br', 'br/raw'], staticRows)}`
        : 'web/dist was not built (run `pnpm build` before `pnpm bench`).',
      '',
      '## Plans of the list and report queries (EXPLAIN ANALYZE)',
      '',
      '```',
      ...plans,
      '```',
      '',
    ].join('\n');
    log('');
    log(out);
    writeFileSync(new URL('./RESULTS.md', import.meta.url), out);
  } finally {
    await direct.end().catch(() => undefined);
    if (httpServer)
      await new Promise<void>((resolve) => {
        httpServer!.close(() => resolve());
        httpServer!.closeAllConnections();
      });
    await db.destroy();
    await server.stop().catch((err: unknown) => log(`stopping PostgreSQL: ${String(err)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The list throughput cases: for each page 1, THROUGHPUT.clients concurrent clients for THROUGHPUT.seconds through the BFF
 * on loopback, then the same clients running only the page's SQL on a pg pool as large as the BFF's; the server's CPU per
 * call (sequential); and a CPU profile of the provider's page 1 grouped by where the time goes.
 */
async function listThroughput(o: {
  url: string;
  dir: string;
  /** A call to the production server in its own process. */
  get: (p: string, as: Record<string, string>) => Promise<Response>;
  /** That process's CPU so far (ms). */
  cpuMs: () => number;
  cases: Map<string, { path: string; as: Record<string, string>; page: { sql: string; bindings: unknown[] }[] }>;
  /** The same list read from Directus (its items API over the same table), per case. */
  directus: { peer: Directus; urls: Map<string, string> } | null;
}): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: o.url, max: 10 });
  const rows: string[][] = [];
  const cpuRows: string[][] = [];
  const speed = machineSpeed();
  let profile: ProfileSummary = { places: [], functions: [] };
  try {
    for (const [name, c] of o.cases) {
      if (!/page 1/.test(name)) continue;
      const call = async () => {
        await (await o.get(c.path, c.as)).arrayBuffer();
      };
      await load(THROUGHPUT.clients, THROUGHPUT.warmup, call);
      const cpuBefore = o.cpuMs();
      const api = await load(THROUGHPUT.clients, THROUGHPUT.seconds, call);
      const cpuUnderLoad = (o.cpuMs() - cpuBefore) / Math.max(1, api.requests);
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
      const { result: cpu, steal } = await withSteal(() =>
        processCpuPerCall(o.cpuMs, RUNS * 4, async () => {
          await (await o.get(p, as)).arrayBuffer();
        }),
      );
      cpuRows.push([name, ms(cpu.median), ms(cpu.p95), ms(cpu.min), ms(cpu.mean), '–', steal]);
    }
  } finally {
    await pool.end();
  }
  return [
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

export type { Stats };

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
