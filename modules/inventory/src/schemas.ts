import {
  dateTimeSchema,
  idParamsSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  nullableDateTimeSchema,
} from '@portal/core';
import { INVENTORY_KINDS, PURCHASE_FIELDS, ITEM_FIELDS } from '@portal/vocabulary';

/** Request and answer schemas of the item master's routes (issue 38). */
export const idParams = idParamsSchema;

const FIELDS = [...new Set([...ITEM_FIELDS, ...PURCHASE_FIELDS])];
const kind = { type: 'string', enum: INVENTORY_KINDS } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date' } as const;

export const uploadBody = {
  type: 'object',
  properties: { kind: { ...kind, default: 'items' } },
} as const;

/** field → column (0-based) of the header row. */
const mappingSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(FIELDS.map((f) => [f, { type: 'integer', minimum: 0, maximum: 1000 }])) as Record<
    (typeof FIELDS)[number],
    { type: 'integer'; minimum: 0; maximum: 1000 }
  >,
} as const;

const headerMappingSchema = {
  type: ['object', 'null'],
  additionalProperties: { type: 'string' },
} as const;

export const startBody = {
  type: 'object',
  required: ['header_row', 'mapping'],
  properties: {
    header_row: { type: 'integer', minimum: 1, maximum: 10 },
    mapping: mappingSchema,
  },
} as const;

const countsProperties = {
  id: idSchema,
  kind,
  status: { type: 'string', enum: ['UPLOADED', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] },
  file_name: text,
  header_row: { type: 'integer' },
  mapping: { type: ['object', 'null'], additionalProperties: { type: 'integer' } },
  total_rows: { type: 'integer' },
  processed_rows: { type: 'integer' },
  created_rows: { type: 'integer' },
  updated_rows: { type: 'integer' },
  unchanged_rows: { type: 'integer' },
  refused_rows: { type: 'integer' },
  created_at: dateTimeSchema,
  started_at: nullableDateTimeSchema,
  finished_at: nullableDateTimeSchema,
} as const;

export const importSchema = {
  type: 'object',
  required: Object.keys(countsProperties),
  properties: countsProperties,
} as const;

const messagePartSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: text,
    reason: text,
    params: { type: 'object', additionalProperties: true },
    message: text,
  },
} as const;

export const importDetailSchema = {
  type: 'object',
  required: [...Object.keys(countsProperties), 'refusals'],
  properties: {
    ...countsProperties,
    refusals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['row_number', 'value', 'reason'],
        properties: { row_number: { type: 'integer' }, value: nullableText, reason: messagePartSchema },
      },
    },
  },
} as const;

export const importListSchema = { type: 'array', items: importSchema } as const;

export const uploadSchema = {
  type: 'object',
  required: ['import', 'fields', 'preview', 'header_row', 'mapping', 'remembered'],
  properties: {
    import: importSchema,
    fields: { type: 'array', items: { type: 'string', enum: FIELDS } },
    preview: { type: 'array', items: { type: 'array', items: text } },
    header_row: { type: 'integer' },
    mapping: mappingSchema,
    remembered: headerMappingSchema,
  },
} as const;

export const itemListQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    kind,
    site_id: idSchema,
    department: { type: 'string', maxLength: 500 },
    gtin: { type: 'string', maxLength: 100 },
    lot: { type: 'string', maxLength: 100 },
    serial: { type: 'string', maxLength: 100 },
  },
} as const;

export const itemRowSchema = {
  type: 'object',
  required: [
    'id',
    'site_id',
    'location',
    'gtin',
    'udi_di',
    'manufacturer',
    'catalogue_number',
    'model',
    'description',
    'lot',
    'serial',
    'quantity',
    'department',
    'expiry_date',
    'supplier_name',
    'purchased_on',
    'order_number',
    'updated_at',
  ],
  properties: {
    id: idSchema,
    site_id: { type: ['integer', 'null'] },
    location: nullableText,
    gtin: nullableText,
    udi_di: nullableText,
    manufacturer: nullableText,
    catalogue_number: nullableText,
    model: nullableText,
    description: nullableText,
    lot: nullableText,
    serial: nullableText,
    quantity: { type: ['integer', 'null'] },
    department: nullableText,
    expiry_date: nullableDate,
    supplier_name: nullableText,
    purchased_on: nullableDate,
    order_number: nullableText,
    updated_at: dateTimeSchema,
  },
} as const;

export const itemPageSchema = listPageSchema(itemRowSchema);

export const filtersSchema = {
  type: 'object',
  required: ['sites', 'departments'],
  properties: {
    sites: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: idSchema, name: text } },
    },
    departments: { type: 'array', items: text },
  },
} as const;

export const refusalFormatParams = {
  type: 'object',
  required: ['id', 'format'],
  properties: { id: idSchema, format: { type: 'string', enum: ['csv', 'xlsx'] } },
} as const;
