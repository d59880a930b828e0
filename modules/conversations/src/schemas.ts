import { idOrZeroSchema, idSchema } from '@portal/core';

export const CONVERSATION_STATUSES = ['OPEN', 'CLOSED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const SIDES = ['SUPPLIER', 'PROVIDER'] as const;
export type Side = (typeof SIDES)[number];

export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 10_000;

export const params = <const N extends readonly string[]>(names: N, zero: readonly N[number][] = []) =>
  ({
    type: 'object',
    required: names,
    // Typed per name, so the route's `req.params` is inferred from this schema.
    properties: Object.fromEntries(names.map((n) => [n, zero.includes(n) ? idOrZeroSchema : idSchema])) as Record<
      N[number],
      typeof idSchema | typeof idOrZeroSchema
    >,
  }) as const;

/**
 * A message (multipart: the text in `message`, files in any part). Not `minLength` on the text: a blank message
 * answers the spec's own "Field required." (000 §validation `conversation_error`), checked after trimming.
 */
export const messageBody = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: MAX_MESSAGE } },
} as const;

/** Starting a conversation: its subject and first message (multipart, files as in a message). */
export const startBody = {
  type: 'object',
  properties: {
    subject: { type: 'string', maxLength: MAX_SUBJECT },
    message: { type: 'string', maxLength: MAX_MESSAGE },
  },
} as const;

export const statusBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: CONVERSATION_STATUSES } },
} as const;

// ---------- answers (documentation and web types) ----------

const nullable = (type: string) => ({ type: [type, 'null'] });

export const fileSchema = {
  type: 'object',
  required: ['id', 'name', 'extension', 'type', 'size', 'signed_url', 'signed_url_review'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    extension: { type: 'string' },
    type: { type: 'string' },
    size: { type: 'integer' },
    signed_url: { type: 'string' },
    signed_url_review: { type: 'string' },
  },
} as const;

export const summarySchema = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'provider_communication_id',
    'customer_name',
    'action_id',
    'action_title',
    'subject',
    'status',
    'started_by_side',
    'message_count',
    'unread',
    'last_message_at',
    'created_at',
    'closed_at',
  ],
  properties: {
    id: { type: 'integer' },
    communication_id: { type: 'integer' },
    provider_communication_id: { type: 'integer' },
    customer_name: nullable('string'),
    action_id: nullable('integer'),
    action_title: nullable('string'),
    subject: { type: 'string' },
    status: { type: 'string', enum: CONVERSATION_STATUSES },
    started_by_side: { type: 'string', enum: SIDES },
    message_count: { type: 'integer' },
    /** Messages of the other side after the caller's side last opened the thread. */
    unread: { type: 'integer' },
    last_message_at: nullable('string'),
    created_at: { type: 'string' },
    closed_at: nullable('string'),
  },
} as const;

export const listSchema = {
  type: 'object',
  required: ['items', 'unread'],
  properties: { items: { type: 'array', items: summarySchema }, unread: { type: 'integer' } },
} as const;

export const messageSchema = {
  type: 'object',
  required: ['id', 'side', 'sender_name', 'sender_email', 'organization_name', 'body', 'created_at', 'files'],
  properties: {
    id: { type: 'integer' },
    side: { type: 'string', enum: SIDES },
    sender_name: nullable('string'),
    sender_email: { type: 'string' },
    organization_name: { type: 'string' },
    body: { type: 'string' },
    created_at: { type: 'string' },
    files: { type: 'array', items: fileSchema },
  },
} as const;

export const threadSchema = {
  type: 'object',
  required: [...summarySchema.required, 'messages'],
  properties: { ...summarySchema.properties, messages: { type: 'array', items: messageSchema } },
} as const;
