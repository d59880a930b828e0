import type { ModuleDeps, Route } from '@portal/core';
import { wizardRoutes } from './wizard-routes.js';
import { followUpRoutes } from './follow-up-routes.js';
import { communicationRoutes } from './communication-routes.js';
import { trackingRoutes } from './tracking-routes.js';
import { historyRoutes } from './history-routes.js';
import { reminderRoutes } from './reminder-routes.js';
import { supplierAttentionRoutes } from './attention-routes.js';

/**
 * The supplier's event calls under /supplier/communications, in the order the router tries them (fixed segments before
 * parameters in the same position).
 */
export function supplierCommunicationRoutes(deps: ModuleDeps): Route[] {
  return [
    ...wizardRoutes(deps),
    ...followUpRoutes(deps),
    ...communicationRoutes(deps),
    ...trackingRoutes(deps),
    ...historyRoutes(deps),
    ...reminderRoutes(deps),
    ...supplierAttentionRoutes(deps),
  ];
}
