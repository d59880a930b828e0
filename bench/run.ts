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
 * BENCH_PROVIDER_COMMUNICATIONS, BENCH_SEND, BENCH_REPORT_ROWS and BENCH_RUNS. BENCH_ONLY=lists stops after the list
 * cases (BENCH_LIST_CASES, a regular expression, picks some of them) and prints their tables without writing RESULTS.md;
 * BENCH_ONLY=throughput goes on through the throughput section (Directus included) and prints it the same way.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTION_OPTIONS, createDb, loadConfig, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { createReportCommunication, measureExports, measureStatic } from './io.js';
import { mb, ms, peakRss, ratio, type Stats, time } from './harness.js';
import { measureMetrics } from './metrics.js';
import { measureReplicas } from './replicas.js';
import { measurePreprocessor } from './preprocessor.js';
import { measureFda } from './fda.js';
import { measureUdiEval } from './udi-eval.js';
import { measureConversations } from './conversations.js';
import { measureLoad } from './load.js';
import { sendRuns } from './send.js';
import { serveBff, signInAt } from './serve.js';
import { startProductionServer } from './production.js';
import { startDirectus } from './directus.js';
import { pg, env, RUNS, log } from './run-env.js';
import { httpGet } from './throughput.js';
import { sqlProbes } from './sql-probes.js';
import { measureLists } from './list-cases.js';
import { listThroughput } from './list-throughput.js';
import { freshConnections } from './fresh-connections.js';
import { listTables, resultsMarkdown } from './results.js';

const SCALE = {
  communications: env('BENCH_COMMUNICATIONS', 100_000),
  providerCommunications: env('BENCH_PROVIDER_COMMUNICATIONS', 1_000_000),
  sendCustomers: env('BENCH_SEND', 10_000),
  reportRows: env('BENCH_REPORT_ROWS', 100_000),
};
const PASSWORD = 'Portal#2026';

async function main(): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const direct = new pg.Client({ connectionString: url, options: CONNECTION_OPTIONS });
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
    const report = await time(() =>
      createReportCommunication(db, world.supplierId, world.adminUserId, SCALE.reportRows),
    );
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

    const { withSqlClock, captureSql, replay, inPostgres, closeLanes } = sqlProbes(db, direct, url);

    // ---------- 1. the supplier's event list and the provider's list of what it received ----------
    const { listRows, totalRows, listStatements, plans } = await measureLists({
      get,
      headers,
      providerHeaders,
      operatorHeaders,
      direct,
      captureSql,
      replay,
      inPostgres,
    });

    await closeLanes();
    const freshSection = await freshConnections(url, listStatements, [
      'page 1',
      'provider: page 1',
      'provider worklist: overdue section',
      'operator eR responses (every provider): page 1',
    ]);
    if (process.env.BENCH_ONLY === 'lists') {
      log('');
      log(listTables(listRows, totalRows).join('\n'));
      log('');
      log(freshSection.join('\n'));
      log('');
      log(plans.join('\n\n'));
      return;
    }

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
    // And a second replica of it (ROLE=web, the same keys), for the same load spread over two processes: one Node
    // process uses one CPU, as a deployment runs one replica per CPU (README "Running several replicas").
    const replica = await startProductionServer(url, path.join(dir, 'production-b'), { replicaOf: production });
    let turn = 0;
    const productionHeaders = new Map<Record<string, string>, Record<string, string>>();
    for (const [as, email] of [
      [headers, 'admin@acme.demo'],
      [providerHeaders, 'admin@riverside.demo'],
      [operatorHeaders, 'admin@operator.demo'],
    ] as const)
      productionHeaders.set(as, { ...as, authorization: `Bearer ${await signInAt(production.base, email)}` });
    let throughput: string[];
    try {
      throughput = await listThroughput({
        url,
        dir,
        call: (p, as) => httpGet(`${production.base}${p}`, productionHeaders.get(as) ?? as),
        cpuMs: production.cpuMs,
        callReplicas: (p, as) =>
          httpGet(`${(turn++ % 2 ? replica : production).base}${p}`, productionHeaders.get(as) ?? as),
        cases: listStatements,
        directus,
      });
      throughput = [...freshSection, '', ...throughput];
    } finally {
      await replica.stop();
      await production.stop();
      await peer?.stop();
    }

    if (process.env.BENCH_ONLY === 'throughput') {
      log('');
      log(listTables(listRows, totalRows).join('\n'));
      log('');
      log(throughput.join('\n'));
      return;
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

    // ---------- 4c. issue 38: UDI parsing, matching accuracy, a BENCH_UDI_ROWS item master (bench/udi-eval.ts) ----------
    log('Item master: UDI parsing, matching, a large import...');
    const udiSection = await measureUdiEval(db, dir);

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
    const out = resultsMarkdown({
      started,
      world,
      gen,
      listRows,
      totalRows,
      throughput,
      send,
      sendRows,
      exportRows,
      reportRows,
      metricsSection,
      replicasSection,
      preprocessorSection,
      fdaSection,
      udiSection,
      conversationsSection,
      loadSection,
      staticRows,
      plans,
    });
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

export type { Stats };

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
