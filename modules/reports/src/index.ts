import type { ModuleDeps, PortalModule } from '@portal/core';
import { operatorReportRoutes } from './operator-routes.js';
import { supplierReportRoutes } from './routes.js';
import { supplierWorklistRoutes } from './worklist-routes.js';

/** Supplier reports: streamed XLSX/CSV downloads recorded in report history, the event summary, the product template. */
export { effectivenessLevel, fileOf, percent, type ReportContext } from './services/event-reports.js';
export {
  type EffectivenessLevel,
  type OpenRecallEffectiveness,
  openRecallEffectiveness,
} from './services/effectiveness.js';
export { insertReportHistory, openCommunicationReport, reportHistoryOf } from './services/report-history.js';
export { type Cell, cellText, parseDate, readRows } from './services/products.js';

export function createReportsModule(deps: ModuleDeps): PortalModule {
  return {
    name: 'reports',
    routes: [...supplierReportRoutes(deps), ...operatorReportRoutes(deps), ...supplierWorklistRoutes(deps)],
  };
}
