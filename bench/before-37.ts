import type { Captured } from './throughput.js';

/*
 * Issue 37's "before", replayed in the same run as the product's statements: the caller lookup as the plain SQL the
 * BFF sent until then (a five-table join PostgreSQL planned on every call), on connections with PostgreSQL's default
 * jit=on, with the session check as the aggregate subquery it was. The product now calls organizations_caller and
 * auth_session_live (each planned once per connection) on connections with jit=off.
 */
const PLAIN_CALLER = `SELECT u.id AS user_id, u.email, o.id AS organization_id, o.type AS organization_type,
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
  WHERE m.user_id = $1 AND m.organization_id = $2 AND m.status = 'ACTIVE' AND r.status = 'ACTIVE'
    AND u.status IN ('VERIFIED', 'SSO') AND o.status IN ('ACTIVE', 'LINKED') AND $3::text[] IS NOT NULL`;

const FUNCTION_CALL =
  /^SELECT \* FROM organizations_caller\(\$1::bigint, \$2::bigint, \$3::text\[\]\)(?: WHERE (.*))?$/s;

const SESSION_CALL =
  /auth_session_live\(\$4::uuid, \$5::bigint, \$6::bigint, \$7::text\[\], \$8::integer, \$9::integer\)/;
const PLAIN_SESSION = `(SELECT coalesce(bool_and(user_id = $5 and organization_id = $6), false)
    and not coalesce(bool_or(revoked_reason = any($7)), false)
    and min(created_at) > now() - make_interval(hours => $8)
    and max(created_at) > now() - make_interval(mins => $9)
  FROM refresh_tokens WHERE family_id = $4)`;

/**
 * The call's statements as they were sent before issue 37: the plain caller lookup in place of the function's, and
 * the session check as its subquery.
 */
export function beforeIssue37<T extends Captured>(statements: T[]): T[] {
  return statements.map((s) => {
    const m = FUNCTION_CALL.exec(s.sql.trim());
    if (!m) return s;
    const also = m[1]?.replace(SESSION_CALL, PLAIN_SESSION);
    const { name: _prepared, ...unnamed } = s;
    return { ...unnamed, sql: `${PLAIN_CALLER}${also ? ` AND ${also}` : ''} LIMIT 1` } as T;
  });
}
