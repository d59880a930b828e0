import type { Knex } from 'knex';
import * as oidc from 'openid-client';
import {
  AppError,
  type Config,
  ForbiddenError,
  NotFoundError,
  randomToken,
  recordAudit,
  type RequestHttp,
  sha256,
  transaction,
  UnauthorizedError,
} from '@portal/core';
import {
  activeMemberships,
  findUserAccount,
  isLoopbackUrl,
  loadActor,
  type MembershipChoice,
  patchUserAccount,
  type SsoConnection,
  ssoAccount,
  ssoConnection,
  ssoOrganizationForEmail,
  ssoPostLogoutUri,
  ssoRedirectUri,
} from '@portal/organizations';
import { RefreshToken } from '../models/RefreshToken.js';
import { type IssuedTokens, noTokens, type RequestMeta, type TokenRequest, withTokens } from './login.js';
import { tokenPair } from './tokens.js';

/**
 * Single sign-on with the organisation's OpenID provider (issue 35): authorisation code flow with PKCE, `state` and
 * `nonce`, through openid-client. The ID token's signature (the provider's published keys), issuer, audience, expiry
 * (60 seconds of clock skew at most) and nonce are checked before anything is trusted.
 *
 * The browser is bound to its sign-in by a random key in an HttpOnly cookie (`portal_sso`, sent only to the token
 * call), whose hash the sign-in row keeps with the state (hashed), the nonce and the PKCE verifier: a state or code
 * carried to another browser is refused. The return leg is the spec's login request (`auth_code`, `nonce`, with the
 * `state` the provider sent back), so the answer is the token answer, `login_as_required` included; the code is
 * exchanged once, and the sign-in row ends with the session it issued (single use).
 */
export const SSO_COOKIE = 'portal_sso';
const SSO_COOKIE_PATH = '/api/auth/token';
/** A sign-in must come back from the provider (and choose its organisation) within this time. */
const SIGN_IN_MINUTES = 10;
/** The ID token's times (exp, iat, nbf) may be this far off our clock, no further. */
export const CLOCK_TOLERANCE_SECONDS = 60;
const DISCOVERY_SECONDS = 600;

interface SsoLoginRow {
  id: number;
  state_hash: string;
  binding_hash: string;
  nonce: string;
  organization_id: number;
  login_hint: string;
  code_verifier: string | null;
  code_hash: string | null;
  redirect_uri: string;
  expires_at: Date;
  user_id: number | null;
  id_token: string | null;
  family_id: string | null;
  exchanged_at: Date | null;
  consumed_at: Date | null;
}

// ---- the provider's configuration (discovery), kept a few minutes per organisation and settings ----

const discovered = new Map<string, { at: number; config: oidc.Configuration }>();

async function providerOf(connection: SsoConnection): Promise<oidc.Configuration> {
  const key = [connection.organizationId, connection.issuer, connection.clientId, sha256(connection.clientSecret)].join(
    '|',
  );
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_SECONDS * 1000) return hit.config;
  const execute = [oidc.enableNonRepudiationChecks];
  // http only for a provider on this machine (tests, development): the settings refuse any other http issuer.
  if (isLoopbackUrl(connection.issuer)) execute.push(oidc.allowInsecureRequests);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      new URL(connection.issuer),
      connection.clientId,
      { client_secret: connection.clientSecret, [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS },
      oidc.ClientSecretBasic(connection.clientSecret),
      { execute, timeout: 5 },
    );
  } catch {
    throw new AppError(502, 'SSO_PROVIDER_UNAVAILABLE');
  }
  for (const [k] of discovered) if (k.startsWith(`${connection.organizationId}|`)) discovered.delete(k);
  discovered.set(key, { at: Date.now(), config });
  return config;
}

async function connectionOf(db: Knex, config: Config, organizationId: number): Promise<SsoConnection> {
  const connection = await ssoConnection(db, config, organizationId);
  if (!connection) throw new NotFoundError('SSO_NOT_CONFIGURED');
  return connection;
}

// ---- routing by email domain ----

/** Whether an email's domain signs in through an organisation's provider. Says nothing of whether the user exists. */
export async function discoverSso(
  db: Knex,
  email: string,
): Promise<{ sso: boolean; organization_name: string | null }> {
  const target = await ssoOrganizationForEmail(db, email);
  return { sso: Boolean(target), organization_name: target?.name ?? null };
}

// ---- the way out to the provider ----

/**
 * Starts a sign-in through the provider of the email's domain: a sign-in row (state hashed, nonce, PKCE verifier,
 * the browser's key hashed), the browser's key in its cookie, and the provider's authorisation address.
 */
export async function startSso(
  db: Knex,
  config: Config,
  email: string,
  http: RequestHttp | undefined,
): Promise<{ authorization_url: string; nonce: string }> {
  if (!http) throw new Error('auth: single sign-on needs the HTTP request (RouteRequest.http)');
  const target = await ssoOrganizationForEmail(db, email);
  if (!target) throw new NotFoundError('SSO_NOT_CONFIGURED');
  const connection = await connectionOf(db, config, target.organizationId);
  const provider = await providerOf(connection);
  const binding = randomToken(32);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const redirectUri = ssoRedirectUri(config);
  const expires = new Date(Date.now() + SIGN_IN_MINUTES * 60_000);
  await transaction(db, async (trx) => {
    // Sign-ins never finished are swept here; finished ones stay while their session may (the logout's id_token_hint).
    await trx('sso_logins')
      .where('expires_at', '<', trx.raw('now() - make_interval(hours => ?)', [config.sessionMaxHours + 24]))
      .orWhere((w) => w.whereNull('family_id').where('expires_at', '<', trx.raw("now() - interval '1 day'")))
      .delete();
    await trx('sso_logins').insert({
      state_hash: sha256(state),
      binding_hash: sha256(binding),
      nonce,
      organization_id: connection.organizationId,
      login_hint: email.trim().toLowerCase(),
      code_verifier: verifier,
      redirect_uri: redirectUri,
      expires_at: expires,
    });
  });
  http.setCookie({ name: SSO_COOKIE, value: binding, path: SSO_COOKIE_PATH, expires });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: connection.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email.trim(),
  });
  return { authorization_url: url.href, nonce };
}

// ---- the way back: the spec's login request with `auth_code` and `nonce` ----

type Refusal = {
  code: 'SSO_STATE_INVALID' | 'SSO_TOKEN_INVALID' | 'SSO_EMAIL_UNVERIFIED' | 'SSO_WRONG_DOMAIN';
  reason: string;
};

async function refuse(
  db: Knex,
  row: Pick<SsoLoginRow, 'id' | 'organization_id' | 'login_hint'> | undefined,
  reason: string,
  meta: RequestMeta,
  userId: number | null = null,
): Promise<void> {
  await recordAudit(db, null, {
    organizationId: row?.organization_id ?? null,
    action: 'SSO_LOGIN_REFUSED',
    entityType: userId ? 'user' : 'sso_login',
    entityId: userId ?? row?.id ?? null,
    actorEmail: row?.login_hint ?? null,
    after: { reason: reason.slice(0, 300) },
    requestId: meta.requestId,
  });
}

/** Failures of the code exchange or of the ID token's checks are the provider's answer refused; others, unreachable. */
function exchangeFailure(error: unknown): { unreachable: boolean; reason: string } {
  const e = error as { code?: unknown; name?: string; message?: string; error?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const refused =
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    code.startsWith('OAUTH_') ||
    code.startsWith('ERR_JW');
  const what = error instanceof oidc.ResponseBodyError ? String(e.error) : code || e.name || 'error';
  return { unreachable: !refused, reason: `${what}: ${e.message ?? ''}` };
}

const nameParts = (claims: Record<string, unknown>, email: string) => {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
  const full = text(claims.name)?.split(/\s+/) ?? [];
  return {
    firstName: text(claims.given_name) ?? full[0] ?? email.split('@')[0]!.slice(0, 100),
    lastName: text(claims.family_name) ?? (full.length > 1 ? full.slice(1).join(' ') : '-'),
  };
};

/**
 * The return leg: `auth_code`, `state` (and `iss` when the provider sends one) from the redirect, the `nonce` the
 * start answered, and the browser's key from its cookie. The first call exchanges the code and maps the identity to
 * its account; when the account has several organisations the answer is `login_as_required`, and the second call
 * (same fields, with `login_as_organization_id`) issues the session without exchanging again. No second factor:
 * the provider did it.
 */
export async function ssoGrant(
  db: Knex,
  config: Config,
  input: TokenRequest,
  binding: string | undefined,
  meta: RequestMeta,
): Promise<IssuedTokens> {
  const code = input.auth_code ?? '';
  const state = input.state ?? '';
  const row = state
    ? ((await db('sso_logins')
        .where({ state_hash: sha256(state) })
        .first()) as SsoLoginRow | undefined)
    : undefined;
  const stop = async (refusal: Refusal, userId: number | null = null): Promise<never> => {
    await refuse(db, row, refusal.reason, meta, userId);
    throw refusal.code === 'SSO_STATE_INVALID' || refusal.code === 'SSO_TOKEN_INVALID'
      ? new UnauthorizedError(refusal.code)
      : new ForbiddenError(refusal.code);
  };
  if (!row) return stop({ code: 'SSO_STATE_INVALID', reason: 'unknown state' });
  if (!binding || sha256(binding) !== row.binding_hash)
    return stop({ code: 'SSO_STATE_INVALID', reason: 'state from another browser' });
  if (input.nonce !== row.nonce) return stop({ code: 'SSO_STATE_INVALID', reason: 'wrong nonce' });
  if (row.consumed_at) return stop({ code: 'SSO_TOKEN_INVALID', reason: 'replayed code' });
  if (new Date(row.expires_at).getTime() <= Date.now()) return stop({ code: 'SSO_STATE_INVALID', reason: 'expired' });
  const connection = await connectionOf(db, config, row.organization_id);

  let userId = row.user_id;
  if (!row.exchanged_at) {
    // Claimed before the exchange, in its own commit: one exchange per sign-in whatever arrives at once.
    const claimed = await db('sso_logins')
      .where({ id: row.id })
      .whereNull('exchanged_at')
      .update({ exchanged_at: db.fn.now(), code_verifier: null, code_hash: sha256(code) });
    if (claimed !== 1 || !row.code_verifier) return stop({ code: 'SSO_TOKEN_INVALID', reason: 'replayed code' });
    const provider = await providerOf(connection);
    const back = new URL(row.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    if (input.iss) back.searchParams.set('iss', input.iss);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(provider, back, {
        pkceCodeVerifier: row.code_verifier,
        expectedState: state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const failure = exchangeFailure(error);
      if (failure.unreachable) {
        await refuse(db, row, `provider unreachable: ${failure.reason}`, meta);
        throw new AppError(502, 'SSO_PROVIDER_UNAVAILABLE');
      }
      return stop({ code: 'SSO_TOKEN_INVALID', reason: failure.reason });
    }
    const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    const email = typeof claims[connection.emailClaim] === 'string' ? String(claims[connection.emailClaim]).trim() : '';
    if (!email.includes('@'))
      return stop({ code: 'SSO_EMAIL_UNVERIFIED', reason: `no email in claim ${connection.emailClaim}` });
    if (claims.email_verified === false || claims.email_verified === 'false')
      return stop({ code: 'SSO_EMAIL_UNVERIFIED', reason: 'email_verified is false' });
    const domain = email.toLowerCase().split('@')[1]!;
    if (!connection.emailDomains.includes(domain))
      return stop({ code: 'SSO_WRONG_DOMAIN', reason: `domain ${domain} is not the organisation's` });
    const outcome = await transaction(db, async (trx) => {
      const account = await ssoAccount(trx, connection, { email, ...nameParts(claims, email) }, meta.requestId);
      if ('userId' in account && !('refused' in account))
        await trx('sso_logins')
          .where({ id: row.id })
          .update({ user_id: account.userId, id_token: tokens.id_token ?? null });
      return account;
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'deactivated') {
        await refuse(db, row, 'account deactivated', meta, outcome.userId);
        throw new ForbiddenError('ACCOUNT_DEACTIVATED');
      }
      await refuse(db, row, 'unknown user, just-in-time membership off', meta);
      throw new ForbiddenError('SSO_UNKNOWN_USER', {
        email,
        organization: connection.organizationName,
        contact: outcome.contact,
      });
    }
    userId = outcome.userId;
  } else if (!userId || row.code_hash !== sha256(code)) {
    return stop({ code: 'SSO_TOKEN_INVALID', reason: 'replayed code' });
  }
  return issueSsoSession(db, config, row, userId, input, meta);
}

/** The session of a verified sign-in: the organisation chosen (or a choice to make), then the tokens (single use). */
async function issueSsoSession(
  db: Knex,
  config: Config,
  row: SsoLoginRow,
  userId: number,
  input: TokenRequest,
  meta: RequestMeta,
): Promise<IssuedTokens> {
  const user = await findUserAccount(db, { id: userId });
  if (!user || user.status === 'DEACTIVATED') {
    await refuse(db, row, 'account deactivated', meta, userId);
    throw new ForbiddenError('ACCOUNT_DEACTIVATED');
  }
  const choices = await activeMemberships(db, userId);
  if (choices.length === 0) {
    await refuse(db, row, 'no active membership', meta, userId);
    throw new ForbiddenError('NO_ORGANIZATION');
  }
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
  const answer = await transaction(db, async (trx) => {
    const locked = (await trx('sso_logins').where({ id: row.id }).forUpdate().first('consumed_at')) as {
      consumed_at: Date | null;
    };
    if (locked.consumed_at) return null;
    const actor = await loadActor(trx, userId, organizationId);
    if (!actor) throw new ForbiddenError('NO_ORGANIZATION');
    const pair = await tokenPair(trx, config, actor, meta);
    const { family_id } = (await RefreshToken.query(trx).findById(pair.refreshId).select('family_id'))!;
    await trx('sso_logins').where({ id: row.id }).update({ consumed_at: trx.fn.now(), family_id });
    await patchUserAccount(trx, userId, { last_login_at: trx.fn.now() });
    await recordAudit(trx, actor, {
      organizationId,
      action: 'SSO_LOGIN',
      entityType: 'user',
      entityId: userId,
      after: { provider_organization_id: row.organization_id },
      requestId: meta.requestId,
    });
    return withTokens(pair);
  });
  if (!answer) {
    await refuse(db, row, 'replayed code', meta, userId);
    throw new UnauthorizedError('SSO_TOKEN_INVALID');
  }
  return answer;
}

// ---- logout at the provider ----

/**
 * GET /auth/idp/logout: for a session signed in through a provider, the provider's end-session address with
 * `id_token_hint`, `client_id` and the return to the sign-in page; otherwise IDP_LOGOUT_URL (or null).
 */
export async function idpLogoutUrl(db: Knex, config: Config, sessionId: string | undefined): Promise<string | null> {
  const fallback = config.idpLogoutUrl ?? null;
  if (!sessionId) return fallback;
  const row = (await db('sso_logins')
    .where({ family_id: sessionId })
    .orderBy('id', 'desc')
    .first('organization_id', 'id_token')) as { organization_id: number; id_token: string | null } | undefined;
  if (!row) return fallback;
  const connection = await ssoConnection(db, config, row.organization_id).catch(() => undefined);
  if (!connection) return fallback;
  const provider = await providerOf(connection).catch(() => null);
  if (!provider?.serverMetadata().end_session_endpoint) return fallback;
  return oidc.buildEndSessionUrl(provider, {
    ...(row.id_token ? { id_token_hint: row.id_token } : {}),
    post_logout_redirect_uri: ssoPostLogoutUri(config),
  }).href;
}

/** The browser's sign-in key, when its cookie came along (bounded: a longer value is none of ours). */
export function ssoBindingOf(http: RequestHttp | undefined): string | undefined {
  const value = http?.cookie(SSO_COOKIE);
  return value && value.length <= 100 ? value : undefined;
}
