import type { Knex } from 'knex';
import type { SessionEnder } from '@portal/core';

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
