import { registerDelegateRecorder } from '@portal/communications';
import type { ModuleDeps, PortalModule } from '@portal/core';
import { providerDashboardRoutes } from './dashboard-routes.js';
import { operatorRoutes } from './operator-routes.js';
import { providerRoutes } from './routes.js';
import { recordSupplierDelegate } from './services/delegates.js';
import { supplierDelegateRoutes } from './supplier-delegate-routes.js';

// The supplier's delegations are recorded in this module's provider_delegates (communications' delegates port).
registerDelegateRecorder(recordSupplierDelegate);

/** The provider's inbox (received notices, answers, notes, delegates, provider-created events) and the operator's eR view. */
export {
  delegateAnswer,
  delegateAnswerUnits,
  delegateDeleteFile,
  delegateDocuments,
  delegateFile,
  delegateFiles,
  delegateAnswers,
  delegateUpload,
  delegateLink,
  delegateView,
} from './services/delegates.js';
export * as inboxSchemas from './schemas.js';
export { scopeIds } from './services/scope.js';
// Issue 38: the item master's one-step "not affected" answers through the inbox's own.
export { markNotAffected } from './services/not-affected.js';

export function createInboxModule(deps: ModuleDeps): PortalModule {
  return {
    name: 'inbox',
    routes: [
      ...providerRoutes(deps),
      ...operatorRoutes(deps),
      ...providerDashboardRoutes(deps),
      // Issue 33: the supplier's delegates (this module's provider_delegates) on its own events.
      ...supplierDelegateRoutes(deps),
    ],
  };
}
