import { listPageSchema } from '@portal/core';
import { outputSchemas } from '@portal/communications';
import {
  answerId,
  communicationTypeSchema,
  count,
  dateTime,
  fileViewSchema,
  noticeViewSchema,
  nullable,
  nullableDateTime,
  nullableString,
  str,
} from './output-schema-parts.js';

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
    'due_date',
    'days_left',
    'overdue',
    'owner_id',
    'owner_name',
    'not_affected_reason',
    'not_affected_by',
    'not_affected_at',
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
    /** The event's response-due date ('YYYY-MM-DD'); days_left is negative past it, null without one. */
    due_date: { type: ['string', 'null'], format: 'date' },
    days_left: nullable('integer'),
    /** Open, not completed and past its due date. */
    overdue: { type: 'boolean' },
    owner_id: nullable('integer'),
    owner_name: nullable('string'),
    /** "Not affected: we have none of this product": why, who and when (the row is then COMPLETED). */
    not_affected_reason: nullable('string'),
    not_affected_by: nullable('string'),
    not_affected_at: nullableDateTime,
    row_key: { type: 'string' },
    userid: nullable('integer'),
    responder_name: nullable('string'),
    responder_email: nullable('string'),
    responded_at: nullableDateTime,
  },
} as const;

export const providerListPage = listPageSchema(providerRow);

/** GET /:id/summary/:x: the progress of one provider communication. */
export const providerSummary = {
  type: 'object',
  required: [
    'communication',
    'provider_communication_id',
    'status',
    'response_status',
    'response_label',
    'status_provider',
    'isProviderCreated',
    'acknowledged',
    'acknowledged_at',
    'acknowledged_by',
    'actions_total',
    'actions_required',
    'actions_submitted',
    'actions_draft',
    'required_remaining',
    'delegates',
    'documents',
    'site',
  ],
  properties: {
    communication: noticeViewSchema.properties.communication,
    provider_communication_id: answerId,
    status: noticeViewSchema.properties.provider_communication.properties.status,
    response_status: noticeViewSchema.properties.provider_communication.properties.response_status,
    response_label: noticeViewSchema.properties.provider_communication.properties.response_label,
    status_provider: { type: 'string', enum: ['OPEN', 'COMPLETED'] },
    isProviderCreated: { type: 'boolean' },
    acknowledged: { type: 'boolean' },
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullableString,
    actions_total: count,
    actions_required: count,
    actions_submitted: count,
    actions_draft: count,
    required_remaining: count,
    delegates: count,
    documents: count,
    site: outputSchemas.providerViewSchema.properties.site,
  },
} as const;

/** GET /:id/histories/:x: the history entries, each with the facts of its sentence (not the recorded values). */
export const historyList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['action', 'actor_email', 'actor_name', 'created_at', 'entity_type', 'entity_id', 'facts'],
    properties: {
      action: str,
      actor_email: nullableString,
      actor_name: nullableString,
      created_at: dateTime,
      entity_type: str,
      entity_id: nullableString,
      facts: {
        type: 'object',
        properties: {
          count: nullable('integer'),
          name: nullableString,
          email: nullableString,
          status: nullableString,
        },
      },
    },
  },
} as const;

/** GET /:id/delegate/:x: the delegates, whole-event ones with a null action. */
export const delegateList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'email', 'action_id', 'action_title', 'status', 'created_at', 'last_sent_at', 'response_status'],
    properties: {
      id: answerId,
      email: str,
      action_id: nullable('integer'),
      action_title: nullableString,
      status: { type: 'string', enum: ['ACTIVE', 'REVOKED'] },
      created_at: dateTime,
      last_sent_at: nullableDateTime,
      response_status: str,
    },
  },
} as const;

/** A provider note with its attachment, if any. */
export const note = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'provider_communication_id',
    'note',
    'created_by_email',
    'created_at',
    'updated_at',
    'document',
  ],
  properties: {
    id: answerId,
    communication_id: answerId,
    provider_communication_id: answerId,
    note: str,
    created_by_email: nullableString,
    created_at: dateTime,
    updated_at: dateTime,
    document: { ...fileViewSchema, type: ['object', 'null'] },
  },
} as const;

/** GET /suppliercontact/:id: the supplier of an event and the contact to reach (the provider's own wins). */
export const supplierContact = {
  type: 'object',
  required: ['supplier', 'contact_name', 'contact_email', 'contact_phone', 'contact_source'],
  properties: {
    supplier: {
      type: ['object', 'null'],
      required: ['id', 'name', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'zip'],
      properties: {
        id: answerId,
        name: str,
        email: nullableString,
        phone: nullableString,
        address1: nullableString,
        address2: nullableString,
        city: nullableString,
        state: nullableString,
        zip: nullableString,
      },
    },
    contact_name: nullableString,
    contact_email: nullableString,
    contact_phone: nullableString,
    contact_source: { type: 'string', enum: ['PROVIDER', 'EVENT'] },
  },
} as const;

/** An id and a name (pickers). */
export const namedList = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: answerId, name: str } },
} as const;

/** GET /meta-sites: the provider first, then its sites. */
export const metaSites = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'is_site'],
    properties: { id: answerId, name: str, is_site: { type: 'boolean' } },
  },
} as const;
