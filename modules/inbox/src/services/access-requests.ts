import type { Knex } from 'knex';
import {
  type Actor,
  AppError,
  type Config,
  ConflictError,
  ForbiddenError,
  recordAudit,
  transaction,
  type RowOf,
} from '@portal/core';
import { findAdministrator, findOrganizationCard, findUserCard } from '@portal/organizations';
import { enqueueEmail } from '@portal/notifications';
import { appendHistory } from '@portal/communications';
import { loadScopedProviderCommunication, mayManageType, type ScopedProviderCommunication } from './scope.js';
import type { denialDetail } from '../answer-output-schemas.js';

/** The permission-denied detail of spec 000 §3: type, supplier, provider and the account administrator. */
export type DenialDetail = RowOf<typeof denialDetail>;

async function detail(
  db: Knex | Knex.Transaction,
  actor: Actor,
  n: ScopedProviderCommunication,
): Promise<DenialDetail> {
  const [supplier, provider, admin, sent, created] = await Promise.all([
    findOrganizationCard(db, n.event.organization_id),
    findOrganizationCard(db, actor.organizationId),
    findAdministrator(db, actor.organizationId),
    db('provider_access_requests').where({ provider_communication_id: n.pc.id, user_id: actor.userId }).first('id'),
    db('provider_created_events').where({ communication_id: n.event.id }).first('supplier_name'),
  ]);
  return {
    allow_access: mayManageType(actor, n.event.type),
    communication_id: n.event.id,
    provider_communication_id: n.pc.id,
    type: n.event.type === 'RECALL' ? 'Recall' : 'Supply Advisory',
    supplier: created
      ? ((created as { supplier_name: string | null }).supplier_name ?? '')
      : (supplier as { name: string }).name,
    provider: (provider as { name: string }).name,
    first_name: admin?.first_name ?? null,
    last_name: admin?.last_name ?? null,
    email: admin?.email ?? null,
    request_sent: Boolean(sent),
  };
}

/** GET /auth/getcommunicationdetails/:id/view/:x: whether the caller may open the event and, if not, whom to ask. */
export async function communicationDetails(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
): Promise<DenialDetail> {
  if (actor.organizationType !== 'PROVIDER') throw new ForbiddenError();
  const n = await loadScopedProviderCommunication(db, actor, pcId, { communicationId, skipTypeCheck: true });
  return detail(db, actor, n);
}

/** Throws the 403 with the denial detail when the caller's role may not see the event's type. */
export async function assertAccessOrDeny(db: Knex, actor: Actor, communicationId: number, pcId: number): Promise<void> {
  const d = await communicationDetails(db, actor, communicationId, pcId);
  if (!d.allow_access) throw new AppError(403, 'PERMISSION_DENIED').withDetails(d);
}

/** GET /auth/request/:id/access/:x: emails the organisation's administrator a request for access (outbox, same transaction). */
export async function requestAccess(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
): Promise<DenialDetail> {
  if (actor.organizationType !== 'PROVIDER') throw new ForbiddenError();
  return transaction(db, async (trx) => {
    const n = await loadScopedProviderCommunication(trx, actor, pcId, { communicationId, skipTypeCheck: true });
    const d = await detail(trx, actor, n);
    if (d.allow_access) throw new ConflictError('ALREADY_ALLOWED');
    const admin = await findAdministrator(trx, actor.organizationId);
    if (!admin) throw new ConflictError('NO_ADMINISTRATOR');
    const requester = (await findUserCard(trx, actor.userId))!;
    const name = `${requester.first_name} ${requester.last_name}`.trim() || actor.email;
    const [row] = await trx('provider_access_requests')
      .insert({
        organization_id: actor.organizationId,
        provider_communication_id: pcId,
        user_id: actor.userId,
        administrator_user_id: admin.id,
      })
      .returning('id');
    await enqueueEmail(trx, {
      organizationId: actor.organizationId,
      kind: 'ACCESS_REQUEST',
      to: admin.email,
      referenceType: 'provider_communication',
      referenceId: pcId,
      template: {
        key: 'ACCESS_REQUEST',
        overrideOrganizationId: actor.organizationId,
        values: {
          requester_name: name,
          requester_email: actor.email,
          role_name: actor.roleName,
          event_type: d.type,
          event_name: n.event.name,
          supplier_name: d.supplier,
          link: `${config.appUrl}/provider/users`,
        },
      },
    });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'ACCESS_REQUESTED',
      entityType: 'provider_access_request',
      entityId: (row as { id: number }).id,
      after: { pcId, administrator: admin.email },
    });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'ACCESS_REQUESTED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { administrator: admin.email },
    });
    return { ...d, request_sent: true };
  });
}
