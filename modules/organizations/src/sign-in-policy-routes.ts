import { type ModuleDeps, type Route, route } from '@portal/core';
import { ownSignInPolicy, setOwnSignInPolicy } from './services/sign-in-policy.js';

/** The operator's administrator (who manages its users) sets how the operator's own users sign in. */
const MANAGE_USERS = ['Notisphere_ManageUsers'];

const twoFactor = {
  /** NONE: the password only; EMAIL_CODE: a code sent by email; TOTP: an authenticator app, enrolled at sign-in. */
  type: 'string',
  enum: ['NONE', 'EMAIL_CODE', 'TOTP'],
} as const;

export const signInPolicyBody = {
  type: 'object',
  required: ['two_factor'],
  additionalProperties: false,
  properties: { two_factor: twoFactor },
} as const;

export const signInPolicyAnswer = {
  type: 'object',
  required: ['two_factor'],
  properties: { two_factor: twoFactor },
} as const;

/**
 * The second factor of the operator's own organisation (issue 34, item 5c). Suppliers and providers set theirs on
 * their profile (PUT /organization/profile) and the operator sets theirs in its organisation dialogs; the operator's
 * own organisation is in neither, so it has this pair. Only an operator holds Notisphere_ManageUsers.
 */
export function signInPolicyRoutes({ db }: Pick<ModuleDeps, 'db'>): Route[] {
  const tags = ['operator'];
  return [
    route({
      method: 'GET',
      path: '/notisphere/sign-in-policy',
      access: MANAGE_USERS,
      tags,
      summary: "The second factor the operator's own users give at sign-in",
      schema: { response: signInPolicyAnswer },
      handler: ({ actor }) => ownSignInPolicy(db, actor),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/sign-in-policy',
      access: MANAGE_USERS,
      tags,
      summary: "Set the second factor the operator's own users give at sign-in (audited)",
      schema: { body: signInPolicyBody, response: signInPolicyAnswer },
      handler: ({ actor, body, requestId }) => setOwnSignInPolicy(db, actor, body.two_factor, requestId),
    }),
  ];
}
