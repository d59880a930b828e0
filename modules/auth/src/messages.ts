/**
 * What sign-in and account calls say when they succeed (the envelope's `m`, and the answers' `message`). The web
 * shows its own words for these; the failures are `@portal/vocabulary`'s catalogue (AUTH_MESSAGES).
 */
export const MESSAGES = {
  challenge: 'A verification code has been sent to your email address.',
  totpChallenge: 'Enter the code from your authenticator app, or one of your recovery codes.',
  totpEnroll:
    'Your organization requires an authenticator app. Add this account to your app, then enter the code it shows.',
  unlockSent: 'If the account is locked, an unlock code has been sent to its email address.',
  unlocked: 'Your account has been unlocked. You can sign in now.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  emailVerified: 'Your email address has been verified. You can sign in now.',
  signedUp: 'Your account has been created. Please check your email to verify your address.',
  passwordChanged: 'Your password has been changed.',
} as const;
