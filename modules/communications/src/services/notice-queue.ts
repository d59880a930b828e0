import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { type Config, copyInto, sha256 } from '@portal/core';
import { findOrganizationCard } from '@portal/organizations';
import {
  type BulkEmail,
  enqueueEmails,
  type LoadedTemplate,
  loadTemplate,
  missingTemplate,
  recipientLanguages,
  type TemplateLanguage,
} from '@portal/notifications';
import { vocabularyLabel } from '@portal/vocabulary';
import type { CommunicationType } from '../constants.js';
import type { CommunicationRow } from './access.js';
import { type CustomRow, customRowsForProviderCommunications } from './custom-content.js';
import { today } from './due-dates.js';

/** How long a notice link works (DESIGN §4: expiring, revocable). */
export const NOTICE_LINK_DAYS = 90;

const noticePath = (type: CommunicationType) =>
  type === 'RECALL' ? '/provider/recall-notice-webform' : '/provider/disruption-notice-webform';

/** The template of a notice: recall or advisory, first notice or reminder. */
const noticeTemplateKey = (type: CommunicationType, reminder: boolean) =>
  `${type === 'RECALL' ? 'RECALL' : 'ADVISORY'}_${reminder ? 'REMINDER' : 'NOTICE'}`;

const ROW_WORDS: Record<TemplateLanguage, { lot: string; serial: string; udi: string; quantity: string }> = {
  en: { lot: 'Lot', serial: 'Serial', udi: 'UDI', quantity: 'Quantity' },
  vi: { lot: 'Lô', serial: 'Số sê-ri', udi: 'UDI', quantity: 'Số lượng' },
};

/** A customer's rows as the email lists them: one a line, "Product · Lot … · Serial … · UDI … · Quantity …". */
function rowLines(rows: CustomRow[], language: TemplateLanguage): string {
  const w = ROW_WORDS[language];
  return rows
    .map((r) =>
      [
        r.product_name,
        r.lot_number && `${w.lot} ${r.lot_number}`,
        r.serial_number && `${w.serial} ${r.serial_number}`,
        r.udi && `${w.udi} ${r.udi}`,
        r.quantity !== null && `${w.quantity} ${r.quantity}`,
      ]
        .filter(Boolean)
        .join(' · '),
    )
    .join('\n');
}

const DATE_LOCALES: Record<TemplateLanguage, string> = { en: 'en-US', vi: 'vi-VN' };

/** A YYYY-MM-DD date as the email's language writes it in full ("December 4, 2026", "4 tháng 12, 2026"). */
export function emailDate(date: string | null, language: TemplateLanguage): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function noticeEmail(
  template: LoadedTemplate,
  event: CommunicationRow,
  supplierName: string,
  customerName: string,
  link: string,
  customRows: { rows: CustomRow[]; total: number } | undefined,
  now: string | null,
): Pick<BulkEmail, 'subject' | 'text' | 'stored'> {
  const language = template.language;
  const values = {
    // Issue 32: "Please respond by …", or past it (a reminder after the due date) "Your response was due on …".
    due_date: emailDate(event.response_due_date, language),
    overdue: event.response_due_date && now && event.response_due_date < now ? 'yes' : '',
    // Custom content: this customer's own rows only, never another's.
    custom_rows: customRows ? rowLines(customRows.rows, language) : '',
    custom_rows_more:
      customRows && customRows.total > customRows.rows.length ? String(customRows.total - customRows.rows.length) : '',
    supplier_name: supplierName,
    customer_name: customerName,
    event_name: event.name,
    event_id: event.event_id,
    // The managed lookup values' words in the email's language.
    event_type: vocabularyLabel(
      event.type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype',
      event.subtype,
      language,
    ),
    classification: vocabularyLabel('classification', event.classification, language),
    lead_time: vocabularyLabel('leadTime', event.lead_time, language),
    reason: vocabularyLabel('reason', event.reason, language),
  };
  // The bodies are rendered when the email is sent: a send of 10,000 stores only each recipient's values. The HTML part
  // then opens the notice through the click tracker and carries the open pixel (both name the email's id); the text
  // part has the plain link.
  const { subject, stored } = template.renderLater({ ...values, notice_link: link }, { track: ['notice_link'] });
  return { subject, text: '', stored: { content: stored, language } };
}

export interface Recipient {
  providerCommunicationId: number;
  email: string;
  customerName: string;
}

/**
 * How many of `groups` (each provider communication's recipients, in order) make the next chunk: whole provider
 * communications up to `chunk` addresses, and always at least one, so a customer's addresses are never split.
 */
export function chunkLength(groups: Recipient[][], chunk: number): number {
  let addresses = 0;
  let taken = 0;
  for (const group of groups) {
    if (taken > 0 && addresses + group.length > chunk) break;
    addresses += group.length;
    taken++;
  }
  return taken;
}

/** Issues one notice link and one outbox email per recipient, in bulk, in the caller's transaction. */
export async function queueNotices(
  trx: Knex.Transaction,
  config: Config,
  event: CommunicationRow,
  recipients: Recipient[],
  options: { notBefore?: Date | null; reminder?: boolean } = {},
): Promise<number> {
  if (!recipients.length) return 0;
  const supplier = (await findOrganizationCard(trx, event.organization_id))!;
  // Looked up and compiled once per language for the whole send; each recipient only renders it, in their language.
  const key = noticeTemplateKey(event.type, Boolean(options.reminder));
  const languages = await recipientLanguages(
    trx,
    recipients.map((r) => r.email),
  );
  const templates = new Map<TemplateLanguage, Awaited<ReturnType<typeof loadTemplate>>>();
  for (const language of new Set(languages.values()))
    templates.set(language, await loadTemplate(trx, key, { language }));
  const templateFor = (email: string) => templates.get(languages.get(email.trim().toLowerCase()) ?? 'en') ?? null;
  const now = event.response_due_date ? await today(trx) : null;
  const rowsOf = await customRowsForProviderCommunications(trx, event, [
    ...new Set(recipients.map((r) => r.providerCommunicationId)),
  ]);
  // A link lives NOTICE_LINK_DAYS from when its email may leave: a scheduled send's links from its date, not from today.
  const expires = new Date(Math.max(Date.now(), options.notBefore?.getTime() ?? 0) + NOTICE_LINK_DAYS * 86_400_000);
  const links: Record<string, unknown>[] = [];
  // One draw of random bytes for every token of the send, cut 32 bytes a recipient.
  const random = randomBytes(32 * recipients.length);
  const emails: BulkEmail[] = recipients.map((r, i) => {
    const token = random.subarray(32 * i, 32 * (i + 1)).toString('base64url');
    links.push({
      provider_communication_id: r.providerCommunicationId,
      organization_id: event.organization_id,
      email: r.email,
      token_hash: sha256(token),
      expires_at: expires,
    });
    const link = `${config.appUrl}${noticePath(event.type)}?token=${token}`;
    const template = templateFor(r.email);
    return {
      organizationId: event.organization_id,
      kind: options.reminder ? 'NOTICE_REMINDER' : 'NOTICE',
      to: r.email,
      referenceType: 'communication',
      referenceId: event.id,
      providerCommunicationId: r.providerCommunicationId,
      notBefore: options.notBefore ?? null,
      ...(template
        ? {
            templateVersionId: template.versionId,
            ...noticeEmail(
              template,
              event,
              supplier.name,
              r.customerName,
              link,
              rowsOf.get(Number(r.providerCommunicationId)),
              now,
            ),
          }
        : { missingTemplate: true, ...missingTemplate(key) }),
    };
  });
  await copyInto(
    trx,
    'notice_links',
    ['provider_communication_id', 'organization_id', 'email', 'token_hash', 'expires_at'],
    links,
  );
  await enqueueEmails(trx, emails);
  return emails.length;
}
