import { count, dateTime, id, nullable, nullableId, nullableText, text } from './output-schema-parts.js';
import { communicationDetailSchema } from './communication-output-schemas.js';

/** Everything that happened to the event, newest first (GET /{id}/histories and /{id}/Audit). */
export const historyEntriesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'id',
      'action',
      'entity_type',
      'entity_id',
      'actor_email',
      'actor_name',
      'provider_communication_id',
      'before',
      'after',
      'is_change',
      'created_at',
      'facts',
    ],
    properties: {
      id,
      action: text,
      entity_type: text,
      entity_id: nullableText,
      actor_email: nullableText,
      actor_name: nullableText,
      provider_communication_id: nullableId,
      before: { description: 'The recorded value before (any JSON, or null)' },
      after: { description: 'The recorded value after (any JSON, or null)' },
      is_change: { type: 'boolean' },
      created_at: dateTime,
      facts: {
        type: 'object',
        description: 'What the history sentence names (historySentence in @portal/vocabulary)',
        properties: {
          count: nullable('integer'),
          name: nullableText,
          email: nullableText,
          status: nullableText,
        },
      },
    },
  },
} as const;

/** A notice or supporting document of the event with its signed links (DocumentRow). */
export const communicationDocumentSchema = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'kind',
    'name',
    'extension',
    'type',
    'size',
    'created_at',
    'signed_url',
    'signed_url_review',
  ],
  properties: {
    id,
    communication_id: id,
    kind: { type: 'string', enum: ['DOCUMENT', 'SUPPORTING', 'PRODUCT_FILE'] },
    name: text,
    extension: text,
    type: text,
    size: count,
    created_at: dateTime,
    signed_url: text,
    signed_url_review: text,
  },
} as const;
export const communicationDocumentsSchema = { type: 'array', items: communicationDocumentSchema } as const;

/** One event of any supplier for the operator: the supplier's event detail plus its supplier and documents. */
export const operatorCommunicationDetailSchema = {
  type: 'object',
  required: [...communicationDetailSchema.required, 'supplier_name', 'documents'],
  properties: {
    ...communicationDetailSchema.properties,
    supplier_name: text,
    documents: communicationDocumentsSchema,
  },
} as const;

/** How many sales representatives an advisory was sent to (POST /{id}/salesreps/notify). */
export const salesRepsNotifiedSchema = {
  type: 'object',
  required: ['emails_queued'],
  properties: { emails_queued: count },
} as const;

/** The supplier's active sales representatives (GET /{id}/salesreps). */
export const communicationSalesRepsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'first_name', 'last_name', 'full_name', 'email', 'phone', 'territory', 'region', 'status'],
    properties: {
      id,
      first_name: text,
      last_name: text,
      full_name: text,
      email: text,
      phone: nullableText,
      territory: nullableText,
      region: nullableText,
      status: { type: 'string', enum: ['ACTIVE'] },
    },
  },
} as const;
