import {
  dateTimeSchema as dateTime,
  emailSchema as email,
  idNameListSchema,
  idParamsSchema,
  idSchema,
  listPageSchema,
  listQuerySchema,
  nullableDateTimeSchema as nullableDateTime,
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

// ---- the operator's users and roles of every organisation (issue 11) ----

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

// ---- answers of the supplier's organisation pages (issue 10, item 4; docs/decisions.md "Response schemas") ----

const rowId = { type: 'integer', minimum: 1 } as const;
const rowCount = { type: 'integer', minimum: 0 } as const;
const nullableRowId = { type: ['integer', 'null'] } as const;
const activeOrInactive = { type: 'string', enum: ['ACTIVE', 'INACTIVE'] } as const;
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
