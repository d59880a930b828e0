/**
 * pnpm bench:cpu: only the server-CPU-per-list-call case of pnpm bench, on a smaller world (CPU per call depends on the
 * page, not on the table's size): each list's page 1 called BENCH_RUNS times sequentially, and a V8 profile of
 * BENCH_CPU_CASE (default: every case) grouped by where the time goes (BENCH_PROFILE=1), or written whole to the folder
 * BENCH_CPU_PROFILE. BENCH_ENCODING sets the client's Accept-Encoding (default: fetch's own, which takes br and gzip).
 */
import path from 'node:path';
import { serveBff, signInAt } from './serve.js';
import { profileProduction, startProductionServer } from './production.js';
import { ms } from './harness.js';
import { httpGet, load, processCpuPerCall, ServerCpu } from './throughput.js';
import { CPU_CASES, smallWorld } from './world.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const log = (m: string) => process.stdout.write(`${m}\n`);

const { dir, url, db, close } = await smallWorld('portal-bench-cpu-');
try {
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
  // Each caller's headers for the in-process server and for the production one (each signs its own tokens).
  const production = await startProductionServer(url, path.join(dir, 'production'));
  const inProcess = new Map<string, Record<string, string>>();
  const productionHeaders = new Map<string, Record<string, string>>();
  for (const email of new Set(CPU_CASES.map((c) => c[2]))) {
    const headers = await as(email);
    inProcess.set(email, headers);
    productionHeaders.set(email, { ...headers, authorization: `Bearer ${await signInAt(production.base, email)}` });
  }
  const callOf = (base_: string, p: string, headers: Record<string, string>) => async () => {
    const res = await fetch(`${base_}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    bytes = (await res.arrayBuffer()).byteLength;
  };
  let bytes = 0;
  for (const [name, p, email] of CPU_CASES) {
    const headers = inProcess.get(email)!;
    if (process.env.BENCH_CPU_CASE && name !== process.env.BENCH_CPU_CASE) continue;
    const call = callOf(base, p, headers);
    // Both servers past V8's compiling of this list's code first (pnpm bench's BENCH_WARMUP_SECONDS, in run.ts).
    await load(20, WARMUP_SECONDS, call);
    await load(20, WARMUP_SECONDS, callOf(production.base, p, productionHeaders.get(email)!));
    const m = await cpu.measure(RUNS, call);
    const own = await processCpuPerCall(
      production.cpuMs,
      RUNS,
      callOf(production.base, p, productionHeaders.get(email)!),
    );
    const cpu0 = production.cpuMs();
    const loaded = await load(20, 5, () => httpGet(`${production.base}${p}`, productionHeaders.get(email)!));
    const underLoad = (production.cpuMs() - cpu0) / loaded.requests;
    log(
      `${name}: production server under 20 clients: ${loaded.perSecond.toFixed(1)} req/s, server cpu ${ms(underLoad)}/call, ${loaded.errors} errors${loaded.firstError ? ` (first: ${loaded.firstError})` : ''}`,
    );
    log(
      `${name}: in-process server cpu median ${ms(m.median)}, p95 ${ms(m.p95)}, min ${ms(m.min)}; production server in its own process: median ${ms(own.median)}, mean ${ms(own.mean)}, p95 ${ms(own.p95)}, min ${ms(own.min)}; ${bytes} bytes decoded`,
    );
    if (process.env.BENCH_PROFILE || process.env.BENCH_CPU_PROFILE) {
      const prof = await profileProduction(url, path.join(dir, 'production'), RUNS, async (s) => {
        return callOf(s.base, p, { ...headers, authorization: `Bearer ${await signInAt(s.base, email)}` });
      });
      for (const f of prof.places.slice(0, 15)) log(`    ${ms(f.ms)}  ${(f.share * 100).toFixed(1)}%  ${f.place}`);
      for (const f of prof.functions.slice(0, 25)) log(`    ${f.ms.toFixed(3)} ms  ${f.fn}`);
    }
  }
  await production.stop();
  http.close();
} finally {
  await close();
}
