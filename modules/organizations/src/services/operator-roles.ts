import type { Knex } from 'knex';
import {
  type Actor,
  type ListPage,
  type ListSpec,
  NotFoundError,
  type OrganizationType,
  ORGANIZATION_TYPES,
  parseListQuery,
  permissionsOf,
  runList,
  ValidationError,
} from '@portal/core';
import type { StatusAction } from './common.js';
import type { RoleRow } from './directory.js';
import { changeRoleStatusIn, createRoleIn, type RoleInput, type RoleTenant, updateRoleIn } from './roles.js';
import { Organization } from '../models/Organization.js';
import { Role } from '../models/Role.js';

/** The operator's roles page: roles of any organisation, each with its organisation's type catalogue. */

export interface OperatorRoleRow extends RoleRow {
  organization_name: string;
  organization_type: OrganizationType;
}

/** The permission catalogue of every organisation type (spec 000 §6). */
export function permissionCatalogues(): Record<OrganizationType, readonly string[]> {
  return Object.fromEntries(ORGANIZATION_TYPES.map((type) => [type, permissionsOf(type)])) as Record<
    OrganizationType,
    readonly string[]
  >;
}

const roleList: ListSpec = {
  fields: {
    id: 'r.id',
    name: 'r.name',
    description: 'r.description',
    status: 'r.status',
    organization_name: 'o.name',
    organization_type: 'o.type',
    updated_at: 'r.updated_at',
  },
  searchColumns: ['r.name', 'o.name'],
  defaultSort: [
    { column: 'o.name', direction: 'asc' },
    { column: 'r.name', direction: 'asc' },
  ],
};

function roleRows(db: Knex, organizationId: number | null): Knex.QueryBuilder {
  const q = db('roles as r').join('organizations as o', 'o.id', 'r.organization_id').whereNot('r.status', 'DELETED');
  if (organizationId !== null) q.where('r.organization_id', organizationId);
  return q;
}

const selectRole = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'r.id',
    'r.organization_id',
    'o.name as organization_name',
    'o.type as organization_type',
    'r.name',
    'r.description',
    'r.status',
    'r.is_system',
    'r.updated_at',
    db.raw(
      'coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role_id = r.id), ARRAY[]::text[]) as permissions',
    ),
  );

/** Roles of every organisation (or of `organizationId`): search over role and organisation names, trimmed. */
export async function listAllRoles(
  db: Knex,
  raw: Record<string, unknown> & { organizationId?: number },
): Promise<ListPage<OperatorRoleRow>> {
  const query = parseListQuery(raw, roleList);
  return runList<OperatorRoleRow>(
    roleRows(db, raw.organizationId ?? null),
    query,
    roleList,
    'r.id',
    selectRole(db),
    'r.updated_at',
  );
}

export async function getAnyRole(db: Knex, id: number): Promise<OperatorRoleRow> {
  const row = (await selectRole(db)(roleRows(db, null).where('r.id', id)).first()) as OperatorRoleRow | undefined;
  if (!row) throw new NotFoundError('ROLE_NOT_FOUND');
  return row;
}

async function organizationTenant(db: Knex, organizationId: number): Promise<RoleTenant> {
  const org = await Organization.query(db).findById(organizationId).select('id', 'type');
  if (!org) throw ValidationError.field('organization_id', 'ORGANIZATION_NOT_FOUND');
  return { id: org.id, type: org.type as OrganizationType };
}

/** The organisation a role belongs to: its id and type (the catalogue its permissions come from). */
async function roleTenant(db: Knex, roleId: number): Promise<RoleTenant> {
  const role = await Role.query(db).findById(roleId).whereNot('status', 'DELETED').select('organization_id');
  if (!role) throw new NotFoundError('ROLE_NOT_FOUND');
  const org = await Organization.query(db).findById(role.organization_id).select('id', 'type').throwIfNotFound();
  return { id: org.id, type: org.type as OrganizationType };
}

/** Creates a role of any organisation with permissions of that organisation's type; audited as the operator. */
export async function createAnyRole(
  db: Knex,
  actor: Actor,
  input: RoleInput & { organization_id: number },
): Promise<OperatorRoleRow> {
  const { organization_id: organizationId, ...role } = input;
  const created: RoleRow = await createRoleIn(db, actor, await organizationTenant(db, organizationId), role);
  return getAnyRole(db, created.id);
}

export async function updateAnyRole(db: Knex, actor: Actor, id: number, input: RoleInput): Promise<OperatorRoleRow> {
  await updateRoleIn(db, actor, await roleTenant(db, id), id, input);
  return getAnyRole(db, id);
}

export async function changeAnyRoleStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  return changeRoleStatusIn(db, actor, await roleTenant(db, id), id, action);
}
