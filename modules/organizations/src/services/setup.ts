import type { Knex } from 'knex';
import {
  ConflictError,
  hashPassword,
  NotFoundError,
  SEEDED_ROLES,
  ValidationError,
  isPermissionOf,
  type OrganizationType,
} from '@portal/core';
import { Membership } from '../models/Membership.js';
import { Organization } from '../models/Organization.js';
import { Role } from '../models/Role.js';
import { User, type UserStatus } from '../models/User.js';

export interface NewOrganization {
  type: OrganizationType;
  name: string;
  parent_id?: number | null;
  status?: 'ACTIVE' | 'DEACTIVATED' | 'PENDING' | 'LINKED';
  notisphere_id?: string | null;
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  phone?: string | null;
  domain?: string | null;
  self_registration_link?: string | null;
  /**
   * The second factor at sign-in. Default: an authenticator app for the operator's organisation (issue 34: required
   * for the operator's users on a real install), none for the others; the demo seed sets its operator's explicitly.
   */
  two_factor?: 'NONE' | 'EMAIL_CODE' | 'TOTP';
}

/** Creates an organisation with the seeded roles of its type (DESIGN §3); returns its id and role ids by name. */
export async function createOrganizationWithRoles(
  trx: Knex.Transaction | Knex,
  org: NewOrganization,
): Promise<{ id: number; roles: Record<string, number> }> {
  const { id } = await Organization.query(trx).insert({
    ...org,
    status: org.status ?? 'ACTIVE',
    two_factor: org.two_factor ?? (org.type === 'NOTISPHERE' ? 'TOTP' : 'NONE'),
  });
  const roles: Record<string, number> = {};
  for (const [name, permissions] of Object.entries(SEEDED_ROLES[org.type])) {
    roles[name] = await createRole(trx, id, org.type, name, permissions, true);
  }
  return { id, roles };
}

export async function createRole(
  trx: Knex.Transaction | Knex,
  organizationId: number,
  type: OrganizationType,
  name: string,
  permissions: readonly string[],
  isSystem = false,
): Promise<number> {
  const foreign = permissions.filter((p) => !isPermissionOf(type, p));
  if (foreign.length)
    throw new ValidationError('PERMISSIONS_NOT_AVAILABLE.setup', { type, permissions: foreign.join(', ') });
  const { id: roleId } = await Role.query(trx).insert({
    organization_id: organizationId,
    name,
    is_system: isSystem,
    description: null,
  });
  if (permissions.length)
    await trx('role_permissions').insert(permissions.map((permission) => ({ role_id: roleId, permission })));
  return roleId;
}

export interface NewUser {
  email: string;
  password: string | null;
  first_name: string;
  last_name: string;
  phone?: string | null;
  status?: UserStatus;
}

/** Creates a user, or returns the existing one with that email (a person may join several organisations). */
export async function findOrCreateUser(
  trx: Knex.Transaction | Knex,
  user: NewUser,
): Promise<{ id: number; created: boolean }> {
  const existing = await User.query(trx).whereRaw('lower(email) = lower(?)', [user.email.trim()]).first().select('id');
  if (existing) return { id: existing.id, created: false };
  const { id } = await User.query(trx).insert({
    email: user.email.trim().toLowerCase(),
    password_hash: user.password ? await hashPassword(user.password) : null,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone ?? null,
    status: user.status ?? 'VERIFIED',
    email_verified_at: (user.status ?? 'VERIFIED') === 'VERIFIED' ? trx.fn.now() : null,
  });
  return { id, created: true };
}

export async function addMembership(
  trx: Knex.Transaction | Knex,
  userId: number,
  organizationId: number,
  roleId: number,
  status: 'ACTIVE' | 'PENDING' = 'ACTIVE',
): Promise<number> {
  const role = await Role.query(trx).findOne({ id: roleId, organization_id: organizationId }).select('id');
  if (!role) throw new NotFoundError('ROLE_NOT_FOUND_IN_ORGANIZATION');
  const existing = await Membership.query(trx)
    .findOne({ user_id: userId, organization_id: organizationId })
    .select('id');
  if (existing) throw new ConflictError('ALREADY_MEMBER.organization');
  const { id } = await Membership.query(trx).insert({
    user_id: userId,
    organization_id: organizationId,
    role_id: roleId,
    status,
  });
  return id;
}

export async function findRoleByName(
  trx: Knex.Transaction | Knex,
  organizationId: number,
  name: string,
): Promise<number | null> {
  const role = await Role.query(trx)
    .where({ organization_id: organizationId })
    .whereRaw('lower(name) = lower(?)', [name])
    .first()
    .select('id');
  return role?.id ?? null;
}
