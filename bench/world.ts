/**
 * What pnpm bench:cpu and bench/ab.ts share: a throwaway embedded PostgreSQL with the demo seeds and a generated world
 * (CPU per call depends on the page, not on the table's size: BENCH_COMMUNICATIONS and BENCH_PROVIDER_COMMUNICATIONS,
 * 10,000 and 100,000 by default), and the list calls they measure.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { BENCH_PASSWORD } from './serve.js';

const received = 'communicationType=RECALL&pageSize=50&pageNumber=1&sortField=sent_at&sortDirection=desc';

/** Each list's page 1 (name, path under /api, who calls it), and a call with the caller lookup only. */
export const CPU_CASES: readonly (readonly [name: string, path: string, email: string])[] = [
  ['page 1', '/supplier/communications?communicationType=RECALL&pageSize=50&pageNumber=1', 'admin@acme.demo'],
  ['provider: page 1', `/provider/communications?${received}`, 'admin@riverside.demo'],
  ['provider eR responses: page 1', `/provider/communications?${received}&responses=1`, 'admin@riverside.demo'],
  [
    'operator eR responses: page 1',
    '/notisphere/communications/responses?pageSize=50&pageNumber=1',
    'admin@operator.demo',
  ],
  ['reference: meta', '/provider/communications/meta', 'admin@riverside.demo'],
];

export interface SmallWorld {
  dir: string;
  url: string;
  db: Db;
  close(): Promise<void>;
}

export async function smallWorld(prefix: string): Promise<SmallWorld> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const close = async () => {
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateLatest(db);
    await seedDemo(db, BENCH_PASSWORD);
    await generateWorld(db, {
      communications: Number(process.env.BENCH_COMMUNICATIONS ?? 10_000),
      providerCommunications: Number(process.env.BENCH_PROVIDER_COMMUNICATIONS ?? 100_000),
      sendCustomers: 10,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { dir, url, db, close };
}
