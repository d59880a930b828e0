import type { ModuleDeps, PortalModule } from '@portal/core';
import { supplierCommunicationRoutes } from './routes.js';

export { sendReminders } from './services/sending.js';
export { appendHistory, listHistory } from './services/history.js';
export { COMMUNICATION_TYPES, ACTION_TYPES, type CommunicationType, type ActionType } from './constants.js';

export function createCommunicationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'communications', routes: supplierCommunicationRoutes(deps) };
}
