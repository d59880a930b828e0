import { dateTimeSchema as dateTime, listPageSchema, nullableTextSchema as nullableText } from '@portal/core';
import { ACTION_TYPES } from './services/template-actions.js';
import { COMMUNICATION_TYPES } from './services/communication-settings.js';

// ---- answers of the supplier's organisation pages (item 4; docs/decisions.md "Response schemas") ----

export const rowId = { type: 'integer', minimum: 1 } as const;
export const rowCount = { type: 'integer', minimum: 0 } as const;
export const nullableRowId = { type: ['integer', 'null'] } as const;
export const activeOrInactive = { type: 'string', enum: ['ACTIVE', 'INACTIVE'] } as const;
const communicationType = { type: 'string', enum: [...COMMUNICATION_TYPES] } as const;

/** A template action of one communication type (supplier or provider settings). */
export const templateActionSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'communication_type',
    'title',
    'description',
    'action_type',
    'options',
    'is_required',
    'sort_order',
    'status',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: rowId,
    organization_id: rowId,
    communication_type: communicationType,
    title: { type: 'string' },
    description: nullableText,
    action_type: { type: 'string', enum: [...ACTION_TYPES] },
    options: { type: 'array', items: { type: 'string' } },
    is_required: { type: 'boolean' },
    sort_order: { type: 'integer' },
    status: activeOrInactive,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const templateActionPageSchema = listPageSchema(templateActionSchema);

/** A distribution list with its member count. */
export const distributionListSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'communication_type',
    'name',
    'description',
    'status',
    'member_count',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: rowId,
    organization_id: rowId,
    communication_type: communicationType,
    name: { type: 'string' },
    description: nullableText,
    status: activeOrInactive,
    member_count: rowCount,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const distributionListPageSchema = listPageSchema(distributionListSchema);

/** A recipient on a list: an address, a provider organisation or a supplier location (its current name and email). */
export const distributionListMemberSchema = {
  type: 'object',
  required: ['id', 'list_id', 'provider_organization_id', 'supplier_location_id', 'name', 'email', 'created_at'],
  properties: {
    id: rowId,
    list_id: rowId,
    provider_organization_id: nullableRowId,
    supplier_location_id: nullableRowId,
    name: nullableText,
    email: nullableText,
    created_at: dateTime,
  },
} as const;
export const distributionListMemberPageSchema = listPageSchema(distributionListMemberSchema);

/** A member of the caller's organisation (or of its sites) with the role of its membership (GET /users). */
export const memberRowSchema = {
  type: 'object',
  required: [
    'id',
    'membership_id',
    'email',
    'first_name',
    'last_name',
    'full_name',
    'phone',
    'status',
    'membership_status',
    'role_id',
    'role_name',
    'organization_id',
    'organization_name',
    'also_in',
  ],
  properties: {
    id: rowId,
    membership_id: rowId,
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    full_name: { type: 'string' },
    phone: nullableText,
    status: {
      type: 'string',
      enum: ['VERIFIED', 'VERIFICATION', 'NONVERIFIED', 'DEACTIVATED', 'LOCKED', 'PENDING', 'SSO'],
    },
    membership_status: { type: 'string', enum: ['ACTIVE', 'INACTIVE', 'PENDING'] },
    role_id: rowId,
    role_name: { type: 'string' },
    organization_id: rowId,
    organization_name: { type: 'string' },
    /** The person's other organisations of the caller's health system (its sites), besides the row's own. */
    also_in: { type: 'array', items: { type: 'string' } },
    updated_at: dateTime,
  },
} as const;
export const memberPageSchema = listPageSchema(memberRowSchema);

/** The permissions a role of the caller's organisation type may hold (GET /roles/permissions). */
export const permissionCatalogueSchema = {
  type: 'object',
  required: ['organization_type', 'permissions'],
  properties: {
    organization_type: { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] },
    permissions: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A role with its permissions (GET /roles, /roles/{id}). */
export const roleRowSchema = {
  type: 'object',
  required: ['id', 'organization_id', 'name', 'description', 'status', 'is_system', 'permissions'],
  properties: {
    id: rowId,
    organization_id: rowId,
    name: { type: 'string' },
    description: nullableText,
    status: { type: 'string', enum: ['ACTIVE', 'INACTIVE', 'PENDING'] },
    is_system: { type: 'boolean' },
    permissions: { type: 'array', items: { type: 'string' } },
    updated_at: dateTime,
  },
} as const;
export const rolePageSchema = listPageSchema(roleRowSchema);

/** The caller's own organisation with signed links to its logo and its self-registration page, if open. */
export const organizationProfileSchema = {
  type: 'object',
  required: [
    'id',
    'type',
    'name',
    'status',
    'notisphere_id',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'country',
    'phone',
    'email',
    'domain',
    'profile_photo_url',
    'self_registration_url',
  ],
  properties: {
    id: rowId,
    type: { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] },
    name: { type: 'string' },
    status: { type: 'string', enum: ['ACTIVE', 'DEACTIVATED', 'PENDING', 'LINKED'] },
    notisphere_id: nullableText,
    address1: nullableText,
    address2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    country: nullableText,
    phone: nullableText,
    email: nullableText,
    domain: nullableText,
    profile_photo: nullableText,
    self_registration_link: nullableText,
    two_factor: { type: 'string', enum: ['NONE', 'EMAIL_CODE', 'TOTP'] },
    updated_at: dateTime,
    profile_photo_url: {
      type: ['object', 'null'],
      required: ['signed_url', 'signed_url_review'],
      properties: { signed_url: { type: 'string' }, signed_url_review: { type: 'string' } },
    },
    self_registration_url: nullableText,
  },
} as const;

/** A sales representative of the supplier. */
export const salesRepSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'first_name',
    'last_name',
    'full_name',
    'email',
    'phone',
    'territory',
    'region',
    'status',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: rowId,
    organization_id: rowId,
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    full_name: { type: 'string' },
    email: { type: 'string' },
    phone: nullableText,
    territory: nullableText,
    region: nullableText,
    status: activeOrInactive,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;
export const salesRepPageSchema = listPageSchema(salesRepSchema);
