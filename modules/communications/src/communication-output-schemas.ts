import { linkedFdaRecordSchema } from '@portal/fda';
import { FIELD_TYPES } from './constants.js';
import {
  actionType,
  communicationStatus,
  communicationTypeSchema,
  count,
  dateTime,
  id,
  nullable,
  nullableDateTime,
  nullableId,
  nullableText,
  text,
} from './output-schema-parts.js';
import { productFieldDefinitionSchema } from './notice-output-schemas.js';

// ---- the supplier's event calls (item 4) ----

const optionSchema = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: text, label: text },
} as const;
const options = { type: 'array', items: optionSchema } as const;

/** Every list the recall wizard needs (GET /supplier/communications/meta). */
export const communicationMetaSchema = {
  type: 'object',
  required: [
    'communicationTypes',
    'recallTypes',
    'disruptionTypes',
    'classifications',
    'dispositions',
    'leadTimes',
    'reasons',
    'actionTypes',
    'locationStatuses',
    'responseMethods',
    'fieldTypes',
    'productFields',
  ],
  properties: {
    communicationTypes: {
      type: 'array',
      items: { ...optionSchema, properties: { value: communicationTypeSchema, label: text } },
    },
    recallTypes: options,
    disruptionTypes: options,
    classifications: options,
    dispositions: options,
    leadTimes: options,
    reasons: options,
    actionTypes: { type: 'array', items: { ...optionSchema, properties: { value: actionType, label: text } } },
    locationStatuses: options,
    responseMethods: options,
    fieldTypes: { type: 'array', items: { type: 'string', enum: FIELD_TYPES } },
    productFields: { type: 'array', items: productFieldDefinitionSchema },
  },
} as const;

/** An event's own columns (the communications row), as approve answers it. */
export const communicationRowSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'type',
    'status',
    'current_step',
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
    'response_due_date',
    'contact_name',
    'contact_email',
    'contact_phone',
    'approved_at',
    'closed_at',
    'first_sent_at',
    'created_at',
    'updated_at',
    'fda_recall_numbers',
    'custom_content',
  ],
  properties: {
    id,
    organization_id: id,
    type: communicationTypeSchema,
    status: communicationStatus,
    current_step: count,
    subtype: nullableText,
    name: text,
    event_id: nullableText,
    classification: nullableText,
    reason: nullableText,
    description: nullableText,
    disposition: nullableText,
    lead_time: nullableText,
    event_date: nullable('string', { format: 'date' }),
    end_date: nullable('string', { format: 'date' }),
    /** Issue 32: when recipients should have answered (set at send from the plan's days when the supplier left it empty). */
    response_due_date: nullable('string', { format: 'date' }),
    contact_name: nullableText,
    contact_email: nullableText,
    contact_phone: nullableText,
    created_by: nullableId,
    approved_by: nullableId,
    approved_at: nullableDateTime,
    closed_at: nullableDateTime,
    first_sent_at: nullableDateTime,
    deleted_at: nullableDateTime,
    created_at: dateTime,
    updated_at: dateTime,
    /** Issue 15: the FDA recalls the event answers (Z-NNNN-YYYY, D-NNNN-YYYY). */
    fda_recall_numbers: { type: 'array', items: text },
    /** Issue 16: each customer gets its own rows (lot, serial, UDI) instead of the event's products. */
    custom_content: { type: 'boolean' },
  },
} as const;

/** A product's value of one custom field, by the field's type (CustomFieldValue). */
export const customFieldValueSchema = {
  type: ['string', 'number', 'boolean', 'array', 'null'],
  items: { type: 'string' },
} as const;

/** A product of the event as saved in step 1 (custom_fields by field id). */
export const communicationProductSchema = {
  type: 'object',
  required: [
    'id',
    'sort_order',
    'product_name',
    'catalog_number',
    'lot_number',
    'udi',
    'description',
    'expiration_date',
    'quantity',
    'custom_fields',
  ],
  properties: {
    id,
    sort_order: { type: 'integer' },
    product_name: text,
    catalog_number: nullableText,
    lot_number: nullableText,
    udi: nullableText,
    description: nullableText,
    expiration_date: nullable('string', { format: 'date' }),
    quantity: nullable('integer', { minimum: 0 }),
    custom_fields: { type: 'object', additionalProperties: customFieldValueSchema },
  },
} as const;

/** An action of the event as saved in step 2. */
export const communicationActionSchema = {
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
  ],
  properties: {
    id,
    sort_order: { type: 'integer' },
    action_type: actionType,
    title: text,
    description: nullableText,
    options: { type: 'array', items: text },
    is_required: { type: 'boolean' },
    is_disabled: { type: 'boolean' },
    /** Answered once per customer row of a custom-content event. */
    per_unit: { type: 'boolean' },
    /** Issue 32: the action's own due date, if it has one. */
    due_date: nullable('string', { format: 'date' }),
  },
} as const;

/** One event with its products, actions and counts (CommunicationDetail: GET /{id} and the wizard's steps). */
export const communicationDetailSchema = {
  type: 'object',
  required: [
    ...communicationRowSchema.required,
    'products',
    'actions',
    'customers_count',
    'locations_count',
    'provider_communications_count',
    'fda_records',
    'response_due_date_default',
  ],
  properties: {
    ...communicationRowSchema.properties,
    /**
     * Issue 32: the response-due date the event would get if sent today without one: today plus its organisation's
     * days for its class (the wizard prefills it).
     */
    response_due_date_default: nullable('string', { format: 'date' }),
    products: { type: 'array', items: communicationProductSchema },
    actions: { type: 'array', items: communicationActionSchema },
    customers_count: count,
    locations_count: count,
    provider_communications_count: count,
    fda_records: { type: 'array', items: linkedFdaRecordSchema },
  },
} as const;
