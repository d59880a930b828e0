/** The building blocks of the emails' default wording: placeholders and paragraphs. */
import type { Placeholder } from './catalog.js';

export const p = (name: string, description: string, sample: string): Placeholder => ({ name, description, sample });
export const para = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');
export const linkPara = (name: string) => `<p><a href="{{ ${name} }}">{{ ${name} }}</a></p>`;

export const code = p('code', 'The one-time code', '493817');
export const minutes = p('minutes', 'Minutes until the code expires', '15');
export const hours = p('hours', 'Hours until the link expires', '72');
export const eventName = p('event_name', 'Name of the recall or advisory', 'Saline flush syringes, lot 22A');
export const eventId = p('event_id', "The event's reference (may be empty)", 'RC-2026-0042');
export const supplierName = p('supplier_name', 'Name of the supplier', 'Acme Medical Devices');
export const customerName = p('customer_name', "Name of the recipient's organisation", 'Riverside Hospital');
export const noticeLink = p(
  'notice_link',
  'Personal link to the notice',
  'https://portal.example/provider/recall-notice-webform?token=sample',
);
export const senderEmail = p('sender_email', 'Email of the person who sent it', 'coordinator@riverside.example');
export const message = p(
  'message',
  'Message written by the sender (may be empty)',
  'Please check the ward stock today.',
);
export const actionTitle = p(
  'action_title',
  'Title of the delegated action (empty when all actions)',
  'Quarantine affected stock',
);
export const days = p('days', 'Days until the link expires', '30');
// Lookup labels: the managed values' words in the recipient's language.
export const eventType = p('event_type', 'Recall type or advisory type, in the email language', 'Removal');
export const classification = p(
  'classification',
  "The recall's class, in the email language (empty for an advisory)",
  'Class II',
);
export const leadTime = p('lead_time', "The advisory's lead time, in the email language (may be empty)", '2-4 weeks');
export const reason = p('reason', "The advisory's reason, in the email language (may be empty)", 'Plant closure');
// Custom content: the recipient's own customer rows, one a line, already in the email's language.
export const customRows = p(
  'custom_rows',
  "The customer's own affected units, one a line (empty unless the event has custom content)",
  'Infusion pump · Lot R-1 · Serial SN-100 · UDI 0100001 · Quantity 2\nInfusion pump · Lot R-2 · Quantity 1',
);
export const customRowsMore = p('custom_rows_more', 'How many more units the notice lists (empty when none)', '12');
// Issue 32: the response-due date, already in the email's language, and whether it has passed.
export const dueDate = p(
  'due_date',
  'The date the response is due, in the email language (empty when none)',
  'December 4, 2026',
);
export const overdue = p('overdue', 'Not empty once the due date has passed (a reminder after it)', '');
