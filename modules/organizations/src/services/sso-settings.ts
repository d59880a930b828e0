import type { Knex } from 'knex';
import {
  type Actor,
  BusinessRuleError,
  type Config,
  ConflictError,
  type FromSchema,
  NotFoundError,
  recordAudit,
  type RowOf,
  transaction,
  ValidationError,
} from '@portal/core';
import type { ssoSettingsAnswer, ssoSettingsBody } from '../sso-schemas.js';
import { decryptSsoSecret, encryptSsoSecret } from './sso-secret.js';

export type SsoSettingsInput = FromSchema<typeof ssoSettingsBody>;
export type SsoSettings = RowOf<typeof ssoSettingsAnswer>;

interface SsoRow {
  organization_id: number;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string | null;
  scopes: string;
  email_claim: string;
  jit_enabled: boolean;
  jit_role_id: number | null;
}

/** The web route the identity provider sends the browser back to, and where its logout returns. */
export const ssoRedirectUri = (config: Pick<Config, 'appUrl'>) => `${config.appUrl}/sso/callback`;
export const ssoPostLogoutUri = (config: Pick<Config, 'appUrl'>) => `${config.appUrl}/login`;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * An issuer or endpoint we may talk to: https, or http on this machine only (a provider started by the tests or a
 * developer). Anything else (another scheme, credentials or a fragment in the address) is refused.
 */
export function allowedProviderUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash || url.search) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url;
  return null;
}

export const isLoopbackUrl = (value: string) => {
  const url = allowedProviderUrl(value);
  return url !== null && url.protocol === 'http:';
};

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Reads the issuer's discovery document and checks it is an OpenID provider we can use: it names the same issuer, and
 * its authorisation, token and key endpoints are addresses we may reach. Unreachable: 422 SSO_DISCOVERY_FAILED;
 * not a usable document: 422 SSO_DISCOVERY_INVALID. Bounded: 5 seconds, 256 kB.
 */
export async function checkDiscovery(issuer: string): Promise<void> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let text: string;
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch {
    throw new BusinessRuleError('SSO_DISCOVERY_FAILED', { url });
  }
  let doc: Record<string, unknown>;
  try {
    if (text.length > 256 * 1024) throw new Error('too large');
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new BusinessRuleError('SSO_DISCOVERY_INVALID', { url });
  }
  const endpoints = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'];
  const ok =
    typeof doc.issuer === 'string' &&
    sameIssuer(doc.issuer, issuer) &&
    endpoints.every((k) => typeof doc[k] === 'string' && allowedProviderUrl(doc[k] as string) !== null);
  if (!ok) throw new BusinessRuleError('SSO_DISCOVERY_INVALID', { url });
}

async function rolesOf(db: Knex, organizationId: number) {
  return (await db('roles')
    .where({ organization_id: organizationId, status: 'ACTIVE' })
    .orderBy('name')
    .select('id', 'name')) as { id: number; name: string }[];
}

/** An organisation's single sign-on as its settings screen shows it (the secret only as set or not). */
export async function getSsoSettings(db: Knex, config: Config, organizationId: number): Promise<SsoSettings> {
  const org = (await db('organizations').where({ id: organizationId }).first('id', 'is_sso')) as
    | { id: number; is_sso: boolean }
    | undefined;
  if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  const row = (await db('organization_sso').where({ organization_id: organizationId }).first()) as SsoRow | undefined;
  const domains = (await db('organization_sso_domains')
    .where({ organization_id: organizationId })
    .orderBy('domain')
    .pluck('domain')) as string[];
  return {
    organization_id: organizationId,
    enabled: org.is_sso && row !== undefined,
    configured: row !== undefined,
    issuer: row?.issuer ?? null,
    client_id: row?.client_id ?? null,
    client_secret_set: Boolean(row?.client_secret_encrypted),
    scopes: row?.scopes ?? 'openid email profile',
    email_claim: row?.email_claim ?? 'email',
    email_domains: domains,
    jit_enabled: row?.jit_enabled ?? false,
    jit_role_id: row?.jit_role_id ?? null,
    redirect_uri: ssoRedirectUri(config),
    post_logout_redirect_uri: ssoPostLogoutUri(config),
    roles: await rolesOf(db, organizationId),
  };
}

/** The operator's access to an organisation's sign-on: suppliers need ManageSuppliers, providers ManageProviders. */
export async function operatorSsoTarget(db: Knex, actor: Actor, organizationId: number): Promise<number> {
  const org = (await db('organizations').where({ id: organizationId }).first('id', 'type')) as
    | { id: number; type: string }
    | undefined;
  const needed = org?.type === 'SUPPLIER' ? 'Notisphere_ManageSuppliers' : 'Notisphere_ManageProviders';
  if (!org || org.type === 'NOTISPHERE') throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  if (!actor.permissions.includes(needed)) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
  return org.id;
}

/** Statuses of accounts that sign in by password today and move to the provider when their domain does. */
const MOVING_TO_SSO = ['VERIFIED', 'VERIFICATION', 'NONVERIFIED', 'PENDING', 'LOCKED'];

const EMAIL_DOMAIN_IN = "lower(split_part(email, '@', 2)) = ANY(?)";

/**
 * Saves an organisation's single sign-on: checks the issuer's discovery first, keeps the secret encrypted (absent:
 * the stored one stays), claims the email domains (one organisation each: 409 SSO_DOMAIN_TAKEN), and switches
 * `is_sso`. Switching on moves the domains' accounts to status SSO with no usable password; switching off (or a
 * domain given up) gives them back VERIFIED without a password (they set one through "Forgot password"). Audited
 * without the secret.
 */
export async function saveSsoSettings(
  db: Knex,
  actor: Actor,
  config: Config,
  organizationId: number,
  input: SsoSettingsInput,
  requestId: string,
): Promise<SsoSettings> {
  const issuer = input.issuer.trim().replace(/\/+$/, '');
  if (!allowedProviderUrl(issuer)) throw new ValidationError('SSO_ISSUER_INVALID');
  if (!input.scopes.split(' ').includes('openid')) throw new ValidationError('SSO_SCOPES_INVALID');
  if (input.jit_enabled && !input.jit_role_id) throw new ValidationError('SSO_ROLE_REQUIRED');
  const domains = [...new Set(input.email_domains.map((d) => d.trim().toLowerCase()))].sort();
  await checkDiscovery(issuer);

  await transaction(db, async (trx) => {
    const org = (await trx('organizations').where({ id: organizationId }).forNoKeyUpdate().first('id', 'is_sso')) as
      | { id: number; is_sso: boolean }
      | undefined;
    if (!org) throw new NotFoundError('ORGANIZATION_NOT_FOUND');
    if (input.jit_role_id) {
      const role = await trx('roles')
        .where({ id: input.jit_role_id, organization_id: organizationId, status: 'ACTIVE' })
        .first('id');
      if (!role) throw new NotFoundError('ROLE_NOT_FOUND_IN_ORGANIZATION');
    }
    const taken = (await trx('organization_sso_domains')
      .whereRaw('domain = ANY(?)', [domains])
      .whereNot({ organization_id: organizationId })
      .orderBy('domain')
      .first('domain')) as { domain: string } | undefined;
    if (taken) throw new ConflictError('SSO_DOMAIN_TAKEN', { domain: taken.domain });

    const before = (await trx('organization_sso').where({ organization_id: organizationId }).first()) as
      | SsoRow
      | undefined;
    const beforeDomains = (await trx('organization_sso_domains')
      .where({ organization_id: organizationId })
      .orderBy('domain')
      .pluck('domain')) as string[];
    if (!input.client_secret && !before?.client_secret_encrypted) throw new ValidationError('SSO_SECRET_REQUIRED');
    const row = {
      issuer,
      client_id: input.client_id,
      scopes: input.scopes,
      email_claim: input.email_claim,
      jit_enabled: input.jit_enabled,
      jit_role_id: input.jit_role_id ?? null,
      ...(input.client_secret
        ? { client_secret_encrypted: encryptSsoSecret(config, organizationId, input.client_secret) }
        : {}),
    };
    if (before)
      await trx('organization_sso')
        .where({ organization_id: organizationId })
        .update({ ...row, updated_at: trx.fn.now() });
    else await trx('organization_sso').insert({ organization_id: organizationId, ...row });
    await trx('organization_sso_domains').where({ organization_id: organizationId }).delete();
    await trx('organization_sso_domains').insert(
      domains.map((domain) => ({ domain, organization_id: organizationId })),
    );
    await trx('organizations').where({ id: organizationId }).update({ is_sso: input.enabled });

    // Accounts follow their domain: to the provider when it is on, back to passwords when it is off or given up.
    const ssoDomains = input.enabled ? domains : [];
    const released = beforeDomains.filter((d) => !ssoDomains.includes(d));
    const moved = ssoDomains.length
      ? await trx('users')
          .whereIn('status', MOVING_TO_SSO)
          .whereRaw(EMAIL_DOMAIN_IN, [ssoDomains])
          .update({ status: 'SSO', password_hash: null, failed_login_count: 0, locked_at: null })
      : 0;
    const returned = released.length
      ? await trx('users').where({ status: 'SSO' }).whereRaw(EMAIL_DOMAIN_IN, [released]).update({ status: 'VERIFIED' })
      : 0;

    const shown = (r: typeof row | SsoRow | undefined, d: string[], enabled: boolean) =>
      r
        ? {
            enabled,
            issuer: r.issuer,
            client_id: r.client_id,
            scopes: r.scopes,
            email_claim: r.email_claim,
            email_domains: d,
            jit_enabled: r.jit_enabled,
            jit_role_id: r.jit_role_id,
          }
        : null;
    await recordAudit(trx, actor, {
      organizationId,
      action: 'SSO_SETTINGS_UPDATED',
      entityType: 'organization',
      entityId: organizationId,
      before: shown(before, beforeDomains, org.is_sso),
      after: {
        ...shown(row, domains, input.enabled),
        client_credential_changed: Boolean(input.client_secret),
        accounts_moved_to_sso: moved,
        accounts_back_to_password: returned,
      },
      requestId,
    });
  });
  return getSsoSettings(db, config, organizationId);
}

/** The organisation whose provider signs in an email's domain, when its single sign-on is on (and it is active). */
export async function ssoOrganizationForEmail(
  db: Knex,
  email: string,
): Promise<{ organizationId: number; name: string } | undefined> {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return undefined;
  const row = (await db('organization_sso_domains as d')
    .join('organizations as o', 'o.id', 'd.organization_id')
    .join('organization_sso as s', 's.organization_id', 'o.id')
    .where({ 'd.domain': domain, 'o.is_sso': true, 'o.status': 'ACTIVE' })
    .first('o.id', 'o.name')) as { id: number; name: string } | undefined;
  return row ? { organizationId: row.id, name: row.name } : undefined;
}

/** What the sign-in needs of an organisation's provider, the secret in clear (in memory only). */
export interface SsoConnection {
  organizationId: number;
  organizationName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  emailClaim: string;
  emailDomains: string[];
  jitEnabled: boolean;
  jitRoleId: number | null;
}

/**
 * An organisation's provider for signing in, when its single sign-on is on. A secret written under an older key is
 * re-encrypted with the current one; one no key of the ring opens answers 503 SSO_SECRET_UNREADABLE (enter it again).
 */
export async function ssoConnection(
  db: Knex,
  config: Config,
  organizationId: number,
): Promise<SsoConnection | undefined> {
  const row = (await db('organization_sso as s')
    .join('organizations as o', 'o.id', 's.organization_id')
    .where({ 's.organization_id': organizationId, 'o.is_sso': true })
    .first('s.*', 'o.name')) as (SsoRow & { name: string }) | undefined;
  if (!row) return undefined;
  const opened = row.client_secret_encrypted
    ? decryptSsoSecret(config, organizationId, row.client_secret_encrypted)
    : null;
  if (!opened) throw new BusinessRuleError('SSO_SECRET_UNREADABLE');
  if (opened.stale)
    await db('organization_sso')
      .where({ organization_id: organizationId, client_secret_encrypted: row.client_secret_encrypted })
      .update({ client_secret_encrypted: encryptSsoSecret(config, organizationId, opened.secret) });
  const domains = (await db('organization_sso_domains')
    .where({ organization_id: organizationId })
    .pluck('domain')) as string[];
  return {
    organizationId,
    organizationName: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: opened.secret,
    scopes: row.scopes,
    emailClaim: row.email_claim,
    emailDomains: domains,
    jitEnabled: row.jit_enabled,
    jitRoleId: row.jit_role_id,
  };
}
