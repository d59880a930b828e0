import { htmlParagraphs } from '@portal/core';
import type { OutgoingEmail } from '@portal/notifications';

/** The emails of organisation administration. Plain text first; the HTML part repeats it. */

function mail(kind: string, to: string, organizationId: number, subject: string, lines: string[]): OutgoingEmail {
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
  invitation: (to: string, orgId: number, orgName: string, link: string, hours: number) =>
    mail('USER_INVITATION', to, orgId, `You have been invited to ${orgName}`, [
      `An administrator of ${orgName} created an account for you on the recall and supply advisory portal.`,
      'Open this link to choose your password:',
      link,
      `The link works once and expires in ${hours} hours.`,
    ]),
  addedToOrganization: (to: string, orgId: number, orgName: string, link: string) =>
    mail('USER_ADDED_TO_ORGANIZATION', to, orgId, `You have been added to ${orgName}`, [
      `An administrator of ${orgName} added you to the organization. Sign in with your existing password and choose ${orgName}:`,
      link,
    ]),
  /** The first administrator of an organisation the operator onboarded (issue 11). */
  onboarding: (to: string, orgId: number, orgName: string, link: string, hours: number) =>
    mail('ORGANIZATION_ONBOARDING', to, orgId, `Your ${orgName} account is ready`, [
      `${orgName} has been set up on the recall and supply advisory portal, and you are its administrator.`,
      'Open this link to verify your email address and choose your password:',
      link,
      `The link works once and expires in ${hours} hours.`,
    ]),
};
