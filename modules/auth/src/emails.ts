import { htmlParagraphs } from '@portal/core';
import type { OutgoingEmail } from '@portal/notifications';

/** The emails of sign-in and account flows. Plain text first; the HTML part repeats it. */

function mail(
  kind: string,
  to: string,
  organizationId: number | null,
  subject: string,
  lines: string[],
): OutgoingEmail {
  return {
    kind,
    to,
    organizationId,
    subject,
    text: lines.join('\n\n'),
    html: htmlParagraphs(lines),
    referenceType: 'user',
  };
}

export const emails = {
  loginCode: (to: string, orgId: number, code: string, minutes: number) =>
    mail('LOGIN_CODE', to, orgId, 'Your sign-in verification code', [
      `Your verification code is ${code}.`,
      `It expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
    ]),
  accountLocked: (to: string) =>
    mail('ACCOUNT_LOCKED', to, null, 'Your account has been locked', [
      'Your account was locked after too many failed sign-in attempts.',
      'To unlock it, choose "Unlock account" on the sign-in page; we will email you a one-time code.',
    ]),
  unlockCode: (to: string, code: string, minutes: number) =>
    mail('UNLOCK_CODE', to, null, 'Your account unlock code', [
      `Your unlock code is ${code}.`,
      `It expires in ${minutes} minutes.`,
    ]),
  verificationCode: (to: string, code: string, minutes: number) =>
    mail('EMAIL_VERIFICATION_CODE', to, null, 'Verify your email address', [
      `Your email verification code is ${code}.`,
      `It expires in ${minutes} minutes.`,
    ]),
  verifyEmailLink: (to: string, link: string) =>
    mail('EMAIL_VERIFICATION_LINK', to, null, 'Verify your email address', [
      'Please confirm your email address by opening this link:',
      link,
      'If you did not create an account, ignore this email.',
    ]),
  resetPassword: (to: string, link: string, hours: number) =>
    mail('PASSWORD_RESET', to, null, 'Reset your password', [
      'We received a request to reset your password. Open this link to choose a new one:',
      link,
      `The link works once and expires in ${hours} hours. If you did not ask for it, ignore this email.`,
    ]),
  passwordChanged: (to: string) =>
    mail('PASSWORD_CHANGED', to, null, 'Your password was changed', [
      'The password of your account was just changed. If this was not you, reset your password now and contact your administrator.',
    ]),
};
