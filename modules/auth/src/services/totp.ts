import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import {
  type Actor,
  type Config,
  ConflictError,
  LockedError,
  openSecret,
  recordAudit,
  sealSecret,
  sha256,
  transaction,
  ValidationError,
} from '@portal/core';
import { TotpRecoveryCode } from '../models/TotpRecoveryCode.js';
import { UserTotp } from '../models/UserTotp.js';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Recall Portal';
/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
/** Steps accepted either side of now: one (±30 s) for clocks that drift and codes typed as they turn. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery-code letters: lower case without look-alikes (0/o, 1/l/i). 10 of 31 letters ≈ 49 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sealContext = (userId: number) => `totp:${userId}`;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** What the enrolment shows: the secret for typing in, and the otpauth:// address the QR code carries. */
export interface TotpEnrollment {
  secret: string;
  otpauth_uri: string;
}

function enrollmentOf(secret: string, email: string): TotpEnrollment {
  return { secret, otpauth_uri: totpOf(secret, email).toString() };
}

/** Looks a code up against a secret: the time step it belongs to (within ±1 of now), or null. */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code.trim(), timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (userId: number, code: string) => sha256(`totp-recovery:${userId}:${normaliseRecovery(code)}`);

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Replaces the user's recovery codes with ten new ones; answers them (the only time they are readable). */
async function issueRecoveryCodes(trx: Knex.Transaction, userId: number): Promise<string[]> {
  await TotpRecoveryCode.query(trx).where({ user_id: userId }).whereNull('used_at').delete();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await TotpRecoveryCode.query(trx).insert(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(userId, c) })));
  return codes;
}

/** The user's authenticator row under a lock, with its secret opened (and moved onto the current key if stale). */
async function lockedTotp(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
): Promise<{ row: UserTotp; secret: string } | null> {
  const row = await UserTotp.query(trx).findById(userId).forUpdate();
  if (!row) return null;
  const { value, stale } = openSecret(config.encryptionKeys, row.secret_sealed, sealContext(userId));
  if (stale)
    await UserTotp.query(trx)
      .findById(userId)
      .patch({ secret_sealed: sealSecret(config.encryptionKeys, value, sealContext(userId)) });
  return { row, secret: value };
}

/** A pending authenticator for the user: the one already pending when `reuse`, else a new secret (replacing it). */
async function pendingEnrollment(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
  reuse: boolean,
): Promise<string> {
  const current = await lockedTotp(trx, config, userId);
  if (current?.row.confirmed_at) throw new ConflictError('TOTP_ALREADY_ENABLED');
  if (current && reuse) return current.secret;
  const secret = new Secret({ size: 20 }).base32;
  const secret_sealed = sealSecret(config.encryptionKeys, secret, sealContext(userId));
  if (current) await UserTotp.query(trx).findById(userId).patch({ secret_sealed, last_step: null });
  else await UserTotp.query(trx).insert({ user_id: userId, secret_sealed });
  return secret;
}

export type CodeCheck = 'ok' | 'wrong' | 'replayed';

/**
 * Checks an authenticator code (6 digits) or a recovery code against the user's confirmed authenticator, and spends
 * it: the code's time step becomes the last one accepted (that step and older are refused from then on), a recovery
 * code is marked used. Audits a recovery code's use.
 */
async function spendCode(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
  code: { totp?: string; recovery?: string },
  audit: { organizationId: number | null; actorEmail: string; requestId: string },
): Promise<CodeCheck> {
  const current = await lockedTotp(trx, config, userId);
  if (!current?.row.confirmed_at) return 'wrong';
  if (code.totp !== undefined) {
    const step = codeStep(current.secret, code.totp);
    if (step === null) return 'wrong';
    if (current.row.last_step !== null && step <= current.row.last_step) return 'replayed';
    await UserTotp.query(trx).findById(userId).patch({ last_step: step });
    return 'ok';
  }
  if (code.recovery === undefined) return 'wrong';
  const spent = await TotpRecoveryCode.query(trx)
    .where({ user_id: userId, code_hash: recoveryHash(userId, code.recovery) })
    .whereNull('used_at')
    .patch({ used_at: trx.fn.now() });
  if (spent === 0) return 'wrong';
  await recordAudit(trx, null, {
    organizationId: audit.organizationId,
    action: 'TOTP_RECOVERY_CODE_USED',
    entityType: 'user',
    entityId: userId,
    actorEmail: audit.actorEmail,
    requestId: audit.requestId,
  });
  return 'ok';
}

/** A code as the sign-in and disable calls take it: six digits are an authenticator code, anything else a recovery code. */
export function codeKind(code: string): { totp?: string; recovery?: string } {
  return /^\s*\d{6}\s*$/.test(code) ? { totp: code.trim() } : { recovery: code };
}

// ---- sign-in ----

export interface SignInUser {
  id: number;
  email: string;
}

/** Whether the user has a confirmed authenticator (then every sign-in asks for its code, whatever the policy). */
export async function hasTotp(db: Knex, userId: number): Promise<boolean> {
  const row = await UserTotp.query(db).findById(userId).whereNotNull('confirmed_at').select('user_id');
  return Boolean(row);
}

export type SignInCheck =
  | { outcome: 'challenge'; enrollment: TotpEnrollment | null }
  /** `recoveryCodes`: after an enrolment at sign-in, its ten recovery codes (shown this once); else null. */
  | { outcome: 'passed'; recoveryCodes: string[] | null }
  | { outcome: CodeCheck & ('wrong' | 'replayed') };

/**
 * The authenticator step of a password sign-in. `enrol`: the organisation requires TOTP and the user has none, so the
 * step shows a pending secret (the same one until confirmed) and the first valid code confirms it and issues the ten
 * recovery codes, which the token answer carries this once. Without a code it
 * answers the challenge; with one it spends it (committed whatever the outcome, so a refused code stays counted).
 */
export async function totpSignInStep(
  db: Knex,
  config: Config,
  user: SignInUser,
  organizationId: number,
  code: { totp?: string; recovery?: string },
  enrol: boolean,
  requestId: string,
): Promise<SignInCheck> {
  return transaction(db, async (trx) => {
    if (enrol) {
      const secret = await pendingEnrollment(trx, config, user.id, true);
      if (code.totp === undefined) return { outcome: 'challenge', enrollment: enrollmentOf(secret, user.email) };
      const step = codeStep(secret, code.totp);
      if (step === null) return { outcome: 'wrong' };
      await confirm(trx, user.id, step, { organizationId, actorEmail: user.email, requestId }, 'sign-in');
      return { outcome: 'passed', recoveryCodes: await issueRecoveryCodes(trx, user.id) };
    }
    if (code.totp === undefined && code.recovery === undefined) return { outcome: 'challenge', enrollment: null };
    const check = await spendCode(trx, config, user.id, code, { organizationId, actorEmail: user.email, requestId });
    return check === 'ok' ? { outcome: 'passed', recoveryCodes: null } : { outcome: check };
  });
}

async function confirm(
  trx: Knex.Transaction,
  userId: number,
  step: number,
  audit: { organizationId: number | null; actorEmail: string; requestId: string },
  from: 'account' | 'sign-in',
): Promise<void> {
  await UserTotp.query(trx).findById(userId).patch({ confirmed_at: trx.fn.now(), last_step: step });
  await recordAudit(trx, null, {
    organizationId: audit.organizationId,
    action: 'TOTP_ENABLED',
    entityType: 'user',
    entityId: userId,
    actorEmail: audit.actorEmail,
    after: { from },
    requestId: audit.requestId,
  });
}

// ---- the account panel (/me/totp) ----

export interface TotpStatus {
  enabled: boolean;
  confirmed_at: string | null;
  recovery_codes_left: number;
  /** The caller's organisation requires an authenticator (two_factor TOTP). */
  required: boolean;
}

export async function totpStatus(db: Knex, actor: Actor, required: boolean): Promise<TotpStatus> {
  const row = await UserTotp.query(db).findById(actor.userId).whereNotNull('confirmed_at').select('confirmed_at');
  const left = row
    ? ((await TotpRecoveryCode.query(db).where({ user_id: actor.userId }).whereNull('used_at').resultSize()) as number)
    : 0;
  return {
    enabled: Boolean(row),
    confirmed_at: row?.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    recovery_codes_left: left,
    required,
  };
}

/** Starts (or restarts) an enrolment from the account page: a new pending secret. 409 when one is already confirmed. */
export async function startTotpEnrollment(db: Knex, config: Config, actor: Actor): Promise<TotpEnrollment> {
  return transaction(db, async (trx) =>
    enrollmentOf(await pendingEnrollment(trx, config, actor.userId, false), actor.email),
  );
}

/** Confirms the pending authenticator with a first valid code; answers the ten recovery codes, shown this once. */
export async function confirmTotpEnrollment(
  db: Knex,
  config: Config,
  actor: Actor,
  code: string,
  requestId: string,
): Promise<{ recovery_codes: string[] }> {
  return transaction(db, async (trx) => {
    const current = await lockedTotp(trx, config, actor.userId);
    if (!current) throw new ConflictError('TOTP_NOT_STARTED');
    if (current.row.confirmed_at) throw new ConflictError('TOTP_ALREADY_ENABLED');
    const step = codeStep(current.secret, code);
    if (step === null) throw new ValidationError('INVALID_CODE');
    const audit = { organizationId: actor.organizationId, actorEmail: actor.email, requestId };
    await confirm(trx, actor.userId, step, audit, 'account');
    return { recovery_codes: await issueRecoveryCodes(trx, actor.userId) };
  });
}

/**
 * Ten new recovery codes (the old unused ones stop working), with a current code: after an enrolment at sign-in, or
 * when the old ones ran out or may have been seen.
 */
export async function renewRecoveryCodes(
  db: Knex,
  config: Config,
  actor: Actor,
  code: string,
  requestId: string,
  onWrong: (check: 'wrong' | 'replayed') => Promise<boolean>,
): Promise<{ recovery_codes: string[] }> {
  return codeProtected(db, config, actor, code, requestId, onWrong, async (trx) => {
    const codes = await issueRecoveryCodes(trx, actor.userId);
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'TOTP_RECOVERY_CODES_RENEWED',
      entityType: 'user',
      entityId: actor.userId,
      requestId,
    });
    return { recovery_codes: codes };
  });
}

/** Removes the caller's authenticator and recovery codes, with a current code (or a recovery code). */
export async function disableTotp(
  db: Knex,
  config: Config,
  actor: Actor,
  code: string,
  requestId: string,
  onWrong: (check: 'wrong' | 'replayed') => Promise<boolean>,
): Promise<void> {
  await codeProtected(db, config, actor, code, requestId, onWrong, async (trx) => {
    await TotpRecoveryCode.query(trx).where({ user_id: actor.userId }).delete();
    await UserTotp.query(trx).findById(actor.userId).delete();
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'TOTP_DISABLED',
      entityType: 'user',
      entityId: actor.userId,
      requestId,
    });
  });
}

/**
 * Runs `then` once a current code is spent. A wrong or replayed code is committed as spent-nothing, counted by
 * `onWrong` (the sign-in lockout), and refused: 400 INVALID_CODE, or 423 once the account is locked.
 */
async function codeProtected<T>(
  db: Knex,
  config: Config,
  actor: Actor,
  code: string,
  requestId: string,
  onWrong: (check: 'wrong' | 'replayed') => Promise<boolean>,
  then: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (!(await hasTotp(db, actor.userId))) throw new ConflictError('TOTP_NOT_ENABLED');
  const outcome = await transaction(db, async (trx) => {
    const audit = { organizationId: actor.organizationId, actorEmail: actor.email, requestId };
    const check = await spendCode(trx, config, actor.userId, codeKind(code), audit);
    if (check !== 'ok') return { check } as const;
    return { check, value: await then(trx) } as const;
  });
  if (outcome.check === 'ok') return outcome.value;
  if (await onWrong(outcome.check)) throw new LockedError('ACCOUNT_LOCKED');
  throw new ValidationError('INVALID_CODE');
}
