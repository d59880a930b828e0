import { useApi } from './client';
import type { QueryParams, ResponseData } from './contract';

/** Dashboards and key metrics (modules/metrics): the figures of a scope, and the key metrics' filter values. */
export type Metrics = ResponseData<'getNotisphereMetrics'>;
export type MetricsFilters = QueryParams<'getNotisphereMetrics'>;
export type MetricsPeriod = NonNullable<MetricsFilters['period']>;
export type KpiMeta = ResponseData<'getNotisphereOrganizationsKpiMetaId'>;

export const METRICS_PATHS = {
  operator: '/notisphere/metrics',
  supplier: '/supplier/dashboard/metrics',
  provider: '/provider/dashboard/metrics',
} as const;
export type MetricsSide = keyof typeof METRICS_PATHS;

/** The figures of one side's dashboard; `null` filters fetch nothing (the caller may not see them). */
export function useMetrics(side: MetricsSide, filters: MetricsFilters | null) {
  return useApi<Metrics>(filters ? METRICS_PATHS[side] : null, filters ?? undefined, {
    errorModal: false,
    swr: { keepPreviousData: true },
  });
}

/** Suppliers, the providers a supplier sent to (every provider for 0), types and periods. */
export function useKpiMeta(supplierId: number | undefined) {
  return useApi<KpiMeta>(`/notisphere/organizations/kpi-meta/${supplierId ?? 0}`, undefined, { errorModal: false });
}
