import { listPageSchema } from '@portal/core';
import { outputSchemas as out } from '@portal/communications';

/**
 * What the paper response routes send back (the envelope's `d`), declared as `schema.response`: documentation and
 * the web's generated types, never checked at runtime (docs/decisions.md "Response schemas").
 */

const id = out.answerId;
const count = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string' } as const;
const nullableText = out.nullable('string');
const date = { type: 'string', format: 'date' } as const;
const nullableDate = out.nullable('string', { format: 'date' });
const responseStatus = { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] } as const;

/** A row of the event's paper responses (GET /paper/{id}/list). */
export const paperListRowSchema = {
  type: 'object',
  required: [
    'id',
    'provider_communication_id',
    'customer_name',
    'provider_name',
    'affected_location_id',
    'location_name',
    'responder_name',
    'response_date',
    'notified_date',
    'document_name',
    'response_status',
    'answers',
    'created_at',
    'updated_at',
  ],
  properties: {
    id,
    provider_communication_id: id,
    customer_name: text,
    provider_name: nullableText,
    affected_location_id: out.nullable('integer'),
    location_name: nullableText,
    responder_name: text,
    response_date: date,
    notified_date: nullableDate,
    document_name: nullableText,
    response_status: responseStatus,
    answers: count,
    created_at: out.dateTime,
    updated_at: out.dateTime,
  },
} as const;
export const paperListPageSchema = listPageSchema(paperListRowSchema);

/** The notified customers of the event, each with its active paper response if any (GET /paper/{id}/providernames). */
export const paperCustomersSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'provider_communication_id',
      'customer_name',
      'provider_name',
      'sent_at',
      'response_status',
      'paper_response_id',
    ],
    properties: {
      provider_communication_id: id,
      customer_name: text,
      provider_name: nullableText,
      sent_at: out.nullableDateTime,
      response_status: responseStatus,
      paper_response_id: out.nullable('integer'),
    },
  },
} as const;

/** A customer's affected locations a paper response may name (locationnames, editlocationnames). */
export const paperLocationsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'location_id', 'location_name', 'address1', 'city', 'state', 'zip'],
    properties: {
      id,
      location_id: nullableText,
      location_name: text,
      address1: nullableText,
      city: nullableText,
      state: nullableText,
      zip: nullableText,
    },
  },
} as const;

/** When the customer was notified, in the caller's time zone (GET /paper/{id}/notifieddate). */
export const notifiedDateSchema = {
  type: 'object',
  required: ['provider_communication_id', 'sent_at', 'notified_date'],
  properties: { provider_communication_id: id, sent_at: out.nullableDateTime, notified_date: nullableDate },
} as const;

/** The scanned paper form with its signed links (it has no id of its own: it is a column of the paper response). */
export const paperDocumentSchema = {
  type: 'object',
  required: ['name', 'extension', 'type', 'size', 'signed_url', 'signed_url_review'],
  properties: {
    name: text,
    extension: text,
    type: text,
    size: count,
    signed_url: text,
    signed_url_review: text,
  },
} as const;

/** A paper response's header: who answered, when, where, and its scan (create and update answer it). */
export const paperResponseSchema = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'provider_communication_id',
    'affected_location_id',
    'responder_name',
    'response_date',
    'notified_date',
    'status',
    'created_at',
    'updated_at',
    'document',
  ],
  properties: {
    id,
    communication_id: id,
    provider_communication_id: id,
    affected_location_id: out.nullable('integer'),
    responder_name: text,
    response_date: date,
    notified_date: nullableDate,
    status: { type: 'string', enum: ['ACTIVE', 'DELETED'] },
    created_at: out.dateTime,
    updated_at: out.dateTime,
    document: { ...paperDocumentSchema, type: ['object', 'null'] },
  },
} as const;

/** A file of a paper response's action: the notice's file entry plus its action and paper response. */
export const paperFileSchema = {
  type: 'object',
  required: [...out.fileViewSchema.required, 'actionId', 'paperresponseid'],
  properties: { ...out.fileViewSchema.properties, actionId: id, paperresponseid: id },
} as const;

const nullableValue = { ...out.answerValueSchema, type: ['object', 'null'] } as const;

/** An action as a paper response sees it: its paper value, or the electronic answer it may not change. */
const paperActionSchema = {
  type: 'object',
  required: [...out.communicationActionSchema.required, 'per_unit', 'units', 'value', 'electronic_answer', 'files'],
  properties: {
    ...out.communicationActionSchema.properties,
    /** Per-unit actions: the customer's own rows; empty otherwise. */
    units: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'row_id',
          'product_name',
          'lot_number',
          'serial_number',
          'udi',
          'quantity',
          'value',
          'electronic_value',
        ],
        properties: {
          row_id: id,
          product_name: text,
          lot_number: nullableText,
          serial_number: nullableText,
          udi: nullableText,
          quantity: out.nullable('integer'),
          value: nullableValue,
          electronic_value: nullableValue,
        },
      },
    },
    value: nullableValue,
    electronic_answer: {
      type: ['object', 'null'],
      required: ['value', 'responder_email', 'submitted_at'],
      properties: {
        value: out.answerValueSchema,
        responder_email: nullableText,
        submitted_at: out.nullableDateTime,
      },
    },
    files: { type: 'array', items: paperFileSchema },
  },
} as const;

/** The event's actions with a paper response's values and files (getactions, supplieractions). */
export const paperActionsSchema = {
  type: 'object',
  required: ['paper_response', 'actions'],
  properties: {
    paper_response: { ...paperResponseSchema, type: ['object', 'null'] },
    actions: { type: 'array', items: paperActionSchema },
  },
} as const;

/** The customer's completion once a paper response is deleted. */
export const paperDeletedSchema = {
  type: 'object',
  required: ['response_status'],
  properties: { response_status: responseStatus },
} as const;

/** The paper responses an imported template created. */
export const paperImportSchema = {
  type: 'object',
  required: ['created', 'paper_response_ids'],
  properties: { created: count, paper_response_ids: { type: 'array', items: id } },
} as const;
