import {
  idOrZeroSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  nullableIdSchema,
  nullableStringSchema as text,
} from '@portal/core';
import { ACTION_TYPES, COMMUNICATION_TYPES } from '@portal/communications';
import {
  answerValueProps,
  communicationInfoProps,
  communicationsSchemas,
  outputSchemas,
  productProps,
} from '@portal/communications';

/** ajv schemas of the provider, notes and delegate routes (they also feed the OpenAPI document). */
export const id = idSchema;
export const idOrZero = idOrZeroSchema;
const date = { type: ['string', 'null'], format: 'date' } as const;

/** Path parameters: every name is a positive integer id unless listed in `zero` (0 allowed) or `strings`. */
export function params(names: string[], options: { zero?: string[]; strings?: Record<string, object> } = {}) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [n, options.strings?.[n] ?? (options.zero?.includes(n) ? idOrZero : id)]),
    ),
  } as const;
}

export const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    /** The eR responses list: one row per provider communication and responding person. */
    responses: { type: 'integer', enum: [0, 1] },
  },
} as const;

export const emptyQuery = { type: 'object', properties: {} } as const;

export const valueProps = answerValueProps;

export const answerBody = { type: 'object', properties: valueProps } as const;

/** Per-unit answers (issue 16): one simple value per row of the provider's own. */
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

const { answerId, communicationTypeSchema, dateTime, nullable, nullableDateTime } = outputSchemas;

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
    row_key: { type: 'string' },
    userid: nullable('integer'),
    responder_name: nullable('string'),
    responder_email: nullable('string'),
    responded_at: nullableDateTime,
  },
} as const;

export const providerListPage = listPageSchema(providerRow);

const str = { type: 'string' } as const;
const nullableString = nullable('string');
const count = { type: 'integer', minimum: 0 } as const;
const { noticeViewSchema, fileViewSchema } = outputSchemas;

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

const infoOut = Object.fromEntries(
  [
    'subtype',
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
    'supplier_name',
  ].map((k) => [k, nullableString]),
) as Record<
  | 'subtype'
  | 'event_id'
  | 'classification'
  | 'reason'
  | 'description'
  | 'disposition'
  | 'lead_time'
  | 'event_date'
  | 'end_date'
  | 'contact_name'
  | 'contact_email'
  | 'contact_phone'
  | 'supplier_name',
  typeof nullableString
>;

/** GET /provider-edit/:id (and update-recall's answer): a provider-created event as its edit form needs it. */
export const providerEditData = {
  type: 'object',
  required: [
    'communication',
    'provider_communication_id',
    'status_provider',
    'isProviderCreated',
    'editable',
    'products',
    'actions',
  ],
  properties: {
    communication: {
      type: 'object',
      required: ['id', 'type', 'name', ...Object.keys(infoOut), 'supplier_organization_id'],
      properties: {
        id: answerId,
        type: communicationTypeSchema,
        name: str,
        ...infoOut,
        supplier_organization_id: nullable('integer'),
      },
    },
    provider_communication_id: answerId,
    status_provider: { type: 'string', enum: ['OPEN', 'COMPLETED'] },
    isProviderCreated: { type: 'boolean' },
    editable: { type: 'boolean' },
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'product_name',
          'catalog_number',
          'lot_number',
          'udi',
          'description',
          'expiration_date',
          'quantity',
        ],
        properties: {
          id: answerId,
          product_name: str,
          catalog_number: nullableString,
          lot_number: nullableString,
          udi: nullableString,
          description: nullableString,
          expiration_date: nullable('string', { format: 'date' }),
          quantity: nullable('integer'),
        },
      },
    },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'action_type', 'title', 'description', 'options', 'is_required'],
        properties: {
          id: answerId,
          action_type: { type: 'string', enum: [...ACTION_TYPES] },
          title: str,
          description: nullableString,
          options: { type: 'array', items: str },
          is_required: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** Each action with its answer, responder and date (the response details; the operator's read-only detail). */
export const actionAnswerList = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'action_id',
      'action_type',
      'title',
      'is_required',
      'status',
      'value',
      'responder_email',
      'submitted_at',
      'updated_at',
      'files',
    ],
    properties: {
      action_id: answerId,
      action_type: { type: 'string', enum: [...ACTION_TYPES] },
      title: str,
      is_required: { type: 'boolean' },
      status: { type: 'string', enum: ['DRAFT', 'SUBMITTED', 'NA'] },
      value: { ...outputSchemas.responseValueSchema, type: ['object', 'null'] },
      responder_email: nullableString,
      submitted_at: nullableDateTime,
      updated_at: nullableDateTime,
      files: { type: 'array', items: fileViewSchema },
    },
  },
} as const;

/** The operator's eR responses rows: the provider's responder row plus the provider it belongs to. */
export const operatorResponsePage = listPageSchema({
  ...providerRow,
  required: [
    ...providerRow.required,
    'row_key',
    'userid',
    'responder_name',
    'responder_email',
    'responded_at',
    'provider_id',
    'provider_name',
  ],
  properties: { ...providerRow.properties, provider_id: answerId, provider_name: str },
});

/** The operator's read-only detail of one provider communication's answers. */
export const operatorResponseDetail = {
  type: 'object',
  required: [
    'communication',
    'provider_communication_id',
    'provider',
    'site',
    'status',
    'status_provider',
    'isProviderCreated',
    'response_status',
    'response_label',
    'customer_name',
    'sent_at',
    'acknowledged',
    'acknowledged_at',
    'acknowledged_by',
    'actions',
  ],
  properties: {
    communication: {
      type: 'object',
      required: ['id', 'name', 'type', 'subtype', 'event_id', 'classification', 'status', 'supplier_name'],
      properties: {
        id: answerId,
        name: str,
        type: communicationTypeSchema,
        subtype: nullableString,
        event_id: nullableString,
        classification: nullableString,
        status: noticeViewSchema.properties.communication.properties.status,
        supplier_name: nullableString,
      },
    },
    provider_communication_id: answerId,
    provider: { type: 'object', required: ['id', 'name'], properties: { id: answerId, name: str } },
    site: outputSchemas.providerViewSchema.properties.site,
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    status_provider: { type: 'string', enum: ['OPEN', 'COMPLETED'] },
    isProviderCreated: { type: 'boolean' },
    response_status: noticeViewSchema.properties.provider_communication.properties.response_status,
    response_label: noticeViewSchema.properties.provider_communication.properties.response_label,
    customer_name: str,
    sent_at: nullableDateTime,
    acknowledged: { type: 'boolean' },
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullableString,
    actions: actionAnswerList,
  },
} as const;

/** The permission-denied detail (spec 000 §3): may the caller open the event, and if not whom to ask. */
export const denialDetail = {
  type: 'object',
  required: [
    'allow_access',
    'communication_id',
    'provider_communication_id',
    'type',
    'supplier',
    'provider',
    'first_name',
    'last_name',
    'email',
    'request_sent',
  ],
  properties: {
    allow_access: { type: 'boolean' },
    communication_id: answerId,
    provider_communication_id: answerId,
    type: { type: 'string', enum: ['Recall', 'Supply Advisory'] },
    supplier: str,
    provider: str,
    first_name: nullableString,
    last_name: nullableString,
    email: nullableString,
    request_sent: { type: 'boolean' },
  },
} as const;

const responseStatus = noticeViewSchema.properties.provider_communication.properties.response_status;

/** An answer saved: the provider communication's response status after it. */
export const answerResult = {
  type: 'object',
  required: ['response_status'],
  properties: { response_status: responseStatus },
} as const;

/** Per-unit answers saved: the status, how many of the notice's own rows have an answer now, and of how many. */
export const unitAnswerResult = {
  type: 'object',
  required: ['response_status', 'answered', 'rows'],
  properties: { response_status: responseStatus, answered: count, rows: count },
} as const;

/** The files of an action (its list, or the answer of an upload), with their signed links. */
export const fileList = { type: 'array', items: fileViewSchema } as const;

/** Who acknowledged the notice, and when. */
export const acknowledgement = {
  type: 'object',
  required: ['acknowledged_at', 'acknowledged_by'],
  properties: { acknowledged_at: nullableDateTime, acknowledged_by: nullableString },
} as const;

/** The caller's eR row deleted: its drafts discarded, or (submitted) the row hidden from its list. */
export const responseRowDeleted = {
  type: 'object',
  required: ['discarded_action_ids', 'discarded_files', 'dismissed'],
  properties: {
    discarded_action_ids: { type: 'array', items: answerId },
    discarded_files: count,
    dismissed: { type: 'boolean' },
  },
} as const;

/** A delegation made (action_id null: the whole event). */
export const delegationMade = {
  type: 'object',
  required: ['id', 'email', 'action_id', 'status'],
  properties: {
    id: answerId,
    email: str,
    action_id: nullable('integer'),
    status: { type: 'string', enum: ['ACTIVE'] },
  },
} as const;

/** A delegate's email sent again. */
export const delegateMailResent = {
  type: 'object',
  required: ['id', 'email', 'resent'],
  properties: { id: answerId, email: str, resent: { type: 'boolean' } },
} as const;

/** A provider-created event made: the event and the provider communication addressed to the provider itself. */
export const providerEventCreated = {
  type: 'object',
  required: ['id', 'provider_communication_id', 'isProviderCreated'],
  properties: { id: answerId, provider_communication_id: answerId, isProviderCreated: { type: 'boolean' } },
} as const;

/** The notice as a delegate sees it: only the delegated action(s), and the delegation. */
export const delegateViewSchema = {
  type: 'object',
  required: [...noticeViewSchema.required, 'delegate'],
  properties: {
    ...noticeViewSchema.properties,
    delegate: {
      type: 'object',
      required: ['id', 'email', 'whole_event'],
      properties: { id: answerId, email: str, whole_event: { type: 'boolean' } },
    },
  },
} as const;
