/**
 * The FDA bench: imports BENCH_FDA_RECORDS (100,000) device recalls generated from the sample in
 * data/openfda (one `{ meta, results }` document, as openFDA's bulk download holds), then again (every record
 * unchanged), with the import's peak RSS; then the operator's list through the BFF at that size (page 1, a deep page, a
 * lot-number search, a status filter, a sort, one record), each beside its page SQL alone. Part of `pnpm bench`
 * (bench/run.ts); runnable alone, at any scale: `BENCH_FDA_RECORDS=10000 pnpm exec tsx bench/fda.ts` (it then rewrites
 * only its own section of bench/RESULTS.md).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../modules/core/src/index.js';
import { createApp, createModules } from '../services/bff/src/index.js';
import {
  createDb,
  createLogger,
  LocalFileStore,
  loadConfig,
  startEmbeddedPostgres,
} from '../modules/core/src/index.js';
import { importFda, listFda } from '../modules/fda/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { mb, ms, peakRss, ratio, repeat, table, time } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE = path.join(here, '..', 'data', 'openfda', 'device-recall-examples.json');
export const FDA_SECTION = '## FDA records: import and list (issue 15)';

/** How busy the machine was (Linux): other work makes every figure here slower by about that much. */
function cpuPressure(): string {
  try {
    const avg = /avg300=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    return `CPU pressure: ${avg}% of the last 5 minutes with runnable tasks waiting, load average ${load} on ${os.cpus().length} CPU(s).`;
  } catch {
    return '';
  }
}

/** Writes `n` device recalls into one openFDA document, varying every field a list reads. */
export function generateFdaFile(file: string, n: number): void {
  const sample = (JSON.parse(readFileSync(SAMPLE, 'utf8')) as { anatomy: { results: Record<string, unknown>[] } })
    .anatomy.results[0]!;
  // openFDA annotates a record with every 510(k), registration and FEI number of its product code: for FOZ, 10 kB of
  // the sample's 13 kB. The bench keeps the first 5 of each list, so a record is about 3 kB (a mid-sized product code).
  const openfda = Object.fromEntries(
    Object.entries(sample.openfda as Record<string, unknown>).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.slice(0, 5) : v,
    ]),
  );
  const statuses = ['Open, Classified', 'Completed', 'Terminated'];
  const codes = ['FOZ', 'DQY', 'FRN', 'HSB', 'JAK', 'LRO', 'JWH', 'DWF'];
  writeFileSync(file, `{"meta":{"disclaimer":"generated for the bench","results":{"total":${n}}},"results":[`);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const year = 2000 + (i % 25);
    const day = new Date(Date.UTC(year, i % 12, 1 + (i % 28))).toISOString().slice(0, 10);
    const record = {
      ...sample,
      openfda,
      product_res_number: `Z-${String(i % 10_000).padStart(4, '0')}-${2000 + Math.floor(i / 10_000)}`,
      res_event_number: String(80_000 + Math.floor(i / 3)),
      recall_status: statuses[i % 3],
      recalling_firm: `Firm ${i % 2000} Medical Inc`,
      product_code: codes[i % codes.length],
      event_date_initiated: day,
      event_date_posted: day,
      code_info: `Lot/Batch Numbers: L${String(i).padStart(7, '0')}A, L${String(i).padStart(7, '0')}B`,
      product_description: `Device ${i}: ${String(sample.product_description)}`,
    };
    parts.push(`${i ? ',' : ''}${JSON.stringify(record)}`);
    // Flush in slices so generating 100,000 records never holds the whole text either.
    if (parts.length >= 5000) {
      writeFileSync(file, parts.join(''), { flag: 'a' });
      parts.length = 0;
    }
  }
  parts.push(']}');
  writeFileSync(file, parts.join(''), { flag: 'a' });
}

export async function measureFda(o: {
  db: Db;
  get: (p: string, as: Record<string, string>) => Promise<Response>;
  operator: Record<string, string>;
  records: number;
  runs: number;
  dir: string;
  log: (m: string) => void;
}): Promise<string[]> {
  const file = path.join(o.dir, 'device-recall-bench.json');
  generateFdaFile(file, o.records);
  const size = statSync(file).size;
  o.log(`FDA: importing ${o.records} device recalls (${mb(size)})...`);
  const first = await peakRss(() => time(() => importFda(o.db, file)));
  const again = await peakRss(() => time(() => importFda(o.db, file)));
  const importRows = [first, again].map((r, i) => {
    const s = r.result.result;
    return [
      i === 0 ? 'first import' : 're-import (every record unchanged)',
      String(o.records),
      mb(size),
      `${(r.result.ms / 1000).toFixed(1)} s`,
      `${Math.round(o.records / (r.result.ms / 1000))}`,
      `${s.created} / ${s.updated} / ${s.unchanged} / ${s.refused}`,
      mb(r.peak - r.baseline),
    ];
  });
  for (const r of importRows) o.log(`  ${r[0]}: ${r[3]}`);

  const lot = `L${String(Math.floor(o.records / 2)).padStart(7, '0')}B`;
  // The middle of a lot number ("050000" of L0050000A): only the trigram index finds it (no word starts with it).
  const inside = String(Math.floor(o.records / 2))
    .padStart(7, '0')
    .slice(1);
  const cases: [string, string][] = [
    ['page 1 (newest initiation first)', '/notisphere/fda/devices'],
    ['deep page (100 of 100 rows)', '/notisphere/fda/devices?pageNumber=100&pageSize=100'],
    ['search a lot number', `/notisphere/fda/devices?search=${lot}`],
    ['search inside a lot number (substring)', `/notisphere/fda/devices?search=${inside}`],
    ['search a firm (broad)', '/notisphere/fda/devices?search=Firm%2012'],
    ['status filter', '/notisphere/fda/devices?status=Terminated'],
    ['sorted by recall number', '/notisphere/fda/devices?sortField=recall_number&sortDirection=asc'],
    ['sorted by status (no index: first 10,000)', '/notisphere/fda/devices?sortField=status&sortDirection=asc'],
    ['one record', '/notisphere/fda/devices/Z-0001-2000'],
  ];
  const listRows: string[][] = [];
  for (const [name, p] of cases) {
    const answer = (await (await o.get(p, o.operator)).json()) as {
      d: { total?: number; totalCapped?: boolean; sortCapped?: boolean };
    };
    const s = await repeat(o.runs, async () => (await o.get(p, o.operator)).arrayBuffer());
    const total =
      answer.d.total === undefined
        ? '1'
        : `${answer.d.total}${answer.d.totalCapped ? ' (capped)' : ''}${answer.d.sortCapped ? ' (sorted: first 10000)' : ''}`;
    listRows.push([name, total, ms(s.median), ms(s.p95), ms(s.min)]);
    o.log(`  ${name}: ${ms(s.median)}`);
  }
  const plan = await explainSearch(o.db, inside);
  return [
    FDA_SECTION,
    '',
    `Import: one generated \`{ meta, results }\` document of ${o.records} device recalls (the sample of data/openfda with every listed field varied and the openfda block's number lists cut to 5 entries: about 3 kB a record), cut from the stream by ArraySplitter, parsed with JSON.parse and upserted 1,000 per statement (\`INSERT ... SELECT FROM jsonb_populate_recordset(...) ON CONFLICT DO UPDATE ... WHERE record IS DISTINCT FROM excluded.record\`); RSS growth of this process during the import. Goal: 100,000 records in under a minute.`,
    '',
    table(
      ['import', 'records', 'file', 'time', 'records/s', 'created / updated / unchanged / refused', 'rss growth'],
      importRows,
    ),
    '',
    `The operator's device list through the BFF at ${o.records} records (GET /api/notisphere/fda/devices, admin@operator.demo), ${o.runs} measured calls after 2 warm-ups. The unfiltered total is the import's counter; searches and filters count up to 10,000.`,
    '',
    table(['case', 'total', 'median', 'p95', 'min'], listRows),
    '',
    `Import speed against the goal: ${ratio(Number(importRows[0]![3]!.replace(' s', '')), 60)} of a minute for the first import. ${cpuPressure()}`,
    '',
    `The page query of the substring search (\`search=${inside}\`: word prefixes on \`search_vector\` UNION ALL \`ILIKE\` on the searched text), EXPLAIN (ANALYZE, BUFFERS, COSTS OFF): the trigram index \`fda_device_recalls_search_trgm_idx\` serves the ILIKE.`,
    '',
    '```',
    plan,
    '```',
  ];
}

/** The plan of the list's page query for a substring search, as listFda sends it. */
async function explainSearch(db: Db, search: string): Promise<string> {
  let page: { sql: string; bindings: unknown[] } | undefined;
  const capture = (q: { sql: string; bindings: unknown[] }) => {
    if (/ILIKE/.test(q.sql) && /limit/i.test(q.sql) && !/count\(/i.test(q.sql)) page = q;
  };
  db.on('query', capture);
  try {
    await listFda(db, 'devices', { search });
  } finally {
    db.off('query', capture);
  }
  if (!page) return '(page query not captured)';
  // The event carries the statement as sent ($1, $2, ...); knex.raw takes `?`.
  const sql = page.sql.replace(/\$\d+/g, '?');
  const { rows } = (await db.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, page.bindings as never)) as {
    rows: Record<string, string>[];
  };
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** `tsx bench/fda.ts`: the FDA section alone, on its own embedded PostgreSQL, written into bench/RESULTS.md. */
async function standalone(): Promise<void> {
  const records = Number(process.env.BENCH_FDA_RECORDS ?? 100_000);
  const runs = Number(process.env.BENCH_RUNS ?? 30);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-fda-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const db = createDb(server.url('bench'), { min: 0, max: 10 });
  let http: import('node:http').Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, 'Portal#2026');
    const config = { ...loadConfig({ ...process.env, DATABASE_URL: server.url('bench') }), authRateLimitPerMinute: 0 };
    const deps = {
      db,
      config,
      logger: createLogger('silent'),
      mail: { kick: () => undefined },
      files: new LocalFileStore(path.join(dir, 'files')),
    };
    const app = createApp({ deps, modules: createModules(deps) });
    http = await new Promise((resolve) => {
      const s = createServer(app.callback()).listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(http!.address() as AddressInfo).port}/api`;
    const token = (
      (await (
        await fetch(`${base}/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'password', email: 'admin@operator.demo', password: 'Portal#2026' }),
        })
      ).json()) as { d: { access_token: string } }
    ).d.access_token;
    const get = async (p: string, as: Record<string, string>) => {
      const res = await fetch(`${base}${p}`, { headers: as });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res;
    };
    const log = (m: string) => process.stdout.write(`${m}\n`);
    const section = await measureFda({
      db,
      get,
      operator: { authorization: `Bearer ${token}` },
      records,
      runs,
      dir,
      log,
    });
    const text = section.join('\n');
    log(`\n${text}`);
    const results = path.join(here, 'RESULTS.md');
    const current = readFileSync(results, 'utf8');
    const at = current.indexOf(FDA_SECTION);
    const next = at < 0 ? -1 : current.indexOf('\n## ', at + FDA_SECTION.length);
    const updated =
      at < 0
        ? `${current.trimEnd()}\n\n${text}\n`
        : `${current.slice(0, at)}${text}\n${next < 0 ? '' : current.slice(next)}`;
    writeFileSync(results, updated);
  } finally {
    if (http)
      await new Promise<void>((resolve) => {
        http!.close(() => resolve());
        http!.closeAllConnections();
      });
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().catch((err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  });
}
