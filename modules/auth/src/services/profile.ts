import type { Knex } from 'knex';
import {
  type Actor,
  hashPassword,
  NotFoundError,
  recordAudit,
  signedUrls,
  ValidationError,
  verifyPassword,
  transaction,
  type FromSchema,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { findOrganizationProfile, findUserAccount, patchUserAccount } from '@portal/organizations';
import { emails } from '../emails.js';
import type { profileBody } from '../schemas.js';
import { assertStrongPassword } from './account.js';

export interface Profile {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  photo: string | null;
  status: string;
  /** The language of the product and of the user's emails. */
  language: 'en' | 'vi';
  role_name: string;
  organization: { id: number; name: string; type: string; profile_photo: string | null; isSSO: boolean };
}

const PROFILE_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'phone', 'photo', 'status', 'language'] as const;

export async function getProfile(db: Knex, actor: Actor, secret: string): Promise<Profile> {
  const account = await findUserAccount(db, { id: actor.userId });
  if (!account) throw new NotFoundError('USER_NOT_FOUND');
  const user = Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, account[c]])) as Omit<
    Profile,
    'full_name' | 'role_name' | 'organization'
  >;
  const org = await getMyOrganization(db, actor, secret);
  return {
    ...user,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    role_name: actor.roleName,
    organization: { id: org.id, name: org.name, type: org.type, profile_photo: org.profile_photo, isSSO: org.isSSO },
  };
}

/** The language switcher, signed in: the product's and the user's emails' language from now on. */
export async function setLanguage(
  db: Knex,
  actor: Actor,
  language: 'en' | 'vi',
  requestId: string,
  secret: string,
): Promise<Profile> {
  await transaction(db, async (trx) => {
    const account = await findUserAccount(trx, { id: actor.userId }, { forUpdate: true });
    if (!account) throw new NotFoundError('USER_NOT_FOUND');
    const before = { language: account.language };
    if (before.language === language) return;
    await patchUserAccount(trx, actor.userId, { language, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'PROFILE_LANGUAGE_CHANGED',
      entityType: 'user',
      entityId: actor.userId,
      before,
      after: { language },
      requestId,
    });
  });
  return getProfile(db, actor, secret);
}

export type ProfileUpdate = FromSchema<typeof profileBody>;

export async function updateProfile(
  db: Knex,
  actor: Actor,
  update: ProfileUpdate,
  requestId: string,
  secret: string,
): Promise<Profile> {
  await transaction(db, async (trx) => {
    const account = await findUserAccount(trx, { id: actor.userId }, { forUpdate: true });
    const before = account && {
      first_name: account.first_name,
      last_name: account.last_name,
      phone: account.phone,
      photo: account.photo,
    };
    const after = {
      first_name: update.first_name.trim(),
      last_name: update.last_name.trim(),
      ...(update.phone !== undefined ? { phone: update.phone } : {}),
      ...(update.photo !== undefined ? { photo: update.photo } : {}),
    };
    await patchUserAccount(trx, actor.userId, { ...after, updated_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'PROFILE_UPDATED',
      entityType: 'user',
      entityId: actor.userId,
      before,
      after,
      requestId,
    });
  });
  return getProfile(db, actor, secret);
}

/** Changes the password after checking the current one; other sessions of the user end, this one stays. */
export async function changePassword(
  db: Knex,
  actor: Actor,
  sessionId: string | undefined,
  input: { current_password: string; password: string; password_confirmation?: string },
  requestId: string,
): Promise<void> {
  if (input.password_confirmation !== undefined && input.password_confirmation !== input.password) {
    throw ValidationError.field('password_confirmation', 'PASSWORD_MISMATCH');
  }
  assertStrongPassword(input.password);
  await transaction(db, async (trx) => {
    const user = (await findUserAccount(trx, { id: actor.userId }, { forUpdate: true }))!;
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throw ValidationError.field('current_password', 'CURRENT_PASSWORD_INCORRECT');
    }
    if (await verifyPassword(input.password, user.password_hash)) {
      throw ValidationError.field('password', 'PASSWORD_UNCHANGED');
    }
    await patchUserAccount(trx, user.id, {
      password_hash: await hashPassword(input.password),
      password_changed_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    });
    const others = trx('refresh_tokens').where({ user_id: user.id }).whereNull('revoked_at');
    if (sessionId) others.whereNot({ family_id: sessionId });
    await others.update({ revoked_at: trx.fn.now(), revoked_reason: 'password' });
    await enqueueEmail(trx, emails.passwordChanged(user.email));
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'PASSWORD_CHANGED',
      entityType: 'user',
      entityId: user.id,
      requestId,
    });
  });
}

export interface MyOrganization {
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

/** A stored logo is a file key: answer a signed link instead (an absolute URL is kept as it is). */
export function photoUrl(secret: string, value: string | null): string | null {
  if (!value || /^(https?:|\/|data:)/.test(value)) return value;
  return signedUrls(secret, value, `logo.${value.split('.').pop() ?? 'png'}`).signed_url_review;
}

export async function getMyOrganization(db: Knex, actor: Actor, secret: string): Promise<MyOrganization> {
  const org = await findOrganizationProfile(db, actor.organizationId);
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return { ...org, profile_photo: photoUrl(secret, org.profile_photo) };
}
