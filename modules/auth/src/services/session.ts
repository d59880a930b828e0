import type { Knex } from 'knex';
import { type Actor, type Config, UnauthorizedError } from '@portal/core';
import { loadActor } from '@portal/organizations';
import { type AccessClaims, isSessionLive, sessionLimits, sessionLiveSql, verifyAccessToken } from './tokens.js';

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
  return { actor: await callerOfClaims(db, config, claims), claims };
}

/**
 * The caller of a token whose signature and expiry were verified (`verifyAccessToken`): read from the database, so it
 * holds only while the session is live and the user, membership, role and organisation are active.
 */
export async function callerOfClaims(db: Knex, config: Config, claims: AccessClaims): Promise<Actor> {
  const userId = Number(claims.sub);
  const organizationId = Number(claims.org_id);
  // One round trip on the hot path: the actor's row comes back only while the session is live too.
  const limits = sessionLimits(config);
  const actor = await loadActor(
    db,
    userId,
    organizationId,
    sessionLiveSql(db, claims.sid, userId, organizationId, limits),
  );
  if (actor) return actor;
  // Refused: say why (an ended session before an inactive account, as the two checks always did).
  if (!(await isSessionLive(db, claims.sid, userId, organizationId, limits)))
    throw new UnauthorizedError('SESSION_ENDED');
  throw new UnauthorizedError('ACCOUNT_INACTIVE');
}
