/**
 * The bench case of several replicas, each figure beside its baseline:
 *   - the shared auth rate limit: a request under /api/auth/ with the limit counted in PostgreSQL vs the same request
 *     with the limit off (what one upsert per request costs);
 *   - a document download through a signed link (/api/files/<token>), streamed from the S3 store (a loopback S3
 *     server, @20minutes/s3rver) vs from the local disk: time and memory growth of the process.
 * Runs inside `pnpm bench` (on its database) or alone at small scale: `tsx bench/replicas.ts` (its own embedded
 * PostgreSQL; BENCH_RUNS, BENCH_FILE_MB).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestS3 } from '../test/s3.js';
import {
  createDb,
  createLogger,
  type Db,
  type FileStore,
  LocalFileStore,
  loadConfig,
  S3FileStore,
  s3Settings,
  signFileToken,
  startEmbeddedPostgres,
} from '../modules/core/src/index.js';
import { migrateLatest } from '../migrations/index.js';
import { createApp } from '../services/bff/src/index.js';
import { mb, ms, peakRss, ratio, repeat, table } from './harness.js';

// One signing key for the three servers, so one signed link opens on each.
const SECRET = randomBytes(32).toString('base64url');

async function serve(db: Db, files: FileStore, rateLimit: number): Promise<{ base: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-replicas-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), authRateLimitPerMinute: rateLimit };
  const deps = { db, config, logger: createLogger('silent'), mail: { kick: () => undefined }, files };
  const server: Server = await new Promise((resolve) => {
    const s = createApp({ deps, modules: [] }).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function download(url: string): Promise<number> {
  const res = await fetch(url);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  return bytes;
}

export async function measureReplicas(o: { db: Db; runs: number; fileMb: number; log: (m: string) => void }) {
  const s3 = await startTestS3('bench');
  const s3Store = new S3FileStore(s3Settings(s3.env));
  const localDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-files-'));
  const local = new LocalFileStore(localDir);
  const counted = await serve(o.db, local, 1_000_000_000);
  const off = await serve(o.db, local, 0);
  const fromS3 = await serve(o.db, s3Store, 0);
  try {
    // The limiter runs before routing: an unknown /api/auth path is the cheapest request it sees.
    const probe = (base: string) => () => fetch(`${base}/api/auth/bench-probe`).then((r) => r.arrayBuffer());
    const limited = await repeat(o.runs, probe(counted.base));
    const unlimited = await repeat(o.runs, probe(off.base));
    o.log(
      `  replicas: auth request ${ms(limited.median)} counted in PostgreSQL vs ${ms(unlimited.median)} without a limit`,
    );

    const key = 'documents/2026/11/bench.pdf';
    const data = Buffer.alloc(o.fileMb * 1024 * 1024, 7);
    await local.put(key, data);
    await s3Store.put(key, data);
    const link = (base: string) =>
      `${base}/api/files/${signFileToken(SECRET, { key, name: 'bench.pdf', disposition: 'attachment' })}`;
    const rows: string[][] = [];
    const results: { name: string; median: number }[] = [];
    for (const [name, server] of [
      ['local disk', off],
      ['S3 (loopback s3rver)', fromS3],
    ] as const) {
      const url = link(server.base);
      const bytes = await download(url);
      if (bytes !== data.length) throw new Error(`${name}: downloaded ${bytes} of ${data.length} bytes`);
      const timing = await repeat(Math.max(3, Math.ceil(o.runs / 5)), () => download(url), 1);
      const memory = await peakRss(() => download(url));
      results.push({ name, median: timing.median });
      rows.push([
        name,
        mb(data.length),
        ms(timing.median),
        ms(timing.p95),
        mb(Math.max(0, memory.peak - memory.baseline)),
        ratio(timing.median, results[0]!.median),
      ]);
      o.log(`  replicas: ${o.fileMb} MB download from ${name} ${ms(timing.median)}`);
    }
    return [
      '## Several replicas (issue 17): the shared rate limit and downloads from S3',
      '',
      'The auth rate limit is one upsert in PostgreSQL per request under /api/auth/ (shared by every replica); the',
      'baseline is the same request with the limit off. Downloads go through the signed link (/api/files/<token>),',
      'streamed from the store; the S3 server is s3rver on loopback (in this process, so its CPU counts too), the',
      'baseline the local disk. Memory: growth of the whole process while one download runs.',
      '',
      table(
        ['auth request (404 probe)', 'median', 'p95', 'ratio'],
        [
          ['limit counted in PostgreSQL', ms(limited.median), ms(limited.p95), ratio(limited.median, unlimited.median)],
          ['no limit (baseline)', ms(unlimited.median), ms(unlimited.p95), '1.00x'],
        ],
      ),
      '',
      table(['download', 'size', 'median', 'p95', 'memory growth', 'ratio to local disk'], rows),
    ];
  } finally {
    await counted.close();
    await off.close();
    await fromS3.close();
    s3Store.close();
    await s3.close();
    rmSync(localDir, { recursive: true, force: true });
  }
}

/** Alone, at small scale: `tsx bench/replicas.ts`. */
async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-replicas-pg-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const db = createDb(server.url('bench'), { min: 0, max: 10 });
  try {
    await migrateLatest(db);
    const lines = await measureReplicas({
      db,
      runs: Number(process.env.BENCH_RUNS ?? 30),
      fileMb: Number(process.env.BENCH_FILE_MB ?? 10),
      log: (m) => process.stdout.write(`${m}\n`),
    });
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
