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
 * Builds the caller from the database (one query), so a deactivated user, membership, role or organisation loses
 * access at once rather than when the token expires. Null when any of them is no longer active.
 */
/**
 * The caller lookup every signed-in request makes, written once as SQL: building it with knex on every request cost a
 * measurable share of a list call's CPU. The provider's scope (its live sites) comes in the same round trip.
 */
const ACTOR_SQL = `SELECT u.id AS user_id, u.email, o.id AS organization_id, o.type AS organization_type,
    p.type AS parent_type, r.name AS role_name,
    coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role_id = r.id),
      ARRAY[]::text[]) AS permissions,
    CASE WHEN o.type = 'PROVIDER' THEN ARRAY(SELECT s.id FROM organizations s WHERE s.parent_id = o.id
      AND s.type = 'PROVIDER' AND s.status <> 'DELETED' ORDER BY s.id) END AS site_ids
  FROM memberships m
  JOIN users u ON u.id = m.user_id
  JOIN organizations o ON o.id = m.organization_id
  LEFT JOIN organizations p ON p.id = o.parent_id
  JOIN roles r ON r.id = m.role_id
  WHERE m.user_id = ? AND m.organization_id = ? AND m.status = 'ACTIVE' AND r.status = 'ACTIVE'
    AND u.status IN (${SIGN_IN_STATUSES.map((s) => `'${s}'`).join(', ')}) AND o.status IN ('ACTIVE', 'LINKED')`;

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
  const row = (
    (await db.raw(alsoRequire ? `${ACTOR_SQL} AND (?) IS TRUE LIMIT 1` : `${ACTOR_SQL} LIMIT 1`, [
      userId,
      organizationId,
      ...(alsoRequire ? [alsoRequire] : []),
    ])) as { rows: unknown[] }
  ).rows[0] as
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
