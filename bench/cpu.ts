/**
 * pnpm bench:cpu: only the server-CPU-per-list-call case of pnpm bench, on a smaller world (CPU per call depends on the
 * page, not on the table's size): each list's page 1 called BENCH_RUNS times sequentially, and a V8 profile of
 * BENCH_CPU_CASE (default: every case) grouped by where the time goes (BENCH_PROFILE=1), or written whole to the folder
 * BENCH_CPU_PROFILE. BENCH_ENCODING sets the client's Accept-Encoding (default: fetch's own, which takes br and gzip).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { BENCH_PASSWORD, serveBff, signInAt } from './serve.js';
import { profileProduction, startProductionServer } from './production.js';
import { ms } from './harness.js';
import { load, processCpuPerCall, ServerCpu } from './throughput.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const log = (m: string) => process.stdout.write(`${m}\n`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cpu-'));
chmodSync(dir, 0o755);
const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
const url = server.url('bench');
const db = createDb(url, { min: 0, max: 10 });
try {
  await migrateLatest(db);
  await seedDemo(db, BENCH_PASSWORD);
  await generateWorld(db, {
    communications: Number(process.env.BENCH_COMMUNICATIONS ?? 10_000),
    providerCommunications: Number(process.env.BENCH_PROVIDER_COMMUNICATIONS ?? 100_000),
    sendCustomers: 10,
  });
  const cpu = new ServerCpu();
  const { server: http, base, signIn } = await serveBff(db, url, path.join(dir, 'files'), (l) => cpu.wrap(l));
  const as = async (email: string) => {
    const token = await signIn(email);
    return {
      authorization: `Bearer ${token}`,
      timezone: 'America/Chicago',
      ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
    };
  };
  const supplier = await as('admin@acme.demo');
  const provider = await as('admin@riverside.demo');
  const operator = await as('admin@operator.demo');
  const received = 'communicationType=RECALL&pageSize=50&pageNumber=1&sortField=sent_at&sortDirection=desc';
  const cases: [string, string, Record<string, string>][] = [
    ['page 1', '/supplier/communications?communicationType=RECALL&pageSize=50&pageNumber=1', supplier],
    ['provider: page 1', `/provider/communications?${received}`, provider],
    ['provider eR responses: page 1', `/provider/communications?${received}&responses=1`, provider],
    ['operator eR responses: page 1', '/notisphere/communications/responses?pageSize=50&pageNumber=1', operator],
    ['reference: meta', '/provider/communications/meta', provider],
  ];
  // The same calls to the server as production runs it (dist/server.js, NODE_ENV=production), in its own process.
  const production = await startProductionServer(url, path.join(dir, 'production'));
  const productionHeaders = new Map<Record<string, string>, Record<string, string>>();
  for (const [headers, email] of [
    [supplier, 'admin@acme.demo'],
    [provider, 'admin@riverside.demo'],
    [operator, 'admin@operator.demo'],
  ] as const)
    productionHeaders.set(headers, { ...headers, authorization: `Bearer ${await signInAt(production.base, email)}` });
  const callOf = (base_: string, p: string, headers: Record<string, string>) => async () => {
    const res = await fetch(`${base_}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    bytes = (await res.arrayBuffer()).byteLength;
  };
  let bytes = 0;
  for (const [name, p, headers] of cases) {
    if (process.env.BENCH_CPU_CASE && !name.includes(process.env.BENCH_CPU_CASE)) continue;
    const call = callOf(base, p, headers);
    const m = await cpu.measure(RUNS, call);
    const own = await processCpuPerCall(
      production.cpuMs,
      RUNS,
      callOf(production.base, p, productionHeaders.get(headers)!),
    );
    const cpu0 = production.cpuMs();
    const loaded = await load(20, 5, callOf(production.base, p, productionHeaders.get(headers)!));
    const underLoad = (production.cpuMs() - cpu0) / loaded.requests;
    log(
      `${name}: production server under 20 clients: ${loaded.perSecond.toFixed(1)} req/s, server cpu ${ms(underLoad)}/call, ${loaded.errors} errors${loaded.firstError ? ` (first: ${loaded.firstError})` : ''}`,
    );
    log(
      `${name}: in-process server cpu median ${ms(m.median)}, p95 ${ms(m.p95)}, min ${ms(m.min)}; production server in its own process: median ${ms(own.median)}, mean ${ms(own.mean)}, p95 ${ms(own.p95)}, min ${ms(own.min)}; ${bytes} bytes decoded`,
    );
    if (process.env.BENCH_PROFILE || process.env.BENCH_CPU_PROFILE) {
      const prof = await profileProduction(url, path.join(dir, 'production'), RUNS, async (s) => {
        const email =
          headers === supplier
            ? 'admin@acme.demo'
            : headers === provider
              ? 'admin@riverside.demo'
              : 'admin@operator.demo';
        return callOf(s.base, p, { ...headers, authorization: `Bearer ${await signInAt(s.base, email)}` });
      });
      for (const f of prof.places.slice(0, 15)) log(`    ${ms(f.ms)}  ${(f.share * 100).toFixed(1)}%  ${f.place}`);
      for (const f of prof.functions.slice(0, 25)) log(`    ${f.ms.toFixed(3)} ms  ${f.fn}`);
    }
  }
  await production.stop();
  http.close();
} finally {
  await db.destroy();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
