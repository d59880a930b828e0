import type { RowOf } from '@portal/core';
import type { Knex } from 'knex';
import { vocabularyOptions } from '@portal/vocabulary';
import { organizationsView } from '@portal/organizations';
import { PERIODS } from './figures.js';
import type { kpiMetaResponse } from '../schemas.js';

const PERIOD_LABELS: Record<(typeof PERIODS)[number], string> = {
  LAST_30_DAYS: 'Last 30 days',
  LAST_90_DAYS: 'Last 90 days',
  LAST_12_MONTHS: 'Last 12 months',
  ALL: 'All time',
};

export type KpiMeta = RowOf<typeof kpiMetaResponse>;

/**
 * The key metrics' filter values (GET /notisphere/organizations/kpi-meta/{id or 0}): every supplier; the providers
 * that supplier `id` has sent to (read off the rollup's keys), or every provider organisation for 0; types; periods.
 */
export async function kpiMeta(db: Knex, supplierId: number): Promise<KpiMeta> {
  const organizations = (type: 'SUPPLIER' | 'PROVIDER') =>
    db.from(organizationsView(db).as('o')).where({ type }).orderBy('name').orderBy('id');
  const providers = organizations('PROVIDER');
  if (supplierId)
    providers.whereIn(
      'id',
      db('metric_notice_days').where({ supplier_id: supplierId }).whereNot({ provider_id: 0 }).distinct('provider_id'),
    );
  const [suppliers, reached] = await Promise.all([
    organizations('SUPPLIER').select('id', 'name'),
    providers.select('id', 'name'),
  ]);
  const pick = (o: { id: number; name: string }) => ({ id: Number(o.id), name: o.name });
  return {
    suppliers: suppliers.map(pick),
    providers: reached.map(pick),
    types: vocabularyOptions('communicationType'),
    periods: PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] })),
  };
}
