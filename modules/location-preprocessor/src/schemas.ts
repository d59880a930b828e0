import {
  dateTimeSchema,
  idNameListSchema,
  idParamsSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  nullableDateTimeSchema,
  nullableTextSchema as nullableString,
} from '@portal/core';
import { JOB_STATUSES } from './services/jobs.js';

const DECISIONS = ['MATCHED', 'REVIEW', 'UNMATCHED'] as const;

export const idParams = idParamsSchema;
export const rowParams = {
  type: 'object',
  required: ['id', 'rowId'],
  properties: { id: idSchema, rowId: idSchema },
} as const;

export const jobListQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    status: { type: 'string', enum: JOB_STATUSES },
    suppliername: { type: 'string', maxLength: 300 },
  },
} as const;

export const jobDetailQuery = {
  type: 'object',
  properties: {
    pageNumber: listQuerySchema.properties.pageNumber,
    pageSize: listQuerySchema.properties.pageSize,
    decision: { type: 'string', enum: DECISIONS },
    search: { type: 'string', maxLength: 200 },
    minConfidence: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

export const knownListQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    state: { type: 'string', maxLength: 2, pattern: '^[A-Za-z]{2}$' },
  },
} as const;

/** The upload's text fields (multipart): the supplier by id, as `supplierId` or `supplier` (a name is accepted too). */
export const uploadBody = {
  type: 'object',
  properties: {
    supplierId: { type: 'string', minLength: 1, maxLength: 300 },
    supplier: { type: 'string', minLength: 1, maxLength: 300 },
  },
} as const;

export const decideBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    knownProviderId: idSchema,
    decision: { type: 'string', enum: ['UNMATCHED'] },
  },
} as const;

export const bulkAcceptBody = {
  type: 'object',
  required: ['minConfidence'],
  additionalProperties: false,
  properties: { minConfidence: { type: 'number', minimum: 0, maximum: 1 } },
} as const;

export const jobSchema = {
  type: 'object',
  required: [
    'id',
    'supplierId',
    'supplierName',
    'fileName',
    'status',
    'totalRows',
    'processedRows',
    'matchedRows',
    'reviewRows',
    'unmatchedRows',
    'createdAt',
    'createdBy',
    'completedAt',
  ],
  properties: {
    id: { type: 'integer' },
    supplierId: { type: 'integer' },
    supplierName: { type: 'string' },
    fileName: { type: 'string' },
    status: { type: 'string', enum: JOB_STATUSES },
    totalRows: { type: 'integer' },
    processedRows: { type: 'integer' },
    matchedRows: { type: 'integer' },
    reviewRows: { type: 'integer' },
    unmatchedRows: { type: 'integer' },
    createdAt: dateTimeSchema,
    createdBy: nullableString,
    completedAt: nullableDateTimeSchema,
  },
} as const;

export const jobPageSchema = listPageSchema(jobSchema);

export const inputSchema = {
  type: 'object',
  required: ['name', 'address', 'city', 'state', 'zip', 'phone', 'customerNumber'],
  properties: {
    name: { type: 'string' },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zip: { type: 'string' },
    phone: { type: 'string' },
    customerNumber: { type: 'string' },
  },
} as const;

export const candidateSchema = {
  type: 'object',
  required: ['knownProviderId', 'name', 'address', 'city', 'state', 'zip', 'externalId', 'score'],
  properties: {
    knownProviderId: { type: 'integer' },
    name: { type: 'string' },
    address: nullableString,
    city: nullableString,
    state: nullableString,
    zip: nullableString,
    externalId: nullableString,
    score: { type: 'number' },
  },
} as const;

export const rowSchema = {
  type: 'object',
  required: [
    'id',
    'rowNumber',
    'input',
    'decision',
    'confidence',
    'knownProviderId',
    'knownProviderName',
    'decidedBy',
    'decidedAt',
    'candidates',
  ],
  properties: {
    id: { type: 'integer' },
    rowNumber: { type: 'integer' },
    input: inputSchema,
    decision: { type: 'string', enum: DECISIONS },
    confidence: { type: 'number' },
    knownProviderId: { type: ['integer', 'null'] },
    knownProviderName: nullableString,
    decidedBy: nullableString,
    decidedAt: nullableDateTimeSchema,
    candidates: { type: 'array', maxItems: 3, items: candidateSchema },
  },
} as const;

export const jobDetailSchema = {
  type: 'object',
  required: ['job', 'rows'],
  properties: {
    job: {
      ...jobSchema,
      required: [...jobSchema.required, 'errorMessage'],
      properties: { ...jobSchema.properties, errorMessage: nullableString },
    },
    rows: {
      type: 'object',
      required: ['items', 'total'],
      properties: { items: { type: 'array', items: rowSchema }, total: { type: 'integer' } },
    },
  },
} as const;

export const createdSchema = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['PENDING'] } },
} as const;

export const suppliersSchema = idNameListSchema;

export const bulkAcceptSchema = {
  type: 'object',
  required: ['accepted'],
  properties: { accepted: { type: 'integer' } },
} as const;

export const completeSchema = {
  type: 'object',
  required: ['created', 'updated', 'skipped'],
  properties: { created: { type: 'integer' }, updated: { type: 'integer' }, skipped: { type: 'integer' } },
} as const;

export const knownProviderSchema = {
  type: 'object',
  required: [
    'id',
    'externalIds',
    'name',
    'aliases',
    'address',
    'city',
    'state',
    'zip',
    'phone',
    'organizationId',
    'organizationName',
    'siteId',
  ],
  properties: {
    id: { type: 'integer' },
    externalIds: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'value'],
        properties: { kind: { type: 'string', enum: ['CCN', 'NPI', 'GLN', 'CUSTOMER'] }, value: { type: 'string' } },
      },
    },
    name: { type: 'string' },
    aliases: { type: 'array', items: { type: 'string' } },
    address: nullableString,
    city: nullableString,
    state: nullableString,
    zip: nullableString,
    phone: nullableString,
    organizationId: { type: ['integer', 'null'] },
    organizationName: nullableString,
    siteId: { type: ['integer', 'null'] },
  },
} as const;

export const knownProviderPageSchema = listPageSchema(knownProviderSchema);
