import { listPageSchema } from '@portal/core';
import { ACTION_TYPES } from '@portal/communications';
import { outputSchemas } from '@portal/communications';
import {
  answerId,
  communicationTypeSchema,
  count,
  fileViewSchema,
  noticeViewSchema,
  nullable,
  nullableDateTime,
  nullableString,
  str,
} from './output-schema-parts.js';
import { providerRow } from './provider-output-schemas.js';

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
      value: { ...outputSchemas.answerValueSchema, type: ['object', 'null'] },
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
export const providerCreatedCommunication = {
  type: 'object',
  required: ['id', 'provider_communication_id', 'isProviderCreated'],
  properties: { id: answerId, provider_communication_id: answerId, isProviderCreated: { type: 'boolean' } },
} as const;

/** The notice as a delegate sees it: only the delegated action(s), and the delegation. */
export const delegateViewSchema = {
  type: 'object',
  required: [...noticeViewSchema.required, 'delegate', 'message', 'from'],
  properties: {
    ...noticeViewSchema.properties,
    delegate: {
      type: 'object',
      required: ['id', 'email', 'whole_event'],
      properties: { id: answerId, email: str, whole_event: { type: 'boolean' } },
    },
    /** The delegator's message (plain text, as written), or null. */
    message: nullableString,
    /** Who delegated: their name, or their email without one; null when that user is gone. */
    from: nullableString,
  },
} as const;
