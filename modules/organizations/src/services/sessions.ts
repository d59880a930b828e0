import type { Knex } from 'knex';
import type { SessionEnder, SetPasswordLinkIssuer } from '@portal/core';

/**
 * The sessions port: auth owns the sessions, this module decides when an account or a tenant is deactivated. The
 * composition root wires auth's `endSessions` in (`createOrganizationsModule`). Unwired, a deactivation fails rather
 * than leave sessions running.
 */
let ender: SessionEnder | undefined;

export function wireSessionEnder(fn: SessionEnder): void {
  ender = fn;
}

export function endSessions(
  trx: Knex.Transaction,
  scope: { userIds?: readonly number[]; organizationIds?: readonly number[] },
): Promise<number> {
  if (!ender) throw new Error('organizations: no session ender wired; createModules passes auth.endSessions');
  return ender(trx, scope);
}

/** The set-password link port, wired the same way: auth issues and stores the one-time link token. */
let linkIssuer: SetPasswordLinkIssuer | undefined;

export function wireSetPasswordLinkIssuer(fn: SetPasswordLinkIssuer): void {
  linkIssuer = fn;
}

/** A single-use set-password link (256 bits, stored hashed by auth), consumed by POST /api/auth/reset-password. */
export function issueSetPasswordToken(trx: Knex.Transaction, userId: number, ttlSeconds: number): Promise<string> {
  if (!linkIssuer)
    throw new Error('organizations: no set-password link issuer wired; createModules passes auth.issueSetPasswordLink');
  return linkIssuer(trx, userId, ttlSeconds);
}
