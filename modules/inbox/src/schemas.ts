import {
  idOrZeroSchema,
  idSchema,
  listQuerySchema,
  nullableIdSchema,
  nullableStringSchema as text,
} from '@portal/core';
import { ACTION_TYPES, COMMUNICATION_TYPES } from '@portal/communications';
import { answerValueProps, communicationInfoProps, communicationsSchemas, productProps } from '@portal/communications';

/** ajv schemas of the provider, notes and delegate routes (they also feed the OpenAPI document). */
export const id = idSchema;
export const idOrZero = idOrZeroSchema;
const date = { type: ['string', 'null'], format: 'date' } as const;

/** Path parameters: every name is a positive integer id unless listed in `zero` (0 allowed) or `strings`. */
export function params<
  const N extends readonly string[],
  const S extends Readonly<Record<string, object>> = Record<never, never>,
>(names: N, options: { zero?: readonly N[number][]; strings?: S } = {}) {
  return {
    type: 'object',
    required: names,
    // Typed per name, so the route's `req.params` is inferred from this schema.
    properties: Object.fromEntries(
      names.map((n) => [n, options.strings?.[n] ?? (options.zero?.includes(n) ? idOrZero : id)]),
    ) as { [K in N[number]]: K extends keyof S ? S[K] : typeof id | typeof idOrZero },
  } as const;
}

/** A due-date bound of the lists' filters: a calendar date in 2010-2030. */
const dueBound = { type: 'string', format: 'date', formatMinimum: '2010-01-01', formatMaximum: '2030-12-31' } as const;

/**
 * The provider lists' exact-match filters (AND-ed with each other, the search and the filterModel); each is a condition
 * on the provider communications themselves, so the indexed paths serve them (services/provider-narrowing.ts).
 */
export const providerFilterProps = {
  status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
  /** NOT_AFFECTED: completed with a not-affected answer; COMPLETED: completed otherwise. */
  responseStatus: { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED', 'NOT_AFFECTED'] },
  classification: { type: 'string', enum: ['CLASSI', 'CLASSII', 'CLASSIII', 'NOT_YET_CLASSIFIED'] },
  supplierId: id,
  /** The caller's organisation or one of its sites (another organisation: 404). */
  siteId: id,
  /** A user id, `me` (the caller) or `none` (no owner). */
  ownerId: { type: 'string', maxLength: 16, pattern: '^(me|none|[1-9][0-9]{0,15})$' },
  /** 1: open, not completed and past its due date. */
  overdue: { type: 'integer', enum: [0, 1] },
  dueFrom: dueBound,
  dueTo: dueBound,
} as const;

export const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    /** The eR responses list: one row per provider communication and responding person. */
    responses: { type: 'integer', enum: [0, 1] },
    ...providerFilterProps,
  },
} as const;

export const emptyQuery = { type: 'object', properties: {} } as const;

export const valueProps = answerValueProps;

export const answerBody = { type: 'object', properties: valueProps } as const;

/** Per-unit answers: one simple value per row of the provider's own. */
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
/**
 * The provider's internal notification (send-notification, workflow/providerMail): an optional message, and optionally
 * the colleagues to email (their emails; each must be someone who would receive it anyway), else everyone eligible.
 */
export const providerMailBody = {
  type: 'object',
  properties: {
    message: { type: 'string', maxLength: 5000 },
    emails: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      uniqueItems: true,
      items: { type: 'string', minLength: 3, maxLength: 254 },
    },
  },
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
  items: { type: 'object', required: ['product_name'], properties: productProps },
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

export * from './provider-output-schemas.js';
export * from './answer-output-schemas.js';
