import {
  dateTimeSchema as dateTime,
  emailSchema as email,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  nullableIdSchema,
  nullableStringSchema as optional,
  nullableTextSchema as nullableText,
  stringSchema as text,
} from '@portal/core';
import { ACTION_TYPES } from './services/template-actions.js';
import { COMMUNICATION_TYPES } from './services/communication-settings.js';
import { VERIFICATION_STATUSES } from './services/location-verification.js';

export const idParams = idParamsSchema;

export const memberParams = {
  type: 'object',
  required: ['id', 'memberId'],
  properties: { id: idSchema, memberId: idSchema },
} as const;

export const listQuery = listQuerySchema;

/** Lists of recall or advisory settings name their communication type. */
export const typedListQuery = {
  type: 'object',
  required: ['communicationType'],
  properties: { ...listQuerySchema.properties, communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] } },
} as const;

export const communicationTypeQuery = {
  type: 'object',
  required: ['communicationType'],
  properties: { communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] } },
} as const;

const id = idSchema;

export const newUserBody = {
  type: 'object',
  required: ['first_name', 'last_name', 'email', 'role_id'],
  properties: { first_name: text(100), last_name: text(100), email, phone: optional(20), role_id: id },
} as const;

/** POST /users: `organization_id` (optional) is the caller's organisation or one of its sites. */
export const tenantNewUserBody = {
  ...newUserBody,
  properties: { ...newUserBody.properties, organization_id: id },
} as const;

export const userBody = {
  type: 'object',
  required: ['first_name', 'last_name', 'role_id'],
  properties: { first_name: text(100), last_name: text(100), phone: optional(20), role_id: id, organization_id: id },
} as const;

export const assignableOrganization = {
  type: 'object',
  required: ['id', 'name', 'is_site'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, is_site: { type: 'boolean' } },
} as const;

export const roleBody = {
  type: 'object',
  required: ['name', 'permissions'],
  properties: {
    name: text(100),
    description: optional(500),
    permissions: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
  },
} as const;

/** An organisation's or a site's address and contact, as its forms write them (the operator's organisation form too). */
export const contactFields = {
  address1: optional(200),
  address2: optional(200),
  city: optional(100),
  state: optional(50),
  zip: optional(10),
  country: optional(50),
  phone: optional(20),
  email: { type: ['string', 'null'], maxLength: 254 },
} as const;

export const organizationBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: text(200),
    ...contactFields,
    domain: optional(253),
    /** The second factor the organisation's users give at sign-in (issue 34): none, an emailed code, an authenticator. */
    two_factor: { type: 'string', enum: ['NONE', 'EMAIL_CODE', 'TOTP'] },
  },
} as const;

export const verifyLocationsBody = {
  type: 'object',
  required: ['ids', 'status'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 500, items: idSchema },
    status: { type: 'string', enum: [...VERIFICATION_STATUSES] },
  },
} as const;

export const supplierContactBody = {
  type: 'object',
  required: ['supplier_organization_id', 'name', 'email'],
  properties: { supplier_organization_id: id, name: text(200), email, phone: optional(20), notes: optional(2000) },
} as const;

/** A site of the caller's health system (/provider/sites): its name, address and contact. */
export const siteBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: text(200),
    ...contactFields,
  },
} as const;

export const siteRow = {
  type: 'object',
  required: ['id', 'name', 'status', 'user_count'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    notisphere_id: { type: ['string', 'null'] },
    address1: { type: ['string', 'null'] },
    address2: { type: ['string', 'null'] },
    city: { type: ['string', 'null'] },
    state: { type: ['string', 'null'] },
    zip: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    status: { type: 'string' },
    user_count: { type: 'integer' },
  },
} as const;

export const salesRepBody = {
  type: 'object',
  required: ['first_name', 'last_name', 'email'],
  properties: {
    first_name: text(100),
    last_name: text(100),
    email,
    phone: optional(20),
    territory: optional(200),
    region: optional(200),
  },
} as const;

export const locationBody = {
  type: 'object',
  required: ['location_id', 'location_name'],
  properties: {
    location_id: text(100),
    location_name: text(300),
    idn: optional(200),
    address1: optional(200),
    address2: optional(200),
    city: optional(100),
    state: optional(2),
    zip: optional(10),
    type: optional(100),
    email: { type: ['string', 'null'], maxLength: 2000 },
    notisphere_id: optional(100),
  },
} as const;

const actionFields = {
  title: text(300),
  description: optional(4000),
  action_type: { type: 'string', enum: [...ACTION_TYPES] },
  options: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 300 } },
  is_required: { type: 'boolean' },
} as const;

export const newTemplateActionBody = {
  type: 'object',
  required: ['communication_type', 'title', 'action_type'],
  properties: { communication_type: { type: 'string', enum: [...COMMUNICATION_TYPES] }, ...actionFields },
} as const;

export const templateActionBody = {
  type: 'object',
  required: ['title', 'action_type'],
  properties: actionFields,
} as const;

export const reorderBody = {
  type: 'object',
  required: ['communication_type', 'ids'],
  properties: {
    communication_type: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    ids: { type: 'array', minItems: 1, maxItems: 500, items: id },
  },
} as const;

export const newDistributionListBody = {
  type: 'object',
  required: ['communication_type', 'name'],
  properties: {
    communication_type: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    name: text(200),
    description: optional(1000),
  },
} as const;

export const distributionListBody = {
  type: 'object',
  required: ['name'],
  properties: { name: text(200), description: optional(1000) },
} as const;

export const memberBody = {
  type: 'object',
  properties: {
    email: { type: ['string', 'null'], maxLength: 254 },
    name: optional(200),
    provider_organization_id: nullableIdSchema,
    supplier_location_id: nullableIdSchema,
  },
} as const;

// ---- the operator's users and roles of every organisation ----

/** A list of every tenant's users or roles; `organizationId` keeps one organisation's. */
export const operatorListQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, organizationId: idSchema },
} as const;

export const organizationChoicesQuery = {
  type: 'object',
  properties: { search: { type: 'string', maxLength: 200 } },
} as const;

export const operatorNewUserBody = {
  type: 'object',
  required: [...newUserBody.required, 'organization_id'],
  properties: { ...newUserBody.properties, organization_id: id },
} as const;

export const operatorUserBody = {
  type: 'object',
  required: ['first_name', 'last_name'],
  properties: { first_name: text(100), last_name: text(100), phone: optional(20) },
} as const;

export const operatorNewRoleBody = {
  type: 'object',
  required: [...roleBody.required, 'organization_id'],
  properties: { ...roleBody.properties, organization_id: id },
} as const;

/** The organisation a membership or a role belongs to, as the operator's user and role answers name it. */
const OWNER_ORGANIZATION = ['organization_id', 'organization_name', 'organization_type'] as const;
const ownerOrganizationProperties = {
  organization_id: { type: 'integer' },
  organization_name: { type: 'string' },
  organization_type: { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] },
} as const;

export const operatorUserRow = {
  type: 'object',
  required: ['id', 'email', 'first_name', 'last_name', 'full_name', 'status', 'membership_count'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    full_name: { type: 'string' },
    phone: nullableText,
    status: { type: 'string' },
    organization_names: nullableText,
    membership_count: { type: 'integer' },
    updated_at: dateTime,
  },
} as const;

export const operatorMembership = {
  type: 'object',
  required: ['id', ...OWNER_ORGANIZATION, 'organization_status', 'role_id', 'role_name', 'role_status', 'status'],
  properties: {
    id: { type: 'integer' },
    ...ownerOrganizationProperties,
    organization_status: { type: 'string' },
    role_id: { type: 'integer' },
    role_name: { type: 'string' },
    role_status: { type: 'string' },
    status: { type: 'string' },
  },
} as const;

export const operatorUserDetail = {
  type: 'object',
  required: [...operatorUserRow.required, 'memberships'],
  properties: {
    ...operatorUserRow.properties,
    memberships: { type: 'array', items: operatorMembership },
  },
} as const;

export const operatorRoleRow = {
  type: 'object',
  required: ['id', ...OWNER_ORGANIZATION, 'name', 'status', 'is_system', 'permissions'],
  properties: {
    id: { type: 'integer' },
    ...ownerOrganizationProperties,
    name: { type: 'string' },
    description: nullableText,
    status: { type: 'string' },
    is_system: { type: 'boolean' },
    permissions: { type: 'array', items: { type: 'string' } },
    updated_at: dateTime,
  },
} as const;

export const statusAnswer = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: { type: 'integer' }, status: { type: 'string' } },
} as const;

/** A member's activate/inactivate/delete answers the membership's new status (the user's own status is apart). */
export const membershipStatusAnswer = {
  type: 'object',
  required: ['id', 'membership_status'],
  properties: { id: { type: 'integer' }, membership_status: { type: 'string' } },
} as const;

/** What a removal answers: the removed row's id. */
export const idAnswer = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

export const organizationChoice = {
  type: 'object',
  required: ['id', 'name', 'type', 'status'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] },
    status: { type: 'string' },
  },
} as const;

const catalogue = { type: 'array', items: { type: 'string' } } as const;
export const permissionCataloguesAnswer = {
  type: 'object',
  required: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'],
  properties: { NOTISPHERE: catalogue, PROVIDER: catalogue, SUPPLIER: catalogue },
} as const;

// The answers of the supplier's and provider's organisation pages, read by the routes through this file too.
export * from './answer-schemas.js';
export * from './location-answer-schemas.js';
