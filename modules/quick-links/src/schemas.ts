import { dateTimeSchema, idParamsSchema, idSchema, listPageSchema, listQuerySchema } from '@portal/core';

export const QUICK_LINK_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type QuickLinkStatus = (typeof QUICK_LINK_STATUSES)[number];

export const idParams = idParamsSchema;

/** The list of spec 001 §7.12: status, and `url`, which matches the address or a targeted organisation's name. */
export const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    status: { type: 'string', enum: QUICK_LINK_STATUSES },
    url: { type: 'string', maxLength: 2000 },
  },
} as const;

export const metaQuery = { type: 'object', properties: { search: { type: 'string', maxLength: 200 } } } as const;

/**
 * The create body (multipart, the image is the part `file`): with `id` it edits that link, and the image may then be
 * left out. `organization_ids` is a comma-separated list or a JSON array (a multipart field is text).
 */
export const createBody = {
  type: 'object',
  required: ['url', 'organization_ids'],
  properties: {
    id: idSchema,
    url: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://\\S+$' },
    organization_ids: {
      type: 'string',
      minLength: 1,
      maxLength: 20_000,
      pattern: '^\\[?\\s*\\d+(\\s*,\\s*\\d+)*\\s*\\]?$',
    },
    status: { type: 'string', enum: QUICK_LINK_STATUSES },
  },
} as const;

const organizationSchema = {
  type: 'object',
  required: ['id', 'name', 'type'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, type: { type: 'string' } },
} as const;

export const quickLinkSchema = {
  type: 'object',
  required: ['id', 'url', 'status', 'path', 'image', 'organizations', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    status: { type: 'string', enum: QUICK_LINK_STATUSES },
    path: { type: 'string', description: 'A signed, expiring link to the image (inline).' },
    image: {
      type: 'object',
      required: ['name', 'size', 'signed_url', 'signed_url_review'],
      properties: {
        name: { type: 'string' },
        size: { type: 'integer' },
        signed_url: { type: 'string' },
        signed_url_review: { type: 'string' },
      },
    },
    organizations: { type: 'array', items: organizationSchema },
    updated_at: dateTimeSchema,
  },
} as const;

export const quickLinkPageSchema = listPageSchema(quickLinkSchema);

export const metaSchema = {
  type: 'object',
  required: ['statuses', 'organizations'],
  properties: {
    statuses: { type: 'array', items: { type: 'string', enum: QUICK_LINK_STATUSES } },
    organizations: { type: 'array', items: organizationSchema },
  },
} as const;

export const accountLinksSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'path', 'url'],
    properties: { id: { type: 'integer' }, path: { type: 'string' }, url: { type: 'string' } },
  },
} as const;

export type ListQuery = { status?: QuickLinkStatus; url?: string };
