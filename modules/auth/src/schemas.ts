import { emailSchema as email, idSchema, nullableIdSchema } from '@portal/core';

const password = { type: 'string', minLength: 1, maxLength: 200 } as const;
const code = { type: 'string', maxLength: 20, pattern: '^\\s*[0-9]{6}\\s*$' } as const;
/** A recovery code as shown (`abcde-fghjk`), any case, the dash or a space optional. */
const recoveryCode = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\s*[A-Za-z0-9]{5}[\\s-]?[A-Za-z0-9]{5}\\s*$',
} as const;
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
    /** `authorization_code` (or `password` with `auth_code`): the return leg of single sign-on (issue 35). */
    grant_type: { type: 'string', enum: ['password', 'refresh_token', 'authorization_code'] },
    email,
    password,
    verification_code: code,
    /** Instead of an authenticator code: one of the user's recovery codes (issue 34). */
    recovery_code: recoveryCode,
    phone_number: { type: 'string', maxLength: 20 },
    code_request: { type: 'string', maxLength: 50 },
    login_as: { type: 'string', maxLength: 100 },
    login_as_organization_id: nullableIdSchema,
    auth_code: { type: 'string', maxLength: 2000 },
    nonce: { type: 'string', maxLength: 200 },
    /** Single sign-on's return leg: the `state` and `iss` the identity provider sent back with the code. */
    state: { type: 'string', maxLength: 200 },
    iss: { type: 'string', maxLength: 500 },
  },
} as const;

/**
 * The token answer. Unlike spec §3 it never carries `refresh_token` (issue 34): the refresh token is set as the
 * HttpOnly `portal_refresh` cookie, scoped to POST /auth/refreshtoken and POST /auth/logout.
 */
export const tokenAnswer = {
  type: 'object',
  properties: {
    access_token: { type: ['string', 'null'] },
    token_type: { const: 'Bearer' },
    expires_in: { type: ['integer', 'null'] },
    login_as_required: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, type: { type: 'string' } },
      },
    },
    Challenge: {
      type: ['object', 'null'],
      properties: {
        /** EMAIL_CODE: a code was emailed; TOTP: the authenticator's code; TOTP_ENROLL: enrol an authenticator first. */
        type: { type: 'string', enum: ['EMAIL_CODE', 'TOTP', 'TOTP_ENROLL'] },
        message: { type: 'string' },
        /** TOTP_ENROLL only: the secret to add to the app (typed, or as the otpauth:// address of a QR code). */
        enrollment: {
          type: ['object', 'null'],
          properties: { secret: { type: 'string' }, otpauth_uri: { type: 'string' } },
        },
      },
    },
    /** After enrolling an authenticator at sign-in (TOTP_ENROLL): its ten recovery codes, shown this once; else null. */
    recovery_codes: { type: ['array', 'null'], items: { type: 'string' } },
  },
} as const;

/** Refresh: the refresh token comes in its cookie, not the body (the spec's `access_token` may still come along). */
export const refreshBody = {
  type: 'object',
  properties: { access_token: { type: 'string', maxLength: 4000 } },
} as const;

/** Logout: the session is the refresh cookie's (or the Bearer token's); nothing in the body. */
export const logoutBody = { type: 'object', properties: {} } as const;

/** A session (refresh-token family) by its id. */
export const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', maxLength: 36 } },
} as const;

export const userIdParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

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

/** GET /me/sessions: the caller's live sessions, the newest activity first. */
export const sessionListAnswer = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'browser', 'os', 'user_agent', 'ip', 'started_at', 'last_seen_at', 'current'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      /** Read from the user agent stored at sign-in: a browser and a system name, null when not recognised. */
      browser: nullableText,
      os: nullableText,
      user_agent: nullableText,
      /** The client address of the session's last refresh. */
      ip: nullableText,
      started_at: { type: 'string', format: 'date-time' },
      /** The session's last refresh (the web app refreshes while its user is active). */
      last_seen_at: { type: 'string', format: 'date-time' },
      /** The session of the calling access token ("this device"). */
      current: { type: 'boolean' },
    },
  },
} as const;

/** How many sessions a call ended. */
export const endedAnswer = {
  type: 'object',
  required: ['ended'],
  properties: { ended: { type: 'integer', minimum: 0 } },
} as const;

// ---- the authenticator (TOTP) of the caller, /me/totp ----

/** A current authenticator code, or a recovery code (disable, renew the recovery codes). */
export const totpCodeBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 40, pattern: '^\\s*[A-Za-z0-9-]{6,11}\\s*$' } },
} as const;

/** The first code of a pending authenticator. */
export const totpConfirmBody = { type: 'object', required: ['code'], properties: { code } } as const;

export const totpStatusAnswer = {
  type: 'object',
  required: ['enabled', 'confirmed_at', 'recovery_codes_left', 'required'],
  properties: {
    enabled: { type: 'boolean' },
    confirmed_at: { type: ['string', 'null'], format: 'date-time' },
    recovery_codes_left: { type: 'integer', minimum: 0 },
    /** The caller's organisation requires an authenticator (`two_factor` TOTP). */
    required: { type: 'boolean' },
  },
} as const;

export const totpEnrollmentAnswer = {
  type: 'object',
  required: ['secret', 'otpauth_uri'],
  properties: { secret: { type: 'string' }, otpauth_uri: { type: 'string' } },
} as const;

/** Ten single-use recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesAnswer = {
  type: 'object',
  required: ['recovery_codes'],
  properties: { recovery_codes: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 } },
} as const;
