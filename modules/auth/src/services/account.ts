import type { Knex } from 'knex';
import {
  BusinessRuleError,
  type Config,
  ConflictError,
  hashPassword,
  isCommonPassword,
  isStrongPassword,
  NotFoundError,
  recordAudit,
  UnauthorizedError,
  ValidationError,
  transaction,
  type FromSchema,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import {
  activatePendingMemberships,
  createPendingAccount,
  findRegistrationOrganization,
  findUserAccount,
  patchUserAccount,
} from '@portal/organizations';
import { emails } from '../emails.js';
import { MESSAGES } from '../messages.js';
import type { signUpBody } from '../schemas.js';
import { consumeCode, consumeLinkToken, issueCode, issueLinkToken } from './codes.js';
import { checkCredentials, findUserByEmail, type RequestMeta } from './login.js';
import { refuseSsoEmail } from './sso-refusal.js';

/** Every place a password is set: the spec's rule first, then the common and breached list (password-rule.ts). */
export function assertStrongPassword(password: string): void {
  if (!isStrongPassword(password)) throw ValidationError.field('password', 'PASSWORD_TOO_WEAK');
  if (isCommonPassword(password)) throw ValidationError.field('password', 'PASSWORD_TOO_COMMON');
}

const UNVERIFIED = ['PENDING', 'VERIFICATION', 'NONVERIFIED'];

/** The status an unlocked or reset account returns to. */
const settledStatus = (user: { email_verified_at: Date | null }) =>
  user.email_verified_at ? 'VERIFIED' : 'VERIFICATION';

/** Emails an unlock code to a locked account. Same answer whether or not the account exists or is locked. */
export async function requestUnlock(db: Knex, config: Config, email: string, meta: RequestMeta): Promise<void> {
  await refuseSsoEmail(db, email);
  await transaction(db, async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || user.status !== 'LOCKED') return;
    const code = await issueCode(trx, user.id, 'UNLOCK', config.codeTtlSeconds);
    await enqueueEmail(trx, emails.unlockCode(user.email, code, Math.round(config.codeTtlSeconds / 60)));
    await recordAudit(trx, null, {
      organizationId: null,
      action: 'UNLOCK_CODE_SENT',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      requestId: meta.requestId,
    });
  });
}

/** Unlocks an account with its emailed code; with `newPassword` also replaces the password (restoreuser). */
export async function unlockWithCode(
  db: Knex,
  email: string,
  code: string,
  newPassword: string | undefined,
  meta: RequestMeta,
): Promise<void> {
  if (newPassword !== undefined) assertStrongPassword(newPassword);
  await refuseSsoEmail(db, email);
  const ok = await transaction(db, async (trx) => {
    const user = await findUserAccount(trx, { email }, { forUpdate: true });
    if (!user || user.status !== 'LOCKED') return false;
    if (!(await consumeCode(trx, user.id, 'UNLOCK', code))) return false;
    const status = settledStatus(user);
    await patchUserAccount(trx, user.id, {
      status,
      failed_login_count: 0,
      locked_at: null,
      updated_at: trx.fn.now(),
      ...(newPassword !== undefined
        ? { password_hash: await hashPassword(newPassword), password_changed_at: trx.fn.now() }
        : {}),
    });
    await recordAudit(trx, null, {
      organizationId: null,
      action: newPassword !== undefined ? 'USER_RESTORED' : 'USER_UNLOCKED',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      before: { status: 'LOCKED' },
      after: { status },
      requestId: meta.requestId,
    });
    return true;
  });
  if (!ok) throw new UnauthorizedError('INVALID_CODE');
}

export async function forgotPassword(db: Knex, config: Config, email: string, meta: RequestMeta): Promise<boolean> {
  await refuseSsoEmail(db, email);
  return transaction(db, async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || user.status === 'DEACTIVATED') return false;
    const token = await issueLinkToken(trx, user.id, 'PASSWORD_RESET', config.linkTtlSeconds);
    const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueEmail(trx, emails.resetPassword(user.email, link, Math.round(config.linkTtlSeconds / 3600)));
    await recordAudit(trx, null, {
      organizationId: null,
      action: 'PASSWORD_RESET_REQUESTED',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      requestId: meta.requestId,
    });
    return true;
  });
}

/** Sets a new password from a single-use link; also unlocks the account and ends every session. */
export async function resetPassword(db: Knex, token: string, password: string, meta: RequestMeta): Promise<void> {
  assertStrongPassword(password);
  const ok = await transaction(db, async (trx) => {
    const userId = await consumeLinkToken(trx, 'PASSWORD_RESET', token);
    if (!userId) return false;
    const user = (await findUserAccount(trx, { id: userId }, { forUpdate: true }))!;
    // An SSO domain's people have no password (issue 35): the link is refused and stays unused.
    await refuseSsoEmail(trx, user.email);
    // The link reached the inbox, which proves the address: an invited or unverified user becomes VERIFIED.
    const proven = UNVERIFIED.includes(user.status);
    const status = proven ? 'VERIFIED' : user.status === 'LOCKED' ? settledStatus(user) : user.status;
    await patchUserAccount(trx, userId, {
      password_hash: await hashPassword(password),
      password_changed_at: trx.fn.now(),
      failed_login_count: 0,
      locked_at: null,
      status,
      ...(proven ? { email_verified_at: trx.fn.now() } : {}),
      updated_at: trx.fn.now(),
    });
    if (proven) await activatePendingMemberships(trx, userId);
    await trx('refresh_tokens')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now(), revoked_reason: 'password' });
    await enqueueEmail(trx, emails.passwordChanged(user.email));
    await recordAudit(trx, null, {
      organizationId: null,
      action: 'PASSWORD_RESET',
      entityType: 'user',
      entityId: userId,
      actorEmail: user.email,
      before: { status: user.status },
      after: { status },
      requestId: meta.requestId,
    });
    return true;
  });
  if (!ok) throw new UnauthorizedError('INVALID_LINK');
}

async function markVerified(trx: Knex.Transaction, userId: number, meta: RequestMeta): Promise<void> {
  const user = (await findUserAccount(trx, { id: userId }, { forUpdate: true }))!;
  if (!UNVERIFIED.includes(user.status)) return;
  await patchUserAccount(trx, userId, {
    status: 'VERIFIED',
    email_verified_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
  await activatePendingMemberships(trx, userId);
  await recordAudit(trx, null, {
    organizationId: null,
    action: 'EMAIL_VERIFIED',
    entityType: 'user',
    entityId: userId,
    actorEmail: user.email,
    before: { status: user.status },
    after: { status: 'VERIFIED' },
    requestId: meta.requestId,
  });
}

export async function verifyEmail(db: Knex, token: string, meta: RequestMeta): Promise<void> {
  const ok = await transaction(db, async (trx) => {
    const userId = await consumeLinkToken(trx, 'EMAIL_VERIFICATION', token);
    if (!userId) return false;
    await markVerified(trx, userId, meta);
    return true;
  });
  if (!ok) throw new UnauthorizedError('INVALID_LINK');
}

/**
 * /auth/userdata: an unverified user proves the password, then asks for a code (`resend`) or sends the code
 * received to verify the address.
 */
export async function userData(
  db: Knex,
  config: Config,
  input: { email: string; password: string; verification_code?: string; resend?: boolean },
  meta: RequestMeta,
  kick: () => void,
): Promise<{ status: string; message: string }> {
  const u = await checkCredentials(db, config, input.email, input.password, meta, kick, { allowUnverified: true });
  if (!UNVERIFIED.includes(u.status)) return { status: u.status, message: MESSAGES.emailVerified };
  if (input.verification_code) {
    const ok = await transaction(db, async (trx) => {
      if (!(await consumeCode(trx, u.id, 'EMAIL_VERIFICATION', input.verification_code!))) return false;
      await markVerified(trx, u.id, meta);
      return true;
    });
    if (!ok) throw new UnauthorizedError('INVALID_CODE');
    return { status: 'VERIFIED', message: MESSAGES.emailVerified };
  }
  await transaction(db, async (trx) => {
    const code = await issueCode(trx, u.id, 'EMAIL_VERIFICATION', config.codeTtlSeconds);
    await enqueueEmail(trx, emails.verificationCode(u.email, code, Math.round(config.codeTtlSeconds / 60)));
  });
  kick();
  return { status: u.status, message: MESSAGES.challenge };
}

export interface PublicOrganization {
  id: number;
  name: string;
  type: string;
  profile_photo: string | null;
}

const publicOrganization = ({ id, name, type, profile_photo }: PublicOrganization): PublicOrganization => ({
  id,
  name,
  type,
  profile_photo,
});

export async function organizationByLink(db: Knex, link: string): Promise<PublicOrganization> {
  const org = await findRegistrationOrganization(db, { link });
  if (!org) throw new NotFoundError('REGISTRATION_LINK_INVALID');
  return publicOrganization(org);
}

export async function organizationById(db: Knex, id: number): Promise<PublicOrganization> {
  const org = await findRegistrationOrganization(db, { id });
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return publicOrganization(org);
}

export type SignUpInput = FromSchema<typeof signUpBody>;

/** Self-registration by link: a PENDING user and membership until the emailed link verifies the address. */
export async function signUp(
  db: Knex,
  config: Config,
  input: SignUpInput,
  meta: RequestMeta,
): Promise<{ id: number; email: string; status: string }> {
  assertStrongPassword(input.password);
  return transaction(db, async (trx) => {
    const org = await findRegistrationOrganization(trx, { link: input.selfregistrationlink });
    if (!org) throw new NotFoundError('REGISTRATION_LINK_INVALID');
    if (!org.self_registration_role_id) throw new BusinessRuleError('REGISTRATION_CLOSED');
    if (await findUserByEmail(trx, input.email)) throw new ConflictError('EMAIL_TAKEN');
    const user = await createPendingAccount(
      trx,
      {
        email: input.email.trim().toLowerCase(),
        password_hash: await hashPassword(input.password),
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        phone: input.phone ?? null,
      },
      { organizationId: org.id, roleId: org.self_registration_role_id },
    );
    const token = await issueLinkToken(trx, user.id, 'EMAIL_VERIFICATION', config.linkTtlSeconds);
    await enqueueEmail(
      trx,
      emails.verifyEmailLink(user.email, `${config.appUrl}/verify-email?token=${encodeURIComponent(token)}`),
    );
    await recordAudit(trx, null, {
      organizationId: org.id,
      action: 'USER_SIGNED_UP',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      after: { email: user.email, status: 'PENDING' },
      requestId: meta.requestId,
    });
    return user;
  });
}
