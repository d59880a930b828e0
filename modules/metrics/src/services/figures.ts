import type { Knex } from 'knex';
import { type Actor, ForbiddenError, isOperator, NotFoundError, type RowOf, type FromSchema } from '@portal/core';
import { scopeIds } from '@portal/inbox';
import { organizationsView } from '@portal/organizations';
import { type OpenRecallEffectiveness, openRecallEffectiveness, percent } from '@portal/reports';
import { type BucketCount, percentile } from './percentiles.js';
import type { metricsResponse, metricsQuery } from '../schemas.js';

export const PERIODS = ['LAST_30_DAYS', 'LAST_90_DAYS', 'LAST_12_MONTHS', 'ALL'] as const;
export type Period = (typeof PERIODS)[number];
export const METRIC_TYPES = ['RECALL', 'PRODUCT DISRUPTION'] as const;

export type MetricsQuery = FromSchema<typeof metricsQuery>;

/** Whose figures: null = every supplier (or provider). */
export interface MetricsScope {
  supplierIds: number[] | null;
  providerIds: number[] | null;
  type: string | null;
  period: Period;
  /** First day counted (UTC, inclusive); null for every day. */
  from: string | null;
  /** Last day counted (UTC, inclusive). */
  to: string;
  granularity: 'week' | 'month';
}

type Rate = RowOf<(typeof metricsResponse)['properties']['response_times']['properties']['acknowledgement']>;

export type Metrics = RowOf<typeof metricsResponse>;

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The days a period covers, ending today (UTC), and the grain of its trend. */
export function periodRange(
  period: Period,
  today = new Date(),
): { from: string | null; to: string; granularity: 'week' | 'month' } {
  const to = isoDay(today);
  const back = (days: number) => isoDay(new Date(Date.parse(to) - (days - 1) * DAY));
  switch (period) {
    case 'LAST_30_DAYS':
      return { from: back(30), to, granularity: 'week' };
    case 'LAST_90_DAYS':
      return { from: back(90), to, granularity: 'week' };
    case 'LAST_12_MONTHS':
      return { from: back(365), to, granularity: 'month' };
    default:
      return { from: null, to, granularity: 'month' };
  }
}

/**
 * Whose figures a caller may read: the operator any supplier's and provider's (filters optional), a supplier its own
 * (a provider filter narrows it), a provider its own organisation and sites (one of them when asked).
 */
export async function scopeOf(db: Knex, actor: Actor, query: MetricsQuery): Promise<MetricsScope> {
  const period = query.period ?? 'LAST_90_DAYS';
  const base = { type: query.type ?? null, period, ...periodRange(period) };
  const one = (id: number | undefined) => (id ? [id] : null);
  if (isOperator(actor)) return { ...base, supplierIds: one(query.supplierId), providerIds: one(query.providerId) };
  if (actor.organizationType === 'SUPPLIER')
    return { ...base, supplierIds: [actor.organizationId], providerIds: one(query.providerId) };
  if (actor.organizationType === 'PROVIDER') {
    const scope = await scopeIds(db, actor);
    if (query.providerId && !scope.includes(query.providerId)) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
    return { ...base, supplierIds: one(query.supplierId), providerIds: query.providerId ? [query.providerId] : scope };
  }
  throw new ForbiddenError();
}

export function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new ForbiddenError();
}

/** The rollup rows of a scope (`metric_notice_days` and `metric_response_times` share the key). */
function scoped(db: Knex, table: string, s: MetricsScope, withProvider = true) {
  const q = db(table);
  if (s.supplierIds) q.whereIn('supplier_id', s.supplierIds);
  if (withProvider && s.providerIds) q.whereIn('provider_id', s.providerIds);
  if (s.type) q.where('type', s.type);
  if (s.from) q.where('day', '>=', s.from);
  return q.where('day', '<=', s.to);
}

const int = (v: unknown) => Number(v ?? 0);
const NOTICE_SUMS = [
  'open_notices',
  'closed_notices',
  'acknowledged',
  'completed',
  'emails',
  'delivered',
  'bounced',
  'failed',
  'opened',
  'clicked',
] as const;
type NoticeSums = Record<(typeof NOTICE_SUMS)[number], number>;
const sums = (db: Knex) => NOTICE_SUMS.map((c) => db.raw(`coalesce(sum(${c}), 0)::bigint AS ${c}`));

/** Every figure of the dashboards for one scope: a handful of grouped reads of the rollups, run side by side. */
export async function getMetrics(db: Knex, s: MetricsScope, withEffectiveness: boolean): Promise<Metrics> {
  const grain = s.granularity;
  const [totals, events, times, perProvider, providerTimes, trend, notesByClass, eventsByClass, effectiveness] =
    await Promise.all([
      scoped(db, 'metric_notice_days', s).first(sums(db)),
      s.providerIds
        ? Promise.resolve(null)
        : scoped(db, 'metric_event_days', s, false)
            .whereNot('status', 'DELETED')
            .groupBy('status')
            .select('status', db.raw('sum(n)::bigint AS n')),
      scoped(db, 'metric_response_times', s)
        .groupBy('measure', 'bucket')
        .select('measure', 'bucket', db.raw('sum(n)::bigint AS n')),
      scoped(db, 'metric_notice_days', s)
        .whereNot('provider_id', 0)
        .groupBy('provider_id')
        .select(
          'provider_id',
          db.raw('sum(open_notices + closed_notices)::bigint AS sent'),
          db.raw('sum(acknowledged)::bigint AS acknowledged'),
        ),
      scoped(db, 'metric_response_times', s)
        .where('measure', 'ACK')
        .whereNot('provider_id', 0)
        .groupBy('provider_id', 'bucket')
        .select('provider_id', 'bucket', db.raw('sum(n)::bigint AS n')),
      scoped(db, 'metric_notice_days', s)
        .groupByRaw('1')
        .orderByRaw('1')
        .select(
          db.raw(`to_char(date_trunc(?, day), 'YYYY-MM-DD') AS start`, [grain]),
          db.raw('sum(open_notices + closed_notices)::bigint AS sent'),
          db.raw('sum(acknowledged)::bigint AS acknowledged'),
          db.raw('sum(completed)::bigint AS completed'),
        ),
      scoped(db, 'metric_notice_days', s)
        .groupBy('classification')
        .select(
          'classification',
          db.raw('sum(open_notices + closed_notices)::bigint AS sent'),
          db.raw('sum(acknowledged)::bigint AS acknowledged'),
          db.raw('sum(completed)::bigint AS completed'),
        ),
      s.providerIds
        ? Promise.resolve([])
        : scoped(db, 'metric_event_days', s, false)
            .whereNot('status', 'DELETED')
            .groupBy('classification')
            .select('classification', db.raw('sum(n)::bigint AS n')),
      withEffectiveness ? openRecallEffectiveness(db, { supplierIds: s.supplierIds, sentFrom: s.from }) : null,
    ]);
  const t = Object.fromEntries(NOTICE_SUMS.map((c) => [c, int((totals as NoticeSums)[c])])) as NoticeSums;
  const sent = t.open_notices + t.closed_notices;

  const eventsByStatus: Record<string, number> = events
    ? { DRAFT: 0, OPEN: 0, CLOSED: 0 }
    : { OPEN: t.open_notices, CLOSED: t.closed_notices };
  for (const r of (events ?? []) as { status: string; n: string }[]) eventsByStatus[r.status] = int(r.n);

  const histogram = (measure: string): BucketCount[] =>
    (times as { measure: string; bucket: number; n: string }[])
      .filter((r) => r.measure === measure)
      .map((r) => ({ bucket: r.bucket, n: int(r.n) }));
  const rate = (buckets: BucketCount[]): Rate => ({
    count: buckets.reduce((a, b) => a + b.n, 0),
    median: percentile(buckets, 0.5),
    p90: percentile(buckets, 0.9),
  });

  const slowest = await slowestProviders(
    db,
    perProvider as { provider_id: string; sent: string; acknowledged: string }[],
    providerTimes as { provider_id: string; bucket: number; n: string }[],
  );

  const eventsOfClass = new Map(
    (eventsByClass as { classification: string; n: string }[]).map((r) => [r.classification, int(r.n)]),
  );
  const byClass = new Map<string, Metrics['by_class'][number]>();
  for (const [classification, n] of eventsOfClass)
    byClass.set(classification, { classification, events: n, sent: 0, acknowledged: 0, completed: 0 });
  for (const r of notesByClass as { classification: string; sent: string; acknowledged: string; completed: string }[]) {
    const row = byClass.get(r.classification) ?? {
      classification: r.classification,
      events: 0,
      sent: 0,
      acknowledged: 0,
      completed: 0,
    };
    byClass.set(r.classification, {
      ...row,
      sent: int(r.sent),
      acknowledged: int(r.acknowledged),
      completed: int(r.completed),
    });
  }

  return {
    scope: {
      supplier_id: s.supplierIds?.length === 1 ? s.supplierIds[0]! : null,
      provider_id: s.providerIds?.length === 1 ? s.providerIds[0]! : null,
      type: s.type,
      period: s.period,
      from: s.from,
      to: s.to,
      granularity: s.granularity,
    },
    events: {
      unit: events ? 'events' : 'notices',
      by_status: eventsByStatus,
      total: Object.values(eventsByStatus).reduce((a, b) => a + b, 0),
    },
    notices: {
      sent,
      acknowledged: t.acknowledged,
      completed: t.completed,
      acknowledgement_rate: percent(t.acknowledged, sent),
      completion_rate: percent(t.completed, sent),
    },
    response_times: { acknowledgement: rate(histogram('ACK')), completion: rate(histogram('DONE')) },
    emails: {
      sent: t.emails,
      delivered: t.delivered,
      opened: t.opened,
      clicked: t.clicked,
      bounced: t.bounced,
      error: t.failed,
    },
    slowest_providers: slowest,
    effectiveness: effectiveness ? await withSupplierNames(db, effectiveness) : null,
    trend: fillTrend(
      trend as { start: string; sent: string; acknowledged: string; completed: string }[],
      s.from,
      s.to,
      grain,
    ),
    by_class: [...byClass.values()].sort((a, b) => a.classification.localeCompare(b.classification)),
  };
}

/**
 * The ten providers slowest to acknowledge: those that acknowledged nothing yet first (most notices waiting first), then
 * by median time to first acknowledgement, longest first.
 */
async function slowestProviders(
  db: Knex,
  perProvider: { provider_id: string; sent: string; acknowledged: string }[],
  times: { provider_id: string; bucket: number; n: string }[],
): Promise<Metrics['slowest_providers']> {
  const histograms = new Map<number, BucketCount[]>();
  for (const r of times) {
    const id = int(r.provider_id);
    histograms.set(id, [...(histograms.get(id) ?? []), { bucket: r.bucket, n: int(r.n) }]);
  }
  const ranked = perProvider
    .map((p) => {
      const id = int(p.provider_id);
      const sent = int(p.sent);
      const acknowledged = int(p.acknowledged);
      return {
        id,
        sent,
        acknowledged,
        acknowledgement_rate: percent(acknowledged, sent),
        median_acknowledgement: percentile(histograms.get(id) ?? [], 0.5),
      };
    })
    .filter((p) => p.sent > 0)
    .sort((a, b) => {
      if ((a.median_acknowledgement === null) !== (b.median_acknowledgement === null))
        return a.median_acknowledgement === null ? -1 : 1;
      if (a.median_acknowledgement === null) return b.sent - a.sent || a.id - b.id;
      return b.median_acknowledgement! - a.median_acknowledgement! || a.id - b.id;
    })
    .slice(0, 10);
  const names = await namesOf(
    db,
    ranked.map((r) => r.id),
  );
  return ranked.map((r) => ({ ...r, name: names.get(r.id) ?? '' }));
}

async function namesOf(db: Knex, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows: { id: number; name: string }[] = await db
    .from(organizationsView(db).as('o'))
    .whereIn('id', ids)
    .select('id', 'name');
  return new Map(rows.map((o) => [Number(o.id), o.name]));
}

async function withSupplierNames(db: Knex, e: OpenRecallEffectiveness): Promise<NonNullable<Metrics['effectiveness']>> {
  const names = await namesOf(db, [...new Set(e.recalls.map((r) => r.supplier_id))]);
  return { ...e, recalls: e.recalls.map((r) => ({ ...r, supplier_name: names.get(r.supplier_id) ?? '' })) };
}

/** Start of the week (Monday, as date_trunc) or month holding a day. */
function bucketStart(day: string, grain: 'week' | 'month'): string {
  if (grain === 'month') return `${day.slice(0, 7)}-01`;
  const d = new Date(`${day}T00:00:00Z`);
  return isoDay(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY));
}

/** Every week or month of the period, with zeros where nothing was sent. */
function fillTrend(
  rows: { start: string; sent: string; acknowledged: string; completed: string }[],
  from: string | null,
  to: string,
  grain: 'week' | 'month',
): Metrics['trend'] {
  const found = new Map(rows.map((r) => [r.start, r]));
  const first = from ?? rows[0]?.start;
  if (!first) return [];
  const out: Metrics['trend'] = [];
  for (let start = bucketStart(first, grain); start <= to; ) {
    const r = found.get(start);
    out.push({ start, sent: int(r?.sent), acknowledged: int(r?.acknowledged), completed: int(r?.completed) });
    const d = new Date(`${start}T00:00:00Z`);
    if (grain === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    start = isoDay(d);
  }
  return out;
}
