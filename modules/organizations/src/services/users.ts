import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  type Config,
  ConflictError,
  NotFoundError,
  recordAudit,
  ValidationError,
  transaction,
  type FromSchema,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { emails } from '../emails.js';
import { assertEditable, AUDIT_VERBS, checkFields, nextStatus, requireText, type StatusAction } from './common.js';
import { getUser, type UserRow } from './directory.js';
import { issueSetPasswordToken } from './sessions.js';
import { Membership } from '../models/Membership.js';
import { Organization } from '../models/Organization.js';
import { Role } from '../models/Role.js';
import { User } from '../models/User.js';
import type { userBody } from '../schemas.js';

/** The role every organisation is seeded with that holds all of its permissions (DESIGN §3). */
export const ADMINISTRATOR = 'Administrator';

export interface NewMember {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  role_id: number;
  /** The caller's organisation (default) or one of its sites. */
  organization_id?: number;
}

export type MemberUpdate = FromSchema<typeof userBody>;

async function activeRole(trx: Knex.Transaction, organizationId: number, roleId: number): Promise<Role> {
  const role = await Role.query(trx)
    .findOne({ id: roleId, organization_id: organizationId })
    .whereNot('status', 'DELETED')
    .select('id', 'name', 'status', 'is_system');
  if (!role) throw ValidationError.field('role_id', 'ROLE_NOT_FOUND');
  if (role.status !== 'ACTIVE') throw ValidationError.field('role_id', 'ROLE_INACTIVE');
  return role;
}

async function isAdministratorRole(trx: Knex.Transaction, roleId: number): Promise<boolean> {
  const role = await Role.query(trx).findById(roleId).select('name', 'is_system');
  return !!role && role.is_system && role.name === ADMINISTRATOR;
}

/**
 * Refuses a change that would leave the organisation without an active Administrator: the membership `membershipId`
 * is about to stop being one. The organisation's Administrator memberships are locked first so two concurrent
 * changes cannot both pass.
 */
async function assertNotLastAdministrator(trx: Knex.Transaction, actor: Actor, membership: Membership): Promise<void> {
  if (membership.status !== 'ACTIVE' || !(await isAdministratorRole(trx, membership.role_id))) return;
  const admins = (await trx('memberships as m')
    .join('roles as r', 'r.id', 'm.role_id')
    .join('users as u', 'u.id', 'm.user_id')
    .where({
      'm.organization_id': membership.organization_id,
      'm.status': 'ACTIVE',
      'r.name': ADMINISTRATOR,
      'r.is_system': true,
      'r.status': 'ACTIVE',
    })
    .whereNotIn('u.status', ['DEACTIVATED'])
    .forUpdate('m')
    .select('m.id')) as { id: number }[];
  if (!admins.some((a) => a.id !== membership.id)) throw new BusinessRuleError('LAST_ADMINISTRATOR');
}

/** The organisations whose members the caller manages: its own and its sites (a health system's). */
const managedOrganizations = (trx: Knex.Transaction, actor: Actor) =>
  trx('organizations')
    .where((w) => w.where('id', actor.organizationId).orWhere('parent_id', actor.organizationId))
    .select('id');

/** The member's membership of the caller's organisation, else of one of its sites; locked. */
async function lockMembership(trx: Knex.Transaction, actor: Actor, userId: number): Promise<Membership> {
  const row = await Membership.query(trx)
    .where('user_id', userId)
    .whereIn('organization_id', managedOrganizations(trx, actor))
    .whereNot('status', 'DELETED')
    .orderByRaw('(organization_id = ?) DESC, id', [actor.organizationId])
    .forUpdate()
    .first()
    .select('id', 'user_id', 'role_id', 'status', 'organization_id');
  if (!row) throw new NotFoundError('USER_NOT_FOUND');
  return row;
}

/**
 * The organisation a member is assigned to: the caller's own (absent or its id) or one of its active sites (404
 * otherwise, alike for another organisation's and a missing one).
 */
async function assignableOrganization(
  trx: Knex | Knex.Transaction,
  actor: Actor,
  organizationId?: number,
): Promise<number> {
  if (organizationId === undefined || organizationId === actor.organizationId) return actor.organizationId;
  const site = await trx('organizations')
    .where({ id: organizationId, parent_id: actor.organizationId, status: 'ACTIVE' })
    .first('id');
  if (!site) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return organizationId;
}

/**
 * The role a member gets in `organizationId`: the picked role when it is that organisation's; a role of the caller's
 * organisation picked for a site maps to the site's active role of the same name (sites are seeded with the same
 * roles), since the page offers the caller's roles.
 */
async function roleIn(
  trx: Knex | Knex.Transaction,
  actor: Actor,
  organizationId: number,
  roleId: number,
): Promise<number> {
  if (organizationId === actor.organizationId) return roleId;
  const picked = (await trx('roles').where({ id: roleId }).first('organization_id', 'name')) as
    | { organization_id: number; name: string }
    | undefined;
  if (!picked || picked.organization_id === organizationId) return roleId;
  if (picked.organization_id !== actor.organizationId) throw ValidationError.field('role_id', 'ROLE_NOT_FOUND');
  const same = (await trx('roles')
    .where({ organization_id: organizationId, name: picked.name, status: 'ACTIVE' })
    .first('id')) as { id: number } | undefined;
  if (!same) throw ValidationError.field('role_id', 'ROLE_NAME_NOT_IN_ORGANIZATION');
  return same.id;
}

/**
 * Invites a user into the caller's organisation. A new person gets an account in VERIFICATION and an emailed
 * set-password link; a person who already has an account (in another organisation) gets a membership and a notice.
 * The email is queued in the same transaction; the caller kicks the sender after the commit.
 */
export async function inviteUser(db: Knex, actor: Actor, config: Config, input: NewMember): Promise<UserRow> {
  // Reads only: no transaction (the invitation itself is one, in inviteUserInto).
  const organizationId = await assignableOrganization(db, actor, input.organization_id);
  const roleId = await roleIn(db, actor, organizationId, input.role_id);
  const userId = await inviteUserInto(db, actor, config, organizationId, { ...input, role_id: roleId });
  return getUser(db, actor, userId);
}

/**
 * Invites a user into `organizationId` (the caller's own, or any organisation for the operator) with a role of that
 * organisation; audited as the caller, under the organisation. Answers the user's id.
 */
export async function inviteUserInto(
  db: Knex,
  actor: Actor,
  config: Config,
  organizationId: number,
  input: NewMember,
): Promise<number> {
  requireText(input as unknown as Record<string, unknown>, ['first_name', 'last_name']);
  checkFields(input as unknown as Record<string, unknown>, { email: 'email', phone: 'phone' });
  const email = input.email.trim().toLowerCase();
  return transaction(db, async (trx) => {
    const role = await activeRole(trx, organizationId, input.role_id);
    const org = await Organization.query(trx).findById(organizationId).select('name').throwIfNotFound();
    const existing = await User.query(trx)
      .whereRaw('lower(email) = ?', [email])
      .forUpdate()
      .first()
      .select('id', 'status');
    let id: number;
    if (existing) {
      id = existing.id;
      const membership = await Membership.query(trx)
        .findOne({ user_id: id, organization_id: organizationId })
        .forUpdate()
        .select('id', 'status');
      if (membership && membership.status !== 'DELETED') throw new ConflictError('ALREADY_MEMBER');
      if (membership) await Membership.query(trx).findById(membership.id).patch({ status: 'ACTIVE', role_id: role.id });
      else
        await Membership.query(trx).insert({
          user_id: id,
          organization_id: organizationId,
          role_id: role.id,
          status: 'ACTIVE',
        });
      await enqueueEmail(trx, emails.addedToOrganization(email, organizationId, org.name, `${config.appUrl}/login`));
    } else {
      ({ id } = await User.query(trx).insert({
        email,
        password_hash: null,
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        phone: input.phone?.trim() || null,
        status: 'VERIFICATION',
      }));
      await Membership.query(trx).insert({
        user_id: id,
        organization_id: organizationId,
        role_id: role.id,
        status: 'ACTIVE',
      });
      await sendInvitation(trx, config, id, email, organizationId, org.name);
    }
    await recordAudit(trx, actor, {
      organizationId,
      action: 'USER_INVITED',
      entityType: 'user',
      entityId: id,
      after: { email, role_id: role.id, role_name: role.name, existing_account: !!existing },
    });
    return id;
  });
}

/** Queues the invitation email with a fresh set-password link (older unused links stop working). */
export async function sendInvitation(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
  email: string,
  organizationId: number,
  organizationName: string,
): Promise<void> {
  const token = await issueSetPasswordToken(trx, userId, config.linkTtlSeconds);
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const hours = Math.round(config.linkTtlSeconds / 3600);
  await enqueueEmail(trx, emails.invitation(email, organizationId, organizationName, link, hours));
}

/** Updates a member's names, phone and role; an inactive member must be activated first (spec §4). */
export async function updateMember(db: Knex, actor: Actor, userId: number, input: MemberUpdate): Promise<UserRow> {
  requireText(input as unknown as Record<string, unknown>, ['first_name', 'last_name']);
  checkFields(input as unknown as Record<string, unknown>, { phone: 'phone' });
  await transaction(db, async (trx) => {
    const membership = await lockMembership(trx, actor, userId);
    assertEditable(membership.status);
    const organizationId =
      input.organization_id === undefined
        ? membership.organization_id
        : await assignableOrganization(trx, actor, input.organization_id);
    const moving = organizationId !== membership.organization_id;
    const role = await activeRole(trx, organizationId, await roleIn(trx, actor, organizationId, input.role_id));
    if (moving || (role.id !== membership.role_id && !(role.is_system && role.name === ADMINISTRATOR)))
      await assertNotLastAdministrator(trx, actor, membership);
    if (moving) {
      const there = await Membership.query(trx)
        .findOne({ user_id: userId, organization_id: organizationId })
        .forUpdate()
        .select('id', 'status');
      if (there && there.status !== 'DELETED') throw new ConflictError('ALREADY_MEMBER');
      // A deleted membership there keeps its row (unique per person and organisation): it gives way to the moved one.
      if (there) await Membership.query(trx).deleteById(there.id);
    }
    const before = await User.query(trx).findById(userId).select('first_name', 'last_name', 'phone');
    const after = {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: input.phone?.trim() || null,
    };
    await User.query(trx).findById(userId).patch(after);
    await Membership.query(trx).findById(membership.id).patch({ role_id: role.id, organization_id: organizationId });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'USER_UPDATED',
      entityType: 'user',
      entityId: userId,
      before: { ...before, role_id: membership.role_id, organization_id: membership.organization_id },
      after: { ...after, role_id: role.id, organization_id: organizationId },
    });
  });
  return getUser(db, actor, userId);
}

/** Activates, inactivates or deletes (softly) a user's membership of the caller's organisation. */
export async function changeMemberStatus(
  db: Knex,
  actor: Actor,
  userId: number,
  action: StatusAction,
): Promise<{ id: number; membership_status: string }> {
  return transaction(db, async (trx) => {
    const membership = await lockMembership(trx, actor, userId);
    // A PENDING membership (self-registration) may be activated like an inactive one.
    const status = nextStatus(membership.status, action);
    if (action !== 'activate') await assertNotLastAdministrator(trx, actor, membership);
    await Membership.query(trx).findById(membership.id).patch({ status });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: `USER_${AUDIT_VERBS[action]}`,
      entityType: 'membership',
      entityId: membership.id,
      before: { user_id: userId, status: membership.status },
      after: { user_id: userId, status },
    });
    return { id: userId, membership_status: status };
  });
}

/** GET /users/organizations: the caller's organisation, then its active sites by name (what a member may join). */
export async function assignableOrganizations(
  db: Knex,
  actor: Actor,
): Promise<{ id: number; name: string; is_site: boolean }[]> {
  const rows = (await db('organizations')
    .where('id', actor.organizationId)
    .orWhere((w) => w.where({ parent_id: actor.organizationId, status: 'ACTIVE' }))
    .orderByRaw('(id = ?) DESC, lower(name), id', [actor.organizationId])
    .select('id', 'name')) as { id: number; name: string }[];
  return rows.map((r) => ({ ...r, is_site: r.id !== actor.organizationId }));
}
