import type { Knex } from 'knex';
import { type Config, NotFoundError, signedUrls, transaction } from '@portal/core';
import { actionsView, affectedCustomersView, providerCommunicationsView } from '@portal/communications';
import { organizationsView, usersView } from '@portal/organizations';
import type { ConversationStatus, Side } from '../schemas.js';
import {
  type ConversationRow,
  type Db,
  loadConversation,
  MAX_THREAD_MESSAGES,
  type Party,
  visible,
} from './conversations.js';

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
export const readColumn = (side: Side) =>
  side === 'SUPPLIER' ? 'supplier_read_message_id' : 'provider_read_message_id';
export const otherSide = (side: Side): Side => (side === 'SUPPLIER' ? 'PROVIDER' : 'SUPPLIER');

/** The conversations with their unread counts (the other side's messages after this side's read marker). */
async function summaries(db: Db, party: Party, only?: number): Promise<ConversationSummary[]> {
  const marker = `c.${readColumn(party.side)}`;
  const rows = (await visible(db, party)
    .modify((q) => {
      if (only !== undefined) q.where('c.id', only);
    })
    .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'c.provider_communication_id')
    .leftJoin(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .leftJoin(actionsView(db).as('a'), 'a.id', 'c.action_id')
    .orderByRaw('c.last_message_at DESC NULLS LAST, c.id DESC')
    .limit(1000)
    .select(
      'c.*',
      'ac.name as customer_name',
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
  if (!row) throw new NotFoundError('FILE_NOT_FOUND');
  return fileView(config.jwtSecret, row);
}
