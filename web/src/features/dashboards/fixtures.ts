import type { Metrics } from '../../api/metrics';

/** A dashboard answer for web tests (the shape of modules/metrics' response schema). */
export function metricsAnswer(overrides: Partial<Metrics> = {}): Metrics {
  return {
    scope: {
      supplier_id: null,
      provider_id: null,
      type: null,
      period: 'LAST_90_DAYS',
      from: '2026-08-26',
      to: '2026-11-23',
      granularity: 'week',
    },
    events: { unit: 'events', by_status: { DRAFT: 1, OPEN: 2, CLOSED: 1 }, total: 4 },
    notices: { sent: 1234, acknowledged: 926, completed: 463, acknowledgement_rate: 75, completion_rate: 37.5 },
    response_times: {
      acknowledgement: { count: 926, median: 12_600, p90: 68_400 },
      completion: { count: 463, median: 36_000, p90: 3 * 86_400 },
    },
    emails: { sent: 1300, delivered: 1250, opened: 900, clicked: 300, bounced: 30, error: 20 },
    slowest_providers: [
      {
        id: 7,
        name: 'Lakeshore Medical Center',
        sent: 30,
        acknowledged: 0,
        acknowledgement_rate: 0,
        median_acknowledgement: null,
      },
      {
        id: 4,
        name: 'Riverside Health',
        sent: 300,
        acknowledged: 280,
        acknowledgement_rate: 93.3,
        median_acknowledgement: 7200,
      },
    ],
    effectiveness: {
      levels: { A: 1, B: 2, C: 0, D: 0, E: 1 },
      recalls: [
        {
          id: 31,
          name: 'Infusion pumps',
          event_id: 'E-31',
          supplier_id: 2,
          supplier_name: 'Acme Medical Devices',
          consignees: 4,
          acknowledged: 3,
          level: 'B',
        },
      ],
    },
    trend: [
      { start: '2026-11-09', sent: 234, acknowledged: 200, completed: 100 },
      { start: '2026-11-16', sent: 1000, acknowledged: 726, completed: 363 },
    ],
    by_class: [
      { classification: '', events: 1, sent: 34, acknowledged: 26, completed: 13 },
      { classification: 'CLASSI', events: 3, sent: 1200, acknowledged: 900, completed: 450 },
      { classification: 'NOT_YET_CLASSIFIED', events: 2, sent: 0, acknowledged: 0, completed: 0 },
    ],
    ...overrides,
  };
}
