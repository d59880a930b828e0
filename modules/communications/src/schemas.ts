import {
  dateTimeSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  MAX_ID,
  MAX_INT4,
  nullableIdSchema,
  nullableStringSchema as text,
} from '@portal/core';
import { ACTION_TYPES, COMMUNICATION_TYPES } from './constants.js';
import { noticeViewSchema } from './notice-output-schemas.js';

const id = idSchema;
const date = { type: ['string', 'null'], format: 'date' } as const;
/**
 * Issue 32: a response-due date (an event's, an action's): a real calendar date in 2010-2030, or null. The bounds keep a
 * typo's year (20266, 1926) out of the lists that order by it.
 */
export const dueDateSchema = {
  type: ['string', 'null'],
  format: 'date',
  formatMinimum: '2010-01-01',
  formatMaximum: '2030-12-31',
} as const;
/** A lookup code: checked against the managed values by the service (`assertLookupCodes`), not by an enum. */
const lookupCode = text(100);

export const idParams = idParamsSchema;

export const listQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] } },
} as const;

/** The information fields of an event (step 0), shared with provider-created events. */
export const communicationInfoProps = {
  subtype: lookupCode,
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  event_id: text(100),
  classification: lookupCode,
  reason: lookupCode,
  description: text(100_000),
  disposition: lookupCode,
  lead_time: lookupCode,
  event_date: date,
  end_date: date,
  contact_name: text(200),
  contact_email: { type: ['string', 'null'], format: 'email', maxLength: 254 },
  contact_phone: text(30),
} as const;

export const step0Body = {
  type: 'object',
  required: ['type', 'name'],
  properties: {
    id,
    type: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    ...communicationInfoProps,
    /** Issue 32: when recipients should have answered; null = set at send from the organisation's days for the class. */
    response_due_date: dueDateSchema,
    /** Issue 15: the FDA recalls this event answers (devices Z-NNNN-YYYY, drugs D-NNNN-YYYY). */
    fda_recall_numbers: {
      type: 'array',
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[ZD]-\\d{4}-\\d{4}$', maxLength: 11 },
    },
  },
} as const;

/** The value fields of an answer (spec §3), for every form that answers actions. */
export const answerValueProps = {
  valueAcknowledge: { type: 'boolean' },
  valueText: { type: 'string', maxLength: 10_000 },
  valueNumeric: { type: ['string', 'integer'], maxLength: 30, minimum: 0, maximum: MAX_ID },
  valueYesNo: { type: 'string', enum: ['Yes', 'No'] },
  valueCheckbox: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
  valueMultiChoice: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
  valueImage: { type: 'array', maxItems: 50, items: id },
  valueDocument: { type: 'array', maxItems: 50, items: id },
  submit: { type: 'boolean' },
} as const;

/** Per-unit answers: one simple value for each of the provider's own rows, at most 1,000 per call. */
export const unitAnswersSchema = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    required: ['rowId'],
    properties: {
      rowId: id,
      valueText: answerValueProps.valueText,
      valueNumeric: answerValueProps.valueNumeric,
      valueYesNo: answerValueProps.valueYesNo,
    },
  },
} as const;

/** A product row's own fields, as the supplier's step 1 and the provider's own events write them. */
export const productProps = {
  product_name: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
  catalog_number: text(100),
  lot_number: text(100),
  udi: text(200),
  description: text(2000),
  expiration_date: date,
  quantity: { type: ['integer', 'null'], minimum: 0, maximum: MAX_INT4 },
} as const;

export const step1Body = {
  type: 'object',
  required: ['id', 'products'],
  properties: {
    id,
    products: {
      type: 'array',
      maxItems: 10_000,
      items: {
        type: 'object',
        required: ['product_name'],
        properties: { ...productProps, custom_fields: { type: 'object', additionalProperties: true } },
      },
    },
  },
} as const;

export const step2Body = {
  type: 'object',
  required: ['id', 'actions'],
  properties: {
    id,
    actions: {
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
          // Answered once per customer row of a custom-content event: Text, Numeric or YesNo.
          per_unit: { type: 'boolean' },
          /** Issue 32: this action's own due date (optional; the event's response-due date otherwise). */
          due_date: dueDateSchema,
        },
      },
    },
  },
} as const;

const customer = {
  type: 'object',
  required: ['name', 'email'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 300 },
    email: { type: 'string', maxLength: 254 },
    provider_organization_id: nullableIdSchema,
  },
} as const;

export const step3Body = {
  type: 'object',
  required: ['id'],
  properties: {
    id,
    provider_organization_ids: { type: 'array', maxItems: 10_000, items: id },
    customers: { type: 'array', maxItems: 10_000, items: customer },
    location_ids: { type: 'array', maxItems: 100_000, items: id },
    location_file_id: id,
    /** Every active location of the supplier's location list (those typed in one by one as well as those of files). */
    all_locations: { type: 'boolean' },
    distribution_list_id: id,
  },
} as const;

export const customersBody = {
  type: 'object',
  required: ['id', 'customers'],
  properties: { id, customers: { type: 'array', minItems: 1, maxItems: 10_000, items: customer } },
} as const;

export const removeBody = {
  type: 'object',
  properties: {
    customer_ids: { type: 'array', maxItems: 10_000, items: id },
    location_ids: { type: 'array', maxItems: 100_000, items: id },
  },
} as const;

export const statusParams = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id,
    status: {
      type: 'string',
      enum: ['DRAFT', 'OPEN', 'CLOSED', 'DELETED', 'COVERED', 'EMAILED', 'NON_COVERED', 'UNABLE_PROCESSED', 'INVALID'],
    },
  },
} as const;

export const locationIdsBody = {
  type: 'object',
  properties: { location_ids: { type: 'array', maxItems: 100_000, items: id } },
} as const;

export const anySegmentParams = <const N extends string>(name: N) =>
  ({
    type: 'object',
    required: ['id', name],
    // Typed by name, so the route's `req.params` is inferred from this schema.
    properties: { id, [name]: { type: 'string', maxLength: 50 } } as { id: typeof id } & {
      [K in N]: { readonly type: 'string'; readonly maxLength: 50 };
    },
  }) as const;

export const sendQuery = {
  type: 'object',
  properties: {
    sendType: { type: 'string', enum: ['all', 'new'], default: 'new' },
    notificationDate: dateTimeSchema,
    senTypeNotCov: { type: 'boolean', default: false },
  },
} as const;

export const uploadQuery = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['DOCUMENT', 'SUPPORTING'], default: 'DOCUMENT' } },
} as const;

export const postUpdateBody = {
  type: 'object',
  required: ['changes'],
  properties: {
    changes: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
        description: text(100_000),
        end_date: date,
        response_due_date: dueDateSchema,
        contact_name: text(200),
        contact_email: { type: ['string', 'null'], format: 'email', maxLength: 254 },
        contact_phone: text(30),
        disposition: lookupCode,
        lead_time: lookupCode,
        reason: lookupCode,
      },
    },
    /** Issue 33: products added to the approved event after its current ones (step 1's checks). */
    products: { ...step1Body.properties.products, maxItems: 500 },
    note: { type: 'string', maxLength: 5000 },
    notify: { type: 'boolean' },
  },
} as const;

export const internalActionBody = {
  type: 'object',
  required: ['communication_id', 'title'],
  properties: {
    id,
    communication_id: id,
    provider_communication_id: nullableIdSchema,
    title: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
    description: text(5000),
    assignee_email: { type: ['string', 'null'], maxLength: 254 },
    due_date: date,
    status: { type: 'string', enum: ['OPEN', 'COMPLETED', 'DELETED'] },
  },
} as const;

export const supplierDelegateBody = {
  type: 'object',
  required: ['provider_communication_id', 'email'],
  properties: {
    provider_communication_id: id,
    email: { type: 'string', maxLength: 254 },
    action_id: nullableIdSchema,
    message: text(2000),
  },
} as const;

// ---- answers (added by the web-types work; documentation only, never validated at runtime) ----

const noticeCommunication = noticeViewSchema.properties.communication.properties;

/** GET /supplier/sales-rep/disruption-notice: the advisory, its products (no ids) and each customer's progress. */
export const salesRepViewSchema = {
  type: 'object',
  required: ['communication', 'products', 'customers', 'email'],
  properties: {
    communication: {
      type: 'object',
      required: [
        'id',
        'type',
        'subtype',
        'name',
        'event_id',
        'reason',
        'lead_time',
        'description',
        'event_date',
        'end_date',
        'status',
        'supplier_name',
        'labels',
      ],
      properties: {
        ...Object.fromEntries(
          (
            [
              'id',
              'type',
              'subtype',
              'name',
              'event_id',
              'reason',
              'lead_time',
              'description',
              'event_date',
              'end_date',
              'response_due_date',
              'status',
              'supplier_name',
              'labels',
            ] as const
          ).map((k) => [k, noticeCommunication[k]]),
        ),
      },
    },
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_name', 'catalog_number', 'lot_number', 'udi', 'description', 'expiration_date', 'quantity'],
        properties: {
          product_name: { type: 'string' },
          catalog_number: { type: ['string', 'null'] },
          lot_number: { type: ['string', 'null'] },
          udi: { type: ['string', 'null'] },
          description: { type: ['string', 'null'] },
          expiration_date: { type: ['string', 'null'], format: 'date' },
          quantity: { type: ['integer', 'null'] },
        },
      },
    },
    customers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'sent_at', 'acknowledged_at', 'response_status', 'completed_at'],
        properties: {
          name: { type: 'string' },
          sent_at: { type: ['string', 'null'], format: 'date-time' },
          acknowledged_at: { type: ['string', 'null'], format: 'date-time' },
          response_status: { type: ['string', 'null'], enum: ['NOTCOMPLETED', 'COMPLETED', null] },
          completed_at: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    email: { type: 'string' },
  },
} as const;

/** PUT …/custom-content: whether custom content is on now, and how many customer rows the draft holds. */
export const customContentSetAnswer = {
  type: 'object',
  required: ['custom_content', 'rows'],
  properties: { custom_content: { type: 'boolean' }, rows: { type: 'integer', minimum: 0 } },
} as const;

/** POST …/custom-content/file: the rows read and the customers they belong to. */
export const customRowsUploadedAnswer = {
  type: 'object',
  required: ['rows', 'customers'],
  properties: { rows: { type: 'integer', minimum: 0 }, customers: { type: 'integer', minimum: 0 } },
} as const;
