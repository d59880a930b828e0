import { type Actor, ForbiddenError, hasAnyPermission } from '@portal/core';

/** The two event types (DESIGN §4). */
export const COMMUNICATION_TYPES = ['RECALL', 'PRODUCT DISRUPTION'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

/**
 * Which permission manages the settings (template actions, distribution lists) of each event type, per organisation
 * type (spec §2: recall settings under *_ManageRecalls, advisory settings under *_ManageDisruption).
 */
const SETTINGS_PERMISSION: Record<string, Record<CommunicationType, string>> = {
  SUPPLIER: { RECALL: 'Supplier_ManageRecalls', 'PRODUCT DISRUPTION': 'Supplier_ManageDisruption' },
  PROVIDER: { RECALL: 'Provider_ManageRecalls', 'PRODUCT DISRUPTION': 'Provider_ManageDisruption' },
};

/** A Recall Coordinator may not touch advisory settings and a Sourcing Coordinator not recall ones: 403. */
export function assertMayManage(actor: Actor, type: CommunicationType): void {
  const permission = SETTINGS_PERMISSION[actor.organizationType]?.[type];
  if (!permission || !hasAnyPermission(actor, [permission])) throw new ForbiddenError();
}
