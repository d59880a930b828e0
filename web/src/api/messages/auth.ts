import { msg } from '@lingui/core/macro';
import type { Translations } from './types';

/** The sign-in and account messages (`@portal/vocabulary`'s AUTH_MESSAGES) in the reader's language. */
export const AUTH_TEXT = {
  CREDENTIALS_REQUIRED: () => msg`email and password are required.`,
  INVALID_CREDENTIALS: () => msg`Invalid email or password.`,
  ACCOUNT_LOCKED: () =>
    msg`Your account is locked after too many failed sign-in attempts. Unlock it with the code sent to your email.`,
  ACCOUNT_DEACTIVATED: () => msg`Your account has been deactivated. Please contact your administrator.`,
  EMAIL_NOT_VERIFIED: () => msg`Please verify your email address before signing in.`,
  NO_ORGANIZATION: () => msg`Your account is not active in any organization.`,
  NOT_A_MEMBER: () => msg`You are not a member of that organization.`,
  INVALID_CODE: () => msg`Invalid or expired verification code.`,
  TOTP_ALREADY_ENABLED: () => msg`An authenticator app is already set up for your account.`,
  TOTP_NOT_STARTED: () => msg`Start setting up the authenticator app first.`,
  TOTP_NOT_ENABLED: () => msg`No authenticator app is set up for your account.`,
  REFRESH_TOKEN_REQUIRED: () => msg`You are not signed in on this browser. Please sign in again.`,
  ORIGIN_REFUSED: () => msg`This request did not come from the application's own page.`,
  SESSION_NOT_FOUND: () => msg`This session does not exist or has already ended.`,
  INVALID_REFRESH_TOKEN: () => msg`Invalid refresh token. Please sign in again.`,
  REFRESH_TOKEN_REUSED: () => msg`This session was ended because a refresh token was used twice. Please sign in again.`,
  REFRESH_TOKEN_EXPIRED: () => msg`Your session has expired. Please sign in again.`,
  TOKEN_EXPIRED: () => msg`Your session has expired. Please sign in again.`,
  SESSION_ENDED: () => msg`Your session has expired. Please sign in again.`,
  SESSION_IDLE_TIMEOUT: () => msg`Your session ended after a period of inactivity. Please sign in again.`,
  SESSION_MAX_AGE: () => msg`Your session reached its maximum length. Please sign in again.`,
  INVALID_TOKEN: () => msg`Invalid access token.`,
  ACCOUNT_INACTIVE: () => msg`Your account is no longer active.`,
  REGISTRATION_LINK_INVALID: () => msg`This registration link is not valid.`,
  REGISTRATION_CLOSED: () => msg`Self-registration is not available for this organization.`,
  EMAIL_TAKEN: () => msg`An account with this email already exists. Please sign in instead.`,
  CURRENT_PASSWORD_INCORRECT: () => msg`Current password is incorrect.`,
  PASSWORD_MISMATCH: () => msg`Password doesn't match`,
  PASSWORD_UNCHANGED: () => msg`The new password must be different from the current one.`,
  // Single sign-on (issue 35).
  SSO_NOT_CONFIGURED: () => msg`This email does not sign in through an identity provider.`,
  SSO_REQUIRED: ({ organization }) =>
    msg`This account signs in through ${organization}'s sign-in, not with a password.`,
  SSO_STATE_INVALID: () => msg`This sign-in could not be completed in this browser. Please start again.`,
  SSO_TOKEN_INVALID: () => msg`The identity provider's answer could not be verified. Please start again.`,
  SSO_EMAIL_UNVERIFIED: () => msg`Your identity provider did not confirm your email address.`,
  SSO_WRONG_DOMAIN: () =>
    msg`Your identity provider signed you in with an email that does not belong to this organization.`,
  SSO_UNKNOWN_USER: ({ email, organization, contact }) =>
    msg`There is no account for ${email} at ${organization}. Ask ${contact} to add you.`,
  SSO_PROVIDER_UNAVAILABLE: () => msg`The identity provider could not be reached. Please try again later.`,
} satisfies Translations<'auth'>;
