import type { Knex } from 'knex';
import { affectedCustomersView, communicationsView, providerCommunicationsView } from '@portal/communications';
import type { CommunicationType } from '@portal/communications';
import { organizationsView } from '@portal/organizations';

/** An open conversation whose last word is the provider's: the supplier owes it an answer. */
export interface UnansweredConversation {
  conversation_id: number;
  communication_id: number;
  type: CommunicationType;
  name: string;
  provider_communication_id: number;
  provider_name: string;
  subject: string;
  last_message_at: string;
}

/**
 * A supplier organisation's open conversations (of events of `types`) whose latest message came from the provider
 * side, the longest waiting first, at most `limit`. Starts from the supplier's conversations
 * (conversations_supplier_organization_id_index) and reads each one's latest message off (conversation_id, id).
 */
export async function unansweredConversations(
  db: Knex,
  supplierOrganizationId: number,
  types: readonly CommunicationType[],
  limit: number,
): Promise<UnansweredConversation[]> {
  if (!types.length) return [];
  const rows = (await db('conversations as cv')
    .join(communicationsView(db).as('c'), 'c.id', 'cv.communication_id')
    .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'cv.provider_communication_id')
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('o'), 'o.id', 'pc.provider_organization_id')
    .where({ 'cv.supplier_organization_id': supplierOrganizationId, 'cv.status': 'OPEN' })
    .where('c.organization_id', supplierOrganizationId)
    .whereIn('c.type', types)
    .whereNot('c.status', 'DELETED')
    .whereRaw(
      `(SELECT m.sender_side FROM conversation_messages m WHERE m.conversation_id = cv.id ORDER BY m.id DESC LIMIT 1)
        = 'PROVIDER'`,
    )
    .orderByRaw('cv.last_message_at ASC NULLS LAST, cv.id')
    .limit(limit)
    .select(
      'cv.id as conversation_id',
      'cv.communication_id',
      'c.type',
      'c.name',
      'cv.provider_communication_id',
      db.raw('coalesce(o.name, ac.name) AS provider_name'),
      'cv.subject',
      'cv.last_message_at',
    )) as (Omit<UnansweredConversation, 'last_message_at'> & { last_message_at: Date })[];
  return rows.map((r) => ({
    ...r,
    conversation_id: Number(r.conversation_id),
    communication_id: Number(r.communication_id),
    provider_communication_id: Number(r.provider_communication_id),
    last_message_at: new Date(r.last_message_at).toISOString(),
  }));
}
