import { emailSchema as email } from '@portal/core';

/** GET /auth/sso/discover: whether an email's domain signs in through an organisation's identity provider. */
export const ssoDiscoverQuery = {
  type: 'object',
  required: ['email'],
  properties: { email },
} as const;

export const ssoDiscoverAnswer = {
  type: 'object',
  required: ['sso', 'organization_name'],
  properties: {
    sso: { type: 'boolean' },
    /** The organisation whose provider signs the domain in ("Continue with <organisation>'s sign-in"). */
    organization_name: { type: ['string', 'null'] },
  },
} as const;

/** POST /auth/sso/start: the way out to the provider. */
export const ssoStartBody = {
  type: 'object',
  required: ['email'],
  properties: { email },
} as const;

export const ssoStartAnswer = {
  type: 'object',
  required: ['authorization_url', 'nonce'],
  properties: {
    /** Where the browser goes now: the provider's sign-in. */
    authorization_url: { type: 'string' },
    /** Sent back as the login request's `nonce` with the `auth_code` the provider returns. */
    nonce: { type: 'string' },
  },
} as const;

export const idpLogoutAnswer = {
  type: 'object',
  required: ['logout_url'],
  properties: {
    /** The provider's end-session address (with id_token_hint) for a single sign-on session; else IDP_LOGOUT_URL or null. */
    logout_url: { type: ['string', 'null'] },
  },
} as const;
