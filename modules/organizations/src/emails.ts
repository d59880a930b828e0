import { htmlParagraphs } from '@portal/core';
import type { OutgoingEmail } from '@portal/notifications';

/**
 * The emails of organisation administration. Each comes from its email template (the key is its outbox kind);
 * `mail` remains for an email written in code.
 */

export function mail(
  kind: string,
  to: string,
  organizationId: number,
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
  organizationId: number,
  values: Record<string, string | number>,
): OutgoingEmail {
  return { kind: key, to, organizationId, template: { key, values }, referenceType: 'user' };
}

export const emails = {
  invitation: (to: string, orgId: number, orgName: string, link: string, hours: number) =>
    templated('USER_INVITATION', to, orgId, { organization_name: orgName, link, hours }),
  addedToOrganization: (to: string, orgId: number, orgName: string, link: string) =>
    templated('USER_ADDED_TO_ORGANIZATION', to, orgId, { organization_name: orgName, link }),
  /** The first administrator of an organisation the operator onboarded. */
  onboarding: (to: string, orgId: number, orgName: string, link: string, hours: number) =>
    templated('ORGANIZATION_ONBOARDING', to, orgId, { organization_name: orgName, link, hours }),
};
