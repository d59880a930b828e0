import type { Knex } from 'knex';
import { type Actor, type Config, ConflictError, copyInto, escapeHtml, randomToken, sha256 } from '@portal/core';
import { findOrganizationCard } from '@portal/organizations';
import {
  type BulkEmail,
  enqueueEmails,
  type LoadedTemplate,
  loadTemplate,
  missingTemplate,
  pixelUrl,
  recipientLanguages,
  reserveOutboxIds,
  type TemplateLanguage,
  trackedUrl,
} from '@portal/notifications';
import { vocabularyLabel } from '@portal/vocabulary';
import type { CommunicationType } from '../constants.js';
import { type CommunicationRow, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';

export interface SendOptions {
  /** 'new': only customers not yet notified; 'all': also notify again everyone already notified. */
  sendType: 'all' | 'new';
  /** Hold the emails until this date (a scheduled notification). */
  notificationDate?: string | null;
  /** Also notify customers all of whose locations are marked Not Covered. */
  senTypeNotCov?: boolean;
}

export interface SendResult {
  provider_communications_created: number;
  customers_notified: number;
  emails_queued: number;
}

/** How long a notice link works (DESIGN §4: expiring, revocable). */
export const NOTICE_LINK_DAYS = 90;

const noticePath = (type: CommunicationType) =>
  type === 'RECALL' ? '/provider/recall-notice-webform' : '/provider/disruption-notice-webform';

/** The template of a notice: recall or advisory, first notice or reminder. */
const noticeTemplateKey = (type: CommunicationType, reminder: boolean) =>
  `${type === 'RECALL' ? 'RECALL' : 'ADVISORY'}_${reminder ? 'REMINDER' : 'NOTICE'}`;

function noticeEmail(
  template: LoadedTemplate,
  config: Config,
  event: CommunicationRow,
  supplierName: string,
  customerName: string,
  link: string,
  outboxId: number,
): Pick<BulkEmail, 'subject' | 'text' | 'html'> {
  const language = template.language;
  const values = {
    supplier_name: supplierName,
    customer_name: customerName,
    event_name: event.name,
    event_id: event.event_id,
    // The managed lookup values' words in the email's language (issue 12).
    event_type: vocabularyLabel(
      event.type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype',
      event.subtype,
      language,
    ),
    classification: vocabularyLabel('classification', event.classification, language),
    lead_time: vocabularyLabel('leadTime', event.lead_time, language),
    reason: vocabularyLabel('reason', event.reason, language),
  };
  // The HTML part opens the notice through the click tracker and carries the open pixel; the text part has the link.
  return template.render(
    { ...values, notice_link: trackedUrl(config.jwtSecret, config.appUrl, outboxId, link) },
    {
      textValues: { ...values, notice_link: link },
      htmlAfter: `<img src="${escapeHtml(pixelUrl(config.jwtSecret, config.appUrl, outboxId))}" width="1" height="1" alt="">`,
    },
  );
}

interface Recipient {
  providerCommunicationId: number;
  email: string;
  customerName: string;
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
  const ids = await reserveOutboxIds(trx, recipients.length);
  const expires = new Date(Date.now() + NOTICE_LINK_DAYS * 86_400_000);
  const links: Record<string, unknown>[] = [];
  const emails: BulkEmail[] = recipients.map((r, i) => {
    const token = randomToken(32);
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
      id: ids[i]!,
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
            ...noticeEmail(template, config, event, supplier.name, r.customerName, link, ids[i]!),
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

/**
 * Sends an approved event (DESIGN §4): one provider communication per affected customer and one outbox email per
 * recipient, all in one transaction. The event row is locked, and provider communications are unique per customer,
 * so two sends at once never create anything twice.
 */
export async function sendNotifications(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  options: SendOptions,
): Promise<SendResult> {
  const notBefore = options.notificationDate ? new Date(options.notificationDate) : null;
  return db.transaction(async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'OPEN')
      throw new ConflictError(
        event.status === 'DRAFT'
          ? 'Approve the event before sending it.'
          : 'A closed event cannot be sent; reopen it first.',
        'NOT_OPEN',
      );
    const customers = (await trx('communication_affected_customers as c')
      .where({ 'c.communication_id': id, 'c.status': 'ACTIVE' })
      .modify((q) => {
        if (!options.senTypeNotCov) {
          // Skip customers whose every location is marked Not Covered: one grouped pass over the event's locations
          // (a hashed NOT IN), not one aggregate per customer.
          q.whereNotIn(
            'c.id',
            trx('communication_affected_locations as l')
              .where('l.communication_id', id)
              .whereNotNull('l.affected_customer_id')
              .groupBy('l.affected_customer_id')
              .havingRaw(`bool_and(l.status = 'NON_COVERED')`)
              .select('l.affected_customer_id'),
          );
        }
      })
      .select('c.id', 'c.name', 'c.emails', 'c.provider_organization_id')) as {
      id: number;
      name: string;
      emails: string[];
      provider_organization_id: number | null;
    }[];

    // One statement for every customer, straight from its row (no values travel out and back).
    const customerIds = customers.map((c) => c.id);
    const created = (
      await trx.raw(
        `
      INSERT INTO provider_communications (communication_id, communication_type, supplier_organization_id, provider_organization_id, affected_customer_id,
        status, response_status, sent_at, last_notified_at)
      SELECT c.communication_id, ?, ?, c.provider_organization_id, c.id, 'OPEN', 'NOTCOMPLETED', now(), now()
      FROM communication_affected_customers c WHERE c.communication_id = ? AND c.id = ANY(?::bigint[]) ORDER BY c.id
      ON CONFLICT (communication_id, affected_customer_id) DO NOTHING
      RETURNING id, affected_customer_id`,
        [event.type, actor.organizationId, id, customerIds],
      )
    ).rows as { id: number; affected_customer_id: number }[];
    let notify = created;
    if (options.sendType === 'all') {
      notify = (await trx('provider_communications')
        .where({ communication_id: id })
        .whereRaw('affected_customer_id = ANY(?::bigint[])', [customerIds])
        .whereNot({ status: 'DELETED' })
        .select('id', 'affected_customer_id')) as { id: number; affected_customer_id: number }[];
      const createdIds = new Set(created.map((c) => Number(c.id)));
      const again = notify.filter((n) => !createdIds.has(Number(n.id))).map((n) => n.id);
      if (again.length) {
        await trx('provider_communications')
          .whereRaw('id = ANY(?::bigint[])', [again])
          .update({ last_notified_at: trx.fn.now(), updated_at: trx.fn.now() });
      }
    }
    const byCustomer = new Map(customers.map((c) => [c.id, c]));
    const recipients: Recipient[] = notify.flatMap((pc) => {
      const c = byCustomer.get(pc.affected_customer_id)!;
      return c.emails.map((email) => ({ providerCommunicationId: pc.id, email, customerName: c.name }));
    });
    const queued = await queueNotices(trx, config, event, recipients, { notBefore });
    if (!event.first_sent_at && notify.length)
      await trx('communications').where({ id }).update({ first_sent_at: trx.fn.now(), updated_at: trx.fn.now() });
    const result = {
      provider_communications_created: created.length,
      customers_notified: notify.length,
      emails_queued: queued,
    };
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'NOTIFICATION_SENT',
      entityType: 'communication',
      entityId: id,
      after: {
        ...result,
        sendType: options.sendType,
        notificationDate: options.notificationDate ?? null,
        senTypeNotCov: Boolean(options.senTypeNotCov),
      },
    });
    return result;
  });
}

/**
 * Reminders (DESIGN §5): provider communications still unacknowledged `intervalHours` after their last notice get
 * a new notice, up to `maxReminders`. Rows are claimed with SKIP LOCKED, so every replica may run the job at once.
 */
export async function sendReminders(
  db: Knex,
  config: Config,
  intervalHours: number,
  maxReminders: number,
  batch = 500,
): Promise<{ reminded: number; emails: number }> {
  return db.transaction(async (trx) => {
    const due = (await trx('provider_communications as pc')
      .join('communications as c', 'c.id', 'pc.communication_id')
      .where({ 'pc.status': 'OPEN', 'c.status': 'OPEN' })
      .whereNull('pc.acknowledged_at')
      .where('pc.reminder_count', '<', maxReminders)
      .where('pc.last_notified_at', '<', trx.raw(`now() - make_interval(hours => ?)`, [intervalHours]))
      .orderBy('pc.last_notified_at')
      .limit(batch)
      .forUpdate('pc')
      .skipLocked()
      .select('pc.id', 'pc.communication_id', 'pc.affected_customer_id')) as {
      id: number;
      communication_id: number;
      affected_customer_id: number;
    }[];
    let emails = 0;
    const byEvent = new Map<number, typeof due>();
    for (const d of due) byEvent.set(d.communication_id, [...(byEvent.get(d.communication_id) ?? []), d]);
    for (const [communicationId, pcs] of byEvent) {
      const event = (await trx('communications').where({ id: communicationId }).first()) as CommunicationRow;
      const customers = (await trx('communication_affected_customers')
        .whereIn(
          'id',
          pcs.map((p) => p.affected_customer_id),
        )
        .select('id', 'name', 'emails')) as { id: number; name: string; emails: string[] }[];
      const byId = new Map(customers.map((c) => [c.id, c]));
      const recipients = pcs.flatMap((pc) =>
        (byId.get(pc.affected_customer_id)?.emails ?? []).map((email) => ({
          providerCommunicationId: pc.id,
          email,
          customerName: byId.get(pc.affected_customer_id)!.name,
        })),
      );
      emails += await queueNotices(trx, config, event, recipients, { reminder: true });
      await trx('provider_communications')
        .whereIn(
          'id',
          pcs.map((p) => p.id),
        )
        .update({
          reminder_count: trx.raw('reminder_count + 1'),
          last_reminded_at: trx.fn.now(),
          last_notified_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        });
      for (const pc of pcs) {
        await appendHistory(trx, null, {
          communicationId,
          organizationId: event.organization_id,
          providerCommunicationId: pc.id,
          action: 'REMINDER_SENT',
          entityType: 'provider_communication',
          entityId: pc.id,
          actorEmail: 'system',
        });
      }
    }
    return { reminded: due.length, emails };
  });
}
