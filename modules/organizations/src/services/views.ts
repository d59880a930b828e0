import type { Knex } from 'knex';

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
