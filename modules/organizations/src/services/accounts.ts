import type { Knex } from 'knex';

/*
 * The user accounts as auth works on them (this module owns `users`, `memberships` and `organizations`;
 * auth signs people in, checks and changes passwords, locks and unlocks, through these functions). Rows carry the
 * credentials and the sign-in state, so they never go to a client as they are.
 */

export interface UserAccount {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo: string | null;
  status: string;
  language: 'en' | 'vi';
  failed_login_count: number;
  locked_at: Date | null;
  email_verified_at: Date | null;
  last_login_at: Date | null;
  password_changed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What auth changes on an account; values may be `trx.fn.now()`. */
export type UserAccountPatch = {
  [K in Exclude<keyof UserAccount, 'id' | 'created_at'>]?: UserAccount[K] | Knex.Raw;
};

/** One account by id or by email (any case); `forUpdate` locks the row in the caller's transaction. */
export async function findUserAccount(
  db: Knex,
  by: { id: number } | { email: string },
  options: { forUpdate?: boolean } = {},
): Promise<UserAccount | undefined> {
  const q = db('users');
  if ('id' in by) q.where({ id: by.id });
  else q.whereRaw('lower(email) = lower(?)', [by.email.trim()]);
  if (options.forUpdate) q.forUpdate();
  return (await q.first()) as UserAccount | undefined;
}

export async function patchUserAccount(db: Knex, userId: number, patch: UserAccountPatch): Promise<void> {
  await db('users').where({ id: userId }).update(patch);
}

/** Counts one wrong password; answers the new count and the status. */
export async function countFailedLogin(
  db: Knex,
  userId: number,
): Promise<{ failed_login_count: number; status: string } | undefined> {
  const [row] = (await db('users')
    .where({ id: userId })
    .increment('failed_login_count', 1)
    .returning(['failed_login_count', 'status'])) as { failed_login_count: number; status: string }[];
  return row;
}

/** The address is proven: the user's pending memberships become active. */
export async function activatePendingMemberships(db: Knex, userId: number): Promise<void> {
  await db('memberships')
    .where({ user_id: userId, status: 'PENDING' })
    .update({ status: 'ACTIVE', updated_at: db.fn.now() });
}

export interface RegistrationOrganization {
  id: number;
  name: string;
  type: string;
  profile_photo: string | null;
  self_registration_role_id: number | null;
}

/** The active organisation a self-registration link (or an id) opens, or undefined. */
export async function findRegistrationOrganization(
  db: Knex,
  by: { link: string } | { id: number },
): Promise<RegistrationOrganization | undefined> {
  return (await db('organizations')
    .where('link' in by ? { self_registration_link: by.link } : { id: by.id })
    .whereIn('status', ['ACTIVE', 'LINKED'])
    .first('id', 'name', 'type', 'profile_photo', 'self_registration_role_id')) as RegistrationOrganization | undefined;
}

/** A self-registered account: a PENDING user with a PENDING membership, until the emailed link proves the address. */
export async function createPendingAccount(
  trx: Knex.Transaction,
  user: { email: string; password_hash: string; first_name: string; last_name: string; phone: string | null },
  membership: { organizationId: number; roleId: number },
): Promise<{ id: number; email: string; status: string }> {
  const [row] = await trx('users')
    .insert({ ...user, status: 'PENDING' })
    .returning(['id', 'email', 'status']);
  const created = row as { id: number; email: string; status: string };
  await trx('memberships').insert({
    user_id: created.id,
    organization_id: membership.organizationId,
    role_id: membership.roleId,
    status: 'PENDING',
  });
  return created;
}

/** An organisation's second factor at sign-in: none, the emailed code, or an authenticator app (required). */
export type TwoFactorPolicy = 'NONE' | 'EMAIL_CODE' | 'TOTP';
export const TWO_FACTOR_POLICIES = ['NONE', 'EMAIL_CODE', 'TOTP'] as const;

/** What signing in for the organisation asks after the password (its `two_factor`). */
export async function twoFactorPolicy(db: Knex, organizationId: number): Promise<TwoFactorPolicy> {
  const org = (await db('organizations').where({ id: organizationId }).first('two_factor')) as
    | { two_factor: TwoFactorPolicy }
    | undefined;
  return org?.two_factor ?? 'NONE';
}

export interface OrganizationProfile {
  id: number;
  name: string;
  type: string;
  status: string;
  parent_id: number | null;
  parentorg_type: string | null;
  profile_photo: string | null;
  isSSO: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
}

/** The caller's organisation as its users see it in their profile (the logo is still a stored key or URL). */
export async function findOrganizationProfile(
  db: Knex,
  organizationId: number,
): Promise<OrganizationProfile | undefined> {
  return (await db('organizations as o')
    .leftJoin('organizations as p', 'p.id', 'o.parent_id')
    .where('o.id', organizationId)
    .first(
      'o.id',
      'o.name',
      'o.type',
      'o.status',
      'o.parent_id',
      'p.type as parentorg_type',
      'o.profile_photo',
      'o.is_sso as isSSO',
      'o.address1',
      'o.address2',
      'o.city',
      'o.state',
      'o.zip',
      'o.phone',
    )) as OrganizationProfile | undefined;
}
