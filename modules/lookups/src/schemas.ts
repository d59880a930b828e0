import { dateTimeSchema, idParamsSchema, listPageSchema, listQuerySchema, MAX_INT4 } from '@portal/core';
import { MANAGED_VOCABULARIES } from '@portal/vocabulary';

export const LOOKUP_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

const vocabulary = { type: 'string', enum: [...MANAGED_VOCABULARIES] } as const;
const status = { type: 'string', enum: [...LOOKUP_STATUSES] } as const;
/** Codes travel (database, wire, files): no edge spaces, and short. Existing codes hold spaces and '<' ('< 2 weeks'). */
const code = { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S(.*\\S)?$' } as const;
const label = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const sortOrder = { type: 'integer', minimum: 0, maximum: MAX_INT4 } as const;

export const idParams = idParamsSchema;

export const listQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, vocabulary, status },
} as const;

export const createBody = {
  type: 'object',
  required: ['vocabulary', 'code', 'label_en', 'label_vi'],
  properties: { vocabulary, code, label_en: label, label_vi: label, sort_order: sortOrder, status },
} as const;

export const updateBody = {
  type: 'object',
  required: ['label_en', 'label_vi'],
  properties: { label_en: label, label_vi: label, sort_order: sortOrder, status },
} as const;

export const statusBody = { type: 'object', required: ['status'], properties: { status } } as const;

export const lookupValueSchema = {
  type: 'object',
  required: [
    'id',
    'vocabulary',
    'code',
    'label_en',
    'label_vi',
    'sort_order',
    'status',
    'organization_id',
    'in_use',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    vocabulary,
    code: { type: 'string' },
    label_en: { type: 'string' },
    label_vi: { type: 'string' },
    sort_order: { type: 'integer' },
    status,
    organization_id: { type: ['integer', 'null'] },
    in_use: { type: 'boolean' },
    updated_at: dateTimeSchema,
  },
} as const;

export const lookupValuePageSchema = listPageSchema(lookupValueSchema);

export const deletedSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

/** The web's one load: every readable value, with labels in both languages. */
export const readableSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['vocabulary', 'code', 'label_en', 'label_vi', 'sort_order', 'status', 'organization_id'],
    properties: {
      vocabulary,
      code: { type: 'string' },
      label_en: { type: 'string' },
      label_vi: { type: 'string' },
      sort_order: { type: 'integer' },
      status,
      organization_id: { type: ['integer', 'null'] },
    },
  },
} as const;
