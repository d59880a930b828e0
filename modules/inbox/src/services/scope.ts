import type { Knex } from 'knex';
import { type Actor, AppError, ForbiddenError, NotFoundError } from '@portal/core';
import { providerScopeIds } from '@portal/organizations';
import type { CommunicationType } from '@portal/communications';
import type { CommunicationRow } from '@portal/communications';
import { loadProviderCommunication, type ProviderCommunicationRow, type Respondent } from '@portal/communications';
import { firstProviderCommunicationOf } from './communication-reads.js';

/** The provider permission that governs each event type (spec 001 §6). */
export const PROVIDER_PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Provider_ManageRecalls',
  'PRODUCT DISRUPTION': 'Provider_ManageDisruption',
};
export const PROVIDER_EVENT_PERMISSIONS = ['Provider_ManageRecalls', 'Provider_ManageDisruption'];
export const PROVIDER_LIST_PERMISSIONS = [...PROVIDER_EVENT_PERMISSIONS, 'Provider_ResponderRole'];

/** A provider's scope (DESIGN §3): its own organisation plus its sites; organisations' rule, used all over the inbox. */
export const scopeIds = providerScopeIds;

export function mayManageType(actor: Actor, type: CommunicationType): boolean {
  return actor.permissions.includes(PROVIDER_PERMISSION_OF_TYPE[type]);
}

export function assertProviderType(actor: Actor, type: CommunicationType): void {
  if (!mayManageType(actor, type)) throw new ForbiddenError();
}

export interface ScopedProviderCommunication {
  pc: ProviderCommunicationRow;
  event: CommunicationRow;
  respondent: Respondent;
  scope: number[];
}

/**
 * Loads a provider communication of the caller's scope: another provider's (or a missing one) answers 404;
 * `communicationId`, when given, must be its event. The caller must hold the permission of its type (403) unless
 * `skipTypeCheck` (the access-request detail reads the row to explain the denial).
 */
export async function loadScopedProviderCommunication(
  db: Knex | Knex.Transaction,
  actor: Actor,
  pcId: number,
  options: { communicationId?: number; skipTypeCheck?: boolean; forUpdate?: boolean } = {},
): Promise<ScopedProviderCommunication> {
  const scope = await scopeIds(db, actor);
  let loaded: { pc: ProviderCommunicationRow; event: CommunicationRow };
  try {
    loaded = await loadProviderCommunication(db, pcId, {
      communicationId: options.communicationId,
      forUpdate: options.forUpdate,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    throw error;
  }
  if (loaded.pc.provider_organization_id === null || !scope.includes(Number(loaded.pc.provider_organization_id)))
    throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  if (!options.skipTypeCheck) assertProviderType(actor, loaded.event.type);
  return { ...loaded, respondent: { email: actor.email, actor }, scope };
}

/** Resolves `{ communicationId, pcId }` from a communication id alone: the caller's provider communication of that event. */
export async function pcOfCommunication(
  db: Knex | Knex.Transaction,
  actor: Actor,
  communicationId: number,
): Promise<ScopedProviderCommunication> {
  const scope = await scopeIds(db, actor);
  const pcId = await firstProviderCommunicationOf(db, communicationId, scope);
  if (pcId === undefined) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  return loadScopedProviderCommunication(db, actor, pcId, { communicationId });
}
