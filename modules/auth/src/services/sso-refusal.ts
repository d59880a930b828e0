import type { Knex } from 'knex';
import { ForbiddenError } from '@portal/core';
import { ssoOrganizationForEmail } from '@portal/organizations';

/**
 * Password sign-in, reset and unlock of an email whose domain signs in through an organisation's identity provider
 * (issue 35): refused, 403 SSO_REQUIRED naming the organisation. Decided by the domain alone, so the answer says
 * nothing the sign-in page's routing does not already say (not whether the account exists).
 */
export async function refuseSsoEmail(db: Knex, email: string): Promise<void> {
  const target = await ssoOrganizationForEmail(db, email);
  if (target) throw new ForbiddenError('SSO_REQUIRED', { organization: target.name });
}
