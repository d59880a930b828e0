import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  type Config,
  ConflictError,
  checkUpload,
  DOCUMENT_EXTENSIONS,
  type FileStore,
  ForbiddenError,
  NotFoundError,
  newFileKey,
  signedUrls,
  UPLOAD_MESSAGES,
  ValidationError,
  transaction,
  transactionWithFiles,
} from '@portal/core';
import {
  actionsView,
  appendHistory,
  type CommunicationRow,
  type CommunicationType,
  loadNotice,
  findProviderCommunication,
  loadOwnCommunication,
  noticesView,
  PERMISSION_OF_TYPE,
  type ProviderCommunicationRow,
} from '@portal/communications';
import { enqueueEmail } from '@portal/notifications';
import {
  findOrganizationCard,
  type OrganizationCard,
  organizationsView,
  permittedMembers,
  providerScopeIds,
  usersView,
} from '@portal/organizations';
import { type ConversationStatus, MAX_SUBJECT, type Side } from '../schemas.js';

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found.',
  eventNotFound: 'Communication not found.',
  required: 'Field required.',
  closed: 'This conversation is closed. Reopen it to write.',
  noSupplier: 'This event has no supplier to write to.',
  tooManyFiles: (n: number) => `At most ${n} files can be attached to one message.`,
  fileNotFound: 'File not found.',
} as const;

export const MAX_FILES_PER_MESSAGE = 10;
/** A thread answers at most this many messages (the oldest first); a conversation longer than that is not a chat. */
export const MAX_THREAD_MESSAGES = 2000;
/** The other side's users a message is emailed to, at most. */
export const MAX_NOTICE_RECIPIENTS = 50;

/** The provider permission that lets a user see an event of each type (spec 001 §6). */
const PROVIDER_PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Provider_ManageRecalls',
  'PRODUCT DISRUPTION': 'Provider_ManageDisruption',
};

type Db = Knex | Knex.Transaction;
type Upload = { field: string; name: string; data: Buffer };

/**
 * Where the caller stands: its side, the event, and which conversations it may see. A supplier sees every
 * conversation of its own event; a provider only those of its provider communication.
 */
interface Party {
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
const notFoundAs = (error: unknown) =>
  error instanceof NotFoundError ? new NotFoundError(CONVERSATION_MESSAGES.eventNotFound) : error;

export async function providerParty(db: Db, actor: Actor, communicationId: number, pcId: number): Promise<Party> {
  const scope = await providerScopeIds(db, actor);
  let loaded: { pc: ProviderCommunicationRow; event: CommunicationRow };
  try {
    loaded = await loadNotice(db, pcId, { communicationId });
  } catch (error) {
    throw notFoundAs(error);
  }
  const { pc, event } = loaded;
  if (pc.provider_organization_id === null || !scope.includes(Number(pc.provider_organization_id)))
    throw new NotFoundError(CONVERSATION_MESSAGES.eventNotFound);
  if (!actor.permissions.includes(PROVIDER_PERMISSION_OF_TYPE[event.type]))
    throw new NotFoundError(CONVERSATION_MESSAGES.eventNotFound);
  return { side: 'PROVIDER', actor, event, pc };
}

/** The conversations the party may see. */
function visible(db: Db, party: Party) {
  const q = db('conversations as c').where('c.communication_id', party.event.id);
  if (party.side === 'SUPPLIER') q.where('c.supplier_organization_id', party.actor.organizationId);
  else q.where('c.provider_communication_id', party.pc!.id);
  return q;
}

interface ConversationRow {
  id: number;
  communication_id: number;
  provider_communication_id: number;
  supplier_organization_id: number;
  action_id: number | null;
  subject: string;
  status: ConversationStatus;
  started_by_side: Side;
  started_by_user_id: number | null;
  supplier_read_message_id: number | null;
  provider_read_message_id: number | null;
  message_count: number;
  last_message_at: Date | null;
  created_at: Date;
  closed_at: Date | null;
}

async function loadConversation(db: Db, party: Party, cid: number, forUpdate = false): Promise<ConversationRow> {
  const q = visible(db, party).where('c.id', cid).first('c.*');
  if (forUpdate) q.forUpdate();
  const row = (await q) as ConversationRow | undefined;
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.notFound);
  return row;
}

// ---------- reading ----------

export interface ConversationSummary {
  id: number;
  communication_id: number;
  provider_communication_id: number;
  customer_name: string | null;
  action_id: number | null;
  action_title: string | null;
  subject: string;
  status: ConversationStatus;
  started_by_side: Side;
  message_count: number;
  unread: number;
  last_message_at: string | null;
  created_at: string;
  closed_at: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const readColumn = (side: Side) => (side === 'SUPPLIER' ? 'supplier_read_message_id' : 'provider_read_message_id');
const otherSide = (side: Side): Side => (side === 'SUPPLIER' ? 'PROVIDER' : 'SUPPLIER');

/** The conversations with their unread counts (the other side's messages after this side's read marker). */
async function summaries(db: Db, party: Party, only?: number): Promise<ConversationSummary[]> {
  const marker = `c.${readColumn(party.side)}`;
  const rows = (await visible(db, party)
    .modify((q) => {
      if (only !== undefined) q.where('c.id', only);
    })
    .join(noticesView(db).as('pc'), 'pc.id', 'c.provider_communication_id')
    .leftJoin(actionsView(db).as('a'), 'a.id', 'c.action_id')
    .orderByRaw('c.last_message_at DESC NULLS LAST, c.id DESC')
    .limit(1000)
    .select(
      'c.*',
      'pc.customer_name',
      'a.title as action_title',
      db.raw(
        `(SELECT count(*)::int FROM conversation_messages m
            WHERE m.conversation_id = c.id AND m.sender_side = ? AND m.id > coalesce(${marker}, 0)) AS unread`,
        [otherSide(party.side)],
      ),
    )) as (ConversationRow & { customer_name: string | null; action_title: string | null; unread: number })[];
  return rows.map((r) => ({
    id: Number(r.id),
    communication_id: Number(r.communication_id),
    provider_communication_id: Number(r.provider_communication_id),
    customer_name: r.customer_name,
    action_id: r.action_id === null ? null : Number(r.action_id),
    action_title: r.action_title,
    subject: r.subject,
    status: r.status,
    started_by_side: r.started_by_side,
    message_count: Number(r.message_count),
    unread: Number(r.unread),
    last_message_at: iso(r.last_message_at),
    created_at: iso(r.created_at)!,
    closed_at: iso(r.closed_at),
  }));
}

/** GET …/conversations: the party's conversations, newest activity first, and its unread total (the tab's badge). */
export async function listConversations(db: Db, party: Party) {
  const items = await summaries(db, party);
  return { items, unread: items.reduce((n, c) => n + c.unread, 0) };
}

export interface FileView {
  id: number;
  name: string;
  extension: string;
  type: string;
  size: number;
  signed_url: string;
  signed_url_review: string;
}

interface FileRow {
  id: number;
  message_id: number;
  name: string;
  extension: string;
  mimetype: string;
  size: number;
  file_key: string;
}

const fileView = (secret: string, f: FileRow): FileView => ({
  id: Number(f.id),
  name: f.name,
  extension: f.extension,
  type: f.mimetype,
  size: Number(f.size),
  ...signedUrls(secret, f.file_key, f.name),
});

/**
 * GET …/conversations/:cid: the thread, oldest message first, with signed file links. Opening it moves the caller's
 * side's read marker to the last message (per side: any coordinator of a side reading it clears that side's badge).
 */
export async function getThread(db: Knex, config: Config, party: Party, cid: number) {
  return transaction(db, async (trx) => {
    const conversation = await loadConversation(trx, party, cid);
    const messages = (await trx('conversation_messages as m')
      .join(organizationsView(trx).as('o'), 'o.id', 'm.sender_organization_id')
      .leftJoin(usersView(trx).as('u'), 'u.id', 'm.sender_user_id')
      .where('m.conversation_id', cid)
      .orderBy('m.id')
      .limit(MAX_THREAD_MESSAGES)
      .select(
        'm.id',
        'm.sender_side',
        'm.sender_email',
        'm.body',
        'm.created_at',
        'o.name as organization_name',
        trx.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as sender_name`),
      )) as {
      id: number;
      sender_side: Side;
      sender_email: string;
      body: string;
      created_at: Date;
      organization_name: string;
      sender_name: string | null;
    }[];
    const files = (await trx('conversation_files')
      .where({ conversation_id: cid })
      .orderBy('id')
      .select('id', 'message_id', 'name', 'extension', 'mimetype', 'size', 'file_key')) as FileRow[];
    const last = messages.at(-1);
    const column = readColumn(party.side);
    if (last && Number(conversation[column] ?? 0) < Number(last.id)) {
      // Only ever forward: a slower reader's older marker never undoes a newer one.
      await trx('conversations')
        .where({ id: cid })
        .where((q) => q.whereNull(column).orWhere(column, '<', last.id))
        .update({ [column]: last.id });
    }
    const [summary] = await summaries(trx, party, cid);
    return {
      ...summary!,
      messages: messages.map((m) => ({
        id: Number(m.id),
        side: m.sender_side,
        sender_name: m.sender_name,
        sender_email: m.sender_email,
        organization_name: m.organization_name,
        body: m.body,
        created_at: iso(m.created_at)!,
        files: files.filter((f) => Number(f.message_id) === Number(m.id)).map((f) => fileView(config.jwtSecret, f)),
      })),
    };
  });
}

/** GET …/conversations/:cid/file/:fileId: one file of the thread, as signed download and preview links. */
export async function getFile(db: Db, config: Config, party: Party, cid: number, fileId: number): Promise<FileView> {
  await loadConversation(db, party, cid);
  const row = (await db('conversation_files').where({ id: fileId, conversation_id: cid }).first()) as
    | FileRow
    | undefined;
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.fileNotFound);
  return fileView(config.jwtSecret, row);
}

// ---------- writing ----------

function requiredText(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (!text) throw new ValidationError(CONVERSATION_MESSAGES.required);
  return text;
}

function checkFiles(uploads: Upload[]) {
  if (uploads.length > MAX_FILES_PER_MESSAGE)
    throw new ValidationError(CONVERSATION_MESSAGES.tooManyFiles(MAX_FILES_PER_MESSAGE));
  // The product's one set of document rules (spec 001 §5): type by extension and content, size, empty refused.
  return uploads.map((u) => checkUpload(u, DOCUMENT_EXTENSIONS, UPLOAD_MESSAGES.document));
}

const eventPath = (type: CommunicationType) => (type === 'RECALL' ? 'recalls' : 'product-disruption');

/** Where the email's link lands: the event's view, on the Conversations tab, with the thread open. */
/**
 * The conversations of one supplier's event (ids and their provider communications), for the supplier's reports
 * (the Notification Report lists the emails sent for them). The caller has checked the event is the supplier's.
 */
export async function conversationsOfEvent(
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
      ? `/supplier/${eventPath(event.type)}/view/${event.id}`
      : `/provider/${eventPath(event.type)}/view/${event.id}/${pcId}`;
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
  files: ReturnType<typeof checkFiles>,
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
  const files = checkFiles(uploads);
  const cid = await transactionWithFiles(db, store, async (trx, stored) => {
    // A missing notice fails the transaction with this module's words; any other failure (a deadlock) as it is.
    const { pc, event } = await loadNotice(trx, target.pcId, { communicationId: party.event.id }).catch((error) => {
      throw notFoundAs(error);
    });
    if (
      target.providerOrganizationId !== undefined &&
      Number(pc.provider_organization_id) !== target.providerOrganizationId
    )
      throw new NotFoundError(CONVERSATION_MESSAGES.eventNotFound);
    const supplier = (await findOrganizationCard(trx, event.organization_id)) as OrganizationCard;
    // A provider's own (internal) event has no supplier on the other end.
    if (supplier.type !== 'SUPPLIER') throw new BusinessRuleError(CONVERSATION_MESSAGES.noSupplier, 'NO_SUPPLIER');
    if (target.actionId) {
      const action = await trx
        .from(actionsView(trx).as('a'))
        .where({ id: target.actionId, communication_id: event.id })
        .first('id');
      if (!action) throw new NotFoundError('Action not found.');
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
  const files = checkFiles(uploads);
  await transactionWithFiles(db, store, async (trx, stored) => {
    const conversation = await loadConversation(trx, party, cid, true);
    if (conversation.status === 'CLOSED') throw new ConflictError(CONVERSATION_MESSAGES.closed, 'CONVERSATION_CLOSED');
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
