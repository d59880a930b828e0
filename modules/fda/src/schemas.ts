import { dateTimeSchema, listPageSchema, listQuerySchema, nullableTextSchema as text } from '@portal/core';
import { CLASSIFICATIONS, DEVICE_STATUSES, DRUG_STATUSES, NOT_CLASSIFIED } from './services/records.js';

const date = { type: 'string', format: 'date', maxLength: 10 } as const;

/** The shared list query plus the FDA filters. Status values are checked per list in the service. */
export const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    status: { type: 'string', enum: [...new Set([...DEVICE_STATUSES, ...DRUG_STATUSES])] },
    // `none`: records with no classification (for a device recall: no enforcement report of its number yet).
    classification: { type: 'string', enum: [...CLASSIFICATIONS, NOT_CLASSIFIED] },
    firm: { type: 'string', maxLength: 200 },
    productCode: { type: 'string', maxLength: 20 },
    initiatedFrom: date,
    initiatedTo: date,
  },
} as const;

export interface FdaListQuery {
  status?: string;
  classification?: string;
  firm?: string;
  productCode?: string;
  initiatedFrom?: string;
  initiatedTo?: string;
  [k: string]: unknown;
}

export const recallNumberParams = {
  type: 'object',
  required: ['recallNumber'],
  properties: { recallNumber: { type: 'string', minLength: 3, maxLength: 20, pattern: '^[A-Z]-\\d{1,5}-\\d{2,4}$' } },
} as const;

const texts = { type: 'array', items: { type: 'string' } } as const;
const day = { type: ['string', 'null'], format: 'date' } as const;

/** One row of an FDA list (devices or drugs). */
export const fdaRowSchema = {
  type: 'object',
  required: ['id', 'recall_number', 'kind', 'status', 'classification', 'recalling_firm', 'initiation_date'],
  properties: {
    id: { type: 'integer' },
    recall_number: { type: 'string' },
    kind: { type: 'string', enum: ['device-recall', 'device-enforcement', 'drug-enforcement'] },
    event_number: text,
    status: text,
    classification: text,
    recalling_firm: text,
    product_description: text,
    reason_for_recall: text,
    code_info: text,
    product_code: text,
    device_name: text,
    k_numbers: texts,
    ndc: texts,
    brand_names: texts,
    generic_names: texts,
    manufacturer_names: texts,
    initiation_date: day,
    report_date: day,
    termination_date: day,
    updated_at: dateTimeSchema,
  },
} as const;

/**
 * One row of a list page: only what the grids show, long texts cut to LIST_TEXT_CHARS with "…" (issue 36 item 12);
 * the record (`fdaRecordSchema`) has every field whole.
 */
export const fdaListRowSchema = {
  type: 'object',
  required: ['id', 'recall_number', 'kind', 'status', 'classification', 'recalling_firm', 'initiation_date'],
  properties: {
    id: fdaRowSchema.properties.id,
    recall_number: fdaRowSchema.properties.recall_number,
    kind: fdaRowSchema.properties.kind,
    status: text,
    classification: text,
    recalling_firm: text,
    product_description: text,
    code_info: text,
    product_code: text,
    device_name: text,
    brand_names: texts,
    initiation_date: day,
  },
} as const;

export const fdaPageSchema = listPageSchema(fdaListRowSchema);

/** One record with every field openFDA sent (`record`) and its nested `openfda` block. */
export const fdaRecordSchema = {
  type: 'object',
  required: [...fdaRowSchema.required, 'record', 'openfda'],
  properties: {
    ...fdaRowSchema.properties,
    record: { type: 'object', additionalProperties: true },
    openfda: { type: 'object', additionalProperties: true },
    /** A device recall's enforcement report of the same number, when imported. */
    enforcement: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;
