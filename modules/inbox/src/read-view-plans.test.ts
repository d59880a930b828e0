import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionsView,
  affectedCustomersView,
  answersView,
  communicationsView,
  providerCommunicationsView,
} from '@portal/communications';
import { organizationsView, usersView } from '@portal/organizations';
import { sendCommunication, startTestApp, type TestApp, world } from '@portal/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The read views as they appear inside a query (`(select … from "organizations") as "x"`, or `(select …) x` where raw
 * SQL binds one), and their tables: every view here is one table with a fixed projection.
 */
function viewPatterns(): { pattern: RegExp; table: string }[] {
  return [
    { sql: organizationsView(t.db).toSQL().sql, table: 'organizations' },
    { sql: usersView(t.db).toSQL().sql, table: 'users' },
    // Communications' views of its rows, which the inbox's lists, the conversations and the reports join.
    { sql: actionsView(t.db).toSQL().sql, table: 'communication_actions' },
    { sql: providerCommunicationsView(t.db).toSQL().sql, table: 'provider_communications' },
    { sql: communicationsView(t.db).toSQL().sql, table: 'communications' },
    { sql: answersView(t.db).toSQL().sql, table: 'provider_responses' },
    { sql: affectedCustomersView(t.db).toSQL().sql, table: 'communication_affected_customers' },
  ].map(({ sql, table }) => ({ pattern: new RegExp(`\\(${escapeRegExp(sql)}\\)(?: as)? "?(\\w+)"?`, 'g'), table }));
}

async function plan(sql: string, bindings: readonly unknown[]): Promise<string> {
  // The captured SQL is PostgreSQL's ($1, $2, …); knex.raw takes `?`.
  const ordered = [...sql.matchAll(/\$(\d+)/g)].map((m) => bindings[Number(m[1]) - 1]);
  const { rows } = await t.db.raw(`EXPLAIN (COSTS OFF) ${sql.replace(/\$\d+/g, '?')}`, ordered as never);
  return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
}

describe('the big lists joined to the read views', () => {
  // Issue 10: other modules join organizationsView/usersView instead of the tables; PostgreSQL must pull the views up,
  // so each query's plan is the plan of the same query joining the table directly.
  it('plan exactly as they did when they joined the tables', async () => {
    const views = viewPatterns();
    const captured: { sql: string; bindings: unknown[] }[] = [];
    const listen = (q: { sql: string; bindings?: unknown[] }) => {
      if (views.some(({ pattern }) => q.sql.match(pattern))) captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    };
    const w = await world(t);
    const e = await sendCommunication(t, w, 'Plan recall', { providers: [w.riverside, w.lakeshore], sites: [w.north] });
    const riverside = (await t.signIn('admin@riverside.demo')).access_token;
    const operator = (await t.signIn('admin@operator.demo')).access_token;
    t.db.on('query', listen);
    try {
      for (const path of [
        '?communicationType=RECALL',
        '?communicationType=RECALL&sortField=site_name&sortDirection=asc',
        '?communicationType=RECALL&responses=1',
      ])
        expect((await t.call('GET', `/api/provider/communications${path}`, { token: riverside })).status).toBe(200);
      expect((await t.call('GET', '/api/notisphere/communications', { token: operator })).status).toBe(200);
      const conversations = `/api/supplier/communications/${e.id}/conversations`;
      expect((await t.call('GET', conversations, { token: w.supplierToken })).status).toBe(200);
      const report = await fetch(`${t.baseUrl}/api/supplier/communications/${e.id}/actions/provider/statusreport/csv`, {
        headers: { authorization: `Bearer ${w.supplierToken}` },
      });
      expect(report.status).toBe(200);
      await report.text();
    } finally {
      t.db.removeListener('query', listen);
    }
    expect(captured.length).toBeGreaterThanOrEqual(6);
    // Every view is met at least once (the customers' in the conversations and the report, the answers' in raw SQL).
    for (const { pattern } of views) expect(captured.some((q) => q.sql.match(pattern))).toBe(true);
    for (const q of captured) {
      const aliases: [string, string][] = [];
      let direct = q.sql;
      for (const { pattern, table } of views)
        direct = direct.replace(pattern, (_m, alias: string) => {
          aliases.push([alias, table]);
          return `"${table}" as "${alias}"`;
        });
      // The pulled-up view is named after its table (organizations, organizations_1, …); the direct join by its alias.
      const tables = [...new Set(views.map((v) => v.table))].join('|');
      const viaView = (await plan(q.sql, q.bindings))
        .replace(new RegExp(`on (${tables}) \\1_\\d+`, 'g'), 'on $1')
        .replace(new RegExp(`\\b(${tables})_\\d+\\.`, 'g'), '$1.');
      let viaTable = await plan(direct, q.bindings);
      // An alias used in several sub-queries (each branch of a UNION) is numbered by EXPLAIN: pc, pc_1, …
      for (const [alias, table] of aliases)
        viaTable = viaTable
          .replace(new RegExp(`on ${table} ${alias}(_\\d+)?\\b`, 'gm'), `on ${table}`)
          .replace(new RegExp(`\\b${alias}(_\\d+)?\\.`, 'g'), `${table}.`);
      expect(viaView).toBe(viaTable);
    }
  });
});
