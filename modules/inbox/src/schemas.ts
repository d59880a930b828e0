import {
  idOrZeroSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  MAX_INT4,
  nullableIdSchema,
  nullableStringSchema as text,
} from '@portal/core';
import { ACTION_TYPES, COMMUNICATION_TYPES } from '@portal/communications';
import { answerValueProps, communicationInfoProps, communicationsSchemas, outputSchemas } from '@portal/communications';

/** ajv schemas of the provider, notes and delegate routes (they also feed the OpenAPI document). */
export const id = idSchema;
export const idOrZero = idOrZeroSchema;
const date = { type: ['string', 'null'], format: 'date' } as const;

/** Path parameters: every name is a positive integer id unless listed in `zero` (0 allowed) or `strings`. */
export function params(names: string[], options: { zero?: string[]; strings?: Record<string, object> } = {}) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [n, options.strings?.[n] ?? (options.zero?.includes(n) ? idOrZero : id)]),
    ),
  } as const;
}

export const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    /** The eR responses list: one row per provider communication and responding person. */
    responses: { type: 'integer', enum: [0, 1] },
  },
} as const;

export const emptyQuery = { type: 'object', properties: {} } as const;

export const valueProps = answerValueProps;

export const answerBody = { type: 'object', properties: valueProps } as const;

/** Per-unit answers (issue 16): one simple value per row of the provider's own. */
export const unitAnswersBody = {
  type: 'object',
  required: ['answers'],
  properties: { answers: { ...communicationsSchemas.unitAnswersSchema, minItems: 1 } },
} as const;

export const responseBody = {
  type: 'object',
  required: ['communicationId', 'providerCommunicationId', 'answers'],
  properties: {
    communicationId: id,
    providerCommunicationId: id,
    answers: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { type: 'object', required: ['actionId'], properties: { actionId: id, ...valueProps } },
    },
  },
} as const;

export const changeStatusBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['OPEN', 'COMPLETED'] } },
} as const;
export const noteBody = { type: 'object', properties: { note: { type: 'string', maxLength: 10_000 } } } as const;
export const notificationBody = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 5000 }, note: { type: 'string', maxLength: 5000 } },
} as const;
export const delegateBody = {
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    message: { type: ['string', 'null'], maxLength: 5000 },
  },
} as const;
export const communicationRefBody = {
  type: 'object',
  required: ['communicationId', 'providerCommunicationId'],
  properties: { communicationId: id, providerCommunicationId: id },
} as const;

export const internalActionBody = {
  type: 'object',
  required: ['communicationId', 'providerCommunicationId', 'title'],
  properties: {
    id,
    communicationId: id,
    providerCommunicationId: id,
    title: { type: 'string', minLength: 1, maxLength: 500 },
    description: text(10_000),
    assignee_email: { type: ['string', 'null'], maxLength: 254 },
    due_date: date,
    status: { type: 'string', enum: ['OPEN', 'COMPLETED', 'DELETED'] },
  },
} as const;

const info = {
  ...communicationInfoProps,
  supplier_name: text(300),
  supplier_organization_id: nullableIdSchema,
} as const;

const products = {
  type: 'array',
  maxItems: 10_000,
  items: {
    type: 'object',
    required: ['product_name'],
    properties: {
      product_name: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
      catalog_number: text(100),
      lot_number: text(100),
      udi: text(200),
      description: text(2000),
      expiration_date: date,
      quantity: { type: ['integer', 'null'], minimum: 0, maximum: MAX_INT4 },
    },
  },
} as const;

const actions = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['action_type', 'title'],
    properties: {
      action_type: { type: 'string', enum: [...ACTION_TYPES] },
      title: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' },
      description: text(10_000),
      options: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
      is_required: { type: 'boolean' },
    },
  },
} as const;

export const step0Body = {
  type: 'object',
  required: ['type', 'name'],
  properties: { type: { type: 'string', enum: [...COMMUNICATION_TYPES] }, ...info, products, actions },
} as const;

export const updateRecallBody = {
  type: 'object',
  properties: { type: { type: 'string', enum: [...COMMUNICATION_TYPES] }, ...info, products, actions },
} as const;

export const tokenQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } as const;

// ---- answers (documentation and the web's types; never validated at runtime: communications' output-schemas.ts) ----

const { answerId, communicationTypeSchema, dateTime, nullable, nullableDateTime } = outputSchemas;

/**
 * A row of the provider's list (ProviderRow); with `responses=1` also the responder fields (ResponderRow), and for the
 * operator the provider it belongs to.
 */
export const providerRow = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'stt',
    'status',
    'status_provider',
    'isProviderCreated',
    'allow_access',
    'response_status',
    'name',
    'event_id',
    'type',
    'subtype',
    'classification',
    'supplier_id',
    'supplier_name',
    'organization_id',
    'site_id',
    'site_name',
    'acknowledged',
    'acknowledged_at',
    'acknowledged_by',
    'sent_at',
    'completed_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: answerId,
    communication_id: answerId,
    stt: { type: 'string' },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    status_provider: { type: 'string', enum: ['OPEN', 'COMPLETED'] },
    isProviderCreated: { type: 'boolean' },
    allow_access: { type: 'boolean' },
    response_status: { type: 'string' },
    name: { type: 'string' },
    event_id: nullable('string'),
    type: communicationTypeSchema,
    subtype: nullable('string'),
    classification: nullable('string'),
    supplier_id: answerId,
    supplier_name: nullable('string'),
    organization_id: answerId,
    site_id: nullable('integer'),
    site_name: nullable('string'),
    acknowledged: { type: 'boolean' },
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullable('string'),
    sent_at: nullableDateTime,
    completed_at: nullableDateTime,
    created_at: dateTime,
    updated_at: dateTime,
    row_key: { type: 'string' },
    userid: nullable('integer'),
    responder_name: nullable('string'),
    responder_email: nullable('string'),
    responded_at: nullableDateTime,
  },
} as const;

export const providerListPage = listPageSchema(providerRow);
