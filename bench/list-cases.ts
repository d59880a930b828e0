import type PgNamespace from 'pg';
import { ms, ratio, repeat } from './harness.js';
import { type Captured, lanesOf, statementRole, withoutSummary } from './throughput.js';
import { RUNS, log } from './run-env.js';
import { beforeIssue37 } from './before-37.js';
import type { SqlProbes } from './sql-probes.js';

type CallHeaders = { authorization: string; timezone: string };

/**
 * The supplier's event list and the provider's list of what it received, each case through the BFF against the same SQL
 * run with pg (as the BFF sent it, the page alone, one statement after another, and in PostgreSQL itself).
 */
export async function measureLists({
  get,
  headers,
  providerHeaders,
  operatorHeaders,
  direct,
  captureSql,
  replay,
  inPostgres,
}: Pick<SqlProbes, 'captureSql' | 'replay' | 'inPostgres'> & {
  get: (p: string, as?: Record<string, string>) => Promise<Response>;
  headers: CallHeaders;
  providerHeaders: CallHeaders;
  operatorHeaders: CallHeaders;
  direct: PgNamespace.Client;
}) {
  const filter = encodeURIComponent(JSON.stringify({ name: { filterType: 'text', type: 'contains', filter: 'abc1' } }));
  const supplierList = '/supplier/communications?communicationType=RECALL&pageSize=50';
  const providerList = '/provider/communications?communicationType=RECALL&pageSize=50';
  const received = 'sortField=sent_at&sortDirection=desc';
  const listCases: [string, string, typeof headers][] = [
    ['page 1', `${supplierList}&pageNumber=1`, headers],
    ['deep page (1000)', `${supplierList}&pageNumber=1000`, headers],
    ['filtered (name contains)', `${supplierList}&pageNumber=1&filterModel=${filter}`, headers],
    ['sorted (sortField=name)', `${supplierList}&pageNumber=1&sortField=name&sortDirection=asc`, headers],
    // No index serves this order: it sorts the first 10,000 of the default order (sortCapped).
    ['sorted (sortField=event_date)', `${supplierList}&pageNumber=1&sortField=event_date&sortDirection=desc`, headers],
    // The provider's pages open newest received first.
    ['provider: page 1', `${providerList}&pageNumber=1&${received}`, providerHeaders],
    ['provider: deep page (1000)', `${providerList}&pageNumber=1000&${received}`, providerHeaders],
    ['provider: filtered (name contains)', `${providerList}&pageNumber=1&filterModel=${filter}`, providerHeaders],
    [
      'provider: sorted (sortField=name)',
      `${providerList}&pageNumber=1&sortField=name&sortDirection=asc`,
      providerHeaders,
    ],
    ['provider eR responses: page 1', `${providerList}&pageNumber=1&responses=1&${received}`, providerHeaders],
    [
      'provider eR responses: deep page (100)',
      `${providerList}&pageNumber=100&responses=1&${received}`,
      providerHeaders,
    ],
    [
      'operator eR responses (every provider): page 1',
      '/notisphere/communications/responses?pageSize=50&pageNumber=1',
      operatorHeaders,
    ],
    // What needs attention (issue 32): exact filters pushed down to the per-organisation walks, the worklist's overdue
    // section (worklist index walks) and its counts, and one row per recall across the health system.
    ['provider: overdue filter (overdue=1)', `${providerList}&pageNumber=1&overdue=1&${received}`, providerHeaders],
    ['provider: search (lot number)', `${providerList}&pageNumber=1&search=LOT-4242`, providerHeaders],
    ['provider worklist: overdue section', '/provider/worklist?section=overdue&pageSize=20', providerHeaders],
    ['provider worklist: counts', '/provider/worklist/counts', providerHeaders],
    [
      'provider by recall: page 1',
      '/provider/communications/by-recall?communicationType=RECALL&pageSize=50',
      providerHeaders,
    ],
  ];
  // BENCH_LIST_CASES (a regular expression) runs only the cases it matches.
  const only = process.env.BENCH_LIST_CASES ? new RegExp(process.env.BENCH_LIST_CASES) : null;
  const listRows: string[][] = [];
  const totalRows: string[][] = [];
  const listStatements = new Map<
    string,
    { path: string; as: typeof headers; page: { sql: string; bindings: unknown[] }[]; call: Captured[] }
  >();
  const plans: string[] = [];
  for (const [name, path_, as] of listCases.filter(([name]) => !only || only.test(name))) {
    // Captured on a session the server has seen before, as every call after a user's first is: a read-only list then
    // sends its statements beside the caller lookup (services/bff/src/read-beside.ts). A few calls first, so that the
    // list's code is compiled: on its very first calls, building the page's statement took longer than the lookup.
    for (let i = 0; i < 5; i++) await (await get(path_, as)).json();
    const statements = await captureSql(async () => {
      await (await get(path_, as)).json();
    });
    const api = await repeat(RUNS, async () => {
      await (await get(path_, as)).json();
    });
    const sql = await repeat(RUNS, () => replay(statements));
    // Issue 37's before: the plain caller lookup, on connections with PostgreSQL's default jit=on.
    const sqlBefore = await repeat(RUNS, () => replay(beforeIssue37(statements), { before: true }));
    // A page statement that also reads the total (withSummary) counts without those columns as the page alone.
    const paged = statements.filter((s) => statementRole(s.sql) === 'page').map(withoutSummary);
    // A call with no page of rows (the worklist's counts) is held against its own statements.
    const pageStatements = paged.length ? paged : statements.filter((s) => statementRole(s.sql) !== 'caller');
    const pageSql = await repeat(RUNS, () => replay(pageStatements));
    // The list's own SQL: the page with its total and "last updated", without the caller lookup every call makes; as
    // the BFF sends it (the total beside the page), and one statement after another.
    const listOnly = statements.filter((s) => statementRole(s.sql) !== 'caller');
    const listSql = await repeat(RUNS, () => replay(listOnly));
    const listSequential = await repeat(RUNS, async () => {
      for (const s of listOnly) await direct.query(s.sql, s.bindings);
    });
    const pagePg = await inPostgres(pageStatements);
    const listPg = await inPostgres(listOnly);
    const d = (
      (await (await get(path_, as)).json()) as {
        d: { total?: number; totalCapped?: boolean; sortCapped?: boolean; capped?: string[] } & Record<string, unknown>;
      }
    ).d;
    const total =
      d.total === undefined
        ? Object.entries(d)
            .filter(([, v]) => typeof v === 'number')
            .map(([k, v]) => `${k} ${(d.capped ?? []).includes(k) ? '> ' : ''}${v}`)
            .join(', ')
        : `${d.totalCapped ? '> ' : ''}${d.total}${d.sortCapped ? ' (sorted: first 10000)' : ''}`;
    const roles = lanesOf(statements)
      .map((lane) => lane.map((st) => `${statementRole(st.sql)[0]}${withoutSummary(st) === st ? '' : '+t'}`).join(''))
      .join(' | ');
    listRows.push([
      name,
      total,
      ms(api.median),
      ms(api.p95),
      ms(api.min),
      ms(sql.median),
      ms(sql.p95),
      ms(sql.min),
      ratio(api.median, sql.median),
      `${statements.length} (${roles})`,
    ]);
    totalRows.push([
      name,
      ms(pageSql.median),
      ms(listSql.median),
      ratio(listSql.median, pageSql.median),
      ms(listSequential.median),
      ratio(listSequential.median, pageSql.median),
      ms(pagePg.median),
      ms(listPg.median),
      ratio(listPg.median, pagePg.median),
      ratio(sql.median, pageSql.median),
      ratio(sqlBefore.median, pageSql.median),
      ratio(api.median, pageSql.median),
    ]);
    listStatements.set(name, { path: path_, as, page: pageStatements, call: statements });
    log(`  list ${name}: api ${ms(api.median)} / sql ${ms(sql.median)}`);
    for (const s of statements.filter(
      (x) => /from "(provider_)?communications"/i.test(x.sql) || /from \(select/i.test(x.sql),
    )) {
      const explained = await direct.query(`EXPLAIN (ANALYZE, COSTS OFF) ${s.sql}`, s.bindings);
      const lines = explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
      plans.push(`-- ${name}: ${s.sql.slice(0, 160)}${s.sql.length > 160 ? '...' : ''}\n${lines.join('\n')}`);
    }
  }
  return { listRows, totalRows, listStatements, plans };
}
