import type { Knex } from 'knex';
import {
  BusinessRuleError,
  type Config,
  ConflictError,
  checkUpload,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  NotFoundError,
  newFileKey,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import {
  actionsView,
  appendHistory,
  type CommunicationRow,
  type CommunicationType,
  loadProviderCommunication,
  findProviderCommunication,
  PERMISSION_OF_TYPE,
  type ProviderCommunicationRow,
} from '@portal/communications';
import { enqueueEmail } from '@portal/notifications';
import { findOrganizationCard, type OrganizationCard, permittedMembers } from '@portal/organizations';
import { type ConversationStatus, MAX_SUBJECT, type Side } from '../schemas.js';
import {
  type ConversationRow,
  type Db,
  loadConversation,
  MAX_FILES_PER_MESSAGE,
  MAX_NOTICE_RECIPIENTS,
  notFoundAs,
  type Party,
  PROVIDER_PERMISSION_OF_TYPE,
  type Upload,
} from './conversations.js';
import { getThread, otherSide, readColumn } from './conversation-reads.js';

// ---------- writing ----------

function requiredText(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (!text) throw new ValidationError('MESSAGE_TEXT_REQUIRED');
  return text;
}

function checkFiles(uploads: Upload[]) {
  if (uploads.length > MAX_FILES_PER_MESSAGE)
    throw new ValidationError('TOO_MANY_ATTACHMENTS', { max: MAX_FILES_PER_MESSAGE });
  // The product's one set of document rules (spec 001 §5): type by extension and content, size, empty refused.
  return Promise.all(uploads.map((u) => checkUpload(u, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document')));
}

const communicationPath = (type: CommunicationType) => (type === 'RECALL' ? 'recalls' : 'product-disruption');

/** Where the email's link lands: the event's view, on the Conversations tab, with the thread open. */
/**
 * The conversations of one supplier's event (ids and their provider communications), for the supplier's reports
 * (the Notification Report lists the emails sent for them). The caller has checked the event is the supplier's.
 */
export async function conversationsOfCommunication(
  db: Db,
  supplierOrganizationId: number,
  communicationId: number,
): Promise<{ id: number; provider_communication_id: number }[]> {
  const rows = (await db('conversations')
    .where({ communication_id: communicationId, supplier_organization_id: supplierOrganizationId })
    .orderBy('id')
    .select('id', 'provider_communication_id')) as { id: string; provider_communication_id: string }[];
  return rows.map((r) => ({ id: Number(r.id), provider_communication_id: Number(r.provider_communication_id) }));
}

export function conversationLink(config: Config, side: Side, event: CommunicationRow, pcId: number, cid: number) {
  const view =
    side === 'SUPPLIER'
      ? `/supplier/${communicationPath(event.type)}/view/${event.id}`
      : `/provider/${communicationPath(event.type)}/view/${event.id}/${pcId}`;
  return `${config.appUrl}${view}?tab=conversations&conversation=${cid}`;
}

/**
 * Who on `side` hears of a new message: the users of that side who took part (started it or wrote in it) and are
 * still active members; when none has yet, every active user of the organisation whose role may see the event.
 */
async function recipientsOn(
  trx: Knex.Transaction,
  side: Side,
  event: CommunicationRow,
  pc: ProviderCommunicationRow,
  cid: number,
): Promise<string[]> {
  const organizationId = side === 'SUPPLIER' ? event.organization_id : pc.provider_organization_id;
  if (organizationId === null) return [];
  const permission = side === 'SUPPLIER' ? PERMISSION_OF_TYPE[event.type] : PROVIDER_PERMISSION_OF_TYPE[event.type];
  const members = () =>
    trx
      .from(permittedMembers(trx, permission).as('pm'))
      .orderBy('pm.email')
      .limit(MAX_NOTICE_RECIPIENTS)
      .distinct('pm.email');
  const participants = (await members()
    .where('pm.organization_id', organizationId)
    .whereIn(
      'pm.user_id',
      trx
        .select('sender_user_id')
        .from('conversation_messages')
        .where({ conversation_id: cid, sender_side: side })
        .whereNotNull('sender_user_id')
        .union((q) =>
          q
            .select('started_by_user_id')
            .from('conversations')
            .where({ id: cid, started_by_side: side })
            .whereNotNull('started_by_user_id'),
        ),
    )) as { email: string }[];
  if (participants.length) return participants.map((r) => r.email);
  const everyone = (await members().where('pm.organization_id', organizationId)) as { email: string }[];
  return everyone.map((r) => r.email);
}

/** Appends one message (and its files) to a conversation, emails the other side and records it in the history. */
async function appendMessage(
  trx: Knex.Transaction,
  store: FileStore,
  config: Config,
  party: Party,
  conversation: ConversationRow,
  pc: ProviderCommunicationRow,
  text: string,
  files: Awaited<ReturnType<typeof checkFiles>>,
  stored: string[],
  historyAction: 'CONVERSATION_STARTED' | 'CONVERSATION_MESSAGE',
): Promise<number> {
  const { actor, event, side } = party;
  const [message] = (await trx('conversation_messages')
    .insert({
      conversation_id: conversation.id,
      sender_side: side,
      sender_organization_id: actor.organizationId,
      sender_user_id: actor.userId,
      sender_email: actor.email,
      body: text,
    })
    .returning(['id', 'created_at'])) as { id: number; created_at: Date }[];
  for (const file of files) {
    const key = newFileKey(`conversations/${event.organization_id}`, file.name);
    await store.put(key, file.data);
    stored.push(key);
    await trx('conversation_files').insert({
      conversation_id: conversation.id,
      message_id: message!.id,
      name: file.name,
      extension: file.extension,
      mimetype: file.mimetype,
      size: file.size,
      file_key: key,
    });
  }
  // The writer has read everything up to its own message.
  await trx('conversations')
    .where({ id: conversation.id })
    .update({
      message_count: trx.raw('message_count + 1'),
      last_message_at: message!.created_at,
      updated_at: trx.fn.now(),
      [readColumn(side)]: message!.id,
    });
  await appendHistory(trx, actor, {
    communicationId: event.id,
    organizationId: event.organization_id,
    providerCommunicationId: pc.id,
    action: historyAction,
    entityType: 'conversation',
    entityId: conversation.id,
    // The full text is kept in the history too, so the Audit Report holds the whole exchange.
    after: {
      subject: conversation.subject,
      side,
      message_id: Number(message!.id),
      message: text,
      files: files.map((f) => f.name),
    },
  });

  const to = otherSide(side);
  const [sender, recipients] = await Promise.all([
    findOrganizationCard(trx, actor.organizationId) as Promise<OrganizationCard>,
    recipientsOn(trx, to, event, pc, conversation.id),
  ]);
  const link = conversationLink(config, to, event, pc.id, conversation.id);
  for (const email of recipients) {
    await enqueueEmail(trx, {
      organizationId: event.organization_id,
      kind: 'CONVERSATION_MESSAGE',
      to: email,
      referenceType: 'conversation',
      referenceId: conversation.id,
      template: {
        key: 'CONVERSATION_MESSAGE',
        // A provider's own wording (if it keeps one) for the mail its users receive.
        overrideOrganizationId: to === 'PROVIDER' ? pc.provider_organization_id : null,
        values: { sender_name: sender.name, event_name: event.name, message: text, link },
      },
    });
  }
  return Number(message!.id);
}

/**
 * Starts a conversation with one provider communication of the event (optionally about one of its actions) with
 * its first message. The supplier names the provider communication; a provider starts one on its own.
 */
export async function startConversation(
  db: Knex,
  store: FileStore,
  config: Config,
  party: Party,
  target: { pcId: number; providerOrganizationId?: number; actionId?: number },
  input: { subject?: string; message?: string },
  uploads: Upload[],
) {
  const message = requiredText(input.message);
  const subject = (input.subject ?? '').trim().slice(0, MAX_SUBJECT) || message.split('\n')[0]!.slice(0, 80);
  const files = await checkFiles(uploads);
  const cid = await transactionWithFiles(db, store, async (trx, stored) => {
    // A missing notice fails the transaction with this module's words; any other failure (a deadlock) as it is.
    const { pc, event } = await loadProviderCommunication(trx, target.pcId, { communicationId: party.event.id }).catch(
      (error) => {
        throw notFoundAs(error);
      },
    );
    if (
      target.providerOrganizationId !== undefined &&
      Number(pc.provider_organization_id) !== target.providerOrganizationId
    )
      throw new NotFoundError('COMMUNICATION_NOT_FOUND');
    const supplier = (await findOrganizationCard(trx, event.organization_id)) as OrganizationCard;
    // A provider's own (internal) event has no supplier on the other end.
    if (supplier.type !== 'SUPPLIER') throw new BusinessRuleError('NO_SUPPLIER');
    if (target.actionId) {
      const action = await trx
        .from(actionsView(trx).as('a'))
        .where({ id: target.actionId, communication_id: event.id })
        .first('id');
      if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
    }
    const [row] = (await trx('conversations')
      .insert({
        communication_id: event.id,
        provider_communication_id: pc.id,
        supplier_organization_id: event.organization_id,
        action_id: target.actionId || null,
        subject,
        started_by_side: party.side,
        started_by_user_id: party.actor.userId,
      })
      .returning('*')) as ConversationRow[];
    await appendMessage(trx, store, config, party, row!, pc, message, files, stored, 'CONVERSATION_STARTED');
    return Number(row!.id);
  });
  return getThread(db, config, party, cid);
}

/** POST …/conversations/:cid/message: one more message; a closed conversation takes none (409). */
export async function postMessage(
  db: Knex,
  store: FileStore,
  config: Config,
  party: Party,
  cid: number,
  input: { message?: string },
  uploads: Upload[],
) {
  const message = requiredText(input.message);
  const files = await checkFiles(uploads);
  await transactionWithFiles(db, store, async (trx, stored) => {
    const conversation = await loadConversation(trx, party, cid, true);
    if (conversation.status === 'CLOSED') throw new ConflictError('CONVERSATION_CLOSED');
    const pc = (await findProviderCommunication(
      trx,
      conversation.provider_communication_id,
    )) as ProviderCommunicationRow;
    return appendMessage(trx, store, config, party, conversation, pc, message, files, stored, 'CONVERSATION_MESSAGE');
  });
  return getThread(db, config, party, cid);
}

/** PUT …/conversations/:cid: closes or reopens (either side); setting the status it already has changes nothing. */
export async function setConversationStatus(
  db: Knex,
  config: Config,
  party: Party,
  cid: number,
  status: ConversationStatus,
) {
  await transaction(db, async (trx) => {
    const conversation = await loadConversation(trx, party, cid, true);
    if (conversation.status === status) return;
    await trx('conversations')
      .where({ id: cid })
      .update({
        status,
        closed_at: status === 'CLOSED' ? trx.fn.now() : null,
        closed_by_user_id: status === 'CLOSED' ? party.actor.userId : null,
        updated_at: trx.fn.now(),
      });
    await appendHistory(trx, party.actor, {
      communicationId: party.event.id,
      organizationId: party.event.organization_id,
      providerCommunicationId: conversation.provider_communication_id,
      action: status === 'CLOSED' ? 'CONVERSATION_CLOSED' : 'CONVERSATION_REOPENED',
      entityType: 'conversation',
      entityId: cid,
      before: { status: conversation.status },
      after: { subject: conversation.subject, status, side: party.side },
    });
  });
  return getThread(db, config, party, cid);
}
