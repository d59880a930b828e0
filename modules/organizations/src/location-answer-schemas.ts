import {
  dateTimeSchema as dateTime,
  idNameListSchema,
  listPageSchema,
  nullableDateTimeSchema as nullableDateTime,
  nullableTextSchema as nullableText,
} from '@portal/core';
import { VERIFICATION_STATUSES } from './services/location-verification.js';
import { activeOrInactive, nullableRowId, rowCount, rowId } from './answer-schemas.js';

/** A provider's contact at a supplier (answers of /provider/supplier-contacts; documentation and web types). */
export const supplierContactSchema = {
  type: 'object',
  required: [
    'id',
    'supplier_organization_id',
    'supplier_name',
    'name',
    'email',
    'phone',
    'notes',
    'status',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    organization_id: { type: 'integer' },
    supplier_organization_id: { type: 'integer' },
    supplier_name: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: nullableText,
    notes: nullableText,
    status: { type: 'string', enum: ['ACTIVE', 'INACTIVE'] },
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const supplierContactPageSchema = listPageSchema(supplierContactSchema);

/** A supplier location mapped to the provider, as GET /provider/locations-verification lists it. */
export const verificationRowSchema = {
  type: 'object',
  required: [
    'id',
    'supplier_organization_id',
    'supplier_name',
    'location_id',
    'location_name',
    'address1',
    'city',
    'state',
    'zip',
    'email',
    'provider_organization_id',
    'provider_name',
    'verification_status',
    'verified_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    supplier_organization_id: { type: 'integer' },
    supplier_name: { type: 'string' },
    location_id: { type: 'string' },
    location_name: { type: 'string' },
    address1: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    email: nullableText,
    provider_organization_id: { type: 'integer' },
    provider_name: { type: 'string' },
    verification_status: { type: ['string', 'null'], enum: [...VERIFICATION_STATUSES, null] },
    verified_at: nullableDateTime,
    updated_at: dateTime,
  },
} as const;
export const verificationPageSchema = listPageSchema(verificationRowSchema);

/** A supplier location as the operator's GET /notisphere/locations lists it. */
export const operatorLocationSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'supplier_name',
    'location_id',
    'location_name',
    'provider_organization_id',
    'provider_name',
    'verification_status',
    'status',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    organization_id: { type: 'integer' },
    supplier_name: { type: 'string' },
    location_file_id: { type: ['integer', 'null'] },
    file_name: nullableText,
    location_id: { type: 'string' },
    location_name: { type: 'string' },
    idn: nullableText,
    address1: nullableText,
    address2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    type: nullableText,
    email: nullableText,
    notisphere_id: nullableText,
    provider_organization_id: { type: ['integer', 'null'] },
    provider_name: nullableText,
    verification_status: { type: ['string', 'null'], enum: [...VERIFICATION_STATUSES, null] },
    status: { type: 'string' },
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const operatorLocationPageSchema = listPageSchema(operatorLocationSchema);

export const supplierOptions = idNameListSchema;

/** A supplier location with its mapped provider and that provider's verification (null until it verifies). */
export const supplierLocationSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'location_file_id',
    'file_name',
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
    'notisphere_id',
    'provider_organization_id',
    'provider_name',
    'verification_status',
    'status',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: rowId,
    organization_id: rowId,
    location_file_id: nullableRowId,
    file_name: nullableText,
    location_id: { type: 'string' },
    location_name: { type: 'string' },
    idn: nullableText,
    address1: nullableText,
    address2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    type: nullableText,
    email: nullableText,
    notisphere_id: nullableText,
    provider_organization_id: nullableRowId,
    provider_name: nullableText,
    verification_status: { type: ['string', 'null'], enum: [...VERIFICATION_STATUSES, null] },
    status: activeOrInactive,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const supplierLocationPageSchema = listPageSchema(supplierLocationSchema);

/** An uploaded location file with its counts (the list's row). */
export const locationFileSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'name',
    'status',
    'row_count',
    'inserted_count',
    'updated_count',
    'error_count',
    'uploaded_by',
    'uploaded_by_name',
    'completed_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: rowId,
    organization_id: rowId,
    name: { type: 'string' },
    status: { type: 'string', enum: ['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR'] },
    row_count: rowCount,
    inserted_count: rowCount,
    updated_count: rowCount,
    error_count: rowCount,
    uploaded_by: nullableRowId,
    uploaded_by_name: nullableText,
    completed_at: nullableDateTime,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const locationFilePageSchema = listPageSchema(locationFileSchema);

/** One location file with its rejected lines and the locations it holds (upload and GET /{id}). */
export const locationFileDetailSchema = {
  ...locationFileSchema,
  required: [...locationFileSchema.required, 'errors', 'location_count'],
  properties: {
    ...locationFileSchema.properties,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'location_id', 'message'],
        properties: { line: { type: 'integer' }, location_id: nullableText, message: { type: 'string' } },
      },
    },
    location_count: rowCount,
  },
} as const;

/** A provider the supplier's locations map to, with its verification progress over them. */
export const supplierProviderSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'notisphere_id',
    'address1',
    'city',
    'state',
    'zip',
    'location_count',
    'covered_count',
    'emailed_count',
    'non_covered_count',
    'invalid_count',
    'unrecognized_count',
    'unverified_count',
  ],
  properties: {
    id: rowId,
    name: { type: 'string' },
    notisphere_id: nullableText,
    address1: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    location_count: rowCount,
    covered_count: rowCount,
    emailed_count: rowCount,
    non_covered_count: rowCount,
    invalid_count: rowCount,
    unrecognized_count: rowCount,
    unverified_count: rowCount,
    updated_at: dateTime,
  },
} as const;
export const supplierProviderPageSchema = listPageSchema(supplierProviderSchema);

/** PUT …/locations-verification: how many locations changed, and the status they have now. */
export const locationsVerifiedAnswer = {
  type: 'object',
  required: ['updated', 'status'],
  properties: {
    updated: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: [...VERIFICATION_STATUSES] },
  },
} as const;
