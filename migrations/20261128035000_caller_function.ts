import type { Knex } from 'knex';

/**
 * The caller lookup every signed-in request makes (organizations' `loadActor`), as a PL/pgSQL function so that its
 * plan is made once per connection and kept: sent as plain SQL, PostgreSQL planned the five-table join and its two
 * subqueries on every call, about 0.6 ms of planning for 0.15 ms of execution, more than a list's page statement.
 * The statuses that may sign in come as a parameter, so they stay declared once (organizations' SIGN_IN_STATUSES).
 * A generic plan is forced because every parameter is a key: no value makes another plan better. The function reads
 * the same rows at the same moment as the statement did, so a deactivated user, membership, role or organisation,
 * and a changed role's permissions, still take effect on the next call (docs/architecture.md §3, the caller).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION organizations_caller(p_user_id bigint, p_organization_id bigint, p_sign_in_statuses text[])
    RETURNS TABLE (user_id bigint, email text, organization_id bigint, organization_type text, parent_type text,
      role_name text, permissions text[], site_ids bigint[])
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
    AS $fn$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      SELECT u.id, u.email, o.id, o.type, p.type, r.name,
        coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp
          WHERE rp.role_id = r.id), ARRAY[]::text[]),
        CASE WHEN o.type = 'PROVIDER' THEN ARRAY(SELECT s.id FROM organizations s WHERE s.parent_id = o.id
          AND s.type = 'PROVIDER' AND s.status <> 'DELETED' ORDER BY s.id) END
      FROM memberships m
      JOIN users u ON u.id = m.user_id
      JOIN organizations o ON o.id = m.organization_id
      LEFT JOIN organizations p ON p.id = o.parent_id
      JOIN roles r ON r.id = m.role_id
      WHERE m.user_id = p_user_id AND m.organization_id = p_organization_id AND m.status = 'ACTIVE'
        AND r.status = 'ACTIVE' AND u.status = ANY (p_sign_in_statuses) AND o.status IN ('ACTIVE', 'LINKED')
      LIMIT 1;
    END
    $fn$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION organizations_caller(bigint, bigint, text[])');
}
