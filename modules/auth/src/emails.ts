import { htmlParagraphs } from '@portal/core';
import type { OutgoingEmail } from '@portal/notifications';

/**
 * The emails of sign-in and account flows. Each comes from its email template (key in the comment's table of
 * docs/decisions.md "Email templates"); `mail` remains for an email written in code.
 */

export function mail(
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

function templated(
  key: string,
  to: string,
  organizationId: number | null,
  values: Record<string, string | number> = {},
): OutgoingEmail {
  return { kind: key, to, organizationId, template: { key, values }, referenceType: 'user' };
}

export const emails = {
  loginCode: (to: string, orgId: number, code: string, minutes: number) =>
    templated('LOGIN_CODE', to, orgId, { code, minutes }),
  accountLocked: (to: string) => templated('ACCOUNT_LOCKED', to, null),
  unlockCode: (to: string, code: string, minutes: number) => templated('UNLOCK_CODE', to, null, { code, minutes }),
  verificationCode: (to: string, code: string, minutes: number) =>
    templated('EMAIL_VERIFICATION_CODE', to, null, { code, minutes }),
  verifyEmailLink: (to: string, link: string) => templated('EMAIL_VERIFICATION_LINK', to, null, { link }),
  resetPassword: (to: string, link: string, hours: number) => templated('PASSWORD_RESET', to, null, { link, hours }),
  passwordChanged: (to: string) => templated('PASSWORD_CHANGED', to, null),
};
