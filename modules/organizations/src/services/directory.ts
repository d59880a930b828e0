import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  type Actor,
  type FileResult,
  isOperator,
  type ListPage,
  NotFoundError,
  parseListQuery,
  runList,
  type ListSpec,
  formatDateTime,
  type ReportColumn,
} from '@portal/core';
import { listPages, listReport } from './reports.js';
import { Organization } from '../models/Organization.js';

/** Organisation columns a tenant may see of itself. */
const ORGANIZATION_COLUMNS = [
  'id',
  'type',
  'parent_id',
  'name',
  'status',
  'notisphere_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
  'domain',
  'is_sso',
  'profile_photo',
  'self_registration_link',
  'requires_second_factor',
  'two_factor',
  'created_at',
  'updated_at',
] as const;

/** An organisation the caller may see: the operator any; others their own and its sites (children). */
export async function getOrganization(db: Knex, actor: Actor, id: number): Promise<Organization> {
  const q = Organization.query(db).findById(id).select(ORGANIZATION_COLUMNS);
  if (!isOperator(actor))
    q.where((w) => w.where('id', actor.organizationId).orWhere('parent_id', actor.organizationId));
  const org = await q;
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return org;
}

const userList: ListSpec = {
  fields: {
    id: 'u.id',
    email: 'u.email',
    first_name: 'u.first_name',
    last_name: 'u.last_name',
    status: 'u.status',
    role_name: 'r.name',
    organization_name: 'o.name',
    membership_status: 'm.status',
  },
  searchColumns: ['u.email', 'u.first_name', 'u.last_name'],
  defaultSort: [{ column: 'u.email', direction: 'asc' }],
};

export interface UserRow {
  id: number;
  membership_id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  status: string;
  membership_status: string;
  role_id: number;
  role_name: string;
  organization_id: number;
  organization_name: string;
  /** Other organisations of the caller's scope the person belongs to (a health system's sites). */
  also_in: string[];
}

/**
 * Users of the caller's organisation and of its sites (a health system's; other organisations have none), the
 * operator: of every organisation. One row per person: a member of the health system and of a site shows once, with
 * the membership the row actions change (`lockMembership`: the caller's own organisation first, then the lowest id)
 * and the other organisations in scope in `also_in`.
 */
function memberRows(db: Knex, actor: Actor): Knex.QueryBuilder {
  const q = db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .join('roles as r', 'r.id', 'm.role_id')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .whereNot('m.status', 'DELETED');
  if (!isOperator(actor)) {
    q.where((w) => w.where('m.organization_id', actor.organizationId).orWhere('o.parent_id', actor.organizationId));
    q.whereNotExists(
      db
        .select(1)
        .from('memberships as m2')
        .join('organizations as o2', 'o2.id', 'm2.organization_id')
        .whereRaw('m2.user_id = m.user_id')
        .whereNot('m2.status', 'DELETED')
        .where((w) => w.where('m2.organization_id', actor.organizationId).orWhere('o2.parent_id', actor.organizationId))
        .whereRaw(
          '((m2.organization_id = ?) > (m.organization_id = ?) OR ((m2.organization_id = ?) = (m.organization_id = ?) AND m2.id < m.id))',
          [actor.organizationId, actor.organizationId, actor.organizationId, actor.organizationId],
        ),
    );
  }
  return q;
}

/** The person's other organisations in the caller's scope (the sites beside the row's own), by name. */
const alsoIn = (db: Knex, actor: Actor) =>
  isOperator(actor)
    ? db.raw('ARRAY[]::text[] as also_in')
    : db.raw(
        `coalesce((SELECT array_agg(o3.name ORDER BY o3.name) FROM memberships m3 JOIN organizations o3 ON o3.id = m3.organization_id
           WHERE m3.user_id = m.user_id AND m3.id <> m.id AND m3.status <> 'DELETED'
             AND (m3.organization_id = ? OR o3.parent_id = ?)), ARRAY[]::text[]) as also_in`,
        [actor.organizationId, actor.organizationId],
      );

const selectMember = (db: Knex, actor: Actor) => (qb: Knex.QueryBuilder) =>
  qb.select(
    alsoIn(db, actor),
    'u.id',
    'm.id as membership_id',
    'u.email',
    'u.first_name',
    'u.last_name',
    'u.phone',
    'u.status',
    'm.status as membership_status',
    'r.id as role_id',
    'r.name as role_name',
    'o.id as organization_id',
    'o.name as organization_name',
    db.raw(`trim(u.first_name || ' ' || u.last_name) as full_name`),
    'u.updated_at',
  );

export async function listUsers(db: Knex, actor: Actor, raw: Record<string, unknown>): Promise<ListPage<UserRow>> {
  const query = parseListQuery(raw, userList);
  return runList<UserRow>(memberRows(db, actor), query, userList, 'm.id', selectMember(db, actor), 'u.updated_at');
}

function userColumns(timezone: string): ReportColumn<UserRow & { updated_at: Date }>[] {
  return [
    { header: 'First Name', value: (r) => r.first_name },
    { header: 'Last Name', value: (r) => r.last_name },
    { header: 'Email', value: (r) => r.email, width: 32 },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Role', value: (r) => r.role_name },
    { header: 'Organization', value: (r) => r.organization_name, width: 32 },
    { header: 'Account Status', value: (r) => vocabularyLabel('userStatus', r.status) },
    { header: 'Membership Status', value: (r) => vocabularyLabel('userStatus', r.membership_status) },
    { header: 'Last Updated', value: (r) => formatDateTime(r.updated_at, timezone) },
  ];
}

/** The users list as a file ("Users Report MM-DD-YYYY"): same search, filters and sort as the screen, every page. */
export async function downloadUsers(
  db: Knex,
  actor: Actor,
  raw: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  timezone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const pages = listPages<UserRow & { updated_at: Date }>(
    memberRows(db, actor),
    raw,
    userList,
    'm.id',
    selectMember(db, actor),
  );
  return listReport('Users Report', 'Users', userColumns(timezone), pages, format, timezone, onError);
}

export async function getUser(db: Knex, actor: Actor, userId: number): Promise<UserRow> {
  const row = await selectMember(
    db,
    actor,
  )(memberRows(db, actor).where('u.id', userId))
    // The membership of the caller's own organisation first, then its sites'.
    .orderByRaw('(m.organization_id = ?) DESC, m.id', [actor.organizationId])
    .first();
  if (!row) throw new NotFoundError('USER_NOT_FOUND');
  return row as UserRow;
}

const roleList: ListSpec = {
  fields: { id: 'r.id', name: 'r.name', status: 'r.status', organization_id: 'r.organization_id' },
  searchColumns: ['r.name'],
  defaultSort: [{ column: 'r.name', direction: 'asc' }],
};

export interface RoleRow {
  id: number;
  organization_id: number;
  name: string;
  description: string | null;
  status: string;
  is_system: boolean;
  permissions: string[];
}

function roleRows(db: Knex, actor: Actor): Knex.QueryBuilder {
  const q = db('roles as r').whereNot('r.status', 'DELETED');
  if (!isOperator(actor)) q.where('r.organization_id', actor.organizationId);
  return q;
}

const selectRole = (db: Knex) => (qb: Knex.QueryBuilder) =>
  qb.select(
    'r.id',
    'r.organization_id',
    'r.name',
    'r.description',
    'r.status',
    'r.is_system',
    'r.updated_at',
    db.raw(
      'coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role_id = r.id), ARRAY[]::text[]) as permissions',
    ),
  );

export async function listRoles(db: Knex, actor: Actor, raw: Record<string, unknown>): Promise<ListPage<RoleRow>> {
  const query = parseListQuery(raw, roleList);
  return runList<RoleRow>(roleRows(db, actor), query, roleList, 'r.id', selectRole(db), 'r.updated_at');
}

export async function getRole(db: Knex, actor: Actor, roleId: number): Promise<RoleRow> {
  const row = await selectRole(db)(roleRows(db, actor).where('r.id', roleId)).first();
  if (!row) throw new NotFoundError('ROLE_NOT_FOUND');
  return row as RoleRow;
}
