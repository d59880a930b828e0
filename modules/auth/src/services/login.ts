import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ForbiddenError,
  hashPassword,
  LockedError,
  needsRehash,
  recordAudit,
  sha256,
  UnauthorizedError,
  ValidationError,
  verifyPassword,
  transaction,
  type FromSchema,
  type RowOf,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import {
  activeMemberships,
  countFailedLogin,
  findUserAccount,
  loadActor,
  type MembershipChoice,
  patchUserAccount,
  twoFactorPolicy,
} from '@portal/organizations';
import { emails } from '../emails.js';
import { RefreshToken } from '../models/RefreshToken.js';
import { MESSAGES } from '../messages.js';
import type { tokenAnswer, tokenBody } from '../schemas.js';
import { consumeCode, issueCode } from './codes.js';
import { hasTotp, type TotpEnrollment, totpSignInStep } from './totp.js';
import { revokeFamily, sessionLimits, sessionState, type TokenPair, tokenPair } from './tokens.js';
import { refuseSsoEmail } from './sso-refusal.js';

export type TokenRequest = FromSchema<typeof tokenBody>;

/**
 * The token answer of spec §3 as the wire carries it: the access token, or a choice of organisation, or a second-factor
 * challenge. The refresh token is never in it (issue 34): it travels in the HttpOnly refresh cookie.
 */
export type TokenAnswer = RowOf<typeof tokenAnswer>;

/**
 * What a grant issues: the wire's answer, and the refresh token with its expiry when tokens were issued. Routes hand
 * it to `sendTokens` (session-cookie.ts), which sets the cookie and answers the rest; every sign-in path does the same.
 */
export type IssuedTokens = TokenAnswer & { refresh?: { token: string; expiresAt: Date } };

export interface RequestMeta {
  ip: string;
  userAgent: string;
  requestId: string;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  status: string;
  failed_login_count: number;
}

export const withTokens = (pair: TokenPair): IssuedTokens => ({
  access_token: pair.access_token,
  refresh: { token: pair.refresh_token, expiresAt: pair.refreshExpiresAt },
  token_type: 'Bearer',
  expires_in: pair.expires_in,
  login_as_required: null,
  Challenge: null,
  recovery_codes: null,
});

export const noTokens = (extra: Partial<TokenAnswer>): IssuedTokens => ({
  access_token: null,
  token_type: 'Bearer',
  expires_in: null,
  login_as_required: null,
  Challenge: null,
  recovery_codes: null,
  ...extra,
});

export async function findUserByEmail(db: Knex | Knex.Transaction, email: string): Promise<UserRow | undefined> {
  return findUserAccount(db, { email });
}

/**
 * Counts one failed sign-in (a wrong password, or a wrong authenticator or recovery code) toward the lockout: audited
 * `LOGIN_FAILED` (with `detail`), and the fifth in a row locks the account and emails the notice. Committed on its
 * own, before the caller's refusal. Answers whether the account is now locked.
 */
export async function recordFailedSignIn(
  db: Knex,
  config: Config,
  user: { id: number; email: string },
  meta: RequestMeta,
  kick: () => void,
  detail?: Record<string, string>,
): Promise<boolean> {
  const locked = await transaction(db, async (trx) => {
    const row = await countFailedLogin(trx, user.id);
    await recordAudit(trx, null, {
      organizationId: null,
      action: 'LOGIN_FAILED',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      ...(detail ? { after: detail } : {}),
      requestId: meta.requestId,
    });
    if (row && row.failed_login_count >= config.maxFailedLogins && row.status !== 'LOCKED') {
      await patchUserAccount(trx, user.id, { status: 'LOCKED', locked_at: trx.fn.now(), updated_at: trx.fn.now() });
      await recordAudit(trx, null, {
        organizationId: null,
        action: 'USER_LOCKED',
        entityType: 'user',
        entityId: user.id,
        actorEmail: user.email,
        before: { status: row.status },
        after: { status: 'LOCKED' },
        requestId: meta.requestId,
      });
      await enqueueEmail(trx, emails.accountLocked(user.email));
      return true;
    }
    return false;
  });
  if (locked) kick();
  return locked;
}

/**
 * Checks a password and keeps the lockout count (five wrong in a row lock the account). Throws the sign-in
 * errors; answers the user when the password is right and the account may sign in.
 */
export async function checkCredentials(
  db: Knex,
  config: Config,
  email: string,
  password: string,
  meta: RequestMeta,
  kick: () => void,
  options: { allowUnverified?: boolean; keepFailedCount?: boolean } = {},
): Promise<UserRow> {
  // An SSO domain's people sign in at their provider only (issue 35).
  await refuseSsoEmail(db, email);
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(password, user?.password_hash);
  if (!user) throw new UnauthorizedError('INVALID_CREDENTIALS');
  if (user.status === 'LOCKED') throw new LockedError('ACCOUNT_LOCKED');
  if (!passwordOk) {
    if (await recordFailedSignIn(db, config, user, meta, kick)) throw new LockedError('ACCOUNT_LOCKED');
    throw new UnauthorizedError('INVALID_CREDENTIALS');
  }
  if (user.status === 'DEACTIVATED') throw new ForbiddenError('ACCOUNT_DEACTIVATED');
  if (user.status !== 'VERIFIED' && user.status !== 'SSO' && !options.allowUnverified)
    throw new ForbiddenError('EMAIL_NOT_VERIFIED');
  // A user with an authenticator keeps the count until the code is right too (passwordGrant), so wrong codes add up.
  if (user.failed_login_count > 0 && !options.keepFailedCount)
    await patchUserAccount(db, user.id, { failed_login_count: 0 });
  if (needsRehash(user.password_hash)) await rehashPassword(db, user, password, meta);
  return user;
}

/**
 * A hash of a weaker cost than the current one (2^14 before issue 34) is replaced now that the password is known.
 * Only if it is still the hash we checked: a password changed meanwhile is never overwritten with the old one.
 */
async function rehashPassword(db: Knex, user: UserRow, password: string, meta: RequestMeta): Promise<void> {
  const stronger = await hashPassword(password);
  await transaction(db, async (trx) => {
    const row = await findUserAccount(trx, { id: user.id }, { forUpdate: true });
    if (!row || row.password_hash !== user.password_hash) return;
    await patchUserAccount(trx, user.id, { password_hash: stronger });
    await recordAudit(trx, null, {
      organizationId: null,
      action: 'PASSWORD_REHASHED',
      entityType: 'user',
      entityId: user.id,
      actorEmail: user.email,
      requestId: meta.requestId,
    });
  });
}

/** The authenticator challenge: its code (or a recovery code), or, with `enrollment`, the secret to enrol first. */
function totpChallenge(enrollment: TotpEnrollment | null): NonNullable<TokenAnswer['Challenge']> {
  return enrollment
    ? { type: 'TOTP_ENROLL', message: MESSAGES.totpEnroll, enrollment }
    : { type: 'TOTP', message: MESSAGES.totpChallenge, enrollment: null };
}

export async function passwordGrant(
  db: Knex,
  config: Config,
  input: TokenRequest,
  meta: RequestMeta,
  kick: () => void,
): Promise<IssuedTokens> {
  if (!input.email || !input.password) throw new ValidationError('CREDENTIALS_REQUIRED');
  const user = await checkCredentials(db, config, input.email, input.password, meta, kick, { keepFailedCount: true });
  const totpUser = await hasTotp(db, user.id);
  if (!totpUser && user.failed_login_count > 0) await patchUserAccount(db, user.id, { failed_login_count: 0 });
  const choices = await activeMemberships(db, user.id);
  if (choices.length === 0) throw new ForbiddenError('NO_ORGANIZATION');
  let chosen: MembershipChoice | undefined;
  if (input.login_as_organization_id !== undefined && input.login_as_organization_id !== null) {
    chosen = choices.find((c) => c.id === Number(input.login_as_organization_id));
    if (!chosen) throw new ForbiddenError('NOT_A_MEMBER');
  } else if (choices.length === 1) {
    chosen = choices[0];
  } else {
    return noTokens({ login_as_required: choices });
  }
  const organizationId = chosen!.id;
  const policy = await twoFactorPolicy(db, organizationId);
  /** After an enrolment at sign-in: its recovery codes, which the answer carries this once. */
  let recoveryCodes: string[] | null = null;
  // An authenticator, when the user has one (whatever the policy) or the organisation requires one (then enrolled here).
  if (totpUser || policy === 'TOTP') {
    const step = await totpSignInStep(
      db,
      config,
      user,
      organizationId,
      input.verification_code !== undefined
        ? { totp: input.verification_code }
        : input.recovery_code !== undefined
          ? { recovery: input.recovery_code }
          : {},
      !totpUser,
      meta.requestId,
    );
    if (step.outcome === 'challenge') return noTokens({ Challenge: totpChallenge(step.enrollment) });
    if (step.outcome !== 'passed') {
      const detail = { factor: 'TOTP', reason: step.outcome };
      if (await recordFailedSignIn(db, config, user, meta, kick, detail)) throw new LockedError('ACCOUNT_LOCKED');
      throw new UnauthorizedError('INVALID_CODE');
    }
    await patchUserAccount(db, user.id, { failed_login_count: 0 });
    recoveryCodes = step.recoveryCodes;
  }

  return transaction(db, async (trx) => {
    if (policy === 'EMAIL_CODE' && !totpUser) {
      if (!input.verification_code) {
        const code = await issueCode(trx, user.id, 'LOGIN_CHALLENGE', config.codeTtlSeconds, organizationId);
        await enqueueEmail(
          trx,
          emails.loginCode(user.email, organizationId, code, Math.round(config.codeTtlSeconds / 60)),
        );
        await recordAudit(trx, null, {
          organizationId,
          action: 'LOGIN_CHALLENGE_SENT',
          entityType: 'user',
          entityId: user.id,
          actorEmail: user.email,
          requestId: meta.requestId,
        });
        return noTokens({ Challenge: { type: 'EMAIL_CODE', message: MESSAGES.challenge, enrollment: null } });
      }
      if (!(await consumeCode(trx, user.id, 'LOGIN_CHALLENGE', input.verification_code, organizationId))) {
        // Commit the counted attempt, then refuse.
        return null;
      }
    }
    const actor = await loadActor(trx, user.id, organizationId);
    if (!actor) throw new ForbiddenError('NO_ORGANIZATION');
    const pair = await tokenPair(trx, config, actor, meta);
    await patchUserAccount(trx, user.id, { last_login_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId,
      action: 'LOGIN',
      entityType: 'user',
      entityId: user.id,
      requestId: meta.requestId,
    });
    return { ...withTokens(pair), recovery_codes: recoveryCodes };
  }).then((answer) => {
    if (!answer) throw new UnauthorizedError('INVALID_CODE');
    if (answer.Challenge) kick();
    return answer;
  });
}

/**
 * Rotates a refresh token. A token that was already rotated is a stolen or replayed one: the whole family is
 * revoked (committed) before the 401, so the thief's and the victim's sessions both end.
 */
export async function refreshGrant(
  db: Knex,
  config: Config,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<IssuedTokens> {
  if (!refreshToken) throw new UnauthorizedError('REFRESH_TOKEN_REQUIRED');
  const outcome = await transaction(db, async (trx) => {
    const row = await RefreshToken.query(trx)
      .findOne({ token_hash: sha256(refreshToken) })
      .forUpdate();
    if (!row) return { error: 'INVALID_REFRESH_TOKEN' } as const;
    if (row.revoked_at) {
      if (row.revoked_reason === 'rotated') {
        await revokeFamily(trx, row.family_id, 'reuse');
        await recordAudit(trx, null, {
          organizationId: row.organization_id,
          action: 'REFRESH_TOKEN_REUSE',
          entityType: 'session',
          entityId: row.family_id,
          requestId: meta.requestId,
        });
        return { error: 'REFRESH_TOKEN_REUSED' } as const;
      }
      return { error: 'INVALID_REFRESH_TOKEN' } as const;
    }
    // The session's limits (SESSION_MAX_HOURS from its sign-in, SESSION_IDLE_MINUTES since its last refresh): the
    // family ends for good (the access token's session check refuses it too), and the end is recorded.
    const { startedAt, ended } = await sessionState(trx, row.family_id, sessionLimits(config));
    if (ended) {
      await revokeFamily(trx, row.family_id, ended === 'SESSION_MAX_AGE' ? 'expired' : 'idle');
      await recordAudit(trx, null, {
        organizationId: row.organization_id,
        action: ended === 'SESSION_MAX_AGE' ? 'SESSION_EXPIRED' : 'SESSION_IDLE_TIMEOUT',
        entityType: 'session',
        entityId: row.family_id,
        requestId: meta.requestId,
      });
      return { error: ended } as const;
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { error: 'REFRESH_TOKEN_EXPIRED' } as const;
    const actor: Actor | null = await loadActor(trx, row.user_id, row.organization_id);
    if (!actor) {
      await revokeFamily(trx, row.family_id, 'inactive');
      return { error: 'ACCOUNT_INACTIVE' } as const;
    }
    const pair = await tokenPair(trx, config, actor, meta, { familyId: row.family_id, startedAt });
    await RefreshToken.query(trx)
      .findById(row.id)
      .patch({ revoked_at: trx.fn.now(), revoked_reason: 'rotated', replaced_by_id: pair.refreshId });
    return { answer: withTokens(pair) } as const;
  });
  if (outcome.error) throw new UnauthorizedError(outcome.error);
  return outcome.answer;
}

/** Ends the session of the given refresh token (or of the access token's `sid`). Unknown tokens are not an error. */
export async function logout(
  db: Knex,
  actor: Actor | null,
  refreshToken: string | undefined,
  sessionId: string | undefined,
  meta: RequestMeta,
): Promise<void> {
  await transaction(db, async (trx) => {
    let familyId = sessionId;
    let organizationId = actor?.organizationId ?? null;
    if (refreshToken) {
      const row = await RefreshToken.query(trx)
        .findOne({ token_hash: sha256(refreshToken) })
        .select('family_id', 'organization_id');
      if (row) {
        familyId = row.family_id;
        organizationId = row.organization_id;
      }
    }
    if (!familyId) return;
    const revoked = await revokeFamily(trx, familyId, 'logout');
    if (revoked > 0)
      await recordAudit(trx, actor, {
        organizationId,
        action: 'LOGOUT',
        entityType: 'session',
        entityId: familyId,
        requestId: meta.requestId,
      });
  });
}
