import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  ConflictError,
  isPermissionOf,
  NotFoundError,
  type OrganizationType,
  permissionsOf,
  recordAudit,
  ValidationError,
  transaction,
  type FromSchema,
} from '@portal/core';
import { assertEditable, AUDIT_VERBS, nextStatus, requireText, type StatusAction } from './common.js';
import { getRole, type RoleRow } from './directory.js';
import { ADMINISTRATOR } from './users.js';
import { Role } from '../models/Role.js';
import { Membership } from '../models/Membership.js';
import type { roleBody } from '../schemas.js';

export type RoleInput = FromSchema<typeof roleBody>;

/** The permissions a role of the caller's organisation may hold (its type's part of the spec §6 catalogue). */
export function permissionCatalogue(actor: Actor): { organization_type: string; permissions: readonly string[] } {
  return { organization_type: actor.organizationType, permissions: permissionsOf(actor.organizationType) };
}

/**
 * The organisation whose roles are changed: the caller's own, or (the operator's roles page) any organisation, whose
 * type decides the permission catalogue.
 */
export interface RoleTenant {
  id: number;
  type: OrganizationType;
}

const ownTenant = (actor: Actor): RoleTenant => ({ id: actor.organizationId, type: actor.organizationType });

function checkPermissions(tenant: RoleTenant, permissions: string[]): string[] {
  const unique = [...new Set(permissions)];
  const foreign = unique.filter((p) => !isPermissionOf(tenant.type, p));
  if (foreign.length) {
    throw ValidationError.field('permissions', 'PERMISSIONS_NOT_AVAILABLE', {
      type: tenant.type,
      permissions: foreign.join(', '),
    });
  }
  return unique.sort();
}

async function assertNameFree(
  trx: Knex.Transaction,
  tenant: RoleTenant,
  name: string,
  exceptId?: number,
): Promise<void> {
  if (name.toLowerCase() === ADMINISTRATOR.toLowerCase()) throw ValidationError.field('name', 'ROLE_NAME_RESERVED');
  const q = Role.query(trx)
    .where({ organization_id: tenant.id })
    .whereNot('status', 'DELETED')
    .whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first().select('id')) throw new ConflictError('ROLE_NAME_TAKEN');
}

async function lockRole(
  trx: Knex.Transaction,
  tenant: RoleTenant,
  id: number,
): Promise<Role & { permissions: string[] }> {
  const role = await Role.query(trx)
    .findOne({ id, organization_id: tenant.id })
    .whereNot('status', 'DELETED')
    .forUpdate()
    .select('id', 'name', 'description', 'status', 'is_system');
  if (!role) throw new NotFoundError('ROLE_NOT_FOUND');
  const permissions = (
    (await trx('role_permissions').where({ role_id: id }).orderBy('permission').select('permission')) as {
      permission: string;
    }[]
  ).map((p) => p.permission);
  return Object.assign(role, { permissions });
}

const isAdministrator = (role: Role) => role.is_system && role.name === ADMINISTRATOR;

export function createOwnRole(db: Knex, actor: Actor, input: RoleInput): Promise<RoleRow> {
  return createRoleIn(db, actor, ownTenant(actor), input);
}

/** Creates a role of `tenant` (the caller's organisation, or any for the operator), audited as the caller. */
export async function createRoleIn(db: Knex, actor: Actor, tenant: RoleTenant, input: RoleInput): Promise<RoleRow> {
  requireText(input as unknown as Record<string, unknown>, ['name']);
  const permissions = checkPermissions(tenant, input.permissions);
  const name = input.name.trim();
  const id = await transaction(db, async (trx) => {
    await assertNameFree(trx, tenant, name);
    const { id: roleId } = await Role.query(trx).insert({
      organization_id: tenant.id,
      name,
      description: input.description?.trim() || null,
      is_system: false,
    });
    if (permissions.length)
      await trx('role_permissions').insert(permissions.map((permission) => ({ role_id: roleId, permission })));
    await recordAudit(trx, actor, {
      organizationId: tenant.id,
      action: 'ROLE_CREATED',
      entityType: 'role',
      entityId: roleId,
      after: { name, description: input.description ?? null, permissions },
    });
    return roleId;
  });
  return getRole(db, actor, id);
}

export function updateOwnRole(db: Knex, actor: Actor, id: number, input: RoleInput): Promise<RoleRow> {
  return updateRoleIn(db, actor, ownTenant(actor), id, input);
}

export async function updateRoleIn(
  db: Knex,
  actor: Actor,
  tenant: RoleTenant,
  id: number,
  input: RoleInput,
): Promise<RoleRow> {
  requireText(input as unknown as Record<string, unknown>, ['name']);
  const permissions = checkPermissions(tenant, input.permissions);
  const name = input.name.trim();
  await transaction(db, async (trx) => {
    const before = await lockRole(trx, tenant, id);
    if (isAdministrator(before)) throw new BusinessRuleError('ADMINISTRATOR_ROLE');
    assertEditable(before.status);
    if (name.toLowerCase() !== before.name.toLowerCase()) await assertNameFree(trx, tenant, name, id);
    const description = input.description?.trim() || null;
    await Role.query(trx).findById(id).patch({ name, description });
    await trx('role_permissions').where({ role_id: id }).delete();
    if (permissions.length)
      await trx('role_permissions').insert(permissions.map((permission) => ({ role_id: id, permission })));
    await recordAudit(trx, actor, {
      organizationId: tenant.id,
      action: 'ROLE_UPDATED',
      entityType: 'role',
      entityId: id,
      before: { name: before.name, description: before.description, permissions: before.permissions },
      after: { name, description, permissions },
    });
  });
  return getRole(db, actor, id);
}

/** Activates, inactivates or deletes a role; the Administrator role is fixed, and a role held by members is not deleted. */
export function changeRoleStatus(
  db: Knex,
  actor: Actor,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  return changeRoleStatusIn(db, actor, ownTenant(actor), id, action);
}

export async function changeRoleStatusIn(
  db: Knex,
  actor: Actor,
  tenant: RoleTenant,
  id: number,
  action: StatusAction,
): Promise<{ id: number; status: string }> {
  return transaction(db, async (trx) => {
    const role = await lockRole(trx, tenant, id);
    if (isAdministrator(role)) throw new BusinessRuleError('ADMINISTRATOR_ROLE');
    const status = nextStatus(role.status, action);
    if (action === 'delete') {
      const holders = await Membership.query(trx)
        .where({ role_id: id })
        .whereNot('status', 'DELETED')
        .first()
        .select('id');
      if (holders) throw new ConflictError('ROLE_IN_USE');
      // A plain update: the organisation's own updated_at does not move when a role it points at goes.
      await trx('organizations')
        .where({ id: tenant.id, self_registration_role_id: id })
        .update({ self_registration_role_id: null });
    }
    await Role.query(trx).findById(id).patch({ status });
    await recordAudit(trx, actor, {
      organizationId: tenant.id,
      action: `ROLE_${AUDIT_VERBS[action]}`,
      entityType: 'role',
      entityId: id,
      before: { status: role.status },
      after: { status },
    });
    return { id, status };
  });
}
