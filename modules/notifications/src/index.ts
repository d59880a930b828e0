export { enqueueEmail, drainOutbox, listOutbox, createTransport, MAX_ATTEMPTS } from './outbox.js';
export type { OutgoingEmail, OutboxRow, DrainResult } from './outbox.js';
export { Mailer } from './mailer.js';
