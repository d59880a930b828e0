import { listPageSchema } from '@portal/core';
import { codes } from '@portal/vocabulary';
import {
  actionType,
  count,
  dateTime,
  id,
  nullableDateTime,
  nullableId,
  nullableText,
  responseStatus,
  text,
} from './output-schema-parts.js';
import { answerValueSchema, fileViewSchema } from './notice-output-schemas.js';

/** The event's actions with counts of answers (GET /{id}/actions). */
export const actionCountsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'sort_order', 'action_type', 'title', 'is_required', 'due_date', 'submitted', 'drafts'],
    properties: {
      id,
      sort_order: { type: 'integer' },
      action_type: actionType,
      title: text,
      is_required: { type: 'boolean' },
      /** Issue 32: the action's own due date, if it has one. */
      due_date: { type: ['string', 'null'], format: 'date' },
      submitted: count,
      drafts: count,
    },
  },
} as const;

/** Every answer to one action, with who answered for which customer (GET /{id}/actions/{x}). */
export const actionAnswersSchema = {
  type: 'object',
  required: ['action', 'responses'],
  properties: {
    action: {
      type: 'object',
      required: ['id', 'title', 'action_type'],
      properties: { id, title: text, action_type: actionType },
    },
    responses: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'provider_communication_id',
          'customer_name',
          'value',
          'status',
          'source',
          'responder_email',
          'submitted_at',
          'updated_at',
          'files',
        ],
        properties: {
          id,
          provider_communication_id: id,
          customer_name: text,
          value: answerValueSchema,
          /** Issue 33: the answer's files (Image and Document actions; empty otherwise), with signed links. */
          files: { type: 'array', items: fileViewSchema },
          status: { type: 'string', enum: ['DRAFT', 'SUBMITTED'] },
          source: { type: 'string', enum: ['Electronic', 'Paper'] },
          responder_email: nullableText,
          submitted_at: nullableDateTime,
          updated_at: dateTime,
        },
      },
    },
  },
} as const;

/** An affected customer and its notice's progress (null until it is sent). */
export const customerRowSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'emails',
    'source',
    'provider_organization_id',
    'provider_communication_id',
    'sent_at',
    'acknowledged_at',
    'response_status',
    'completed_at',
    'due_date',
    'overdue',
    'not_affected_reason',
  ],
  properties: {
    id,
    name: text,
    emails: { type: 'array', items: text },
    source: { type: 'string', enum: ['PROVIDER', 'LOCATION', 'DISTRIBUTION_LIST', 'MANUAL'] },
    provider_organization_id: nullableId,
    provider_communication_id: nullableId,
    sent_at: nullableDateTime,
    acknowledged_at: nullableDateTime,
    response_status: { type: ['string', 'null'], enum: ['NOTCOMPLETED', 'COMPLETED', null] },
    completed_at: nullableDateTime,
    /** The notice's response due date (the event's), null until sent or when the event has none. */
    due_date: { type: ['string', 'null'], format: 'date' },
    /** Open, not completed and past its due date. */
    overdue: { type: 'boolean' },
    /** The provider's "not affected" answer, null otherwise. */
    not_affected_reason: nullableText,
  },
} as const;
export const customerPageSchema = listPageSchema(customerRowSchema);

/** An affected location with its customer's progress (null fields where no customer or notice yet). */
export const affectedLocationRowSchema = {
  type: 'object',
  required: [
    'id',
    'location_id',
    'location_name',
    'idn',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'type',
    'email',
    'status',
    'file_id',
    'affected_customer_id',
    'customer_name',
    'provider_communication_id',
    'acknowledged_at',
    'response_status',
  ],
  properties: {
    id,
    location_id: nullableText,
    location_name: text,
    idn: nullableText,
    address1: nullableText,
    address2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    type: nullableText,
    email: nullableText,
    status: { type: 'string', enum: [...codes('locationStatus')] },
    file_id: nullableId,
    affected_customer_id: nullableId,
    customer_name: nullableText,
    provider_communication_id: nullableId,
    acknowledged_at: nullableDateTime,
    response_status: { type: ['string', 'null'], enum: ['NOTCOMPLETED', 'COMPLETED', null] },
  },
} as const;
export const affectedLocationPageSchema = listPageSchema(affectedLocationRowSchema);

/** A provider communication's progress: acknowledgement, answers and reminders (GET /{id}/actions/provider). */
export const providerProgressRowSchema = {
  type: 'object',
  required: [
    'provider_communication_id',
    'provider_organization_id',
    'customer_name',
    'emails',
    'status',
    'response_status',
    'sent_at',
    'last_notified_at',
    'acknowledged_at',
    'acknowledged_by',
    'completed_at',
    'reminder_count',
    'answered',
    'not_affected_reason',
    'not_affected_at',
  ],
  properties: {
    provider_communication_id: id,
    /** The provider organisation the customer matched; null when it was only emailed. */
    provider_organization_id: nullableId,
    customer_name: text,
    emails: { type: 'array', items: text },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    response_status: responseStatus,
    sent_at: nullableDateTime,
    last_notified_at: nullableDateTime,
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullableText,
    completed_at: nullableDateTime,
    reminder_count: count,
    answered: count,
    /** The provider's "not affected: we have none of this product" answer (issue 32), with its reason; else null. */
    not_affected_reason: nullableText,
    not_affected_at: nullableDateTime,
  },
} as const;
export const providerProgressPageSchema = listPageSchema(providerProgressRowSchema);
