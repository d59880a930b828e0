import { idSchema, nullableIdSchema } from '@portal/core';

/** An email domain as people write it after the @ (lower-cased by the service). */
const domain = {
  type: 'string',
  minLength: 3,
  maxLength: 253,
  pattern: '^[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$',
} as const;

/**
 * PUT of an organisation's single sign-on (operator: /notisphere/organizations/sso/:id; the organisation's own
 * administrator: /organization/sso). The client secret is write-only: absent keeps the stored one.
 */
export const ssoSettingsBody = {
  type: 'object',
  required: ['enabled', 'issuer', 'client_id', 'email_domains'],
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    /** The issuer; its discovery document (`/.well-known/openid-configuration`) is read and checked on save. */
    issuer: { type: 'string', minLength: 8, maxLength: 500 },
    client_id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^\\S+$' },
    client_secret: { type: 'string', minLength: 1, maxLength: 500 },
    /** Space-separated; must include `openid`. */
    scopes: {
      type: 'string',
      minLength: 6,
      maxLength: 300,
      pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+( [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*$',
      default: 'openid email profile',
    },
    /** The ID token's claim holding the person's email (`email`; Entra ID may use `preferred_username` or `upn`). */
    email_claim: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:/-]+$', default: 'email' },
    email_domains: { type: 'array', minItems: 1, maxItems: 20, items: domain },
    jit_enabled: { type: 'boolean', default: false },
    jit_role_id: nullableIdSchema,
  },
} as const;

export const ssoParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** An organisation's single sign-on as its settings screen shows it: never the secret, only whether one is set. */
export const ssoSettingsAnswer = {
  type: 'object',
  required: [
    'organization_id',
    'enabled',
    'configured',
    'issuer',
    'client_id',
    'client_secret_set',
    'scopes',
    'email_claim',
    'email_domains',
    'jit_enabled',
    'jit_role_id',
    'redirect_uri',
    'post_logout_redirect_uri',
    'roles',
  ],
  properties: {
    organization_id: { type: 'integer', minimum: 1 },
    enabled: { type: 'boolean' },
    /** A provider was saved (enabled or not). */
    configured: { type: 'boolean' },
    issuer: { type: ['string', 'null'] },
    client_id: { type: ['string', 'null'] },
    client_secret_set: { type: 'boolean' },
    scopes: { type: 'string' },
    email_claim: { type: 'string' },
    email_domains: { type: 'array', items: { type: 'string' } },
    jit_enabled: { type: 'boolean' },
    jit_role_id: { type: ['integer', 'null'], minimum: 1 },
    /** What the administrator registers at the identity provider. */
    redirect_uri: { type: 'string' },
    post_logout_redirect_uri: { type: 'string' },
    /** The organisation's active roles, for the default role of just-in-time members. */
    roles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
      },
    },
  },
} as const;
