import type { Knex } from 'knex';
import { type Actor, ForbiddenError, type ModelObject, NotFoundError } from '@portal/core';
import {
  type CommunicationRow,
  type CommunicationType,
  loadProviderCommunication,
  loadOwnCommunication,
  type ProviderCommunicationRow,
} from '@portal/communications';
import { providerScopeIds } from '@portal/organizations';
import type { Conversation } from '../models/Conversation.js';
import type { Side } from '../schemas.js';

export const MAX_FILES_PER_MESSAGE = 10;
/** A thread answers at most this many messages (the oldest first); a conversation longer than that is not a chat. */
export const MAX_THREAD_MESSAGES = 2000;
/** The other side's users a message is emailed to, at most. */
export const MAX_NOTICE_RECIPIENTS = 50;

/** The provider permission that lets a user see an event of each type (spec 001 §6). */
export const PROVIDER_PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Provider_ManageRecalls',
  'PRODUCT DISRUPTION': 'Provider_ManageDisruption',
};

export type Db = Knex | Knex.Transaction;
export type Upload = { field: string; name: string; data: Buffer };

/**
 * Where the caller stands: its side, the event, and which conversations it may see. A supplier sees every
 * conversation of its own event; a provider only those of its provider communication.
 */
export interface Party {
  side: Side;
  actor: Actor;
  event: CommunicationRow;
  /** The provider communication, for a provider (a supplier names it per conversation). */
  pc: ProviderCommunicationRow | null;
}

// ---------- who may see what ----------

/** The supplier's own event (404 for another tenant's, 403 without the type's permission, as every supplier call). */
export async function supplierParty(db: Db, actor: Actor, communicationId: number): Promise<Party> {
  if (actor.organizationType !== 'SUPPLIER') throw new ForbiddenError();
  const event = await loadOwnCommunication(db, actor, communicationId);
  return { side: 'SUPPLIER', actor, event, pc: null };
}

/**
 * The provider communication `pcId` of event `communicationId`, in the caller's scope (its organisation and sites).
 * A user whose role may not see the event's type gets 404, like another provider's: the thread is part of the event.
 */
/** The module's own 404 in place of the notice's; any other error as it is. */
export const notFoundAs = (error: unknown) =>
  error instanceof NotFoundError ? new NotFoundError('COMMUNICATION_NOT_FOUND') : error;

export async function providerParty(db: Db, actor: Actor, communicationId: number, pcId: number): Promise<Party> {
  const scope = await providerScopeIds(db, actor);
  let loaded: { pc: ProviderCommunicationRow; event: CommunicationRow };
  try {
    loaded = await loadProviderCommunication(db, pcId, { communicationId });
  } catch (error) {
    throw notFoundAs(error);
  }
  const { pc, event } = loaded;
  if (pc.provider_organization_id === null || !scope.includes(Number(pc.provider_organization_id)))
    throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  if (!actor.permissions.includes(PROVIDER_PERMISSION_OF_TYPE[event.type]))
    throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  return { side: 'PROVIDER', actor, event, pc };
}

/** The conversations the party may see. */
export function visible(db: Db, party: Party) {
  const q = db('conversations as c').where('c.communication_id', party.event.id);
  if (party.side === 'SUPPLIER') q.where('c.supplier_organization_id', party.actor.organizationId);
  else q.where('c.provider_communication_id', party.pc!.id);
  return q;
}

/** A conversation's record: the model's columns (the table's one declaration). */
export type ConversationRow = ModelObject<Conversation>;

export async function loadConversation(db: Db, party: Party, cid: number, forUpdate = false): Promise<ConversationRow> {
  const q = visible(db, party).where('c.id', cid).first('c.*');
  if (forUpdate) q.forUpdate();
  const row = (await q) as ConversationRow | undefined;
  if (!row) throw new NotFoundError('CONVERSATION_NOT_FOUND');
  return row;
}
