import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  affectedLocationsView,
  customerProviderCommunicationsView,
  reportCommunicationsView,
  talliedCommunicationsView,
} from '@portal/communications';
import { openRecallEffectiveness } from '@portal/reports';
import { sendCommunication, startTestApp, type TestApp, world } from '@portal/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function plan(sql: string, bindings: readonly unknown[]): Promise<string> {
  // The captured SQL is PostgreSQL's ($1, $2, …); knex.raw takes `?`.
  const ordered = [...sql.matchAll(/\$(\d+)/g)].map((m) => bindings[Number(m[1]) - 1]);
  const { rows } = await t.db.raw(`EXPLAIN (COSTS OFF) ${sql.replace(/\$\d+/g, '?')}`, ordered as never);
  return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * Each view as it appears inside a query (`(select … from "communications") as "c"`), and what it stands for: its
 * tables joined under the view's alias (`X`), and the columns it renames (the view's → the table's, under `X_…`).
 */
function views(): { pattern: RegExp; tables: (x: string) => string; renamed: [string, string][] }[] {
  const of = (sql: string) => new RegExp(`\\(${escapeRegExp(sql)}\\) as "(\\w+)"`, 'g');
  return [
    {
      pattern: of(reportCommunicationsView(t.db).toSQL().sql),
      tables: (x) => `"communications" as "${x}"`,
      renamed: [],
    },
    {
      pattern: of(affectedLocationsView(t.db).toSQL().sql),
      tables: (x) => `"communication_affected_locations" as "${x}"`,
      renamed: [],
    },
    {
      pattern: of(customerProviderCommunicationsView(t.db).toSQL().sql),
      tables: (x) =>
        `("provider_communications" as "${x}" inner join "communication_affected_customers" as "${x}_ac" on "${x}_ac"."id" = "${x}"."affected_customer_id")`,
      renamed: [['customer_name', '_ac.name']],
    },
    {
      pattern: of(talliedCommunicationsView(t.db).toSQL().sql),
      tables: (x) =>
        `("communications" as "${x}" inner join "communication_tallies" as "${x}_t" on "${x}_t"."communication_id" = "${x}"."id")`,
      renamed: [
        ['customers', '_t.customers'],
        ['acknowledged', '_t.acknowledged'],
      ],
    },
  ];
}

/** The same query with each view replaced by the join it stands for. */
function direct(sql: string): string {
  let out = sql;
  for (const { pattern, tables, renamed } of views()) {
    const aliases: string[] = [];
    out = out.replace(pattern, (_m, alias: string) => {
      aliases.push(alias);
      return tables(alias);
    });
    for (const x of aliases)
      for (const [column, to] of renamed) {
        const [suffix, name] = to.split('.') as [string, string];
        out = out
          .replace(new RegExp(`"${x}"\\."${column}"`, 'g'), `"${x}${suffix}"."${name}"`)
          .replace(new RegExp(`\\b${x}\\.${column}\\b`, 'g'), `"${x}${suffix}"."${name}"`);
      }
  }
  return out;
}

/** A plan without its relation aliases (`on communications c_1` → `on communications`, `c_1.id` → `id`). */
const withoutAliases = (plan: string) => plan.replace(/ on (\w+) \w+$/gm, ' on $1').replace(/\b\w+\.(?=\w)/g, '');

describe("the reports and paper responses joined to communications' read views", () => {
  // Issue 10: the summary reports, the open recalls' effectiveness and the paper responses' list and customer picker
  // read communications' tables through its views. PostgreSQL must pull each view up into the outer query, so the
  // plan is the one of the same query joining the tables directly (a DISTINCT, LIMIT or aggregate in a view would
  // show as a node of its own).
  it('plan exactly as they would joining the tables', async () => {
    const patterns = views().map((v) => v.pattern);
    const captured: { sql: string; bindings: unknown[] }[] = [];
    const listen = (q: { sql: string; bindings?: unknown[] }) => {
      if (patterns.some((p) => q.sql.match(p))) captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
    };
    const w = await world(t);
    const e = await sendCommunication(t, w, 'Plan paper recall', {
      providers: [w.riverside, w.lakeshore],
      sites: [w.north],
    });
    const operator = (await t.signIn('admin@operator.demo')).access_token;
    const supplier = { authorization: `Bearer ${w.supplierToken}`, timezone: 'UTC' };
    t.db.on('query', listen);
    try {
      for (const path of [
        `paper/${e.id}/list?search=a&sortField=customer_name&sortDirection=asc`,
        `paper/${e.id}/list`,
        `paper/${e.id}/providernames`,
      ])
        expect((await t.call('GET', `/api/supplier/communications/${path}`, { token: w.supplierToken })).status).toBe(
          200,
        );
      for (const [url, headers] of [
        [`/api/supplier/communications/${e.id}/summeryreport`, supplier],
        ['/api/supplier/dashboard/ALL/actions/supplier/summeryreport/csv', supplier],
        ['/api/notisphere/communications/csv/summary?status=OPEN', { authorization: `Bearer ${operator}` }],
      ] as const) {
        const report = await fetch(`${t.baseUrl}${url}`, { headers });
        expect(report.status).toBe(200);
        await report.arrayBuffer();
      }
      await openRecallEffectiveness(t.db, { supplierIds: [w.acme], sentFrom: null });
    } finally {
      t.db.removeListener('query', listen);
    }
    // Every view is met at least once.
    for (const p of patterns) expect(captured.some((q) => q.sql.match(p))).toBe(true);
    for (const q of captured) {
      const viaTables = direct(q.sql);
      expect(patterns.some((p) => viaTables.match(p))).toBe(false);
      expect(withoutAliases(await plan(q.sql, q.bindings))).toBe(withoutAliases(await plan(viaTables, q.bindings)));
    }
  });
});
