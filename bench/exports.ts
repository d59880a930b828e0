/**
 * pnpm bench:exports: only the exports case of pnpm bench (bench/io.ts), on a seeded database with one report event of
 * BENCH_REPORT_ROWS (100,000) provider communications: the Provider Status Report as CSV and XLSX vs a COPY of the same
 * rows, BENCH_RUNS (3) downloads each. BENCH_EXPORT_CASES=csv,csv-br,xlsx picks cases; BENCH_DASHBOARD_EVENTS=n also
 * generates n events and times the dashboard summary report (CSV and XLSX); BENCH_CPU_PROFILE=dir writes a V8 profile
 * of the downloads; BENCH_EXPORT_SAVE=dir saves one download of each format there (to compare outputs across changes).
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type PgNamespace from 'pg';
import { createDb, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { BENCH_PASSWORD, serveBff } from './serve.js';
import { mb, ms, peakRss, table, time } from './harness.js';
import { createReportCommunication, type ExportCase, measureExports } from './io.js';

const requireFromCore = createRequire(new URL('../modules/core/package.json', import.meta.url));
const pg = requireFromCore('pg') as typeof PgNamespace;

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DASHBOARD_EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 0);
const CASES = (process.env.BENCH_EXPORT_CASES ?? 'csv,csv-br,xlsx').split(',').filter(Boolean) as ExportCase[];
const TIME_ZONE = 'America/Chicago';
const log = (m: string) => process.stdout.write(`${m}\n`);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exports-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const direct = new pg.Client({ connectionString: url });
  let httpServer: import('node:http').Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, BENCH_PASSWORD);
    const supplier = (await db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number };
    const admin = (await db('users').where({ email: 'admin@acme.demo' }).first('id')) as { id: number };
    if (DASHBOARD_EVENTS > 0) {
      const gen = await time(() =>
        generateWorld(db, {
          communications: DASHBOARD_EVENTS,
          providerCommunications: DASHBOARD_EVENTS,
          sendCustomers: 1,
        }),
      );
      log(`  ${DASHBOARD_EVENTS} events generated in ${(gen.ms / 1000).toFixed(1)} s`);
    }
    const report = await time(() => createReportCommunication(db, supplier.id, admin.id, ROWS));
    log(`  report event of ${ROWS} provider communications in ${(report.ms / 1000).toFixed(1)} s`);

    const served = await serveBff(db, url, path.join(dir, 'files'));
    httpServer = served.server;
    const base = served.base;
    await direct.connect();
    const token = await served.signIn('admin@acme.demo');
    const drain = async (p: string, acceptEncoding = 'br, gzip') => {
      const res = await fetch(`${base}${p}`, {
        headers: { authorization: `Bearer ${token}`, timezone: TIME_ZONE, 'accept-encoding': acceptEncoding },
      });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    };

    const save = process.env.BENCH_EXPORT_SAVE;
    if (save) {
      mkdirSync(save, { recursive: true });
      for (const format of ['csv', 'xlsx'] as const) {
        const p = `/supplier/communications/${report.result}/actions/provider/statusreport${format === 'csv' ? '/csv' : ''}`;
        const res = await fetch(`${base}${p}`, {
          headers: { authorization: `Bearer ${token}`, timezone: TIME_ZONE, 'accept-encoding': 'identity' },
        });
        writeFileSync(path.join(save, `provider-status.${format}`), Buffer.from(await res.arrayBuffer()));
        log(`  saved ${format}: ${res.headers.get('content-disposition')}`);
      }
    }
    const profile = process.env.BENCH_CPU_PROFILE;
    const session = profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const rows = await measureExports({
      client: direct,
      eventId: report.result,
      rows: ROWS,
      timeZone: TIME_ZONE,
      runs: RUNS,
      drain,
      log,
      cases: CASES,
    });
    if (DASHBOARD_EVENTS > 0) {
      for (const format of ['csv', 'xlsx'] as const) {
        if (global.gc) global.gc();
        const p = `/supplier/dashboard/ALL/actions/supplier/summeryreport${format === 'csv' ? '/csv' : ''}`;
        const measured = await peakRss(() => time(() => drain(p)));
        log(
          `  dashboard summary ${format}: ${ms(measured.result.ms)}, ${(measured.result.result / 1024).toFixed(0)} KB, rss growth ${mb(measured.peak - measured.baseline)}`,
        );
      }
    }
    if (session && profile) {
      const { profile: cpu } = await session.post('Profiler.stop');
      mkdirSync(profile, { recursive: true });
      writeFileSync(path.join(profile, 'exports.cpuprofile'), JSON.stringify(cpu));
    }
    let pressure = 'unknown';
    try {
      pressure = `${/avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? '?'}% of the last minute with runnable tasks waiting for a CPU`;
    } catch {
      // not Linux
    }
    log(table(['report', 'rows', 'size', 'time', 'COPY', 'COPY size', 'ratio', 'goal', 'rss growth'], rows));
    log(`CPU pressure: ${pressure}`);
  } finally {
    httpServer?.close();
    await direct.end().catch(() => undefined);
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
