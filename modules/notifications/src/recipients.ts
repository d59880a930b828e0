import type { Knex } from 'knex';
import type { TemplateLanguage } from './templates/catalog.js';

/**
 * The language each recipient reads email in. Users' preferences belong to the organisations module,
 * which depends on this one, so it registers the lookup here instead of this module reading its `users` table.
 * A recipient without an account (a customer address, a delegate, a sales rep) reads English, the spec's default.
 */
export type RecipientLanguages = (
  db: Knex | Knex.Transaction,
  emails: readonly string[],
) => Promise<Map<string, TemplateLanguage>>;

let resolver: RecipientLanguages | null = null;

export function registerRecipientLanguages(lookup: RecipientLanguages): void {
  resolver = lookup;
}

/** Lower-cased address → language, for every address given (English where nothing is known). */
export async function recipientLanguages(
  db: Knex | Knex.Transaction,
  emails: readonly string[],
): Promise<Map<string, TemplateLanguage>> {
  const keys = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const known = resolver && keys.length ? await resolver(db, keys) : new Map<string, TemplateLanguage>();
  return new Map(keys.map((k) => [k, known.get(k) ?? 'en']));
}

/**
 * The users as others show them (id, email, names), for "created by" columns: organisations' `usersView`, registered
 * the same way (this module cannot import it). Unregistered, it throws rather than read `users`.
 */
export type UsersView = (db: Knex | Knex.Transaction) => Knex.QueryBuilder;

let users: UsersView | null = null;

export function registerUsersView(view: UsersView): void {
  users = view;
}

export function usersViewOf(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  if (!users) throw new Error('notifications: no users view registered; the organizations module registers it');
  return users(db);
}
