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
  refresh_token: string;
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

/** Stores a new refresh token (hashed) in a family; the plaintext is returned once and never stored. */
export async function issueRefreshToken(
  trx: Knex | Knex.Transaction,
  config: Config,
  userId: number,
  organizationId: number,
  familyId: string = randomUUID(),
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; id: number; familyId: string }> {
  const token = randomToken(32);
  const { id } = await RefreshToken.query(trx).insert({
    user_id: userId,
    organization_id: organizationId,
    family_id: familyId,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, id, familyId };
}

/** Ends a session: every token of the family is revoked, so neither the refresh nor the access token works again. */
export async function revokeFamily(trx: Knex | Knex.Transaction, familyId: string, reason: string): Promise<number> {
  return trx('refresh_tokens')
    .where({ family_id: familyId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now(), revoked_reason: reason });
}

const ENDING_REASONS = ['logout', 'reuse', 'inactive', 'password'];

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
): Promise<boolean> {
  const row = (await db
    .select(sessionLiveSql(db, familyId, userId, organizationId).wrap('(', ') as live'))
    .first()) as {
    live: boolean;
  };
  return row.live;
}

/**
 * The session check as one SQL boolean, for `isSessionLive` and for the caller's query on every request: the family
 * exists, every token of it belongs to this user and organisation, and none was revoked by a logout or a reuse.
 */
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

export function sessionLiveSql(db: Knex, familyId: string, userId: number, organizationId: number): Knex.Raw {
  return db.raw(
    `SELECT coalesce(bool_and(user_id = ? and organization_id = ?), false)
        and not coalesce(bool_or(revoked_reason = any(?)), false)
       FROM refresh_tokens WHERE family_id = ?`,
    [userId, organizationId, ENDING_REASONS, familyId],
  );
}

export async function tokenPair(
  trx: Knex | Knex.Transaction,
  config: Config,
  actor: Actor,
  meta: { ip?: string; userAgent?: string },
  familyId?: string,
): Promise<TokenPair & { refreshId: number }> {
  const refresh = await issueRefreshToken(trx, config, actor.userId, actor.organizationId, familyId, meta);
  return {
    access_token: await signAccessToken(config, actor, refresh.familyId),
    refresh_token: refresh.token,
    token_type: 'Bearer',
    expires_in: config.accessTokenTtlSeconds,
    refreshId: refresh.id,
  };
}
