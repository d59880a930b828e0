/**
 * pnpm bench:send: only the send case of pnpm bench, on a small world (it needs no million rows): send-notification to
 * BENCH_SEND (10,000) customers through the BFF vs a plain bulk INSERT of the same provider communications, repeated
 * BENCH_SEND_RUNS times on fresh events; the median is printed. Two figures for the send: until it answered (the
 * provider communications and the first chunk of notices), and until every email of it is queued (the answer, then
 * the fan-out of the rest). BENCH_CPU_PROFILE=dir writes a V8 profile of the sends.
 */
import { mkdirSync, writeFileSync, chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type PgNamespace from 'pg';
import { fanOutNotices } from '../modules/communications/src/index.js';
import { type Config, createDb, type Db, loadConfig, startEmbeddedPostgres } from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { generateWorld } from './generate.js';
import { BENCH_PASSWORD, serveBff } from './serve.js';
import { ms, ratio, time } from './harness.js';

const requireFromCore = createRequire(new URL('../modules/core/package.json', import.meta.url));
const pg = requireFromCore('pg') as typeof PgNamespace;

const SEND = Number(process.env.BENCH_SEND ?? 10_000);
const RUNS = Number(process.env.BENCH_SEND_RUNS ?? 3);
const log = (m: string) => process.stdout.write(`${m}\n`);

/** The plain bulk INSERT of the provider communications alone (the send's baseline). */
export const BULK_PROVIDER_COMMUNICATIONS = `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id, status, response_status, sent_at, last_notified_at)
  SELECT communication_id, 'RECALL', organization_id, provider_organization_id, id, 'OPEN', 'NOTCOMPLETED', now(), now()
  FROM communication_affected_customers WHERE communication_id = $1 AND status = 'ACTIVE'`;

/**
 * A second baseline: one plain INSERT ... SELECT statement writing every row the send writes (the provider
 * communications, a notice link with a hashed random token and an outbox email per recipient, its stored values as wide
 * as the send's own, read from one email the send queued: `$2`), with no application code at all.
 */
export const BULK_SAME_ROWS = `WITH pcs AS (${BULK_PROVIDER_COMMUNICATIONS.replace("WHERE communication_id = $1 AND status = 'ACTIVE'", "WHERE communication_id = $1 AND status = 'ACTIVE' ORDER BY id")}
    RETURNING id, affected_customer_id, supplier_organization_id),
  recipients AS (
    SELECT p.id, p.supplier_organization_id AS org, c.name, lower(e.email) AS email
    FROM pcs p JOIN communication_affected_customers c ON c.id = p.affected_customer_id, unnest(c.emails) AS e(email)),
  links AS (
    INSERT INTO notice_links (provider_communication_id, organization_id, email, token_hash, expires_at)
    SELECT id, org, email, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'),
      now() + interval '90 days'
    FROM recipients)
  INSERT INTO outbox_emails (organization_id, kind, to_email, subject, text_body, status, reference_type, reference_id,
    provider_communication_id, next_attempt_at, template_version_id, template_values, template_language)
  SELECT r.org, 'NOTICE', r.email, o.subject, '', 'DELIVERY', 'communication', $1, r.id, now(), o.template_version_id,
    jsonb_set(o.template_values, '{values,customer_name}', to_jsonb(r.name)), o.template_language
  FROM recipients r, (SELECT subject, template_version_id, template_values, template_language FROM outbox_emails WHERE id = $2) o`;

/**
 * Until every notice of a send is queued: the route already fans the rest out in the background; this call helps (SKIP
 * LOCKED), then the send's fan-out row is watched until it is finished.
 */
export async function untilFannedOut(db: Db, config: Config, eventId: number): Promise<void> {
  await fanOutNotices(db, config);
  while (await db('notice_fanouts').where({ communication_id: eventId }).whereNull('finished_at').first('id'))
    await new Promise((r) => setTimeout(r, 20));
}

export interface SendFigures {
  /** Until the send answered (medians of the runs). */
  sendMs: number;
  /** From the request until every email of the send is queued (the answer, then the fan-out of the rest). */
  allQueuedMs: number;
  bulkMs: number;
  sameRowsMs: number;
  /** The send's SQL time and statements as knex saw them, when `sqlClock` is given. */
  sqlMs: number;
  statements: number;
  created: number;
  queued: number;
}

/**
 * `runs` sends of the world's send event through the BFF at `base`, each followed by the two baselines on the world's
 * baseline event, every run from the same tables (what the last one made is deleted first); the medians. `sqlClock`
 * (pnpm bench's) times the send's statements.
 */
export async function sendRuns(o: {
  db: Db;
  direct: PgNamespace.Client;
  base: string;
  token: string;
  config: Config;
  world: { sendEventId: number; baselineEventId: number; sendCustomers: number };
  runs: number;
  sqlClock?: <T>(fn: () => Promise<T>) => Promise<{ result: T; sqlMs: number; statements: number }>;
}): Promise<SendFigures> {
  const { db, direct, world } = o;
  const runs: (Omit<SendFigures, 'created' | 'queued'> & { created: number; queued: number })[] = [];
  for (let run = 0; run < o.runs; run++) {
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
      await db('notice_fanouts').whereIn('communication_id', events).delete();
      // The history is append-only (its trigger refuses DELETE): the bench, as the owner, lifts it for its reset.
      await db.raw('ALTER TABLE communication_history DISABLE TRIGGER communication_history_append_only');
      await db('communication_history')
        .whereIn('communication_id', events)
        .where({ action: 'NOTIFICATION_SENT' })
        .delete();
      await db.raw('ALTER TABLE communication_history ENABLE TRIGGER communication_history_append_only');
      await db('communications').whereIn('id', events).update({ first_sent_at: null });
      await db.raw('VACUUM ANALYZE');
    }
    const cpu0 = process.cpuUsage();
    const call = async () => {
      const res = await fetch(
        `${o.base}/supplier/communications/${world.sendEventId}/send-notification/RECALL?sendType=new`,
        { method: 'PUT', headers: { authorization: `Bearer ${o.token}` } },
      );
      const body = (await res.json()) as { d: { provider_communications_created: number; emails_queued: number } };
      if (body.d.emails_queued < world.sendCustomers) throw new Error(`send queued ${body.d.emails_queued}`);
      return body.d;
    };
    const clocked = o.sqlClock
      ? await o.sqlClock(() => time(call))
      : { result: await time(call), sqlMs: 0, statements: 0 };
    const send = clocked.result;
    const cpu = process.cpuUsage(cpu0);
    // The route already fans the rest out in the background: until every email is queued, before the baselines run.
    const rest = await time(() => untilFannedOut(db, o.config, world.sendEventId));
    const queued = (await db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(world.sendEventId) })
      .count<{ n: number }[]>({ n: '*' })
      .first()) as { n: number };
    if (Number(queued.n) < world.sendCustomers) throw new Error(`fan-out queued ${queued.n}`);
    const bulk = await time(() => direct.query(BULK_PROVIDER_COMMUNICATIONS, [world.baselineEventId]));
    // The same provider communications again, now with every row the send writes.
    await direct.query('DELETE FROM provider_communications WHERE communication_id = $1', [world.baselineEventId]);
    await direct.query('VACUUM ANALYZE provider_communications');
    const sample = (await db('outbox_emails')
      .where({ reference_id: String(world.sendEventId) })
      .first('id')) as {
      id: number;
    };
    const same = await time(() => direct.query(BULK_SAME_ROWS, [world.baselineEventId, sample.id]));
    const allQueued = send.ms + rest.ms;
    runs.push({
      sendMs: send.ms,
      allQueuedMs: allQueued,
      bulkMs: bulk.ms,
      sameRowsMs: same.ms,
      sqlMs: clocked.sqlMs,
      statements: clocked.statements,
      created: send.result.provider_communications_created,
      queued: send.result.emails_queued,
    });
    log(
      `  run ${run + 1}: send answered ${ms(send.ms)} (client and server CPU ${ms((cpu.user + cpu.system) / 1000)}), every email queued ${ms(allQueued)}; bulk insert ${ms(bulk.ms)} (${ratio(send.ms, bulk.ms)}, ${ratio(allQueued, bulk.ms)}), all the same rows ${ms(same.ms)} (${ratio(send.ms, same.ms)}, ${ratio(allQueued, same.ms)})`,
    );
  }
  const median = (pick: (r: (typeof runs)[number]) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  return {
    sendMs: median((r) => r.sendMs),
    allQueuedMs: median((r) => r.allQueuedMs),
    bulkMs: median((r) => r.bulkMs),
    sameRowsMs: median((r) => r.sameRowsMs),
    sqlMs: median((r) => r.sqlMs),
    statements: median((r) => r.statements),
    created: runs[0]!.created,
    queued: runs[0]!.queued,
  };
}

export async function measureSend(): Promise<SendFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-send-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const direct = new pg.Client({ connectionString: url });
  let httpServer: import('node:http').Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, BENCH_PASSWORD);
    await direct.connect();
    const served = await serveBff(db, url, path.join(dir, 'files'));
    httpServer = served.server;
    const base = served.base;
    const token = await served.signIn('admin@acme.demo');
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
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    // BENCH_COMMUNICATIONS and BENCH_PROVIDER_COMMUNICATIONS grow the world around the send (pnpm bench's: 100,000 and
    // 1,000,000).
    const world = await generateWorld(db, {
      communications: Number(process.env.BENCH_COMMUNICATIONS ?? 10),
      providerCommunications: Number(process.env.BENCH_PROVIDER_COMMUNICATIONS ?? 10),
      sendCustomers: SEND,
    });
    const profile = process.env.BENCH_CPU_PROFILE;
    const session = profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const result = await sendRuns({ db, direct, base, token, config, world, runs: RUNS });
    if (session && profile) {
      const { profile: cpu } = await session.post('Profiler.stop');
      mkdirSync(profile, { recursive: true });
      writeFileSync(path.join(profile, 'send.cpuprofile'), JSON.stringify(cpu));
    }
    return result;
  } finally {
    httpServer?.close();
    await direct.end();
    await db.destroy();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sendMs, allQueuedMs, bulkMs, sameRowsMs } = await measureSend();
  log(
    `send-notification (${SEND} customers): answered ${ms(sendMs)} vs bulk INSERT ${ms(bulkMs)}: ${ratio(sendMs, bulkMs)} (goal 2x); vs one INSERT of all the same rows ${ms(sameRowsMs)}: ${ratio(sendMs, sameRowsMs)}`,
  );
  log(
    `  every email queued (answer + fan-out): ${ms(allQueuedMs)} vs all the same rows: ${ratio(allQueuedMs, sameRowsMs)} (goal 2x); vs bulk INSERT of the provider communications: ${ratio(allQueuedMs, bulkMs)}`,
  );
}
