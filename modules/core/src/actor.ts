import type { OrganizationType } from './permissions.js';

/** Who is calling: every service function takes this first, so tenancy cannot be forgotten. */
export interface Actor {
  userId: number;
  email: string;
  organizationId: number;
  organizationType: OrganizationType;
  parentOrganizationType: OrganizationType | null;
  roleName: string;
  permissions: readonly string[];
  /**
   * A provider's live sites (ids), read with the caller in the same statement (`loadActor`), so a provider's list does
   * not look its scope up again. Absent on actors built elsewhere (tests, seeds): then the scope is queried.
   */
  siteIds?: readonly number[];
}

export function isOperator(actor: Actor): boolean {
  return actor.organizationType === 'NOTISPHERE';
}

export function hasAnyPermission(actor: Actor, required: readonly string[]): boolean {
  return required.length === 0 || required.some((p) => actor.permissions.includes(p));
}

/**
 * Ends sessions at once (auth owns the sessions; organisations decide when an account or a tenant is deactivated).
 * Wired by the composition root (`createModules`): the organisations module calls it inside its own transaction.
 * Answers how many refresh tokens it revoked.
 */
export type SessionEnder = (
  trx: import('knex').Knex.Transaction,
  scope: { userIds?: readonly number[]; organizationIds?: readonly number[] },
) => Promise<number>;

/**
 * Issues a single-use set-password link token for a user (auth owns the one-time codes; organisations invite users
 * and set up tenants). Wired like `SessionEnder`; answers the token, of which only the hash is stored.
 */
export type SetPasswordLinkIssuer = (
  trx: import('knex').Knex.Transaction,
  userId: number,
  ttlSeconds: number,
) => Promise<string>;
