import type { Knex } from 'knex';
import { type Actor, ForbiddenError } from '@portal/core';
import { SIGN_IN_STATUSES } from './members.js';

/*
 * Read views: what other modules join for display (names, types, parents) instead of naming these tables.
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

/**
 * Every active membership of a user who may sign in: `organization_id`, `role_id`, `user_id`, `email`, `first_name`,
 * `last_name`. Filter or join it like a table (`.from(activeMembers(db).as('mv'))`).
 */
export function activeMembers(db: Knex): Knex.QueryBuilder {
  return db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.status', 'ACTIVE')
    .whereIn('u.status', [...SIGN_IN_STATUSES])
    .select('m.organization_id', 'm.role_id', 'u.id as user_id', 'u.email', 'u.first_name', 'u.last_name');
}

/** The organisation's first (oldest) active Administrator who may sign in: whom its users ask for access. */
export async function findAdministrator(
  db: Knex,
  organizationId: number,
): Promise<{ id: number; first_name: string; last_name: string; email: string } | undefined> {
  return (await db('memberships as m')
    .join('users as u', 'u.id', 'm.user_id')
    .join('roles as r', 'r.id', 'm.role_id')
    .where({ 'm.organization_id': organizationId, 'm.status': 'ACTIVE', 'r.name': 'Administrator' })
    .whereIn('u.status', [...SIGN_IN_STATUSES])
    .orderBy('u.id')
    .first('u.id', 'u.first_name', 'u.last_name', 'u.email')) as
    | { id: number; first_name: string; last_name: string; email: string }
    | undefined;
}

/** The email domains of an organisation and, for a site, of its parent (each may list several, comma-separated). */
export async function emailDomainsOf(db: Knex, organizationId: number): Promise<(string | null)[]> {
  const org = (await db('organizations').where({ id: organizationId }).first('domain', 'parent_id')) as
    | { domain: string | null; parent_id: number | null }
    | undefined;
  if (!org) return [];
  const domains = [org.domain];
  if (org.parent_id !== null)
    domains.push(
      ((await db('organizations').where({ id: org.parent_id }).first('domain')) as { domain: string | null }).domain,
    );
  return domains;
}

/** Supplier location files by name (the "by file" counts of an event's locations). */
export function locationFilesView(db: Knex): Knex.QueryBuilder {
  return db('supplier_location_files').select('id', 'organization_id', 'name');
}

/** The active provider whose email domain(s) include `domain` (the first by id), or undefined. */
export async function findProviderByDomain(
  db: Knex,
  domain: string,
): Promise<{ id: number; name: string } | undefined> {
  return (await db('organizations')
    .where({ type: 'PROVIDER' })
    .whereIn('status', ['ACTIVE', 'LINKED'])
    // domain holds the organisation's domain(s), comma-separated (organizations `joinDomains`)
    .whereRaw("? = any(regexp_split_to_array(lower(coalesce(domain, '')), '[,;\\s]+'))", [domain])
    .orderBy('id')
    .first('id', 'name')) as { id: number; name: string } | undefined;
}

/**
 * The provider organisations a supplier's customer keys name: a provider's Notisphere ID (a health system or one of
 * its sites), or one of the supplier's own location ids mapped to a provider (key in lower case → organisation id).
 */
export async function providersByCustomerKeys(
  db: Knex,
  supplierId: number,
  keys: string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const byNotisphere = (await db('organizations')
    .where({ type: 'PROVIDER' })
    .whereRaw('lower(notisphere_id) = ANY(?)', [keys.map((k) => k.toLowerCase())])
    .select('id', 'notisphere_id')) as { id: string; notisphere_id: string }[];
  for (const o of byNotisphere) found.set(o.notisphere_id.toLowerCase(), Number(o.id));
  // A location is a provider's when mapped to it, or when it carries that provider's Notisphere ID.
  const byLocation = (await db('supplier_locations as l')
    .joinRaw("LEFT JOIN organizations o ON lower(o.notisphere_id) = lower(l.notisphere_id) AND o.type = 'PROVIDER'")
    .where('l.organization_id', supplierId)
    .whereRaw('lower(l.location_id) = ANY(?)', [keys.map((k) => k.toLowerCase())])
    .whereRaw('coalesce(l.provider_organization_id, o.id) IS NOT NULL')
    .select('l.location_id', db.raw('coalesce(l.provider_organization_id, o.id) AS provider_organization_id'))) as {
    location_id: string;
    provider_organization_id: string;
  }[];
  for (const l of byLocation)
    if (!found.has(l.location_id.toLowerCase()))
      found.set(l.location_id.toLowerCase(), Number(l.provider_organization_id));
  return found;
}

/**
 * A provider's scope (DESIGN §3): its own organisation plus its sites (parent_id = its id, not deleted). Anyone but a
 * provider is refused.
 */
export async function providerScopeIds(db: Knex | Knex.Transaction, actor: Actor): Promise<number[]> {
  if (actor.organizationType !== 'PROVIDER') throw new ForbiddenError();
  if (actor.siteIds) return [actor.organizationId, ...actor.siteIds];
  const sites = (await db('organizations')
    .where({ parent_id: actor.organizationId, type: 'PROVIDER' })
    .whereNot({ status: 'DELETED' })
    .pluck('id')) as number[];
  return [actor.organizationId, ...sites.map(Number)];
}
