/**
 * The bench cases of the exports and static files, kept apart from the list cases of bench/run.ts:
 *   - the Provider Status Report at 100,000 rows (CSV and XLSX) vs a COPY (...) TO STDOUT of the same rows, with RSS;
 *   - the bytes a browser receives for /login (raw, gzip, br) from the BFF.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../modules/core/src/index.js';
import { mb, ms, peakRss, ratio, time } from './harness.js';

/**
 * An OPEN event with `rows` provider communications (a third acknowledged, a third completed), three actions and
 * submitted answers on the completed ones, some of them formula-looking text a report must defuse.
 */
export async function createReportCommunication(
  db: Db,
  supplierId: number,
  adminId: number,
  rows: number,
): Promise<number> {
  const providers = (await db('organizations').where({ type: 'PROVIDER' }).orderBy('id').pluck('id')) as number[];
  const [event] = (await db('communications')
    .insert({
      organization_id: supplierId,
      type: 'RECALL',
      status: 'OPEN',
      current_step: 3,
      subtype: 'CORRECTION',
      name: 'Bench report event',
      classification: 'CLASSI',
      created_by: adminId,
      approved_by: adminId,
      approved_at: db.fn.now(),
      first_sent_at: db.fn.now(),
    })
    .returning('id')) as { id: number }[];
  const id = event!.id;
  await db.raw(
    `INSERT INTO communication_actions (communication_id, organization_id, action_type, title, sort_order)
    SELECT :id, :org, t, 'Action ' || n, n FROM unnest(ARRAY['Acknowledge', 'Text', 'YesNo']) WITH ORDINALITY AS a(t, n)`,
    { id, org: supplierId },
  );
  await db.raw(
    `INSERT INTO communication_affected_customers (communication_id, organization_id, provider_organization_id, customer_key, name, emails, source)
    SELECT :id, :org, (:providers::bigint[])[1 + k % :np], 'report-' || k, 'Report customer ' || k, ARRAY['report' || k || '@bench.test', 'desk' || k || '@bench.test'], 'MANUAL'
    FROM generate_series(1, :n) k`,
    { id, org: supplierId, providers: `{${providers.join(',')}}`, np: providers.length, n: rows },
  );
  await db.raw(
    `INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id,
      status, response_status, sent_at, last_notified_at, acknowledged_at, acknowledged_by, completed_at, reminder_count)
    SELECT ac.communication_id, 'RECALL', ac.organization_id, ac.provider_organization_id, ac.id, 'OPEN',
      CASE WHEN ac.id % 3 = 0 THEN 'COMPLETED' ELSE 'NOTCOMPLETED' END,
      timestamptz '2026-03-01 12:00Z' + ac.id * interval '37 seconds', timestamptz '2026-03-01 12:00Z' + ac.id * interval '37 seconds',
      CASE WHEN ac.id % 3 <> 1 THEN timestamptz '2026-03-03 12:00Z' + ac.id * interval '41 seconds' END, CASE WHEN ac.id % 3 <> 1 THEN ac.emails[1] END,
      CASE WHEN ac.id % 3 = 0 THEN timestamptz '2026-03-05 12:00Z' + ac.id * interval '43 seconds' END, (ac.id % 3)::int
    FROM communication_affected_customers ac WHERE ac.communication_id = :id`,
    { id },
  );
  await db.raw('ALTER TABLE provider_responses DISABLE TRIGGER provider_responses_people_insert');
  await db.raw(
    `INSERT INTO provider_responses (provider_communication_id, communication_id, action_id, supplier_organization_id, provider_organization_id,
      value, status, responder_email, submitted_at)
    SELECT pc.id, pc.communication_id, a.id, pc.supplier_organization_id, pc.provider_organization_id,
      CASE a.action_type WHEN 'Acknowledge' THEN '{"valueAcknowledge": true}'::jsonb
        WHEN 'Text' THEN jsonb_build_object('valueText', CASE WHEN pc.id % 2 = 0 THEN '=SUM(A1:A9)' ELSE 'Removed ' || pc.id || ' units, "quarantined"' END)
        ELSE '{"valueYesNo": "Yes"}'::jsonb END,
      'SUBMITTED', pc.acknowledged_by, pc.completed_at
    FROM provider_communications pc JOIN communication_actions a ON a.communication_id = pc.communication_id
    WHERE pc.communication_id = :id AND pc.response_status = 'COMPLETED'`,
    { id },
  );
  await db.raw('ALTER TABLE provider_responses ENABLE TRIGGER provider_responses_people_insert');
  await db.raw('VACUUM ANALYZE provider_communications, communication_affected_customers, provider_responses');
  return id;
}

/** The report's rows as one COPY to CSV, dates turned to the caller's zone in SQL: what a database alone would take. */
function copySql(eventId: number, timeZone: string): string {
  const local = (c: string) => `to_char(${c} AT TIME ZONE '${timeZone}', 'MM/DD/YYYY HH24:MI')`;
  return `COPY (SELECT ac.name, po.name, array_to_string(ac.emails, '; '), pc.status, ${local('pc.sent_at')}, ${local('pc.last_notified_at')},
      ${local('pc.acknowledged_at')}, pc.acknowledged_by, pc.response_status, ${local('pc.completed_at')}, pc.reminder_count,
      (SELECT string_agg(r.value::text, ';' ORDER BY r.action_id) FROM provider_responses r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED')
    FROM provider_communications pc JOIN communication_affected_customers ac ON ac.id = pc.affected_customer_id
    LEFT JOIN organizations po ON po.id = pc.provider_organization_id
    WHERE pc.communication_id = ${Number(eventId)} AND pc.status <> 'DELETED' ORDER BY pc.id) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

async function copyBytes(client: Client, sql: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of client.query(copyTo(sql)) as AsyncIterable<Buffer>) bytes += chunk.length;
  return bytes;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The downloads measured: CSV asked for uncompressed, CSV asked for br/gzip, XLSX. */
export type ExportCase = 'csv' | 'csv-br' | 'xlsx';
const EXPORT_CASES: Record<ExportCase, readonly ['csv' | 'xlsx', string]> = {
  csv: ['csv', 'identity'],
  'csv-br': ['csv', 'br, gzip'],
  xlsx: ['xlsx', 'br, gzip'],
};

/** Provider Status Report downloads (median of `runs`) vs the COPY of the same rows; one table row per format. */
export async function measureExports(options: {
  client: Client;
  eventId: number;
  rows: number;
  timeZone: string;
  runs: number;
  drain: (p: string, acceptEncoding: string) => Promise<number>;
  log: (m: string) => void;
  cases?: ExportCase[];
}): Promise<string[][]> {
  const { client, eventId, rows, timeZone, runs, drain, log } = options;
  const copies: number[] = [];
  let copySize = 0;
  await copyBytes(client, copySql(eventId, timeZone));
  for (let i = 0; i < runs; i++) {
    const c = await time(() => copyBytes(client, copySql(eventId, timeZone)));
    copies.push(c.ms);
    copySize = c.result;
  }
  const copy = median(copies);
  log(`  COPY of ${rows} report rows: ${ms(copy)}`);
  const out: string[][] = [];
  // Like for like with COPY, the CSV is asked for uncompressed; a browser asks for br and gets the stream compressed on
  // the fly (its own row). XLSX is a zip already and never compressed again.
  const cases = (options.cases ?? (['csv', 'csv-br', 'xlsx'] as const)).map((c) => EXPORT_CASES[c]);
  for (const [format, encoding] of cases) {
    const p = `/supplier/communications/${eventId}/actions/provider/statusreport${format === 'csv' ? '/csv' : ''}`;
    if (global.gc) global.gc();
    const times: number[] = [];
    let bytes = 0;
    const measured = await peakRss(async () => {
      for (let i = 0; i < runs; i++) {
        const r = await time(() => drain(p, encoding));
        times.push(r.ms);
        bytes = r.result;
      }
    });
    const t = median(times);
    out.push([
      `Provider Status Report (${format}, Accept-Encoding: ${encoding})`,
      String(rows),
      `${(bytes / 1024).toFixed(0)} KB`,
      ms(t),
      ms(copy),
      `${(copySize / 1024).toFixed(0)} KB`,
      ratio(t, copy),
      format === 'csv' ? '2x' : '4x',
      mb(measured.peak - measured.baseline),
    ]);
    log(
      `  report ${format} (${encoding}) at ${rows} rows: ${ms(t)} (${ratio(t, copy)} of COPY), rss growth ${mb(measured.peak - measured.baseline)}`,
    );
  }
  return out;
}

/** The JavaScript and CSS a browser fetches to show /login: index.html's own, the login page's chunk and what they import. */
function loginAssets(dist: string): string[] {
  const assets = readdirSync(path.join(dist, 'assets'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const wanted = new Set<string>([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  for (const a of assets) if (/^LoginPage-[\w-]+\.js$/.test(a)) wanted.add(a);
  const queue = [...wanted].filter((a) => a.endsWith('.js'));
  while (queue.length) {
    const js = readFileSync(path.join(dist, 'assets', queue.pop()!), 'utf8');
    for (const m of js.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) {
      if (!wanted.has(m[1]!)) {
        wanted.add(m[1]!);
        queue.push(m[1]!);
      }
    }
  }
  return [...wanted];
}

/** Bytes received for /login's assets through the BFF, asking for nothing, gzip, or br. */
export async function measureStatic(origin: string, dist: string): Promise<string[][] | null> {
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const files = loginAssets(dist);
  const received = async (encoding: string | null) => {
    let bytes = 0;
    for (const f of files) {
      const res = await fetch(`${origin}/assets/${f}`, {
        headers: encoding ? { 'accept-encoding': encoding } : { 'accept-encoding': 'identity' },
      });
      // Content-Length is what travelled; fetch hands back the decoded body.
      bytes += Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
      await res.arrayBuffer().catch(() => undefined);
    }
    return bytes;
  };
  const raw = await received(null);
  const gzip = await received('gzip');
  const br = await received('br');
  const kb = (b: number) => `${(b / 1000).toFixed(0)} kB`;
  return [
    [
      `/login: ${files.filter((f) => f.endsWith('.js')).length} JS and ${files.filter((f) => f.endsWith('.css')).length} CSS files`,
      kb(raw),
      kb(gzip),
      kb(br),
      ratio(br, raw),
    ],
  ];
}
