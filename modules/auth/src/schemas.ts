import { emailSchema as email, idSchema, nullableIdSchema } from '@portal/core';

const password = { type: 'string', minLength: 1, maxLength: 200 } as const;
const code = { type: 'string', maxLength: 20, pattern: '^\\s*[0-9]{6}\\s*$' } as const;
const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const phone = {
  type: ['string', 'null'],
  maxLength: 20,
  pattern: '^(\\+1)?[\\s.-]?\\(?[0-9]{3}\\)?[\\s.-]?[0-9]{3}[\\s.-]?[0-9]{4}$|^$',
} as const;

export const tokenBody = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    client_id: { type: 'string', maxLength: 100 },
    grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
    email,
    password,
    verification_code: code,
    phone_number: { type: 'string', maxLength: 20 },
    code_request: { type: 'string', maxLength: 50 },
    refresh_token: { type: 'string', maxLength: 200 },
    login_as: { type: 'string', maxLength: 100 },
    login_as_organization_id: nullableIdSchema,
    auth_code: { type: 'string', maxLength: 2000 },
    nonce: { type: 'string', maxLength: 200 },
  },
} as const;

export const tokenAnswer = {
  type: 'object',
  properties: {
    access_token: { type: ['string', 'null'] },
    refresh_token: { type: ['string', 'null'] },
    token_type: { const: 'Bearer' },
    expires_in: { type: ['integer', 'null'] },
    login_as_required: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, type: { type: 'string' } },
      },
    },
    Challenge: { type: ['object', 'null'], properties: { type: { type: 'string' }, message: { type: 'string' } } },
  },
} as const;

export const refreshBody = {
  type: 'object',
  required: ['refresh_token'],
  properties: {
    refresh_token: { type: 'string', minLength: 1, maxLength: 200 },
    access_token: { type: 'string', maxLength: 4000 },
  },
} as const;

export const logoutBody = {
  type: 'object',
  properties: { refresh_token: { type: 'string', maxLength: 200 } },
} as const;

export const emailBody = {
  type: 'object',
  required: ['email'],
  properties: { email, password: { type: 'string', maxLength: 200 } },
} as const;

/** userlockotp and restoreuser: the code may come as `code` or, like the sign-in call, `verification_code`. */
export const unlockBody = {
  type: 'object',
  required: ['email'],
  properties: { email, code, verification_code: code, password },
} as const;

export const userDataBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email,
    password,
    verification_code: code,
    resend: { type: 'boolean' },
    session: { type: 'string', maxLength: 2000 },
  },
} as const;

export const forgotBody = { type: 'object', required: ['email'], properties: { email } } as const;

export const resetBody = {
  type: 'object',
  required: ['token', 'password'],
  properties: { token: { type: 'string', minLength: 20, maxLength: 200 }, password },
} as const;

export const verifyEmailBody = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 20, maxLength: 200 } },
} as const;

export const byLinkQuery = {
  type: 'object',
  required: ['selfregistrationlink'],
  properties: { selfregistrationlink: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const byIdQuery = {
  type: 'object',
  required: ['organizationId'],
  properties: { organizationId: idSchema },
} as const;

export const signUpBody = {
  type: 'object',
  required: ['selfregistrationlink', 'first_name', 'last_name', 'email', 'password'],
  properties: {
    selfregistrationlink: { type: 'string', minLength: 1, maxLength: 200 },
    first_name: name,
    last_name: name,
    email,
    password,
    phone,
  },
} as const;

export const profileBody = {
  type: 'object',
  required: ['first_name', 'last_name'],
  properties: { first_name: name, last_name: name, phone, photo: { type: ['string', 'null'], maxLength: 2000 } },
} as const;

export const languageBody = {
  type: 'object',
  required: ['language'],
  properties: { language: { type: 'string', enum: ['en', 'vi'] } },
} as const;

export const changePasswordBody = {
  type: 'object',
  required: ['current_password', 'password'],
  properties: { current_password: password, password, password_confirmation: { type: 'string', maxLength: 200 } },
} as const;

// ---- answers (documentation and the web's generated types; never validated at runtime) ----

const nullableText = { type: ['string', 'null'] } as const;
const organizationType = { type: 'string', enum: ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] } as const;

/** GET /me/organization: the caller's organisation (its logo as a signed link). */
export const myOrganizationAnswer = {
  type: 'object',
  required: [
    'id',
    'name',
    'type',
    'status',
    'parent_id',
    'parentorg_type',
    'profile_photo',
    'isSSO',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'phone',
  ],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    type: organizationType,
    status: { type: 'string' },
    parent_id: { type: ['integer', 'null'], minimum: 1 },
    parentorg_type: { type: ['string', 'null'], enum: [...organizationType.enum, null] },
    profile_photo: nullableText,
    isSSO: { type: 'boolean' },
    address1: nullableText,
    address2: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    phone: nullableText,
  },
} as const;

/** GET /me (and its updates): the caller's profile with its organisation. */
export const profileAnswer = {
  type: 'object',
  required: [
    'id',
    'email',
    'first_name',
    'last_name',
    'full_name',
    'phone',
    'photo',
    'status',
    'language',
    'role_name',
    'organization',
  ],
  properties: {
    id: { type: 'integer', minimum: 1 },
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    full_name: { type: 'string' },
    phone: nullableText,
    photo: nullableText,
    status: { type: 'string' },
    language: { type: 'string', enum: ['en', 'vi'] },
    role_name: { type: 'string' },
    organization: {
      type: 'object',
      required: ['id', 'name', 'type', 'profile_photo', 'isSSO'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        name: { type: 'string' },
        type: organizationType,
        profile_photo: nullableText,
        isSSO: { type: 'boolean' },
      },
    },
  },
} as const;

/** The public card of an organisation (self-registration link, sign-in logo). */
export const publicOrganizationAnswer = {
  type: 'object',
  required: ['id', 'name', 'type', 'profile_photo'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    type: organizationType,
    profile_photo: nullableText,
  },
} as const;
