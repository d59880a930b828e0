import { outputSchemas } from '@portal/communications';
import { codes } from '@portal/vocabulary';
import { EMAIL_STATUSES } from './services/summary.js';

/**
 * What the supplier report routes send back as JSON (the envelope's `d`), declared as `schema.response`: documentation
 * and the web's generated types, never checked at runtime (docs/decisions.md "Response schemas").
 */

const count = { type: 'integer', minimum: 0 } as const;
const countsOf = (keys: readonly string[]) =>
  ({
    type: 'object',
    required: [...keys],
    properties: Object.fromEntries(keys.map((k) => [k, count])),
    additionalProperties: count,
  }) as const;

/** The numbers of one event (GET /supplier/communications/{id}/summary). */
export const eventSummarySchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'event_id',
    'type',
    'status',
    'customers',
    'provider_communications',
    'acknowledged',
    'completed',
    'emails',
    'acknowledgement_rate',
    'completion_rate',
  ],
  properties: {
    id: outputSchemas.answerId,
    name: { type: 'string' },
    event_id: outputSchemas.nullable('string'),
    type: outputSchemas.communicationTypeSchema,
    status: { type: 'string', enum: [...codes('communicationStatus')] },
    customers: count,
    provider_communications: {
      type: 'object',
      required: ['total', 'by_status', 'by_response'],
      properties: {
        total: count,
        by_status: countsOf(['OPEN', 'CLOSED']),
        by_response: countsOf(['COMPLETED', 'NOTCOMPLETED']),
      },
    },
    acknowledged: count,
    completed: count,
    emails: {
      type: 'object',
      required: ['total', 'by_status', 'opened', 'clicked'],
      properties: { total: count, by_status: countsOf(EMAIL_STATUSES), opened: count, clicked: count },
    },
    /** Percent of the notices sent, one decimal. */
    acknowledgement_rate: { type: 'number', minimum: 0, maximum: 100 },
    completion_rate: { type: 'number', minimum: 0, maximum: 100 },
  },
} as const;

const nullableText = outputSchemas.nullable('string');

/** A product file read into products (step 1) without saving; bad rows come back with their line. */
export const parsedProductsSchema = {
  type: 'object',
  required: ['products', 'errors'],
  properties: {
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_name', 'custom_fields'],
        properties: {
          product_name: { type: 'string' },
          catalog_number: nullableText,
          lot_number: nullableText,
          udi: nullableText,
          description: nullableText,
          expiration_date: outputSchemas.nullable('string', { format: 'date' }),
          quantity: outputSchemas.nullable('integer'),
          custom_fields: { type: 'object', additionalProperties: outputSchemas.customFieldValueSchema },
        },
      },
    },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'message'],
        properties: { line: { type: 'integer', minimum: 1 }, message: { type: 'string' } },
      },
    },
  },
} as const;
