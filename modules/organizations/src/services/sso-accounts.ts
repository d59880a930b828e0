import type { Knex } from 'knex';
import { recordAudit } from '@portal/core';
import { findUserAccount, patchUserAccount } from './accounts.js';
import { addMembership, findOrCreateUser } from './setup.js';
import type { SsoConnection } from './sso-settings.js';
import { findAdministrator } from './views.js';

/** Who signed in at the provider, as its verified ID token says. */
export interface SsoIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export type SsoAccountOutcome =
  | { userId: number; email: string; created: boolean; joined: boolean }
  | { refused: 'unknown'; contact: string }
  | { refused: 'deactivated'; userId: number };

/**
 * The portal account of a person the organisation's provider signed in, by email (any case). An unknown person gets
 * an account (status SSO, no password) and a membership with the organisation's default role when just-in-time
 * membership is on, else is refused naming whom to ask (the organisation's administrator, or the organisation). A
 * known account without a membership of the organisation joins it the same way; its status becomes SSO and any
 * password it had stops working. A deactivated account is refused. Runs in the sign-in's transaction.
 */
export async function ssoAccount(
  trx: Knex.Transaction,
  connection: SsoConnection,
  identity: SsoIdentity,
  requestId: string,
): Promise<SsoAccountOutcome> {
  const orgId = connection.organizationId;
  const user = await findUserAccount(trx, { email: identity.email }, { forUpdate: true });
  if (user?.status === 'DEACTIVATED') return { refused: 'deactivated', userId: user.id };
  const member = user
    ? await trx('memberships').where({ user_id: user.id, organization_id: orgId }).first('id', 'status')
    : undefined;
  if (!user && !connection.jitEnabled) {
    const admin = await findAdministrator(trx, orgId);
    return { refused: 'unknown', contact: admin ? admin.email : connection.organizationName };
  }
  let userId = user?.id;
  let created = false;
  if (!userId) {
    const made = await findOrCreateUser(trx, {
      email: identity.email,
      password: null,
      first_name: identity.firstName,
      last_name: identity.lastName,
      status: 'SSO',
    });
    userId = made.id;
    created = made.created;
  } else if (user!.status !== 'SSO') {
    await patchUserAccount(trx, userId, { status: 'SSO', password_hash: null, failed_login_count: 0 });
  }
  const joining = !member && connection.jitEnabled && connection.jitRoleId !== null;
  if (joining) {
    await addMembership(trx, userId, orgId, connection.jitRoleId!);
    await recordAudit(trx, null, {
      organizationId: orgId,
      action: 'SSO_JIT_MEMBERSHIP',
      entityType: 'user',
      entityId: userId,
      actorEmail: identity.email,
      after: { role_id: connection.jitRoleId, account_created: created },
      requestId,
    });
  }
  return { userId, email: user?.email ?? identity.email.toLowerCase(), created, joined: joining };
}
