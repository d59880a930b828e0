import { randomUUID } from 'node:crypto';
import { createDecoder, createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  permissionsOf,
  randomToken,
  type SessionEnder,
  sha256,
  type SigningKey,
  UnauthorizedError,
} from '@portal/core';
import { RefreshToken } from '../models/RefreshToken.js';

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
  /** Never in a JSON answer: the route puts it in the refresh cookie (`sendTokens`, session-cookie.ts). */
  refresh_token: string;
  refreshExpiresAt: Date;
  token_type: 'Bearer';
  expires_in: number;
}

// One signer and two verifiers per key for the process. fast-jwt signs and checks HMACs synchronously with node:crypto:
// WebCrypto's asynchronous HMAC job (jose) cost a thread-pool round trip on every call.
type Verify = (token: string) => Record<string, unknown>;
const signers = new WeakMap<SigningKey, (payload: Record<string, unknown>) => string>();
const verifiers = new WeakMap<SigningKey, { checked: Verify; ignoringExpiry: Verify }>();
const signerOf = (key: SigningKey) => {
  let sign = signers.get(key);
  if (!sign) {
    sign = createSigner({ key: Buffer.from(key.secret, 'utf8'), algorithm: 'HS256', kid: key.kid });
    signers.set(key, sign);
  }
  return sign;
};
const verifierOf = (key: SigningKey, ignoreExpiry: boolean): Verify => {
  let pair = verifiers.get(key);
  if (!pair) {
    const options = {
      key: Buffer.from(key.secret, 'utf8'),
      algorithms: ['HS256' as const],
      requiredClaims: ['sub', 'exp', 'iat'],
    };
    pair = { checked: createVerifier(options), ignoringExpiry: createVerifier({ ...options, ignoreExpiration: true }) };
    verifiers.set(key, pair);
  }
  return ignoreExpiry ? pair.ignoringExpiry : pair.checked;
};
// Reads the header only, to pick the key the token names; the signature is checked by that key's verifier.
const decodeHeader = createDecoder({ complete: true }) as (token: string) => { header: { kid?: unknown } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9]\d{0,14}$/;

/** The claims we rely on must have our shape: a forged or foreign token with odd values is refused before any query. */
function wellFormed(payload: Record<string, unknown>): boolean {
  return (
    typeof payload.sub === 'string' &&
    ID.test(payload.sub) &&
    Number.isSafeInteger(payload.org_id) &&
    (payload.org_id as number) > 0 &&
    typeof payload.sid === 'string' &&
    UUID.test(payload.sid)
  );
}

export async function signAccessToken(config: Config, actor: Actor, sessionId: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signerOf(config.jwtKeys[0]!)({
    org_id: actor.organizationId,
    org_type: actor.organizationType,
    parentorg_type: actor.parentOrganizationType,
    role_name: actor.roleName,
    permission: [...actor.permissions],
    allPermissionCount: permissionsOf(actor.organizationType).length,
    sid: sessionId,
    sub: String(actor.userId),
    jti: randomUUID(),
    iat,
    exp: iat + config.accessTokenTtlSeconds,
  });
}

/**
 * Verifies signature and expiry with the key the token names (`kid`); a token without a known key id, signed by a
 * retired key after its retirement, or without our claims (`sid` above all) is refused. An expired token is a 401
 * with code TOKEN_EXPIRED so clients know to refresh.
 */
export async function verifyAccessToken(
  config: Config,
  token: string,
  options: { ignoreExpiry?: boolean } = {},
): Promise<AccessClaims> {
  const invalid = () => new UnauthorizedError('INVALID_TOKEN');
  let signer: SigningKey | undefined;
  let payload: Record<string, unknown>;
  try {
    const { kid } = decodeHeader(token).header;
    signer = config.jwtKeys.find((k) => k.kid === kid);
    if (!signer) throw invalid();
    payload = verifierOf(signer, Boolean(options.ignoreExpiry))(token);
  } catch (error) {
    if (error instanceof TokenError && error.code === TokenError.codes.expired)
      throw new UnauthorizedError('TOKEN_EXPIRED');
    throw invalid();
  }
  if (signer!.retiredAt !== null && (payload.iat as number) > signer!.retiredAt) throw invalid();
  if (!wellFormed(payload)) throw invalid();
  return payload as unknown as AccessClaims;
}

/** A session being continued by a refresh: its family and when it began (its first token, which rotation keeps). */
export interface SessionFamily {
  familyId: string;
  startedAt: Date;
}

/**
 * Stores a new refresh token (hashed) in a family; the plaintext is returned once and never stored. It expires with
 * the refresh-token lifetime, but never after the session's absolute end (its start + SESSION_MAX_HOURS), so a refresh
 * cannot stretch a session.
 */
export async function issueRefreshToken(
  trx: Knex | Knex.Transaction,
  config: Config,
  userId: number,
  organizationId: number,
  session: SessionFamily | undefined,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; id: number; familyId: string; expiresAt: Date }> {
  const token = randomToken(32);
  const familyId = session?.familyId ?? randomUUID();
  const now = Date.now();
  const end = (session?.startedAt.getTime() ?? now) + config.sessionMaxHours * 3600_000;
  const expiresAt = new Date(Math.min(now + config.refreshTokenTtlSeconds * 1000, end));
  const { id } = await RefreshToken.query(trx).insert({
    user_id: userId,
    organization_id: organizationId,
    family_id: familyId,
    token_hash: sha256(token),
    expires_at: expiresAt,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, id, familyId, expiresAt };
}

/** Ends a session: every token of the family is revoked, so neither the refresh nor the access token works again. */
export async function revokeFamily(trx: Knex | Knex.Transaction, familyId: string, reason: string): Promise<number> {
  return trx('refresh_tokens')
    .where({ family_id: familyId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now(), revoked_reason: reason });
}

/** Why a family ends for good: 'ended' by its user from the session list, 'admin' by an administrator. */
export const ENDING_REASONS = ['logout', 'reuse', 'inactive', 'password', 'expired', 'idle', 'ended', 'admin'];

/** The session limits of the configuration, as the SQL below takes them. */
export interface SessionLimits {
  maxHours: number;
  idleMinutes: number;
}
export const sessionLimits = (config: Config): SessionLimits => ({
  maxHours: config.sessionMaxHours,
  idleMinutes: config.sessionIdleMinutes,
});

/**
 * A session's times, read under the refresh's lock: when it began (its first token: rotation keeps the family, so the
 * start never moves), and whether it has passed SESSION_MAX_HOURS since then or SESSION_IDLE_MINUTES since its last
 * refresh. The database's clock decides, as it does in `sessionLiveSql`.
 */
export async function sessionState(
  trx: Knex | Knex.Transaction,
  familyId: string,
  limits: SessionLimits,
): Promise<{ startedAt: Date; ended: 'SESSION_MAX_AGE' | 'SESSION_IDLE_TIMEOUT' | null }> {
  const row = (await trx('refresh_tokens')
    .where({ family_id: familyId })
    .first(
      trx.raw('min(created_at) as started_at'),
      trx.raw('min(created_at) <= now() - make_interval(hours => ?) as too_old', [limits.maxHours]),
      trx.raw('max(created_at) <= now() - make_interval(mins => ?) as idle', [limits.idleMinutes]),
    )) as { started_at: Date; too_old: boolean; idle: boolean };
  return {
    startedAt: new Date(row.started_at),
    ended: row.too_old ? 'SESSION_MAX_AGE' : row.idle ? 'SESSION_IDLE_TIMEOUT' : null,
  };
}

/**
 * Whether the access token's session is live: its refresh-token family exists, belongs to the token's user and
 * organisation, and was not ended by logout, reuse detection, deactivation or a password change. A token whose
 * session we never issued is refused, whatever key signed it.
 */
export async function isSessionLive(
  db: Knex,
  familyId: string,
  userId: number,
  organizationId: number,
  limits: SessionLimits,
): Promise<boolean> {
  const row = (await db
    .select(sessionLiveSql(db, familyId, userId, organizationId, limits).wrap('(', ') as live'))
    .first()) as {
    live: boolean;
  };
  return row.live;
}

/** Ends every live session of the users or organisations ('inactive'): the session check refuses them from now on. */
export const endSessions: SessionEnder = async (trx, { userIds = [], organizationIds = [] }) => {
  if (!userIds.length && !organizationIds.length) return 0;
  return trx('refresh_tokens')
    .whereNull('revoked_at')
    .where((w) => {
      if (userIds.length) w.orWhereRaw('user_id = ANY(?)', [[...userIds]]);
      if (organizationIds.length) w.orWhereRaw('organization_id = ANY(?)', [[...organizationIds]]);
    })
    .update({ revoked_at: trx.fn.now(), revoked_reason: 'inactive' });
};

/**
 * The session check as one SQL boolean, for `isSessionLive` and for the caller's query on every request: the family
 * exists, every token of it belongs to this user and organisation, none was revoked by a logout, a reuse or a limit,
 * it began less than SESSION_MAX_HOURS ago and was refreshed within SESSION_IDLE_MINUTES. One aggregate over the
 * family's rows (a few dozen at most), served by the family_id index, in the PL/pgSQL function `auth_session_live`
 * (migration 20261129010000) so that each connection plans it once. False, never null.
 */
export function sessionLiveSql(
  db: Knex,
  familyId: string,
  userId: number,
  organizationId: number,
  limits: SessionLimits,
): Knex.Raw {
  return db.raw('auth_session_live(?::uuid, ?::bigint, ?::bigint, ?::text[], ?::integer, ?::integer)', [
    familyId,
    userId,
    organizationId,
    ENDING_REASONS,
    limits.maxHours,
    limits.idleMinutes,
  ]);
}

export async function tokenPair(
  trx: Knex | Knex.Transaction,
  config: Config,
  actor: Actor,
  meta: { ip?: string; userAgent?: string },
  session?: SessionFamily,
): Promise<TokenPair & { refreshId: number }> {
  const refresh = await issueRefreshToken(trx, config, actor.userId, actor.organizationId, session, meta);
  return {
    access_token: await signAccessToken(config, actor, refresh.familyId),
    refresh_token: refresh.token,
    refreshExpiresAt: refresh.expiresAt,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
    refreshId: refresh.id,
  };
}
