import type { Knex } from 'knex';
import { type Actor, ConflictError, ForbiddenError, NotFoundError } from '@portal/core';
import { type CommunicationType, PERMISSION_OF_TYPE } from '../constants.js';

export interface CommunicationRow {
  id: number;
  organization_id: number;
  type: CommunicationType;
  status: 'DRAFT' | 'OPEN' | 'CLOSED' | 'DELETED';
  current_step: number;
  subtype: string | null;
  name: string;
  event_id: string | null;
  classification: string | null;
  reason: string | null;
  description: string | null;
  disposition: string | null;
  lead_time: string | null;
  event_date: string | null;
  end_date: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  created_by: number | null;
  approved_by: number | null;
  approved_at: Date | null;
  closed_at: Date | null;
  first_sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

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
): Promise<CommunicationRow> {
  const q = db('communications').where({ id, organization_id: actor.organizationId }).whereNot({ status: 'DELETED' });
  if (options.forUpdate) q.forUpdate();
  const row = (await q.first()) as CommunicationRow | undefined;
  if (!row) throw new NotFoundError('Communication not found.');
  assertTypePermission(actor, row.type);
  return row;
}

/** Steps 0-2 are frozen once approved (DESIGN §4); later edits go through postupdate. */
export function assertDraft(row: CommunicationRow): void {
  if (row.status !== 'DRAFT') {
    throw new ConflictError(
      'This event has been approved: its details, products and actions can only be changed with a post-approval update.',
      'NOT_DRAFT',
    );
  }
}
