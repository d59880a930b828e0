import { linkedFdaRecordSchema } from '@portal/fda';
import { ACTION_TYPES, FIELD_TYPES } from './constants.js';
import {
  communicationStatus,
  communicationTypeSchema,
  count,
  dateTime,
  id,
  nullable,
  nullableDateTime,
} from './output-schema-parts.js';

/** The value fields of an answer (AnswerValue). */
export const answerValueSchema = {
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
    'due_date',
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
    /** Issue 32: the action's own due date, if it has one. */
    due_date: nullable('string', { format: 'date' }),
    unit_answers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row_id', 'value'],
        properties: { row_id: { type: 'integer' }, value: answerValueSchema },
      },
    },
    response: {
      type: ['object', 'null'],
      required: ['status', 'value', 'responder_email', 'submitted_at', 'updated_at'],
      properties: {
        status: { type: 'string', enum: ['DRAFT', 'SUBMITTED'] },
        value: answerValueSchema,
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
    'response_due_date',
    'days_left',
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
    /** Issue 32: when the recipients should have answered, and the days from today to it (negative once past). */
    response_due_date: nullable('string', { format: 'date' }),
    days_left: nullable('integer'),
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
    'acknowledged_by_name',
    'completed_at',
    'customer_name',
    'response_label',
    'due_date',
    'days_left',
    'overdue',
    'not_affected_reason',
    'not_affected_at',
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
    /** The acknowledger's name when they have an account; null for an address without one. */
    acknowledged_by_name: nullable('string'),
    completed_at: nullableDateTime,
    customer_name: { type: 'string' },
    response_label: { type: 'string', enum: ['In Progress', 'Completed'] },
    /** Issue 32: the event's response-due date, the days left to it, and whether this notice is past it unanswered. */
    due_date: nullable('string', { format: 'date' }),
    days_left: nullable('integer'),
    overdue: { type: 'boolean' },
    /** The provider's "not affected: we have none of this product" answer and when it was given; else null. */
    not_affected_reason: nullable('string'),
    not_affected_at: nullableDateTime,
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
