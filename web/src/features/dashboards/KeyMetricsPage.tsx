import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { type MetricsFilters, useKpiMeta, useMetrics } from '../../api/metrics';
import { PageHeader } from '../../shared/lists/table';
import { FilterSelect, MetricsState, PeriodTypeFilters } from './MetricsBoard';

/** Key metrics: every figure, filtered by supplier, provider (those the supplier sent to), type and period. */
export default function KeyMetricsPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<MetricsFilters>({ period: 'LAST_90_DAYS' });
  const meta = useKpiMeta(filters.supplierId);
  const metrics = useMetrics('operator', filters);
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <section className="space-y-4" data-testid="key-metrics">
      <PageHeader title={t`Key Metrics`} />
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          label={t`Supplier`}
          value={filters.supplierId ? String(filters.supplierId) : undefined}
          allLabel={t`All suppliers`}
          options={options(meta.data?.suppliers)}
          // A provider picked for another supplier may not be among this one's: start the provider over.
          onChange={(v) => setFilters({ ...filters, supplierId: v ? Number(v) : undefined, providerId: undefined })}
        />
        <FilterSelect
          label={t`Provider`}
          value={filters.providerId ? String(filters.providerId) : undefined}
          allLabel={t`All providers`}
          options={options(meta.data?.providers)}
          onChange={(v) => setFilters({ ...filters, providerId: v ? Number(v) : undefined })}
        />
        <PeriodTypeFilters filters={filters} onChange={setFilters} />
      </div>
      <MetricsState data={metrics.data} error={metrics.error} isLoading={metrics.isLoading} />
    </section>
  );
}
