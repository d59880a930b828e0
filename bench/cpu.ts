/**
 * pnpm bench:cpu: only the server-CPU-per-list-call case of pnpm bench, on a smaller world (CPU per call depends on the
 * page, not on the table's size): each list's page 1 called BENCH_RUNS times sequentially, and a V8 profile of
 * BENCH_CPU_CASE (default: every case) grouped by where the time goes (BENCH_PROFILE=1), or written whole to the folder
 * BENCH_CPU_PROFILE. BENCH_ENCODING sets the client's Accept-Encoding (default: fetch's own, which takes br and gzip).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { BENCH_PASSWORD, serveBff } from './serve.js';
import { ms } from './harness.js';
import { profileCalls, ServerCpu } from './throughput.js';

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
  for (const [name, p, headers] of cases) {
    if (process.env.BENCH_CPU_CASE && !name.includes(process.env.BENCH_CPU_CASE)) continue;
    const call = async () => {
      const res = await fetch(`${base}${p}`, { headers });
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      bytes = (await res.arrayBuffer()).byteLength;
    };
    let bytes = 0;
    const m = await cpu.measure(RUNS, call);
    log(`${name}: server cpu median ${ms(m.median)}, p95 ${ms(m.p95)}, min ${ms(m.min)}; ${bytes} bytes decoded`);
    if (process.env.BENCH_CPU_PROFILE) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 50 });
      await session.post('Profiler.start');
      for (let i = 0; i < RUNS; i++) await call();
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(
        path.join(process.env.BENCH_CPU_PROFILE, `${name.replace(/\W+/g, '-')}.cpuprofile`),
        JSON.stringify(profile),
      );
      session.disconnect();
    }
    if (process.env.BENCH_PROFILE) {
      const prof = await profileCalls(RUNS, call);
      for (const f of prof.functions.slice(0, 25)) log(`    ${f.ms.toFixed(3)} ms  ${f.fn}`);
    }
  }
  http.close();
} finally {
  await db.destroy();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
