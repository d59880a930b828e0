/**
 * Issue 16's bench case: conversations and the CLI's report export.
 *   - the supplier's conversation list of an event with BENCH_CONVERSATIONS threads (unread counted per thread), one
 *     thread of BENCH_CONVERSATION_MESSAGES messages, and posting a message (history row and outbox mail included),
 *     each through the BFF against the plain SQL that reads or writes the same rows;
 *   - `reports export provider-status --format csv` (cli/src/commands/reports.ts: the API's own route handler and
 *     streaming writer, to a file) against downloading the same report over HTTP.
 * Run alone at small scale with `tsx bench/conversations.ts` (its own embedded PostgreSQL); `pnpm bench` runs
 * `measureConversations` on its own data and prints the section into bench/RESULTS.md. Nothing is asserted.
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type PgNamespace from 'pg';
import { reportsExport } from '../cli/src/commands/reports.js';
import { createApp, createModules } from '../services/bff/src/index.js';
import {
  type Config,
  createDb,
  createLogger,
  type Db,
  LocalFileStore,
  loadConfig,
  startEmbeddedPostgres,
} from '../modules/core/src/index.js';
import { migrateLatest, seedDemo } from '../migrations/index.js';
import { ms, ratio, repeat, table, time } from './harness.js';
import { createReportCommunication } from './io.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export interface ConversationBenchOptions {
  db: Db;
  config: Config;
  client: PgNamespace.Client;
  /** The API's base URL (…/api) and the headers of a supplier administrator of the event's supplier. */
  base: string;
  headers: Record<string, string>;
  eventId: number;
  conversations: number;
  messagesEach: number;
  runs: number;
  log: (m: string) => void;
}

/** Threads on the first `conversations` provider communications of the event, each with `messagesEach` messages. */
async function fillConversations(o: ConversationBenchOptions): Promise<{ cid: number; sampleIds: number[] }> {
  await o.db.raw(
    `INSERT INTO conversations (communication_id, provider_communication_id, supplier_organization_id, subject,
       started_by_side, message_count, last_message_at)
     SELECT pc.communication_id, pc.id, pc.supplier_organization_id, 'Bench thread ' || pc.id, 'SUPPLIER', :m,
       timestamptz '2026-04-01 12:00Z' + pc.id * interval '1 minute'
     FROM (SELECT * FROM provider_communications WHERE communication_id = :id ORDER BY id LIMIT :n) pc`,
    { id: o.eventId, n: o.conversations, m: o.messagesEach },
  );
  // Alternating sides, so half of every thread is unread for the supplier.
  await o.db.raw(
    `INSERT INTO conversation_messages (conversation_id, sender_side, sender_organization_id, sender_email, body, created_at)
     SELECT c.id, CASE WHEN k % 2 = 0 THEN 'PROVIDER' ELSE 'SUPPLIER' END,
       CASE WHEN k % 2 = 0 THEN coalesce(pc.provider_organization_id, c.supplier_organization_id) ELSE c.supplier_organization_id END,
       'bench' || k || '@bench.test', 'Bench message ' || k || ' of thread ' || c.id,
       timestamptz '2026-04-01 12:00Z' + k * interval '1 second'
     FROM conversations c JOIN provider_communications pc ON pc.id = c.provider_communication_id
     CROSS JOIN generate_series(1, :m) k WHERE c.communication_id = :id`,
    { id: o.eventId, m: o.messagesEach },
  );
  await o.db.raw('ANALYZE conversations, conversation_messages');
  const ids = (await o
    .db('conversations')
    .where({ communication_id: o.eventId })
    .orderBy('id')
    .pluck('id')) as number[];
  return { cid: Number(ids[0]), sampleIds: ids.map(Number) };
}

export async function measureConversations(o: ConversationBenchOptions): Promise<string[]> {
  o.log(`Conversations: ${o.conversations} threads of ${o.messagesEach} messages on event ${o.eventId}...`);
  const filled = await time(() => fillConversations(o));
  const { cid } = filled.result;
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${o.base}${p}`, {
      method,
      headers: { ...o.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.arrayBuffer();
  };
  const sql = (text: string, values: unknown[]) => o.client.query(text, values);
  const rows: string[][] = [];
  const add = (name: string, size: string, api: { median: number; p95: number }, base: { median: number }) =>
    rows.push([name, size, ms(api.median), ms(api.p95), ms(base.median), ratio(api.median, base.median)]);

  const supplierId = Number(
    ((await o.db('communications').where({ id: o.eventId }).first('organization_id')) as { organization_id: number })
      .organization_id,
  );
  const list = await repeat(o.runs, () => call('GET', `/supplier/communications/${o.eventId}/conversations`));
  const listSql = await repeat(o.runs, () =>
    sql(
      `SELECT c.*, (SELECT count(*)::int FROM conversation_messages m WHERE m.conversation_id = c.id
         AND m.sender_side = 'PROVIDER' AND m.id > coalesce(c.supplier_read_message_id, 0)) AS unread
       FROM conversations c WHERE c.communication_id = $1 AND c.supplier_organization_id = $2
       ORDER BY c.last_message_at DESC NULLS LAST, c.id DESC LIMIT 1000`,
      [o.eventId, supplierId],
    ),
  );
  add('supplier list (unread per thread)', `${Math.min(o.conversations, 1000)} threads`, list, listSql);

  const thread = await repeat(o.runs, () => call('GET', `/supplier/communications/${o.eventId}/conversations/${cid}`));
  const threadSql = await repeat(o.runs, () =>
    sql('SELECT * FROM conversation_messages WHERE conversation_id = $1 ORDER BY id LIMIT 2000', [cid]),
  );
  add('one thread (marks it read)', `${o.messagesEach} messages`, thread, threadSql);

  const post = await repeat(o.runs, () =>
    call('POST', `/supplier/communications/${o.eventId}/conversations/${cid}/message`, { message: 'Bench reply' }),
  );
  const insertSql = await repeat(o.runs, () =>
    sql(
      `INSERT INTO conversation_messages (conversation_id, sender_side, sender_organization_id, sender_email, body)
       SELECT id, 'SUPPLIER', supplier_organization_id, 'bench@bench.test', 'Bench reply' FROM conversations WHERE id = $1`,
      [cid],
    ),
  );
  add('post a message (+ history, outbox mail)', '1 message', post, insertSql);

  // The CLI export against the HTTP download of the same report: the same handler and writer either way.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cli-'));
  try {
    let n = 0;
    const cli = await repeat(
      3,
      () =>
        reportsExport(o.db, o.config, 'provider-status', {
          event: String(o.eventId),
          format: 'csv',
          output: path.join(dir, `export-${n++}.csv`),
        }),
      1,
    );
    const http = await repeat(
      3,
      () => call('GET', `/supplier/communications/${o.eventId}/actions/provider/statusreport/csv`),
      1,
    );
    const size = statSync(path.join(dir, 'export-0.csv')).size;
    rows.push([
      'CLI reports export provider-status (csv) vs HTTP download',
      `${(size / 1024).toFixed(0)} KB`,
      ms(cli.median),
      ms(cli.p95),
      ms(http.median),
      ratio(cli.median, http.median),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  o.log(`  conversations done (filled in ${(filled.ms / 1000).toFixed(1)} s)`);
  return [
    '## Conversations and the CLI report export (issue 16)',
    '',
    `${o.conversations} threads of ${o.messagesEach} messages (half unread) on one event, filled by SQL in ${(filled.ms / 1000).toFixed(1)} s; median of ${o.runs} calls after 2 warm-ups (the export: 3 after 1). The baseline is the plain SQL that reads or writes the same rows with pg; for the CLI, the same report downloaded over HTTP.`,
    '',
    table(['case', 'size', 'median', 'p95', 'baseline median', 'ratio'], rows),
  ];
}

/** `tsx bench/conversations.ts`: this section alone, at small scale, on its own embedded PostgreSQL. */
async function alone(): Promise<void> {
  const log = (m: string) => process.stdout.write(`${m}\n`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-conv-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench');
  const url = server.url('bench');
  const db = createDb(url, { min: 0, max: 10 });
  const pg = createRequire(new URL('../modules/core/package.json', import.meta.url))('pg') as typeof PgNamespace;
  const client = new pg.Client({ connectionString: url });
  let http: Server | null = null;
  try {
    await migrateLatest(db);
    await seedDemo(db, 'Portal#2026');
    const supplierId = Number((await db('organizations').where({ name: 'Acme Medical Devices' }).first('id')).id);
    const adminId = Number((await db('users').where({ email: 'admin@acme.demo' }).first('id')).id);
    const eventId = await createReportCommunication(db, supplierId, adminId, env('BENCH_REPORT_ROWS', 5_000));
    const config = {
      ...loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dir }),
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
    http = await new Promise<Server>((resolve) => {
      const s = createServer(app.callback()).listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
    const token = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email: 'admin@acme.demo', password: 'Portal#2026' }),
    }).then(async (r) => ((await r.json()) as { d: { access_token: string } }).d.access_token);
    await client.connect();
    const out = await measureConversations({
      db,
      config,
      client,
      base,
      headers: { authorization: `Bearer ${token}` },
      eventId,
      conversations: env('BENCH_CONVERSATIONS', 1_000),
      messagesEach: env('BENCH_CONVERSATION_MESSAGES', 20),
      runs: env('BENCH_RUNS', 10),
      log,
    });
    log('');
    log(out.join('\n'));
  } finally {
    await client.end().catch(() => undefined);
    if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
    await db.destroy();
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await alone();
