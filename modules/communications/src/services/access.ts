import type { Knex } from 'knex';
import { type Actor, ConflictError, ForbiddenError, type ModelObject, NotFoundError } from '@portal/core';
import { type CommunicationType, PERMISSION_OF_TYPE } from '../constants.js';
import { Communication } from '../models/Communication.js';

/** An event's columns as plain data (a model instance or a row read with knex). */
export type CommunicationRow = ModelObject<Communication>;

export function assertTypePermission(actor: Actor, type: CommunicationType): void {
  if (!actor.permissions.includes(PERMISSION_OF_TYPE[type])) throw new ForbiddenError();
}

/**
 * Loads one of the caller's own events (404 for another tenant's or a deleted one, exactly like a missing one),
 * optionally locking it, and checks the caller may work on its type.
 */
export async function loadOwnCommunication(
  db: Knex | Knex.Transaction,
  actor: Actor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Communication> {
  const q = Communication.query(db)
    .findOne({ id, organization_id: actor.organizationId })
    .whereNot({ status: 'DELETED' });
  if (options.forUpdate) q.forUpdate();
  const row = await q;
  if (!row) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  assertTypePermission(actor, row.type);
  return row;
}

/** Steps 0-2 are frozen once approved (DESIGN §4); later edits go through postupdate. */
export function assertDraft(row: CommunicationRow): void {
  if (row.status !== 'DRAFT') {
    throw new ConflictError('NOT_DRAFT');
  }
}
