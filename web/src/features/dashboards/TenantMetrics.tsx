import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { type MetricsFilters, type MetricsSide, useMetrics } from '../../api/metrics';
import { authAtom } from '../../state/auth';
import { hasAnyPermission } from '../../shared/session/permissions';
import { MetricsState, PeriodTypeFilters } from './MetricsBoard';

const DASHBOARD_PERMISSIONS: Record<Exclude<MetricsSide, 'operator'>, string[]> = {
  supplier: ['Supplier_ViewDashboard'],
  provider: ['Provider_ViewDashboard', 'View_Dashboard'],
};

/** The charts of a supplier's or provider's own figures on its dashboard, for roles that may view the dashboard. */
export function TenantMetrics({ side }: { side: Exclude<MetricsSide, 'operator'> }) {
  const { permissions } = useAtomValue(authAtom);
  const allowed = hasAnyPermission(permissions, DASHBOARD_PERMISSIONS[side]);
  const [filters, setFilters] = useState<MetricsFilters>({ period: 'LAST_90_DAYS' });
  const metrics = useMetrics(side, allowed ? filters : null);
  if (!allowed) return null;
  return (
    <section className="space-y-3" data-testid={`${side}-metrics`} aria-labelledby={`${side}-metrics-title`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${side}-metrics-title`} className="text-lg font-semibold">
          <Trans>Key figures</Trans>
        </h2>
        <div className="flex flex-wrap gap-3">
          <PeriodTypeFilters filters={filters} onChange={setFilters} />
        </div>
      </div>
      <MetricsState data={metrics.data} error={metrics.error} isLoading={metrics.isLoading} />
    </section>
  );
}
