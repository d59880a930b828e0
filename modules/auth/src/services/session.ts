import type { Knex } from 'knex';
import { type Actor, type Config, UnauthorizedError } from '@portal/core';
import { loadActor } from '@portal/organizations';
import { MESSAGES } from '../messages.js';
import { type AccessClaims, isSessionLive, verifyAccessToken } from './tokens.js';

/**
 * Turns a Bearer token into the caller. The actor is read from the database on every call, so a deactivated
 * user or membership, a changed role or a logged-out session takes effect at once, not at token expiry.
 */
export async function authenticate(
  db: Knex,
  config: Config,
  token: string,
): Promise<{ actor: Actor; claims: AccessClaims }> {
  const claims = await verifyAccessToken(config, token);
  const [actor, live] = await Promise.all([
    loadActor(db, Number(claims.sub), Number(claims.org_id)),
    isSessionLive(db, claims.sid, Number(claims.sub), Number(claims.org_id)),
  ]);
  if (!live) throw new UnauthorizedError(MESSAGES.sessionExpired, 'SESSION_ENDED');
  if (!actor) throw new UnauthorizedError(MESSAGES.inactive, 'ACCOUNT_INACTIVE');
  return { actor, claims };
}
