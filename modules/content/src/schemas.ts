import {
  dateTimeSchema,
  idParamsSchema,
  listPageSchema,
  listQuerySchema,
  MAX_INT4,
  stringSchema as text,
} from '@portal/core';

export const USER_TYPES = ['NOTI', 'PROV', 'SUPP'] as const;
export const ENTRY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** An http(s) address, or empty for none: no javascript: or data: links reach a page. */
export const urlOrEmptySchema = { type: 'string', maxLength: 2000, pattern: '^(https?://\\S+)?$' } as const;

export const idParams = idParamsSchema;

export const entryListQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    user_type: { type: 'string', enum: USER_TYPES },
    status: { type: 'string', enum: ENTRY_STATUSES },
  },
} as const;

/** One body for the three kinds (multipart for cards and guides, whose file is the part `file`); each kind's rules are in the service. */
export const entryBody = {
  type: 'object',
  required: ['user_type', 'title'],
  properties: {
    user_type: { type: 'string', enum: USER_TYPES },
    title: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' },
    body: text(20_000),
    link_url: urlOrEmptySchema,
    sort_order: { type: 'integer', minimum: 0, maximum: MAX_INT4 },
    status: { type: 'string', enum: ENTRY_STATUSES },
  },
} as const;

export const statusBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ENTRY_STATUSES } },
} as const;

export const faqQuery = { type: 'object', properties: { search: text(200) } } as const;

export const helpBody = {
  type: 'object',
  properties: {
    contact_email: { type: 'string', maxLength: 320, pattern: '^([^@\\s]+@[^@\\s]+)?$' },
    contact_phone: text(50),
    contact_address: text(1000),
    contact_hours: text(500),
    knowledge_base_url: urlOrEmptySchema,
    faq_url: urlOrEmptySchema,
    contact_url: urlOrEmptySchema,
  },
} as const;

const fileSchema = {
  type: ['object', 'null'],
  required: ['name', 'extension', 'mimetype', 'size', 'signed_url', 'signed_url_review'],
  properties: {
    name: { type: 'string' },
    extension: { type: 'string' },
    mimetype: { type: 'string' },
    size: { type: 'integer' },
    signed_url: { type: 'string' },
    signed_url_review: { type: 'string' },
  },
} as const;

export const entrySchema = {
  type: 'object',
  required: ['id', 'kind', 'user_type', 'title', 'body', 'link_url', 'file', 'sort_order', 'status', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['NEWS', 'FAQ', 'GUIDE'] },
    user_type: { type: 'string', enum: USER_TYPES },
    title: { type: 'string' },
    body: { type: ['string', 'null'] },
    link_url: { type: ['string', 'null'] },
    file: fileSchema,
    sort_order: { type: 'integer' },
    status: { type: 'string', enum: ENTRY_STATUSES },
    updated_at: dateTimeSchema,
  },
} as const;

export const entryPageSchema = listPageSchema(entrySchema);
export const entryListSchema = { type: 'array', items: entrySchema } as const;

export const helpSchema = {
  type: 'object',
  required: [
    'contact_email',
    'contact_phone',
    'contact_address',
    'contact_hours',
    'knowledge_base_url',
    'faq_url',
    'contact_url',
  ],
  properties: Object.fromEntries(
    [
      'contact_email',
      'contact_phone',
      'contact_address',
      'contact_hours',
      'knowledge_base_url',
      'faq_url',
      'contact_url',
    ].map((k) => [k, { type: ['string', 'null'] }]),
  ),
} as const;

export type EntryListQuery = { user_type?: (typeof USER_TYPES)[number]; status?: string };
