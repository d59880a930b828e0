import type { Knex } from 'knex';
import { randomCode, randomToken, type SetPasswordLinkIssuer, sha256 } from '@portal/core';
import { OneTimeCode } from '../models/OneTimeCode.js';

export type CodePurpose = OneTimeCode['purpose'];

/** Wrong guesses allowed on one code before it is burnt. */
export const MAX_CODE_ATTEMPTS = 5;

const codeHash = (userId: number, code: string) => sha256(`${userId}:${code.trim()}`);

/** Issues a 6-digit code for `purpose`; older unused codes of the same purpose stop working. */
export async function issueCode(
  trx: Knex | Knex.Transaction,
  userId: number,
  purpose: CodePurpose,
  ttlSeconds: number,
  organizationId: number | null = null,
): Promise<string> {
  await trx('one_time_codes')
    .where({ user_id: userId, purpose })
    .whereNull('consumed_at')
    .update({ consumed_at: trx.fn.now() });
  const code = randomCode(6);
  await OneTimeCode.query(trx).insert({
    user_id: userId,
    organization_id: organizationId,
    purpose,
    code_hash: codeHash(userId, code),
    expires_at: new Date(Date.now() + ttlSeconds * 1000),
  });
  return code;
}

/** Consumes the user's live code if it matches; a wrong guess counts, and the fifth burns the code. */
export async function consumeCode(
  trx: Knex | Knex.Transaction,
  userId: number,
  purpose: CodePurpose,
  code: string,
  organizationId: number | null = null,
): Promise<boolean> {
  const live = await OneTimeCode.query(trx)
    .where({ user_id: userId, purpose })
    .whereNull('consumed_at')
    .where('expires_at', '>', trx.fn.now())
    .modify((q) => {
      if (organizationId !== null) q.where({ organization_id: organizationId });
    })
    .orderBy('id', 'desc')
    .forUpdate()
    .first();
  if (!live) return false;
  if (live.code_hash === codeHash(userId, code)) {
    await OneTimeCode.query(trx).findById(live.id).patch({ consumed_at: trx.fn.now() });
    return true;
  }
  const attempts = live.attempts + 1;
  await OneTimeCode.query(trx)
    .findById(live.id)
    .patch({ attempts, ...(attempts >= MAX_CODE_ATTEMPTS ? { consumed_at: trx.fn.now() } : {}) });
  return false;
}

/** Issues a single-use link token (256 bits) for `purpose`; only its hash is stored. */
export async function issueLinkToken(
  trx: Knex | Knex.Transaction,
  userId: number,
  purpose: 'PASSWORD_RESET' | 'EMAIL_VERIFICATION',
  ttlSeconds: number,
): Promise<string> {
  await trx('one_time_codes')
    .where({ user_id: userId, purpose })
    .whereNull('consumed_at')
    .update({ consumed_at: trx.fn.now() });
  const token = randomToken(32);
  await OneTimeCode.query(trx).insert({
    user_id: userId,
    purpose,
    code_hash: sha256(token),
    expires_at: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** Consumes a link token; answers the user it belongs to, or null when unknown, used or expired. */
export async function consumeLinkToken(
  trx: Knex | Knex.Transaction,
  purpose: 'PASSWORD_RESET' | 'EMAIL_VERIFICATION',
  token: string,
): Promise<number | null> {
  const row = await OneTimeCode.query(trx)
    .findOne({ code_hash: sha256(token), purpose })
    .whereNull('consumed_at')
    .where('expires_at', '>', trx.fn.now())
    .forUpdate()
    .select('id', 'user_id');
  if (!row) return null;
  await OneTimeCode.query(trx).findById(row.id).patch({ consumed_at: trx.fn.now() });
  return row.user_id;
}

/** The set-password link organisations send when they invite a user or set up a tenant (the port of core's actor.ts). */
export const issueSetPasswordLink: SetPasswordLinkIssuer = (trx, userId, ttlSeconds) =>
  issueLinkToken(trx, userId, 'PASSWORD_RESET', ttlSeconds);
