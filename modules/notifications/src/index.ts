import type { ModuleDeps, PortalModule } from '@portal/core';
import { notificationRoutes } from './routes.js';
import { emailTemplateRoutes } from './templates/routes.js';

export {
  enqueueEmail,
  enqueueEmails,
  addOutboxJobs,
  OUTBOX_JOB_SIZE,
  MISSING_TEMPLATE_STATUS,
  missingTemplate,
} from './outbox-queue.js';
export { drainOutbox, OutboxSender, listOutbox, contentOf, createTransport, MAX_ATTEMPTS } from './outbox.js';
// Read views of the outbox for the modules that list or count their mail.
export {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  deliveryView,
  emailEventsOf,
  engagementOf,
  findOutboxEmail,
  openedAndClicked,
  outboxView,
  type OutboxEmailRow,
} from './views.js';
export type { OutgoingEmail, WrittenEmail, TemplatedEmail, BulkEmail, OutboxRow } from './outbox-queue.js';
export type { DrainResult } from './outbox.js';
export { TEMPLATE_LANGUAGES } from './templates/catalog.js';
export { TEMPLATE_KINDS, templateKind } from './templates/kinds.js';
export type { TemplateKind, TemplateLanguage } from './templates/catalog.js';
export { loadTemplate } from './templates/render.js';
export type { LoadedTemplate, StoredContent, TemplateRef } from './templates/render.js';
export { Mailer, OUTBOX_CONCURRENCY } from './mailer.js';
export { type OutboxBacklog, outboxBacklog, recoverOutbox } from './backlog.js';
export {
  recipientLanguages,
  registerRecipientLanguages,
  registerUsersView,
  type RecipientLanguages,
  type UsersView,
} from './recipients.js';
export { pixelUrl, trackedUrl } from './tracking.js';
export { emailsAbout, type ReportedEmail } from './event-emails.js';

export function createNotificationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'notifications', routes: [...notificationRoutes(deps), ...emailTemplateRoutes(deps)] };
}
