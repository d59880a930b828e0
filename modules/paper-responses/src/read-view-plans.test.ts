import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionsView,
  affectedCustomersView,
  affectedLocationsView,
  answersView,
  communicationsView,
  customRowsView,
  historyView,
  productsView,
  providerCommunicationsView,
  talliesView,
  unitAnswersView,
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
 * Each of communications' read views as it appears inside a query (`(select … from "communications") as "c"`, or
 * `(select …) r` where raw SQL binds one), and the one table it reads.
 */
function views(): { pattern: RegExp; table: string }[] {
  return [
    { sql: communicationsView(t.db).toSQL().sql, table: 'communications' },
    { sql: talliesView(t.db).toSQL().sql, table: 'communication_tallies' },
    { sql: providerCommunicationsView(t.db).toSQL().sql, table: 'provider_communications' },
    { sql: affectedCustomersView(t.db).toSQL().sql, table: 'communication_affected_customers' },
    { sql: affectedLocationsView(t.db).toSQL().sql, table: 'communication_affected_locations' },
    { sql: actionsView(t.db).toSQL().sql, table: 'communication_actions' },
    { sql: answersView(t.db).toSQL().sql, table: 'provider_responses' },
    { sql: historyView(t.db).toSQL().sql, table: 'communication_history' },
    { sql: productsView(t.db).toSQL().sql, table: 'communication_products' },
    { sql: customRowsView(t.db).toSQL().sql, table: 'communication_custom_rows' },
    { sql: unitAnswersView(t.db).toSQL().sql, table: 'provider_unit_answers' },
  ].map(({ sql, table }) => ({ pattern: new RegExp(`\\(${escapeRegExp(sql)}\\)(?: as)? "?(\\w+)"?`, 'g'), table }));
}

/** The same query with each view replaced by its table under the view's alias. */
function direct(sql: string): string {
  let out = sql;
  for (const { pattern, table } of views())
    out = out.replace(pattern, (_m, alias: string) => `"${table}" as "${alias}"`);
  return out;
}

/** A plan without its relation aliases (`on communications c_1` → `on communications`, `c_1.id` → `id`). */
const withoutAliases = (plan: string) => plan.replace(/ on (\w+) \w+$/gm, ' on $1').replace(/\b\w+\.(?=\w)/g, '');

describe("the reports and paper responses joined to communications' read views", () => {
  // The summary reports, the open recalls' effectiveness, the supplier's per-event reports and the paper responses'
  // list, customer picker and template read communications' tables through its views. PostgreSQL must pull each view
  // up into the outer query, so the plan is the one of the same query naming the tables (a DISTINCT, LIMIT or
  // aggregate in a view would show as a node of its own, and a filter it hid from an index as another scan).
  it('plan exactly as they would naming the tables', async () => {
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
        ...[
          'actions/provider/statusreport/csv',
          'fdareport',
          'recalleventstatusreport/csv',
          'eventstatusbylocation',
          'auditreport/csv',
          'notificationreport',
          'paper-response-template',
        ].map((report) => [`/api/supplier/communications/${e.id}/${report}`, supplier] as const),
      ] as const) {
        const report = await fetch(`${t.baseUrl}${url}`, { headers });
        expect(report.status, url).toBe(200);
        await report.arrayBuffer();
      }
      expect(
        (await t.call('GET', `/api/supplier/communications/${e.id}/summary`, { token: w.supplierToken })).status,
      ).toBe(200);
      await openRecallEffectiveness(t.db, { supplierIds: [w.acme], sentFrom: null });
    } finally {
      t.db.removeListener('query', listen);
    }
    // Every view is met at least once, but those of a custom-content communication's units and fields (this recall has
    // none): its products' values, its rows, their answers and its per-unit actions.
    const unitsOnly = [
      'communication_products',
      'communication_custom_rows',
      'provider_unit_answers',
      'communication_actions',
    ];
    for (const { pattern, table } of views())
      if (!unitsOnly.includes(table))
        expect(
          captured.some((q) => q.sql.match(pattern)),
          table,
        ).toBe(true);
    for (const q of captured) {
      const viaTables = direct(q.sql);
      expect(patterns.some((p) => viaTables.match(p))).toBe(false);
      expect(withoutAliases(await plan(q.sql, q.bindings))).toBe(withoutAliases(await plan(viaTables, q.bindings)));
    }
  });
});
