import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { type MetricsFilters, useMetrics } from '../../api/metrics';
import { PageHeader } from '../../shared/lists/table';
import { MetricsState, PeriodTypeFilters } from './MetricsBoard';
import { NewsCards } from './NewsCards';
import { AuditTrailCard } from './AuditTrailCard';

/** The operator's dashboard: the whole platform's figures, by period and type (Key Metrics narrows them further). */
export default function DashboardPage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState<MetricsFilters>({ period: 'LAST_90_DAYS' });
  const metrics = useMetrics('operator', filters);
  return (
    <section className="space-y-4" data-testid="operator-dashboard">
      <PageHeader title={t`Dashboard`} />
      <NewsCards />
      <div className="flex flex-wrap gap-3">
        <PeriodTypeFilters filters={filters} onChange={setFilters} />
      </div>
      <MetricsState data={metrics.data} error={metrics.error} isLoading={metrics.isLoading} />
      <AuditTrailCard />
    </section>
  );
}
