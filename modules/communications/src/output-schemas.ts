import { linkedFdaRecordSchema } from '@portal/fda';
import { listPageSchema } from '@portal/core';
import { codes } from '@portal/vocabulary';
import { ACTION_TYPES, COMMUNICATION_TYPES, FIELD_TYPES } from './constants.js';

/**
 * Schemas of what the routes send back (the envelope's `d`), declared as a route's `schema.response`. They document
 * the API and type the web (schema.gen.ts); answers are never validated or stripped at runtime. API tests hold the
 * real answers to them (services/bff/src/response-schemas.test.ts). Objects stay open: a field added to an answer is
 * no drift, a renamed or retyped one is.
 */

export const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra }) as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const nullableDateTime = nullable('string', { format: 'date-time' });
export const answerId = { type: 'integer', minimum: 1 } as const;
const id = answerId;
const count = { type: 'integer', minimum: 0 } as const;
export const communicationTypeSchema = { type: 'string', enum: [...COMMUNICATION_TYPES] } as const;
const communicationStatus = { type: 'string', enum: [...codes('communicationStatus')] } as const;

/** The value fields of an answer (ResponseValue). */
export const responseValueSchema = {
  type: 'object',
  properties: {
    valueAcknowledge: { type: 'boolean' },
    valueText: { type: 'string' },
    valueNumeric: { type: 'string' },
    valueYesNo: { type: 'string', enum: ['Yes', 'No'] },
    valueCheckbox: { type: 'array', items: { type: 'string' } },
    valueMultiChoice: { type: 'array', items: { type: 'string' } },
    valueImage: { type: 'array', items: id },
    valueDocument: { type: 'array', items: id },
  },
} as const;

/** A file with its signed links (FileView). */
export const fileViewSchema = {
  type: 'object',
  required: ['id', 'name', 'extension', 'type', 'size', 'signed_url', 'signed_url_review'],
  properties: {
    id,
    name: { type: 'string' },
    extension: { type: 'string' },
    type: { type: 'string' },
    size: count,
    signed_url: { type: 'string' },
    signed_url_review: { type: 'string' },
  },
} as const;

/** An action of a notice with its answer so far, if any, and its files (ActionView). */
export const actionViewSchema = {
  type: 'object',
  required: [
    'id',
    'sort_order',
    'action_type',
    'title',
    'description',
    'options',
    'is_required',
    'is_disabled',
    'response',
    'files',
  ],
  properties: {
    id,
    sort_order: { type: 'integer' },
    action_type: { type: 'string', enum: [...ACTION_TYPES] },
    title: { type: 'string' },
    description: nullable('string'),
    options: { type: 'array', items: { type: 'string' } },
    is_required: { type: 'boolean' },
    is_disabled: { type: 'boolean' },
    per_unit: { type: 'boolean' },
    unit_answers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row_id', 'value'],
        properties: { row_id: { type: 'integer' }, value: responseValueSchema },
      },
    },
    response: {
      type: ['object', 'null'],
      required: ['status', 'value', 'responder_email', 'submitted_at', 'updated_at'],
      properties: {
        status: { type: 'string', enum: ['DRAFT', 'SUBMITTED'] },
        value: responseValueSchema,
        responder_email: nullable('string'),
        submitted_at: nullableDateTime,
        updated_at: dateTime,
      },
    },
    files: { type: 'array', items: fileViewSchema },
  },
} as const;

const lookupWords = {
  type: ['object', 'null'],
  required: ['en', 'vi'],
  properties: { en: { type: 'string' }, vi: { type: 'string' } },
} as const;

const noticeCommunicationSchema = {
  type: 'object',
  required: [
    'id',
    'type',
    'subtype',
    'name',
    'event_id',
    'classification',
    'reason',
    'description',
    'disposition',
    'lead_time',
    'event_date',
    'end_date',
    'contact_name',
    'contact_email',
    'contact_phone',
    'status',
    'supplier_name',
    'organization_id',
  ],
  properties: {
    id,
    type: communicationTypeSchema,
    subtype: nullable('string'),
    name: { type: 'string' },
    event_id: nullable('string'),
    classification: nullable('string'),
    reason: nullable('string'),
    description: nullable('string'),
    disposition: nullable('string'),
    lead_time: nullable('string'),
    event_date: nullable('string'),
    end_date: nullable('string'),
    contact_name: nullable('string'),
    contact_email: nullable('string'),
    contact_phone: nullable('string'),
    status: communicationStatus,
    supplier_name: { type: 'string' },
    organization_id: id,
    labels: {
      type: 'object',
      description: "The lookup values' words for the event's codes, in both languages (null where no code)",
      required: ['subtype', 'classification', 'reason', 'disposition', 'lead_time'],
      properties: {
        subtype: lookupWords,
        classification: lookupWords,
        reason: lookupWords,
        disposition: lookupWords,
        lead_time: lookupWords,
      },
    },
  },
} as const;

const noticeProviderCommunicationSchema = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'supplier_organization_id',
    'provider_organization_id',
    'affected_customer_id',
    'status',
    'response_status',
    'sent_at',
    'acknowledged_at',
    'acknowledged_by',
    'completed_at',
    'customer_name',
    'response_label',
  ],
  properties: {
    id,
    communication_id: id,
    supplier_organization_id: id,
    provider_organization_id: nullable('integer'),
    affected_customer_id: id,
    status: { type: 'string', enum: ['OPEN', 'CLOSED', 'DELETED'] },
    response_status: { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] },
    sent_at: nullableDateTime,
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullable('string'),
    completed_at: nullableDateTime,
    customer_name: { type: 'string' },
    response_label: { type: 'string', enum: ['In Progress', 'Completed'] },
  },
} as const;

/** A custom field a product is shown with (spec 000 §3 types). */
export const productFieldDefinitionSchema = {
  type: 'object',
  required: ['id', 'name', 'field_type', 'options', 'is_required'],
  properties: {
    id,
    name: { type: 'string' },
    field_type: { type: 'string', enum: FIELD_TYPES },
    options: { type: 'array', items: { type: 'string' } },
    is_required: { type: 'boolean' },
  },
} as const;

/** A product's value of one custom field, in the spec's value field of its type (only that one is present). */
export const productFieldValueSchema = {
  type: 'object',
  required: ['id', 'name', 'field_type'],
  properties: {
    id,
    name: { type: 'string' },
    field_type: { type: 'string', enum: FIELD_TYPES },
    valueText: { type: 'string' },
    valueNumber: { type: 'number' },
    valueDate: { type: 'string', format: 'date' },
    valueYesNo: { type: 'string', enum: ['Yes', 'No'] },
    valueTrueFalse: { type: 'boolean' },
    valueListSingle: { type: 'string' },
    valueListMultiple: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A product of a notice: its columns, plus the supplier's custom fields. */
const noticeProductSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: true,
  properties: {
    id,
    product_name: nullable('string'),
    catalog_number: nullable('string'),
    lot_number: nullable('string'),
    serial_number: nullable('string'),
    udi: nullable('string'),
    description: nullable('string'),
    expiration_date: nullable('string'),
    quantity: { type: ['string', 'number', 'null'] },
    custom_fields: { type: ['object', 'null'], additionalProperties: true },
    fields: { type: 'array', items: productFieldValueSchema },
  },
} as const;

const noticeViewProperties = {
  communication: noticeCommunicationSchema,
  provider_communication: noticeProviderCommunicationSchema,
  products: { type: 'array', items: noticeProductSchema },
  product_fields: { type: 'array', items: productFieldDefinitionSchema },
  actions: { type: 'array', items: actionViewSchema },
  documents: { type: 'array', items: fileViewSchema },
  email: { type: 'string' },
} as const;
const noticeViewRequired = ['communication', 'provider_communication', 'products', 'actions', 'documents', 'email'];

/** The notice as its recipient sees it (NoticeView): the public form's answer. */
export const noticeViewSchema = {
  type: 'object',
  required: noticeViewRequired,
  properties: noticeViewProperties,
} as const;

/** The provider's view of one provider communication: the notice plus the provider's flags (inbox ProviderView). */
export const providerViewSchema = {
  type: 'object',
  required: [...noticeViewRequired, 'status_provider', 'isProviderCreated', 'allow_access', 'site'],
  properties: {
    ...noticeViewProperties,
    status_provider: { type: 'string', enum: ['OPEN', 'COMPLETED'] },
    isProviderCreated: { type: 'boolean' },
    allow_access: { type: 'boolean' },
    fda_records: { type: 'array', items: linkedFdaRecordSchema },
    site: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id, name: { type: 'string' } },
    },
  },
} as const;

/** A row of the supplier's list of events, with its counts (CommunicationListRow). */
export const communicationListRowSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'event_id',
    'type',
    'subtype',
    'status',
    'classification',
    'event_date',
    'created_at',
    'updated_at',
    'approved_at',
    'customers_count',
    'acknowledged_count',
    'completed_count',
    'sent_count',
  ],
  properties: {
    id,
    name: { type: 'string' },
    event_id: nullable('string'),
    type: communicationTypeSchema,
    subtype: nullable('string'),
    status: communicationStatus,
    classification: nullable('string'),
    event_date: nullable('string'),
    created_at: dateTime,
    updated_at: dateTime,
    approved_at: nullableDateTime,
    customers_count: count,
    acknowledged_count: count,
    completed_count: count,
    sent_count: count,
  },
} as const;

export const communicationListPageSchema = listPageSchema(communicationListRowSchema);

/** A row of the operator's list of every supplier's events: the supplier's row plus its supplier and provider progress. */
export const operatorEventRowSchema = {
  ...communicationListRowSchema,
  required: [...communicationListRowSchema.required, 'organization_id', 'supplier_name', 'status_provider', 'fda'],
  properties: {
    ...communicationListRowSchema.properties,
    organization_id: id,
    supplier_name: { type: 'string' },
    status_provider: { type: ['string', 'null'], enum: ['COMPLETED', 'NOTCOMPLETED', null] },
    /** The FDA recalls the event names (issue 15): the FDA's classification and status beside the event's own. */
    fda: {
      type: 'array',
      items: {
        type: 'object',
        required: ['recall_number', 'found', 'classification', 'status'],
        properties: {
          recall_number: { type: 'string' },
          found: { type: 'boolean' },
          classification: { type: ['string', 'null'] },
          status: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

export const operatorEventListPageSchema = listPageSchema(operatorEventRowSchema);
