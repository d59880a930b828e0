/**
 * The bench case of the dashboards: every figures call (operator, supplier, provider; several filters and
 * periods) and kpi-meta through the BFF, timed over `runs` calls, with the figures each answered, against the same
 * headline figures computed live from the raw rows (the baseline the rollups replace).
 */
import type { Client } from 'pg';
import { ms, ratio, repeat, table } from './harness.js';

interface Figures {
  events: { unit: string; total: number };
  notices: {
    sent: number;
    acknowledged: number;
    completed: number;
    acknowledgement_rate: number;
    completion_rate: number;
  };
  response_times: {
    acknowledgement: { median: number | null; p90: number | null };
    completion: { median: number | null };
  };
  emails: { sent: number; delivered: number };
  slowest_providers: unknown[];
  effectiveness: { levels: Record<string, number> } | null;
  trend: unknown[];
}

const hours = (s: number | null | undefined) => (s === null || s === undefined ? '–' : `${(s / 3600).toFixed(1)} h`);

export async function measureMetrics(o: {
  get: (p: string, as: Record<string, string>) => Promise<Response>;
  client: Client;
  as: { operator: Record<string, string>; supplier: Record<string, string>; provider: Record<string, string> };
  supplierId: number;
  providerId: number;
  runs: number;
  log: (m: string) => void;
  capture: (fn: () => Promise<unknown>) => Promise<{ sql: string; bindings: unknown[] }[]>;
}): Promise<string[]> {
  const cases: [string, string, Record<string, string>][] = [
    ['operator: every tenant, last 90 days', '/notisphere/metrics', o.as.operator],
    ['operator: every tenant, all time', '/notisphere/metrics?period=ALL', o.as.operator],
    [
      'operator: one supplier, recalls, 12 months',
      `/notisphere/metrics?supplierId=${o.supplierId}&type=RECALL&period=LAST_12_MONTHS`,
      o.as.operator,
    ],
    ['operator: one provider, all time', `/notisphere/metrics?providerId=${o.providerId}&period=ALL`, o.as.operator],
    ['supplier dashboard (Acme), all time', '/supplier/dashboard/metrics?period=ALL', o.as.supplier],
    ['provider dashboard (Riverside and sites), all time', '/provider/dashboard/metrics?period=ALL', o.as.provider],
    ['kpi-meta/0', '/notisphere/organizations/kpi-meta/0', o.as.operator],
    ['kpi-meta/{Acme}', `/notisphere/organizations/kpi-meta/${o.supplierId}`, o.as.operator],
  ];
  const rows: string[][] = [];
  const plans: string[] = [];
  for (const [name, path, as] of cases) {
    const stats = await repeat(o.runs, async () => {
      await (await o.get(path, as)).arrayBuffer();
    });
    const d = ((await (await o.get(path, as)).json()) as { d: Figures }).d;
    const statements = await o.capture(async () => (await o.get(path, as)).arrayBuffer());
    const figures = d.notices
      ? `${d.events.unit} ${d.events.total}; sent ${d.notices.sent}, ack ${d.notices.acknowledgement_rate}%, done ${d.notices.completion_rate}%; ack median ${hours(d.response_times.acknowledgement.median)} p90 ${hours(d.response_times.acknowledgement.p90)}; done median ${hours(d.response_times.completion.median)}; emails ${d.emails.sent}; levels ${
          d.effectiveness
            ? Object.entries(d.effectiveness.levels)
                .map(([l, n]) => `${l}${n}`)
                .join(' ')
            : '–'
        }; ${d.trend.length} trend points`
      : 'filter values';
    rows.push([name, ms(stats.median), ms(stats.p95), ms(stats.min), String(statements.length), figures]);
    o.log(`  metrics ${name}: ${ms(stats.median)} (${figures})`);
    if (name === 'operator: every tenant, all time') {
      for (const s of statements.filter((x) => /metric_|communication_tallies/.test(x.sql))) {
        const explained = await o.client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${s.sql}`, s.bindings);
        plans.push(
          `-- metrics (operator, all time): ${s.sql.slice(0, 140)}...\n${explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n')}`,
        );
      }
    }
  }
  // The baseline: the headline notice figures and the acknowledgement median straight from the raw rows.
  const raw = await repeat(
    Math.min(3, o.runs),
    () =>
      o.client.query(`SELECT count(*), count(acknowledged_at), count(*) FILTER (WHERE response_status = 'COMPLETED'),
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM acknowledged_at - sent_at)),
      percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM acknowledged_at - sent_at))
      FROM provider_communications WHERE status <> 'DELETED'`),
    1,
  );
  const allTime = rows[1]!;
  return [
    '## Dashboards and key metrics (issue 11): figures calls through the BFF',
    '',
    `Median of ${o.runs} calls after 2 warm-ups; statements as knex sent them (the caller lookup included). Figures are read`,
    'off the daily rollups (metric_event_days, metric_notice_days, metric_response_times); the FDA levels of open recalls',
    'group the events list tallies. Baseline: the notice totals and acknowledgement median/p90 of every provider',
    'communication computed live from the raw rows (one statement, no HTTP).',
    '',
    table(['case', 'api median', 'api p95', 'api min', 'statements', 'figures answered'], rows),
    '',
    `Raw baseline (count and percentile_cont over provider_communications): ${ms(raw.median)} median of ${raw.n}; the operator's all-time call takes ${allTime[1]} (${ratio(Number.parseFloat(allTime[1]!), raw.median)} of it) and answers every figure.`,
    '',
    '```',
    ...plans,
    '```',
  ];
}
