import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { type Actor, type OrganizationType, permissionsOf } from '@portal/core';

/** User statuses that may hold a session. */
export const SIGN_IN_STATUSES = ['VERIFIED', 'SSO'] as const;

export interface MembershipChoice {
  id: number;
  name: string;
  type: OrganizationType;
}

/** The organisations a user may act for: active membership, active role, active organisation. */
export async function activeMemberships(db: Knex, userId: number): Promise<MembershipChoice[]> {
  return (await db('memberships as m')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .join('roles as r', 'r.id', 'm.role_id')
    .where({ 'm.user_id': userId, 'm.status': 'ACTIVE', 'r.status': 'ACTIVE' })
    .whereIn('o.status', ['ACTIVE', 'LINKED'])
    .orderBy('o.name')
    .select('o.id', 'o.name', 'o.type')) as MembershipChoice[];
}

/**
 * Builds the caller from the database (one statement), so a deactivated user, membership, role or organisation loses
 * access at once rather than when the token expires. Null when any of them is no longer active. The provider's scope
 * (its live sites) comes in the same round trip. The statement calls `organizations_caller` (migration
 * 20261128035000), a PL/pgSQL function whose plan each connection makes once: planning the join on every request cost
 * four times its execution.
 */
const ACTOR_SQL = 'SELECT * FROM organizations_caller(?::bigint, ?::bigint, ?::text[])';

/**
 * The caller's statement is a named prepared statement too: PostgreSQL parses and plans the statement around the
 * function once per connection instead of on every request (0.23 ms instead of 0.28 ms a lookup, one client).
 * pg refuses one name for two texts, so the name is the text's hash.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `caller_${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

export async function loadActor(
  db: Knex,
  userId: number,
  organizationId: number,
  /**
   * A boolean the caller's module computes in the same round trip (auth: is the session live?), so that each
   * request costs one query. The row is null when it is false, exactly as when the membership is not active.
   */
  alsoRequire?: Knex.Raw,
): Promise<Actor | null> {
  const query = db.raw(alsoRequire ? `${ACTOR_SQL} WHERE (?) IS TRUE` : ACTOR_SQL, [
    userId,
    organizationId,
    [...SIGN_IN_STATUSES],
    ...(alsoRequire ? [alsoRequire] : []),
  ]);
  const row = ((await query.options({ name: statementName(query.toSQL().sql) })) as { rows: unknown[] }).rows[0] as
    | {
        user_id: number;
        email: string;
        organization_id: number;
        organization_type: OrganizationType;
        parent_type: OrganizationType | null;
        role_name: string;
        permissions: string[];
        site_ids: (string | number)[] | null;
      }
    | undefined;
  if (!row) return null;
  const allowed = permissionsOf(row.organization_type);
  return {
    userId: row.user_id,
    email: row.email,
    organizationId: row.organization_id,
    organizationType: row.organization_type,
    parentOrganizationType: row.parent_type,
    roleName: row.role_name,
    // A role only ever holds permissions of its organisation's type; anything else is ignored.
    permissions: row.permissions.filter((p) => allowed.includes(p)),
    ...(row.site_ids ? { siteIds: row.site_ids.map(Number) } : {}),
  };
}

/**
 * A user's actor by email, acting for the first organisation (by id) they belong to; null when there is no such user
 * or they cannot act. For the demo seeds, which act through the same services as the API.
 */
export async function actorByEmail(db: Knex, email: string): Promise<Actor | null> {
  const row = (await db('users as u')
    .join('memberships as m', 'm.user_id', 'u.id')
    .where('u.email', email)
    .orderBy('m.organization_id')
    .first('u.id', 'm.organization_id')) as { id: number; organization_id: number } | undefined;
  return row ? loadActor(db, row.id, row.organization_id) : null;
}
