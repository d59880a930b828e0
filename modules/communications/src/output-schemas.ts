import { linkedFdaRecordSchema } from '@portal/fda';
import { dateTimeSchema, listPageSchema, nullableDateTimeSchema } from '@portal/core';
import { codes } from '@portal/vocabulary';
import { ACTION_TYPES, COMMUNICATION_TYPES, FIELD_TYPES } from './constants.js';

/**
 * Schemas of what the routes send back (the envelope's `d`), declared as a route's `schema.response`. They document
 * the API and type the web (schema.gen.ts); answers are never validated or stripped at runtime. API tests hold the
 * real answers to them (services/bff/src/response-schemas.test.ts). Objects stay open: a field added to an answer is
 * no drift, a renamed or retyped one is.
 */

export const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra }) as const;
export const dateTime = dateTimeSchema;
export const nullableDateTime = nullableDateTimeSchema;
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

// ---- the supplier's event calls (issue 10, item 4) ----

const text = { type: 'string' } as const;
const nullableText = nullable('string');
const nullableId = nullable('integer');
const actionType = { type: 'string', enum: [...ACTION_TYPES] } as const;
const responseStatus = { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] } as const;
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
export const eventProductSchema = {
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
export const eventActionSchema = {
  type: 'object',
  required: ['id', 'sort_order', 'action_type', 'title', 'description', 'options', 'is_required', 'is_disabled'],
  properties: {
    id,
    sort_order: { type: 'integer' },
    action_type: actionType,
    title: text,
    description: nullableText,
    options: { type: 'array', items: text },
    is_required: { type: 'boolean' },
    is_disabled: { type: 'boolean' },
    /** Answered once per customer row of a custom-content event (issue 16). */
    per_unit: { type: 'boolean' },
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
  ],
  properties: {
    ...communicationRowSchema.properties,
    products: { type: 'array', items: eventProductSchema },
    actions: { type: 'array', items: eventActionSchema },
    customers_count: count,
    locations_count: count,
    provider_communications_count: count,
    fda_records: { type: 'array', items: linkedFdaRecordSchema },
  },
} as const;

/** The event's actions with counts of answers (GET /{id}/actions). */
export const actionCountsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'sort_order', 'action_type', 'title', 'is_required', 'submitted', 'drafts'],
    properties: {
      id,
      sort_order: { type: 'integer' },
      action_type: actionType,
      title: text,
      is_required: { type: 'boolean' },
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
        ],
        properties: {
          id,
          provider_communication_id: id,
          customer_name: text,
          value: responseValueSchema,
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
  },
} as const;
export const providerProgressPageSchema = listPageSchema(providerProgressRowSchema);

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
export const eventDocumentSchema = {
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
export const eventDocumentsSchema = { type: 'array', items: eventDocumentSchema } as const;

/** One event of any supplier for the operator: the supplier's event detail plus its supplier and documents. */
export const operatorEventDetailSchema = {
  type: 'object',
  required: [...communicationDetailSchema.required, 'supplier_name', 'documents'],
  properties: {
    ...communicationDetailSchema.properties,
    supplier_name: text,
    documents: eventDocumentsSchema,
  },
} as const;

/** How many sales representatives an advisory was sent to (POST /{id}/salesreps/notify). */
export const salesRepsNotifiedSchema = {
  type: 'object',
  required: ['emails_queued'],
  properties: { emails_queued: count },
} as const;

/** The supplier's active sales representatives (GET /{id}/salesreps). */
export const eventSalesRepsSchema = {
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
