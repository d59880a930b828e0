import { idSchema } from '@portal/core';

/** Request and answer schemas of the matching routes (issue 38, items 4 and 5). */

const text = { type: ['string', 'null'] } as const;
const instant = { type: ['string', 'null'], format: 'date-time' } as const;
const count = { type: 'integer', minimum: 0 } as const;

export const MATCH_REASON_CODES = [
  'DI_LOT',
  'DI',
  'CATALOGUE_LOT',
  'MODEL_LOT',
  'CATALOGUE',
  'MODEL',
  'LOT',
  'TEXT_TOKEN',
] as const;

export const matchRowSchema = {
  type: 'object',
  required: ['id', 'source', 'reason', 'confidence', 'likely', 'evidence', 'units'],
  properties: {
    id: { type: 'integer' },
    source: { type: 'string', enum: ['ITEM', 'PURCHASE'] },
    row_id: { type: 'integer' },
    product_index: { type: 'integer' },
    reason: { type: 'string', enum: MATCH_REASON_CODES },
    confidence: { type: 'number' },
    likely: { type: 'boolean' },
    evidence: { type: 'string' },
    units: { type: 'integer' },
    department: text,
    site_id: { type: ['integer', 'null'] },
    location: text,
    gtin: text,
    manufacturer: text,
    catalogue_number: text,
    model: text,
    description: text,
    lot: text,
    serial: text,
    row_imported_at: instant,
  },
} as const;

const searchedSchema = {
  type: 'object',
  properties: {
    products: { type: 'integer' },
    fda_records: { type: 'integer' },
    gtins: { type: 'array', items: { type: 'string' } },
    catalogues: { type: 'array', items: { type: 'string' } },
    models: { type: 'array', items: { type: 'string' } },
    lots: { type: 'array', items: { type: 'string' } },
    lot_ranges: { type: 'array', items: { type: 'string' } },
    serials: { type: 'integer' },
    counts: {
      type: 'object',
      properties: {
        gtins: { type: 'integer' },
        catalogues: { type: 'integer' },
        models: { type: 'integer' },
        lots: { type: 'integer' },
        lot_ranges: { type: 'integer' },
      },
    },
  },
} as const;

/** One notice against the item master. */
export const noticeMatchesSchema = {
  type: 'object',
  required: ['provider_communication_id', 'status', 'summary', 'rows', 'item_master'],
  properties: {
    provider_communication_id: { type: 'integer' },
    /**
     * MATCHED: likely affected rows; NONE: none; PENDING: an item master exists and the check is running (or is being
     * redone after an import); NO_ITEM_MASTER: nothing to check against.
     */
    status: { type: 'string', enum: ['MATCHED', 'NONE', 'PENDING', 'NO_ITEM_MASTER'] },
    matched_at: instant,
    item_master: {
      type: 'object',
      properties: {
        items: count,
        purchases: count,
        items_imported_at: instant,
        purchases_imported_at: instant,
      },
    },
    summary: {
      type: 'object',
      properties: {
        units: count,
        rows: count,
        departments: count,
        sites: count,
        purchased_units: count,
        possible: count,
      },
    },
    department_names: { type: 'array', items: { type: 'string' } },
    site_names: { type: 'array', items: { type: 'string' } },
    searched: searchedSchema,
    rows: { type: 'array', items: matchRowSchema },
    rows_total: count,
  },
} as const;

export const matchBadgesQuery = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: {
    /** Provider communication ids, comma-separated (a page of the worklist: at most 100). */
    ids: { type: 'string', maxLength: 1700, pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$' },
  },
} as const;

export const matchBadgesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['provider_communication_id', 'status', 'units', 'rows', 'departments', 'sites'],
    properties: {
      provider_communication_id: { type: 'integer' },
      status: { type: 'string', enum: ['MATCHED', 'NONE'] },
      units: count,
      rows: count,
      departments: count,
      sites: count,
      matched_at: { type: 'string', format: 'date-time' },
    },
  },
} as const;

export const notAffectedBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 1000 } },
} as const;

export const notAffectedAnswer = {
  type: 'object',
  required: ['id', 'response_status', 'evidence'],
  properties: {
    id: { type: 'integer' },
    communication_id: { type: 'integer' },
    response_status: { type: 'string' },
    not_affected_reason: text,
    not_affected_by: text,
    not_affected_at: instant,
    evidence: {
      type: 'object',
      properties: { matched_at: { type: 'string', format: 'date-time' }, items: count, items_imported_at: instant },
    },
  },
} as const;

export const reportQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' } },
} as const;

export const inventoryChecksSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['provider_communication_id', 'affected_customer_id', 'state'],
    properties: {
      provider_communication_id: { type: 'integer' },
      affected_customer_id: { type: 'integer' },
      provider_organization_id: { type: ['integer', 'null'] },
      /** Whether the customer's own records found the product: an aggregate, never the records. */
      state: { type: 'string', enum: ['FOUND', 'NOT_FOUND', 'NOT_CHECKED'] },
    },
  },
} as const;

export const pcParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
