import {
  dateTimeSchema as dateTime,
  emailSchema,
  idNameListSchema,
  idOrZeroSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  nullableStringSchema as optional,
  nullableTextSchema as nullableString,
  stringSchema as text,
} from '@portal/core';
import { contactFields } from './schemas.js';

/** Schemas of the operator's organisation calls (spec 001 §7.11). */

export const orgTypeQuery = {
  type: 'object',
  properties: {
    orgType: { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] },
    search: text(200),
  },
} as const;

export const searchQuery = { type: 'object', properties: { search: text(200) } } as const;

const addressFilters = {
  name: text(200),
  add1: text(200),
  add2: text(200),
  city: text(100),
  state: text(50),
  zip: text(20),
} as const;

export const supplierListQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, ...addressFilters },
} as const;

export const providerListQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, ...addressFilters, notisphere_id: text(100), sites: text(200) },
} as const;

const organizationFields = {
  name: text(200),
  notisphere_id: optional(100),
  ...contactFields,
  domain: optional(253),
} as const;

const accountSettings = {
  is_sso: { type: 'boolean' },
  isSSO: { type: 'boolean' },
  is_notisphere_managed: { type: 'boolean' },
  requires_second_factor: { type: 'boolean' },
  /** Issue 34: the second factor itself; `requires_second_factor` (kept for the spec's clients) is any but NONE. */
  two_factor: { type: 'string', enum: ['NONE', 'EMAIL_CODE', 'TOTP'] },
  // A slug: the self-registration page is /registration/<link>.
  self_registration_link: { type: ['string', 'null'], maxLength: 100, pattern: '^$|^[A-Za-z0-9][A-Za-z0-9-]*$' },
  self_registration_role: optional(100),
} as const;

const administrator = {
  type: 'object',
  required: ['first_name', 'last_name', 'email'],
  properties: {
    first_name: text(100),
    last_name: text(100),
    email: emailSchema,
    phone: optional(20),
  },
} as const;

const site = {
  type: 'object',
  properties: {
    id: idSchema,
    ...organizationFields,
    status: { type: 'string', enum: ['ACTIVE', 'DEACTIVATED'] },
  },
} as const;

const sites = { type: 'array', maxItems: 200, items: site } as const;

export const newSupplierBody = {
  type: 'object',
  required: ['name', 'administrator'],
  properties: { ...organizationFields, ...accountSettings, administrator },
} as const;

export const newProviderBody = {
  type: 'object',
  required: ['name', 'administrator'],
  properties: { ...organizationFields, ...accountSettings, administrator, sites },
} as const;

export const supplierUpdateBody = {
  type: 'object',
  properties: {
    ...organizationFields,
    ...accountSettings,
    status: { type: 'string', enum: ['ACTIVE', 'DEACTIVATED'] },
  },
} as const;

export const providerUpdateBody = {
  type: 'object',
  properties: { ...supplierUpdateBody.properties, sites },
} as const;

export const masterListQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, status: { type: 'string', enum: ['PENDING', 'LINKED', 'DEACTIVATED'] } },
} as const;

export const masterStatusQuery = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: idSchema, status: { type: 'string', enum: ['ACTIVE', 'DEACTIVATED'] } },
} as const;

export const newMasterNamesBody = {
  type: 'object',
  required: ['names'],
  properties: {
    names: { type: 'array', minItems: 1, maxItems: 1000, items: text(300) },
    organization_id: { type: ['integer', 'null'], minimum: 1, maximum: idSchema.maximum },
  },
} as const;

export const linkParams = {
  type: 'object',
  required: ['id', 'organizationId'],
  properties: { id: idSchema, organizationId: idOrZeroSchema },
} as const;

// ---- answers (documentation and web types only) ----

const organizationRowProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  notisphere_id: nullableString,
  address1: nullableString,
  address2: nullableString,
  city: nullableString,
  state: nullableString,
  zip: nullableString,
  phone: nullableString,
  email: nullableString,
  domain: nullableString,
  status: { type: 'string', enum: ['ACTIVE', 'DEACTIVATED', 'PENDING', 'LINKED'] },
  is_sso: { type: 'boolean' },
  isSSO: { type: 'boolean' },
  is_notisphere_managed: { type: 'boolean' },
  requires_second_factor: { type: 'boolean' },
  two_factor: { type: 'string', enum: ['NONE', 'EMAIL_CODE', 'TOTP'] },
  admin_name: nullableString,
  admin_email: nullableString,
  admin_status: nullableString,
  created_at: dateTime,
  updated_at: dateTime,
} as const;

const rowRequired = Object.keys(organizationRowProperties);

export const supplierRow = { type: 'object', required: rowRequired, properties: organizationRowProperties } as const;

export const providerRow = {
  type: 'object',
  required: [...rowRequired, 'site_count', 'sites'],
  properties: { ...organizationRowProperties, site_count: { type: 'integer' }, sites: nullableString },
} as const;

const siteRow = {
  type: 'object',
  required: ['id', 'name', 'notisphere_id', 'address1', 'address2', 'city', 'state', 'zip', 'phone', 'email', 'status'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    notisphere_id: nullableString,
    address1: nullableString,
    address2: nullableString,
    city: nullableString,
    state: nullableString,
    zip: nullableString,
    phone: nullableString,
    email: nullableString,
    status: { type: 'string' },
  },
} as const;

const detailProperties = {
  ...organizationRowProperties,
  type: { type: 'string', enum: ['SUPPLIER', 'PROVIDER'] },
  country: nullableString,
  self_registration_link: nullableString,
  self_registration_url: nullableString,
  self_registration_role_id: { type: ['integer', 'null'] },
  self_registration_role: nullableString,
  roles: idNameListSchema,
  user_count: { type: 'integer' },
} as const;

const detailRequired = [
  ...rowRequired,
  'type',
  'country',
  'self_registration_link',
  'self_registration_url',
  'self_registration_role_id',
  'self_registration_role',
  'roles',
  'user_count',
];

export const supplierDetail = { type: 'object', required: detailRequired, properties: detailProperties } as const;

export const providerDetail = {
  type: 'object',
  required: [...detailRequired, 'sites'],
  properties: { ...detailProperties, sites: { type: 'array', items: siteRow } },
} as const;

export const supplierPage = listPageSchema(supplierRow);
export const providerPage = listPageSchema(providerRow);

export const masterRow = {
  type: 'object',
  required: [
    'id',
    'name',
    'normalized_name',
    'organization_id',
    'organization_name',
    'status',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    normalized_name: { type: 'string' },
    organization_id: { type: ['integer', 'null'] },
    organization_name: nullableString,
    status: { type: 'string', enum: ['PENDING', 'LINKED', 'DEACTIVATED'] },
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;

export const masterPage = listPageSchema(masterRow);

export const optionList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['value', 'label'],
    properties: { value: { type: ['string', 'boolean'] }, label: { type: 'string' } },
  },
} as const;

export const organizationOptions = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      type: { type: 'string' },
      parent_id: { type: ['integer', 'null'] },
      notisphere_id: nullableString,
      status: { type: 'string' },
    },
  },
} as const;

const namedOrganization = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
} as const;

/** GET …/recall-Orgmeta: the suppliers, and the providers with their sites (parent_id set). */
export const recallOrganizationMetaAnswer = {
  type: 'object',
  required: ['suppliers', 'providers'],
  properties: {
    suppliers: { type: 'array', items: namedOrganization },
    providers: {
      type: 'array',
      items: {
        ...namedOrganization,
        required: [...namedOrganization.required, 'parent_id'],
        properties: { ...namedOrganization.properties, parent_id: { type: ['integer', 'null'], minimum: 1 } },
      },
    },
  },
} as const;

/** POST …/create-suppliers: the master rows added, and the names skipped (already there). */
export const masterNamesCreatedAnswer = {
  type: 'object',
  required: ['created', 'skipped'],
  properties: { created: { type: 'array', items: masterRow }, skipped: { type: 'array', items: { type: 'string' } } },
} as const;
