import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ratio, table } from './harness.js';
import { RUNS } from './run-env.js';
import type { World } from './generate.js';
import type { SendFigures } from './send.js';

/** Every figure of a run, as bench/RESULTS.md says them. */
export function resultsMarkdown({
  started,
  world,
  gen,
  listRows,
  totalRows,
  throughput,
  send,
  sendRows,
  exportRows,
  reportRows,
  metricsSection,
  replicasSection,
  preprocessorSection,
  fdaSection,
  udiSection,
  conversationsSection,
  loadSection,
  staticRows,
  plans,
}: {
  started: number;
  world: World;
  gen: { ms: number };
  listRows: string[][];
  totalRows: string[][];
  throughput: string[];
  send: SendFigures;
  sendRows: string[][];
  exportRows: string[][];
  reportRows: string[][];
  metricsSection: string[];
  replicasSection: string[];
  preprocessorSection: string[];
  fdaSection: string[];
  udiSection: string[];
  conversationsSection: string[];
  loadSection: string[];
  staticRows: string[][] | null;
  plans: string[];
}): string {
  // Other work on the machine makes timings noisy: /proc/pressure/cpu says how much (Linux only).
  let pressure = 'unknown';
  try {
    pressure = `${/avg300=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? '?'}% of the last 5 minutes with runnable tasks waiting for a CPU`;
  } catch {
    // not Linux
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const out = [
    `# Benchmark results`,
    '',
    `Last run: ${new Date().toISOString()} on ${os.cpus().length} CPU(s), Node ${process.version}, embedded PostgreSQL; ${RUNS} measured runs per list case after 2 warm-ups; whole run ${seconds} s.`,
    `CPU pressure during the run: ${pressure}; figures from a busy machine vary run to run (compare ratios, not absolute times).`,
    `Scale: ${world.communications} Acme events, ${world.providerCommunications} provider communications (generated in ${(gen.ms / 1000).toFixed(1)} s with INSERT ... SELECT generate_series: ${world.steps.map(([n, sec]) => `${n} ${sec.toFixed(1)} s`).join(', ')}).`,
    '',
    ...listTables(listRows, totalRows),
    ...throughput,
    '',
    '## send-notification vs a plain bulk INSERT of the same rows',
    '',
    'Median of 3 runs. The send creates every provider communication and queues the first 500 notices (an outbox email',
    'and a hashed notice link per recipient) and a history row in one transaction, then answers; the rest of the notices',
    'fan out after the answer, 2,000 a transaction (`notice_fanouts`, docs/decisions.md "Large sends fan out in chunks").',
    'Both are timed: until the answer, and until every email is queued. Two baselines: the bulk INSERT of the provider',
    'communications alone, and one plain INSERT ... SELECT statement writing every row the send writes (provider',
    "communications, notice links with hashed random tokens, outbox emails with stored values as wide as the send's).",
    'Goal: within 2x a plain bulk insert of the same rows (last column): the answer against the provider communications',
    '(what it has written by then, but for the first 500 notices), and every email queued against every row.',
    `Every email queued against the provider communications alone is printed too, but PostgreSQL alone needs`,
    `${ratio(send.sameRowsMs, send.bulkMs)} of that baseline to write the same rows (docs/decisions.md "What the send is measured against").`,
    '',
    table(
      [
        'case',
        'provider communications',
        'emails queued',
        'time',
        'of which SQL (statements)',
        'bulk INSERT',
        'ratio',
        'one INSERT of all the same rows',
        'ratio',
        'against the same rows (goal 2x)',
      ],
      sendRows,
    ),
    '',
    '## Exports: the Provider Status Report vs a COPY of the same rows',
    '',
    `Median of 3 downloads consumed over HTTP (timezone America/Chicago) against the median of 3 \`COPY (SELECT ...) TO STDOUT (FORMAT csv)\` of the same rows, dates converted in SQL, read with pg-copy-streams; RSS growth of this process (server and client) sampled every 5 ms. Goal: CSV within 2x, XLSX within 4x.`,
    '',
    table(['report', 'rows', 'size (decoded)', 'time', 'COPY', 'COPY size', 'ratio', 'goal', 'rss growth'], exportRows),
    '',
    '## The dashboard summary report of every event',
    '',
    'One download each; SQL time and statements as knex saw them; peak RSS of this process.',
    '',
    table(
      ['report', 'rows', 'size', 'time', 'of which SQL (statements)', 'rss before', 'rss peak', 'rss growth'],
      reportRows,
    ),
    '',
    ...metricsSection,
    '',
    ...replicasSection,
    '',
    ...preprocessorSection,
    '',
    ...fdaSection,
    ...udiSection,
    '',
    ...conversationsSection,
    '',
    ...loadSection,
    '',
    '## Static files: what /login takes to load',
    '',
    staticRows
      ? `Bytes received through the BFF for index.html's scripts and styles, the login page's chunk and their static imports (Content-Length as sent; .br and .gz written at build time).\n\n${table(['assets', 'raw', 'gzip', 'br', 'br/raw'], staticRows)}`
      : 'web/dist was not built (run `pnpm build` before `pnpm bench`).',
    '',
    '## Plans of the list and report queries (EXPLAIN ANALYZE)',
    '',
    '```',
    ...plans,
    '```',
    '',
  ].join('\n');
  return out;
}

/** The lists' two tables (each case's call against its SQL, and what the total costs over the page). */
export function listTables(listRows: string[][], totalRows: string[][]): string[] {
  return [
    "## Lists through the BFF vs the same SQL with pg: the supplier's events (GET /api/supplier/communications, admin@acme.demo), the provider's received notices and eR responses rows (GET /api/provider/communications, admin@riverside.demo and its sites), its worklist (GET /api/provider/worklist and its counts) and its recalls one row per event (GET /api/provider/communications/by-recall), and the operator's eR responses of every provider (GET /api/notisphere/communications/responses)",
    '',
    'The SQL side replays every statement the call sent (caller lookup, total, page, per-page counts) with pg, as the BFF sent',
    'them: statements sent at once (runList sends the total beside the page, on two pooled connections; a read-only list',
    'sends its statements beside the caller lookup, once the server has seen the session) are replayed at once.',
    'Statements: c(aller), t(otal), l(atest) and p(age); p+t is a page statement that also reads the total and "last',
    'updated" (two more columns: one round trip for both); a | separates what ran at once.',
    '',
    table(
      [
        'case',
        'total',
        'api median',
        'api p95',
        'api min',
        'sql median',
        'sql p95',
        'sql min',
        'api/sql',
        'statements',
      ],
      listRows,
    ),
    '',
    '### What the exact total costs on top of the page (goal: list within 1.5x its page query alone)',
    '',
    'The page SQL is the statements that read the page\'s rows (not the caller lookup, the total or "last updated"); the list',
    'SQL adds the total and "last updated" (everything but the caller lookup, which every signed-in call makes). Measured three',
    'ways: replayed as the BFF sends them (the total beside the page), one statement after another on one connection (each',
    "round trip counted), and PostgreSQL's own time (planning and execution as EXPLAIN ANALYZE reports them, no round trips).",
    'call sql/page is every statement the call sends, the caller lookup included, replayed as sent, over the page SQL (issue',
    "37's goal: within 1.5x); before 37 is the same with the caller lookup as the plain SQL it was until issue 37, sent",
    "first and alone as it was, on connections with PostgreSQL's default jit=on (bench/before-37.ts), replayed in this",
    'run. api/page sql is the whole call',
    '(HTTP, caller lookup, JSON) over the page SQL.',
    '',
    table(
      [
        'case',
        'page sql',
        'list sql (as sent)',
        'list/page',
        'list sql (one by one)',
        'list/page (one by one)',
        'page in PostgreSQL',
        'list in PostgreSQL',
        'list/page in PostgreSQL',
        'call sql/page',
        'call sql/page before 37',
        'api/page sql',
      ],
      totalRows,
    ),
    '',
  ];
}
