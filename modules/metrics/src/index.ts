import type { ModuleDeps, PortalModule } from '@portal/core';
import { metricsRoutes } from './routes.js';

/** Dashboards and key metrics: figures read off daily rollups that triggers keep beside the rows (docs/decisions.md). */
export { type Metrics, type MetricsQuery, PERIODS } from './services/figures.js';

export function createMetricsModule(deps: ModuleDeps): PortalModule {
  return { name: 'metrics', routes: metricsRoutes(deps) };
}
