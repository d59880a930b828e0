import type { Knex } from 'knex';
import { SIGN_IN_STATUSES } from './members.js';

/*
 * Read views (issue 10): what other modules join for display (names, types, parents) instead of naming these tables.
 * Each is a plain sub-query with a fixed projection, joined as `.join(organizationsView(db).as('o'), …)`; PostgreSQL
 * pulls such a sub-query up into the outer query, so the plan is the one of a direct join. Pass the caller's `trx`
 * inside a transaction.
 */

/** An organisation's card: who it is, where it is, how to reach it (no settings, no sign-in rules). */
export function organizationsView(db: Knex): Knex.QueryBuilder {
  return db('organizations').select(
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
  );
}

/** A user as others show them: name, email and status (no password, no sign-in counters). */
export function usersView(db: Knex): Knex.QueryBuilder {
  return db('users').select('id', 'email', 'first_name', 'last_name', 'status');
}

export interface UserCard {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
}

/** One user's card (name, email, status), or undefined. */
export async function findUserCard(db: Knex, userId: number): Promise<UserCard | undefined> {
  return (await usersView(db).where({ id: userId }).first()) as UserCard | undefined;
}

export interface OrganizationCard {
  id: number;
  type: string;
  parent_id: number | null;
  name: string;
  status: string;
  notisphere_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
}

/** One organisation's card, or undefined. */
export async function findOrganizationCard(db: Knex, id: number): Promise<OrganizationCard | undefined> {
  return (await organizationsView(db).where({ id }).first()) as OrganizationCard | undefined;
}

/**
 * Who may act on `permission`, per organisation: one row (`organization_id`, `user_id`, `email`) per active membership
 * of a user who may sign in, whose role grants it. Join or filter it like a table (`.from(permittedMembers(db, p).as('pm'))`).
 */
export function permittedMembers(db: Knex, permission: string): Knex.QueryBuilder {
  return db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .join('role_permissions as rp', 'rp.role_id', 'm.role_id')
    .where({ 'm.status': 'ACTIVE', 'rp.permission': permission })
    .whereIn('u.status', [...SIGN_IN_STATUSES])
    .select('m.organization_id', 'u.id as user_id', 'u.email');
}
