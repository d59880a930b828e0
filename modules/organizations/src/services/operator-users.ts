import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  type Config,
  ConflictError,
  type FileResult,
  formatDateTime,
  type ListPage,
  type ListSpec,
  NotFoundError,
  type OrganizationType,
  parseListQuery,
  recordAudit,
  type ReportColumn,
  runList,
  ValidationError,
  transaction,
  type RowOf,
} from '@portal/core';
import { getUser } from './directory.js';
import { listPages, listReport } from './reports.js';
import { checkFields, requireText, takeExactFilters } from './common.js';
import { inviteUserInto, type NewMember, sendInvitation } from './users.js';
import { Organization } from '../models/Organization.js';
import { Role } from '../models/Role.js';
import { User, type UserStatus } from '../models/User.js';
import { endSessions } from './sessions.js';
import type { operatorUserRow } from '../schemas.js';
import type { operatorMembership } from '../schemas.js';

/** The operator's users page: every tenant's users, one row per person. */

/** Statuses of a person who has not proven the email address yet: the verification email may be sent again. */
export const UNVERIFIED_STATUSES: readonly string[] = ['VERIFICATION', 'NONVERIFIED', 'PENDING'];

/** The status an unlocked account returns to. */
const settledStatus = (user: { email_verified_at: Date | null }): UserStatus =>
  user.email_verified_at ? 'VERIFIED' : 'VERIFICATION';

export type OperatorUserRow = RowOf<typeof operatorUserRow>;

export type OperatorMembership = RowOf<typeof operatorMembership>;

const userList: ListSpec = {
  fields: {
    id: 'u.id',
    email: 'u.email',
    first_name: 'u.first_name',
    last_name: 'u.last_name',
    phone: 'u.phone',
    status: 'u.status',
    // The select's alias: sorted by name; its filter and the search are applied by userQuery (see there).
    organization_names: 'organization_names',
    updated_at: 'u.updated_at',
  },
  searchColumns: [],
  defaultSort: [{ column: 'u.email', direction: 'asc' }],
  indexedSorts: ['email:asc', 'email:desc'],
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ids of the people with a live membership of an organisation whose name contains `text`. */
function membersOfOrganizationsNamed(db: Knex, text: string): Knex.QueryBuilder {
  return db('memberships as sm')
    .join('organizations as so', 'so.id', 'sm.organization_id')
    .whereNot('sm.status', 'DELETED')
    .whereRaw('so.name ILIKE ?', [`%${escapeLike(text)}%`])
    .select('sm.user_id');
}

/** Users; `organizationId` keeps the members of one organisation. */
function userRows(db: Knex, organizationId: number | null): Knex.QueryBuilder {
  const q = db('users as u');
  if (organizationId !== null)
    q.whereExists(
      db('memberships as om')
        .whereRaw('om.user_id = u.id')
        .where('om.organization_id', organizationId)
        .whereNot('om.status', 'DELETED')
        .select(db.raw('1')),
    );
  return q;
}

/**
 * The page's columns. The organisations are scalar subqueries of the select list, which PostgreSQL evaluates after the
 * sort and the limit (expensive target-list items are postponed), so a page gathers them for its own rows only.
 */
const selectUser = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'u.id',
    'u.email',
    'u.first_name',
    'u.last_name',
    db.raw(`trim(u.first_name || ' ' || u.last_name) as full_name`),
    'u.phone',
    'u.status',
    db.raw(
      `(SELECT string_agg(o.name, ', ' ORDER BY o.name) FROM memberships m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = u.id AND m.status <> 'DELETED') AS organization_names`,
    ),
    db.raw(
      `(SELECT count(*)::int FROM memberships m WHERE m.user_id = u.id AND m.status <> 'DELETED') AS membership_count`,
    ),
    'u.updated_at',
  );

/**
 * Parses the list query. The search (trimmed) reaches email, names and the names of the person's organisations: an OR
 * of contains-matches (trigram indexes) and the ids of one membership subquery (read once), never an aggregate per
 * user. The
 * organisations filter is the same subquery; `status` is exact (VERIFIED must not match NONVERIFIED).
 */
function userQuery(db: Knex, raw: Record<string, unknown> & { organizationId?: number }) {
  const { rest, exact } = takeExactFilters(raw, ['status', 'organization_names']);
  const query = parseListQuery(rest, userList);
  const organizationId = raw.organizationId ?? null;
  const base = userRows(db, organizationId);
  if (exact.status) base.where('u.status', exact.status.toUpperCase());
  if (exact.organization_names) base.whereIn('u.id', membersOfOrganizationsNamed(db, exact.organization_names));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    base.where((w) =>
      w
        .whereRaw('u.email ILIKE ?', [pattern])
        .orWhereRaw('u.first_name ILIKE ?', [pattern])
        .orWhereRaw('u.last_name ILIKE ?', [pattern])
        // An array, not IN (subquery): each arm of the OR can then be an index scan (trigram or primary key).
        .orWhereRaw('u.id = ANY(ARRAY(?))', [membersOfOrganizationsNamed(db, query.search)]),
    );
  }
  return { query, rest, base, organizationId, exact };
}

/**
 * Every user of every organisation: search (trimmed) over name, email and organisation names; contains-filters per
 * column; `status` is an exact filter (VERIFIED must not match NONVERIFIED). Searched or contains-filtered, the total
 * is capped at COUNT_CAP like every list.
 */
export async function listAllUsers(
  db: Knex,
  raw: Record<string, unknown> & { organizationId?: number },
): Promise<ListPage<OperatorUserRow>> {
  const { query, base, organizationId, exact } = userQuery(db, raw);
  // Filtered by organisation or status, the total is exact: bounded by the users table (one row per person).
  const whole = organizationId === null && !exact.status && !exact.organization_names;
  return runList<OperatorUserRow>(base, query, userList, 'u.id', selectUser(db), 'u.updated_at', {
    ...(whole ? { total: db('users').count('*') } : {}),
  });
}

function userColumns(timezone: string): ReportColumn<OperatorUserRow>[] {
  return [
    { header: 'First Name', value: (r) => r.first_name },
    { header: 'Last Name', value: (r) => r.last_name },
    { header: 'Email', value: (r) => r.email, width: 32 },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Organizations', value: (r) => r.organization_names, width: 40 },
    { header: 'Account Status', value: (r) => vocabularyLabel('userStatus', r.status) },
    { header: 'Last Updated', value: (r) => formatDateTime(r.updated_at, timezone) },
  ];
}

/** Every tenant's users as a file ("Users Report MM-DD-YYYY"): the screen's search, filters and sort, every page. */
export function downloadAllUsers(
  db: Knex,
  raw: Record<string, unknown> & { organizationId?: number },
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): FileResult {
  const { base, rest } = userQuery(db, { ...raw, pageNumber: 1, pageSize: 1 });
  const pages = listPages<OperatorUserRow>(base, rest, userList, 'u.id', selectUser(db));
  return listReport('Users Report', 'Users', userColumns(timezone), pages, format, timezone, onError);
}

/** One user with every live membership: organisation, its type and status, the role and the membership's status. */
export async function getUserWithMemberships(
  db: Knex,
  userId: number,
): Promise<OperatorUserRow & { memberships: OperatorMembership[] }> {
  const row = (await selectUser(db)(userRows(db, null).where('u.id', userId)).first()) as OperatorUserRow | undefined;
  if (!row) throw new NotFoundError('USER_NOT_FOUND');
  const memberships = (await db('memberships as m')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .join('roles as r', 'r.id', 'm.role_id')
    .where('m.user_id', userId)
    .whereNot('m.status', 'DELETED')
    .orderBy('o.name')
    .orderBy('m.id')
    .select(
      'm.id',
      'o.id as organization_id',
      'o.name as organization_name',
      'o.type as organization_type',
      'o.status as organization_status',
      'r.id as role_id',
      'r.name as role_name',
      'r.status as role_status',
      'm.status',
    )) as OperatorMembership[];
  return { ...row, memberships };
}

/**
 * Invites a person into any organisation with a role of that organisation (so of its type): the same flow and email
 * as an administrator's own invitation, audited as the operator under the chosen organisation.
 */
export async function inviteUserAnywhere(
  db: Knex,
  actor: Actor,
  config: Config,
  input: NewMember & { organization_id: number },
): Promise<OperatorUserRow & { memberships: OperatorMembership[] }> {
  const org = await Organization.query(db).findById(input.organization_id).select('id');
  if (!org) throw ValidationError.field('organization_id', 'ORGANIZATION_NOT_FOUND');
  const role = await Role.query(db).findById(input.role_id).select('organization_id');
  if (role && role.organization_id !== input.organization_id)
    throw ValidationError.field('role_id', 'ROLE_OF_OTHER_ORGANIZATION');
  const { organization_id: organizationId, ...member } = input;
  const userId = await inviteUserInto(db, actor, config, organizationId, member);
  return getUserWithMemberships(db, userId);
}

async function lockUser(trx: Knex.Transaction, userId: number): Promise<User> {
  const user = await User.query(trx)
    .findById(userId)
    .forUpdate()
    .select('id', 'email', 'first_name', 'last_name', 'phone', 'status', 'email_verified_at', 'failed_login_count')
    .select('status_before_deactivation');
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  return user;
}

/** Names and phone of the person (the account, across organisations). */
export async function updateUserAccount(
  db: Knex,
  actor: Actor,
  userId: number,
  input: { first_name: string; last_name: string; phone?: string | null },
): Promise<OperatorUserRow & { memberships: OperatorMembership[] }> {
  requireText(input as unknown as Record<string, unknown>, ['first_name', 'last_name']);
  checkFields(input as unknown as Record<string, unknown>, { phone: 'phone' });
  await transaction(db, async (trx) => {
    const user = await lockUser(trx, userId);
    if (user.status === 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.editDeactivatedUser');
    const after = {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: input.phone?.trim() || null,
    };
    await User.query(trx).findById(userId).patch(after);
    await recordAudit(trx, actor, {
      organizationId: null,
      action: 'USER_UPDATED',
      entityType: 'user',
      entityId: userId,
      before: { first_name: user.first_name, last_name: user.last_name, phone: user.phone },
      after,
    });
  });
  return getUserWithMemberships(db, userId);
}

/**
 * Deactivates the account (every organisation) and ends its sessions in the same transaction; activating gives back
 * the status it had. The operator cannot deactivate itself.
 */
export async function setUserActive(
  db: Knex,
  actor: Actor,
  userId: number,
  active: boolean,
): Promise<{ id: number; status: string }> {
  return transaction(db, async (trx) => {
    const user = await lockUser(trx, userId);
    let status: string;
    if (active) {
      if (user.status !== 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.userNotDeactivated');
      status = user.status_before_deactivation ?? settledStatus(user);
      await User.query(trx)
        .findById(userId)
        .patch({ status: status as UserStatus, status_before_deactivation: null });
    } else {
      if (user.id === actor.userId) throw new BusinessRuleError('SELF_DEACTIVATION');
      if (user.status === 'DEACTIVATED') throw new ConflictError('INVALID_STATUS.userDeactivated');
      status = 'DEACTIVATED';
      await User.query(trx).findById(userId).patch({ status: 'DEACTIVATED', status_before_deactivation: user.status });
    }
    const sessionsEnded = active ? 0 : await endSessions(trx, { userIds: [userId] });
    await recordAudit(trx, actor, {
      organizationId: null,
      action: active ? 'USER_ACTIVATED' : 'USER_DEACTIVATED',
      entityType: 'user',
      entityId: userId,
      before: { status: user.status },
      after: { status, ...(active ? {} : { sessions_ended: sessionsEnded }) },
    });
    return { id: userId, status };
  });
}

/** Unlocks a LOCKED account: the lock and the failed sign-in count are cleared. */
export async function unlockUser(db: Knex, actor: Actor, userId: number): Promise<{ id: number; status: string }> {
  return transaction(db, async (trx) => {
    const user = await lockUser(trx, userId);
    if (user.status !== 'LOCKED') throw new ConflictError('INVALID_STATUS.userNotLocked');
    const status = settledStatus(user);
    await User.query(trx).findById(userId).patch({ status, failed_login_count: 0, locked_at: null });
    await recordAudit(trx, actor, {
      organizationId: null,
      action: 'USER_UNLOCKED',
      entityType: 'user',
      entityId: userId,
      before: { status: user.status, failed_login_count: user.failed_login_count },
      after: { status, failed_login_count: 0 },
    });
    return { id: userId, status };
  });
}

/**
 * Sends the invitation (verification) email again to a person who has not proven the address, with a fresh link (the
 * older one stops working), naming the first organisation of the person's live memberships.
 */
export async function resendVerification(
  db: Knex,
  actor: Actor,
  config: Config,
  userId: number,
): Promise<{ id: number; status: string }> {
  return transaction(db, async (trx) => {
    const user = await lockUser(trx, userId);
    if (!UNVERIFIED_STATUSES.includes(user.status)) throw new ConflictError('INVALID_STATUS.userVerified');
    const org = (await trx('memberships as m')
      .join('organizations as o', 'o.id', 'm.organization_id')
      .where('m.user_id', userId)
      .whereNot('m.status', 'DELETED')
      .orderBy('m.id')
      .first('o.id', 'o.name')) as { id: number; name: string } | undefined;
    if (!org) throw new BusinessRuleError('NO_MEMBERSHIP');
    await sendInvitation(trx, config, userId, user.email, org.id, org.name);
    await recordAudit(trx, actor, {
      organizationId: org.id,
      action: 'USER_VERIFICATION_RESENT',
      entityType: 'user',
      entityId: userId,
      after: { email: user.email, status: user.status },
    });
    return { id: userId, status: user.status };
  });
}

/** Organisations to pick from (invite, new role): name contains `search`, at most 50, by name. */
export async function organizationChoices(
  db: Knex,
  search: string,
): Promise<{ id: number; name: string; type: OrganizationType; status: string }[]> {
  const q = db('organizations').whereNot('status', 'DELETED').orderBy('name').orderBy('id').limit(50);
  const text = search.trim();
  if (text) q.whereRaw('name ILIKE ?', [`%${escapeLike(text)}%`]);
  return q.select('id', 'name', 'type', 'status');
}

/**
 * Unlocks the account of a member of the caller's organisation (another organisation's user answers 404); the
 * account-wide unlock is the operator's, reused here once membership is proven.
 */
export async function unlockMember(db: Knex, actor: Actor, userId: number): Promise<{ id: number; status: string }> {
  await getUser(db, actor, userId);
  return unlockUser(db, actor, userId);
}

/** Sends a member of the caller's organisation (or its sites) who has not proven the address a fresh invitation. */
export async function resendMemberVerification(
  db: Knex,
  actor: Actor,
  config: Config,
  userId: number,
): Promise<{ id: number; status: string }> {
  await getUser(db, actor, userId);
  return resendVerification(db, actor, config, userId);
}
