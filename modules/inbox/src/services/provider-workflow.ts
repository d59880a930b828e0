import type { Knex } from 'knex';
import { emailDomainsOf, permittedMembers } from '@portal/organizations';
import {
  type Actor,
  BusinessRuleError,
  type Config,
  ConflictError,
  NotFoundError,
  recordAudit,
  ValidationError,
  transaction,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { appendHistory } from '@portal/communications';
import { providerCommunicationHistory } from '@portal/communications';
import { moveProviderCommunicationToOrganization } from '@portal/communications';
import { insertReportHistory, reportHistoryOf } from '@portal/reports';
import { loadScopedProviderCommunication, PROVIDER_PERMISSION_OF_TYPE, scopeIds } from './scope.js';

// ---------- writes ----------

/** Moves a provider communication to the provider itself or one of its sites (GET /:id/switch-sites/:x). */
export async function switchSite(db: Knex, actor: Actor, pcId: number, organizationId: number) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { forUpdate: true });
    if (!n.scope.includes(organizationId)) throw new NotFoundError('SITE_NOT_FOUND');
    const before = Number(n.pc.provider_organization_id);
    if (before === organizationId) return { id: pcId, organization_id: organizationId };
    await moveProviderCommunicationToOrganization(trx, pcId, organizationId);
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'SITE_SWITCHED',
      entityType: 'provider_communication',
      entityId: pcId,
      before: { provider_organization_id: before },
      after: { provider_organization_id: organizationId },
    });
    return { id: pcId, organization_id: organizationId };
  });
}

/**
 * The provider's complete flag (PUT /:id/change-status/:x, body { status }). COMPLETED needs every required action
 * submitted on a supplier's event (a provider-created event may be completed at any time); a closed event cannot change.
 */
export async function changeStatus(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  status: 'OPEN' | 'COMPLETED',
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId, forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED');
    const created = await trx('provider_created_events')
      .where({ communication_id: n.event.id })
      .first('communication_id');
    if (status === 'COMPLETED' && !created && n.pc.response_status !== 'COMPLETED') {
      throw new BusinessRuleError('RESPONSE_INCOMPLETE');
    }
    const current = (await trx('provider_communication_states')
      .where({ provider_communication_id: pcId })
      .first('status_provider')) as { status_provider: string } | undefined;
    const before = current?.status_provider ?? 'OPEN';
    await trx('provider_communication_states')
      .insert({
        provider_communication_id: pcId,
        organization_id: n.pc.provider_organization_id,
        status_provider: status,
        updated_by: actor.userId,
      })
      .onConflict('provider_communication_id')
      .merge({ status_provider: status, updated_by: actor.userId, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'PROVIDER_STATUS_CHANGED',
      entityType: 'provider_communication',
      entityId: pcId,
      before: { status_provider: before },
      after: { status_provider: status },
    });
    return { id: pcId, status_provider: status, response_status: n.pc.response_status };
  });
}

/** Records that the provider reviewed or updated its handling of the notification (notification history). */
export async function updateNotification(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  note: string | undefined,
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'NOTIFICATION_UPDATED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { note: note ?? null },
    });
    return providerCommunicationHistory(trx, pcId);
  });
}

/**
 * Notifies the provider's own users about a provider communication (PUT /:id/send-notification/:a/:b): `target` 0 means the
 * provider and all its sites, otherwise one organisation of the scope. Recipients are active users whose role may see the type
 * (the caller aside); `chosen` narrows them to those emails, each of which must be one of them (400 otherwise, the same
 * answer for another tenant's user, a colleague who may not see the type and an unknown address).
 */
export async function sendInternalNotification(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  target: number,
  message: string | undefined,
  chosen?: readonly string[],
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId });
    const orgs = target === 0 ? n.scope : n.scope.filter((id) => id === target);
    if (!orgs.length) throw new NotFoundError('SITE_NOT_FOUND');
    const eligible = (await trx
      .from(permittedMembers(trx, PROVIDER_PERMISSION_OF_TYPE[n.event.type]).as('pm'))
      .whereIn('pm.organization_id', orgs)
      .whereNot('pm.user_id', actor.userId)
      .distinct('pm.email')
      .pluck('pm.email')) as string[];
    const emails = chosen ? chosenRecipients(eligible, chosen) : eligible;
    if (!emails.length) throw new BusinessRuleError('NO_RECIPIENT.colleague');
    const kind = n.event.type === 'RECALL' ? 'Recall' : 'Supply advisory';
    const path =
      n.event.type === 'RECALL'
        ? `/provider/recalls/view/${communicationId}/${pcId}`
        : `/provider/product-disruption/view/${communicationId}/${pcId}`;
    for (const to of emails) {
      await enqueueEmail(trx, {
        organizationId: actor.organizationId,
        kind: 'PROVIDER_NOTIFICATION',
        to,
        referenceType: 'provider_communication',
        referenceId: pcId,
        template: {
          key: 'PROVIDER_NOTIFICATION',
          overrideOrganizationId: actor.organizationId,
          values: {
            sender_email: actor.email,
            event_kind: kind,
            event_name: n.event.name,
            message,
            link: `${config.appUrl}${path}`,
          },
        },
      });
    }
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'NOTIFICATION_FORWARDED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { recipients: emails.length, organizations: orgs, ...(chosen ? { chosen: emails } : {}) },
    });
    return { emails_queued: emails.length };
  });
}

/** The chosen emails as the eligible recipients spell them; one that is not among them is refused. */
function chosenRecipients(eligible: readonly string[], chosen: readonly string[]): string[] {
  const byAddress = new Map(eligible.map((e) => [e.trim().toLowerCase(), e]));
  const picked = new Set<string>();
  for (const email of chosen) {
    const found = byAddress.get(email.trim().toLowerCase());
    if (!found) throw new ValidationError('RECIPIENT_NOT_ELIGIBLE', { email: email.trim().slice(0, 254) });
    picked.add(found);
  }
  return [...picked];
}

/** Does the email belong to the provider's domain (GET /valid-domain/emailid/:a/:b: a = organisation id, b = email)? */
export async function validDomain(db: Knex, actor: Actor, organizationId: number, email: string) {
  const scope = await scopeIds(db, actor);
  if (!scope.includes(organizationId)) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  const domains = await emailDomainsOf(db, organizationId);
  const at = email.trim().toLowerCase().split('@');
  if (at.length !== 2 || !at[1]) throw new ValidationError('EMAIL_INVALID');
  // Each organisation may list several domains, comma-separated (organizations `joinDomains`).
  const valid = domains.some((d) =>
    (d ?? '')
      .toLowerCase()
      .split(/[,;\s]+/)
      .includes(at[1]!),
  );
  return { email: email.trim().toLowerCase(), domain: at[1], valid };
}

// ---------- report history ----------

export async function addReportHistory(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  reportType: string,
) {
  return transaction(db, async (trx) => {
    await loadScopedProviderCommunication(trx, actor, pcId, { communicationId });
    const row = await insertReportHistory(trx, {
      communicationId,
      organizationId: actor.organizationId,
      reportType,
      userId: actor.userId,
    });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'REPORT_HISTORY_ADDED',
      entityType: 'report_history',
      entityId: row.id,
      after: { communicationId, reportType },
    });
    return row as Record<string, unknown>;
  });
}

export async function reportHistory(db: Knex, actor: Actor, communicationId: number, pcId: number, reportType: string) {
  await loadScopedProviderCommunication(db, actor, pcId, { communicationId });
  return reportHistoryOf(db, { communicationId, organizationId: actor.organizationId, reportType });
}
