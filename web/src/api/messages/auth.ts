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
  REFRESH_TOKEN_REQUIRED: () => msg`refresh_token is required.`,
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
} satisfies Translations<'auth'>;
