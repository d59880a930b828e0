/**
 * A/B of the server's CPU per list call: two production builds (AB_A and AB_B, folders made with
 * `pnpm exec tsx services/bff/scripts/build.ts .data/<name>`, e.g. before and after a change) run side by side over the
 * same database, and the calls alternate between them, so both see the same machine at the same moments (on a shared
 * virtual machine the CPU a call costs moves with the load around it). Prints per case: CPU per sequential call (median,
 * mean) and per call under BENCH_CLIENTS concurrent clients, for each build. AB_A_FLAGS and AB_B_FLAGS give each server's
 * node flags (space-separated), to compare runtime settings on one build.
 */
import path from 'node:path';
import { signInAt } from './serve.js';
import { ms, stats } from './harness.js';
import { startProductionServer } from './production.js';
import { load } from './throughput.js';
import { CPU_CASES, smallWorld } from './world.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
/** Each server is first warmed with this much load of the case, past V8's compiling (as pnpm bench does). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const log = (m: string) => process.stdout.write(`${m}\n`);
const builds = { A: process.env.AB_A, B: process.env.AB_B };
if (!builds.A || !builds.B) throw new Error('AB_A and AB_B name two production builds (folders with server.js)');

const flagsOf = (k: 'A' | 'B') => process.env[`AB_${k}_FLAGS`]?.split(' ').filter(Boolean) ?? [];

const { dir, url, close } = await smallWorld('portal-bench-ab-');
try {
  const servers = {
    A: await startProductionServer(url, path.join(dir, 'a'), {
      outdir: path.resolve(builds.A),
      nodeFlags: flagsOf('A'),
    }),
    B: await startProductionServer(url, path.join(dir, 'b'), {
      outdir: path.resolve(builds.B),
      nodeFlags: flagsOf('B'),
    }),
  };
  for (const [name, p, email] of CPU_CASES) {
    if (process.env.BENCH_CPU_CASE && !name.includes(process.env.BENCH_CPU_CASE)) continue;
    const calls = {} as Record<'A' | 'B', () => Promise<void>>;
    for (const k of ['A', 'B'] as const) {
      const token = await signInAt(servers[k].base, email);
      calls[k] = async () => {
        const res = await fetch(`${servers[k].base}${p}`, {
          headers: { authorization: `Bearer ${token}`, timezone: 'America/Chicago' },
        });
        if (res.status !== 200) throw new Error(`${k} ${p}: ${res.status}`);
        await res.arrayBuffer();
      };
      await load(CLIENTS, WARMUP_SECONDS, calls[k]);
    }
    const samples = { A: [] as number[], B: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const k of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const before = servers[k].cpuMs();
        await calls[k]();
        samples[k].push(servers[k].cpuMs() - before);
      }
    }
    const loaded = { A: [] as number[], B: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const k of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const before = servers[k].cpuMs();
        const l = await load(CLIENTS, 3, calls[k]);
        loaded[k].push((servers[k].cpuMs() - before) / Math.max(1, l.requests));
      }
    }
    const line = (k: 'A' | 'B') => {
      const s = stats(samples[k]);
      const mean = samples[k].reduce((a, b) => a + b, 0) / samples[k].length;
      return `${k}: median ${ms(s.median)}, mean ${ms(mean)}, under load ${loaded[k].map(ms).join(' / ')}`;
    };
    log(`${name}\n  ${line('A')}\n  ${line('B')}`);
  }
  await servers.A.stop();
  await servers.B.stop();
} finally {
  await close();
}
