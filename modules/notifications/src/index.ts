import type { ModuleDeps, PortalModule } from '@portal/core';
import { notificationRoutes } from './routes.js';

export {
  enqueueEmail,
  enqueueEmails,
  reserveOutboxIds,
  drainOutbox,
  listOutbox,
  createTransport,
  MAX_ATTEMPTS,
} from './outbox.js';
export type { OutgoingEmail, BulkEmail, OutboxRow, DrainResult } from './outbox.js';
export { Mailer } from './mailer.js';
export { pixelUrl, trackedUrl } from './tracking.js';

export function createNotificationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'notifications', routes: notificationRoutes(deps) };
}
