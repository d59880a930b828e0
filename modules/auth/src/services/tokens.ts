import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Knex } from 'knex';
import { type Actor, type Config, permissionsOf, randomToken, sha256, UnauthorizedError } from '@portal/core';

/** The access token's claims (spec §3), plus `sid`, the session (refresh token family) it belongs to. */
export interface AccessClaims {
  sub: string;
  exp: number;
  org_id: number;
  org_type: string;
  parentorg_type: string | null;
  role_name: string;
  permission: string[];
  allPermissionCount: number;
  sid: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const key = (config: Config) => new TextEncoder().encode(config.jwtSecret);

export async function signAccessToken(config: Config, actor: Actor, sessionId: string): Promise<string> {
  return new SignJWT({
    org_id: actor.organizationId,
    org_type: actor.organizationType,
    parentorg_type: actor.parentOrganizationType,
    role_name: actor.roleName,
    permission: [...actor.permissions],
    allPermissionCount: permissionsOf(actor.organizationType).length,
    sid: sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(actor.userId))
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.accessTokenTtlSeconds)
    .sign(key(config));
}

/** Verifies signature and expiry; an expired token is a 401 with code TOKEN_EXPIRED so clients know to refresh. */
export async function verifyAccessToken(config: Config, token: string, options: { ignoreExpiry?: boolean } = {}): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      ...(options.ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    return payload as unknown as AccessClaims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('Your session has expired. Please sign in again.', 'TOKEN_EXPIRED');
    throw new UnauthorizedError('Invalid access token.', 'INVALID_TOKEN');
  }
}

/** Stores a new refresh token (hashed) in a family; the plaintext is returned once and never stored. */
export async function issueRefreshToken(trx: Knex | Knex.Transaction, config: Config, userId: number, organizationId: number,
  familyId: string = randomUUID(), meta: { ip?: string; userAgent?: string } = {}): Promise<{ token: string; id: number; familyId: string }> {
  const token = randomToken(32);
  const [row] = await trx('refresh_tokens').insert({
    user_id: userId,
    organization_id: organizationId,
    family_id: familyId,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  }).returning('id');
  return { token, id: (row as { id: number }).id, familyId };
}

/** Ends a session: every token of the family is revoked, so neither the refresh nor the access token works again. */
export async function revokeFamily(trx: Knex | Knex.Transaction, familyId: string, reason: string): Promise<number> {
  return trx('refresh_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now(), revoked_reason: reason });
}

/** Session ended by logout, reuse detection or deactivation: access tokens of that session stop working at once. */
export async function isSessionEnded(db: Knex, familyId: string): Promise<boolean> {
  const row = await db('refresh_tokens').where({ family_id: familyId }).whereIn('revoked_reason', ['logout', 'reuse', 'inactive', 'password']).first('id');
  return Boolean(row);
}

export async function tokenPair(trx: Knex | Knex.Transaction, config: Config, actor: Actor, meta: { ip?: string; userAgent?: string }, familyId?: string): Promise<TokenPair & { refreshId: number }> {
  const refresh = await issueRefreshToken(trx, config, actor.userId, actor.organizationId, familyId, meta);
  return {
    access_token: await signAccessToken(config, actor, refresh.familyId),
    refresh_token: refresh.token,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
    refreshId: refresh.id,
  };
}
