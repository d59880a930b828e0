/**
 * A recall's busiest minutes: the production server (dist/server.js, in a process of its own) started on an
 * empty database, so it migrates and seeds the demo world exactly as `pnpm start` does; three recalls sent to Riverside
 * Health, its two sites and Lakeshore; then BENCH_LOAD_USERS (50) signed-in users with no think time for
 * BENCH_LOAD_SECONDS (120): suppliers read their list, an event, its customers and a notice; providers read their
 * list, a notice and its summary, acknowledge, draft and submit answers and download their report.
 *
 * The baseline, in the same run: the same operations by the same users taking turns, one call at a time. Printed per
 * operation: requests, 5xx (the goal is none), 4xx, p50 and p99, and the loaded p50 against the unloaded one. Then
 * every counter the triggers keep is recomputed from the rows. Nothing is asserted: `services/bff/src/load.test.ts`
 * is the short version that fails on a 5xx.
 *
 * `pnpm bench:load` runs it alone and rewrites its section of bench/RESULTS.md; `pnpm bench` runs it too.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type EmbeddedServer, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { apiClient } from '../test/client.js';
import { countDrift, type LoadResult, prepareLoadWorld, runMixedLoad } from '../test/load.js';
import { ms, table } from './harness.js';
import { startProductionServer } from './production.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = env('BENCH_LOAD_USERS', 50);
const SECONDS = env('BENCH_LOAD_SECONDS', 120);
const BASELINE_ROUNDS = env('BENCH_LOAD_BASELINE_ROUNDS', 100);

const log = (m: string) => process.stdout.write(`${m}\n`);

export const LOAD_HEADING = '## A recall under load: 50 users';

/** Runs the load on a database of its own on `server` (created empty); answers its RESULTS.md section. */
export async function measureLoad(server: EmbeddedServer, dir: string): Promise<string[]> {
  const admin = createDb(server.url('postgres'), { min: 0, max: 1 });
  await admin.raw('DROP DATABASE IF EXISTS bench_load WITH (FORCE)');
  await admin.raw('CREATE DATABASE bench_load');
  await admin.destroy();
  const url = server.url('bench_load');
  const db = createDb(url, { min: 0, max: 4 });
  const production = await startProductionServer(url, path.join(dir, 'load'));
  try {
    const root = production.base.replace(/\/api$/, '');
    const target = { ...apiClient(root), db, baseUrl: root };
    const world = await prepareLoadWorld(target);
    log(`load: ${USERS} users for ${SECONDS} s after a baseline of ${BASELINE_ROUNDS} turns each of 4 users`);
    const baseline = await runMixedLoad(target, world, { users: 4, rounds: BASELINE_ROUNDS, sequential: true });
    const loaded = await runMixedLoad(target, world, { users: USERS, seconds: SECONDS });
    const drift = await countDrift(db, world.events);
    return section(baseline, loaded, drift);
  } finally {
    await production.stop();
    await db.destroy();
  }
}

function section(baseline: LoadResult, loaded: LoadResult, drift: string[]): string[] {
  const alone = new Map(baseline.ops.map((o) => [o.name, o]));
  const rows = loaded.ops.map((o) => {
    const solo = alone.get(o.name);
    return [
      o.name,
      String(o.requests),
      String(o.serverErrors),
      String(o.clientErrors),
      ms(o.p50),
      ms(o.p99),
      solo ? ms(solo.p50) : '-',
      solo && solo.p50 > 0 ? `${(o.p50 / solo.p50).toFixed(1)}x` : '-',
    ];
  });
  rows.push([
    '**all**',
    String(loaded.requests),
    String(loaded.serverErrors),
    String(loaded.ops.reduce((s, o) => s + o.clientErrors, 0)),
    '',
    '',
    '',
    '',
  ]);
  return [
    LOAD_HEADING,
    '',
    `The production server on a fresh database (migrated and seeded as \`pnpm start\` does), three recalls sent to a health system, its two sites and another provider; ${USERS} users (suppliers and providers, each signed in) calling with no think time for ${loaded.seconds.toFixed(0)} s: ${loaded.requests} requests, ${(loaded.requests / loaded.seconds).toFixed(0)} a second. Baseline: the same operations taking turns, one call at a time (${baseline.requests} calls). Goal: no 5xx, and every count exact afterwards.`,
    '',
    table(['operation', 'requests', '5xx', '4xx', 'p50', 'p99', 'p50 alone', 'p50 loaded / alone'], rows),
    '',
    loaded.failures.length
      ? `First 5xx answers: ${loaded.failures
          .slice(0, 5)
          .map((f) => `${f.op} ${f.status} "${f.m}"`)
          .join('; ')}`
      : 'No 5xx answer.',
    '',
    drift.length
      ? `Counters that disagree with the rows afterwards: ${drift.join('; ')}`
      : 'Afterwards every counter (event tallies, people per notice, provider counts, daily figures) equals a count of the rows.',
    '',
  ];
}

/** Replaces the load section of bench/RESULTS.md (or appends it). */
export function writeLoadSection(lines: string[]): void {
  const file = new URL('./RESULTS.md', import.meta.url);
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(LOAD_HEADING);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const text = lines.join('\n');
  writeFileSync(
    file,
    start < 0
      ? `${current.trimEnd()}\n\n${text}`
      : `${current.slice(0, start)}${text}${next < 0 ? '' : current.slice(next + 1)}`,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-load-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'postgres');
  try {
    const lines = await measureLoad(server, dir);
    log(lines.join('\n'));
    writeLoadSection(lines);
  } finally {
    await server.stop().catch((err: unknown) => log(`stopping PostgreSQL: ${String(err)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
