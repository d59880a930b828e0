/**
 * pnpm bench:send: only the send case of pnpm bench, on a small world (it needs no million rows): send-notification to
 * BENCH_SEND (10,000) customers through the BFF vs a plain bulk INSERT of the same provider communications, repeated
 * BENCH_SEND_RUNS times on fresh events; the median is printed. BENCH_CPU_PROFILE=dir writes a V8 profile of the sends.
 */
import { mkdirSync, writeFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp, createModules } from '../services/bff/src/index.js';
import {
  createDb,
  createLogger,
  LocalFileStore,
  loadConfig,
  startEmbeddedPostgres,
} from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { ms, ratio, time } from './harness.js';

const SEND = Number(process.env.BENCH_SEND ?? 10_000);
const RUNS = Number(process.env.BENCH_SEND_RUNS ?? 3);
const PASSWORD = 'Portal#2026';
const log = (m: string) => process.stdout.write(`${m}\n`);

export async function measureSend(): Promise<{ sendMs: number; bulkMs: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-send-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  let httpServer: import('node:http').Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, PASSWORD);
    const config = {
      ...loadConfig({ ...process.env, DATABASE_URL: url }),
      authRateLimitPerMinute: 0,
      smtpUrl: undefined,
    };
    const deps = {
      db,
      config,
      logger: createLogger('silent'),
      mail: { kick: () => undefined },
      files: new LocalFileStore(path.join(dir, 'files')),
    };
    const app = createApp({ deps, modules: createModules(deps) });
    httpServer = await new Promise((resolve) => {
      const s = createServer(app.callback()).listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(httpServer!.address() as AddressInfo).port}/api`;
    const token = (
      (await (
        await fetch(`${base}/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'password', email: 'admin@acme.demo', password: PASSWORD }),
        })
      ).json()) as { d: { access_token: string } }
    ).d.access_token;
    // BENCH_SQL_LOG=1 prints every statement of the sends with its time.
    if (process.env.BENCH_SQL_LOG) {
      const started = new Map<string, [bigint, string]>();
      db.on('query', (q: { __knexQueryUid?: string; sql: string }) => {
        if (q.__knexQueryUid) started.set(q.__knexQueryUid, [process.hrtime.bigint(), q.sql]);
      });
      db.on('query-response', (_r: unknown, q: { __knexQueryUid?: string }) => {
        const s = q.__knexQueryUid ? started.get(q.__knexQueryUid) : undefined;
        if (s)
          log(`    ${ms(Number(process.hrtime.bigint() - s[0]) / 1e6)}  ${s[1].replace(/\s+/g, ' ').slice(0, 110)}`);
      });
    }
    const sends: number[] = [];
    const bulks: number[] = [];
    const cpus: number[] = [];
    const world = await generateWorld(db, { communications: 10, providerCommunications: 10, sendCustomers: SEND });
    const profile = process.env.BENCH_CPU_PROFILE;
    const session = profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) {
        // The same two events again: drop what the last run made, so each send starts from the same tables.
        const events = [world.sendEventId, world.baselineEventId];
        await db('notice_links')
          .whereIn(
            'provider_communication_id',
            db('provider_communications').whereIn('communication_id', events).select('id'),
          )
          .delete();
        await db('outbox_emails').where({ reference_type: 'communication' }).whereIn('reference_id', events).delete();
        await db('provider_communications').whereIn('communication_id', events).delete();
        await db('communication_history')
          .whereIn('communication_id', events)
          .where({ action: 'NOTIFICATION_SENT' })
          .delete();
        await db.raw('VACUUM ANALYZE');
      }
      const cpu0 = process.cpuUsage();
      const send = await time(async () => {
        const res = await fetch(
          `${base}/supplier/communications/${world.sendEventId}/send-notification/RECALL?sendType=new`,
          { method: 'PUT', headers: { authorization: `Bearer ${token}` } },
        );
        const body = (await res.json()) as { d: { emails_queued: number } };
        if (body.d.emails_queued < SEND) throw new Error(`send queued ${body.d.emails_queued}`);
      });
      const cpu = process.cpuUsage(cpu0);
      cpus.push((cpu.user + cpu.system) / 1000);
      const bulk = await time(() =>
        db.raw(
          `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id, status, response_status, sent_at, last_notified_at)
           SELECT communication_id, 'RECALL', organization_id, provider_organization_id, id, 'OPEN', 'NOTCOMPLETED', now(), now()
           FROM communication_affected_customers WHERE communication_id = ? AND status = 'ACTIVE'`,
          [world.baselineEventId],
        ),
      );
      sends.push(send.ms);
      bulks.push(bulk.ms);
      log(
        `  run ${run + 1}: send ${ms(send.ms)} (server CPU ${ms(cpus.at(-1)!)}), bulk insert ${ms(bulk.ms)} (${ratio(send.ms, bulk.ms)})`,
      );
    }
    if (session && profile) {
      const { profile: cpu } = await session.post('Profiler.stop');
      mkdirSync(profile, { recursive: true });
      writeFileSync(path.join(profile, 'send.cpuprofile'), JSON.stringify(cpu));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return { sendMs: median(sends), bulkMs: median(bulks) };
  } finally {
    httpServer?.close();
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sendMs, bulkMs } = await measureSend();
  log(
    `send-notification (${SEND} customers): ${ms(sendMs)} vs bulk INSERT ${ms(bulkMs)}: ${ratio(sendMs, bulkMs)} (goal 2x)`,
  );
}
