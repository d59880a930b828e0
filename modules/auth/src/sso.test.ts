import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { startTestIdp, type IdTokenRewrite, type TestIdp } from '../../../test/oidc-idp.js';

/**
 * Single sign-on against a real OpenID provider (oidc-provider on loopback, test/oidc-idp.ts): configuration, domain
 * routing, the return leg through the spec's login request, just-in-time membership, every refusal the issue names,
 * the provider's logout and a deactivated account.
 */
let t: TestApp;
let idp: TestIdp;
let operator: string;
let riverside: number;
let lakeshore: number;
let responderRole: number;

const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));

/** The browser's side of one sign-in: the start (its cookie and nonce) and the provider's redirect back. */
async function startAt(email: string) {
  const res = await t.call('POST', '/api/auth/sso/start', { body: { email } });
  expect(res.status, res.body.m).toBe(200);
  const cookie = cookieOf(res.headers, 'portal_sso');
  expect(cookie).toBeDefined();
  const back = await idp.signIn(res.body.d.authorization_url);
  return {
    cookie: cookie!,
    nonce: res.body.d.nonce as string,
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
    iss: back.searchParams.get('iss') ?? undefined,
    url: new URL(res.body.d.authorization_url),
  };
}

type Leg = Awaited<ReturnType<typeof startAt>>;

const returnLeg = (leg: Leg, extra: Record<string, unknown> = {}, cookie = leg.cookie) =>
  t.call('POST', '/api/auth/token', {
    headers: { cookie },
    body: {
      grant_type: 'authorization_code',
      auth_code: leg.code,
      state: leg.state,
      nonce: leg.nonce,
      ...(leg.iss ? { iss: leg.iss } : {}),
      ...extra,
    },
  });

const ssoSignIn = async (email: string, rewrite?: IdTokenRewrite) => {
  const leg = await startAt(email);
  if (rewrite) idp.rewriteNextIdToken(rewrite);
  return returnLeg(leg);
};

const audits = (action: string) =>
  t.db('audit_events').where({ action }).orderBy('id').select('actor_email', 'entity_id', 'after', 'organization_id');

const settings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  scopes: 'openid email profile',
  email_claim: 'email',
  email_domains: ['riverside.demo'],
  jit_enabled: false,
  jit_role_id: null,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  idp = await startTestIdp({
    redirectUris: [`${t.config.appUrl}/sso/callback`],
    postLogoutRedirectUris: [`${t.config.appUrl}/login`],
  });
  operator = (await t.signIn('admin@operator.demo')).access_token;
  const idOf = async (name: string) => ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
  riverside = await idOf('Riverside Health');
  lakeshore = await idOf('Lakeshore Medical Center');
  responderRole = (
    (await t.db('roles').where({ organization_id: riverside, name: 'Responder' }).first('id')) as { id: number }
  ).id;
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('single sign-on settings', () => {
  it('checks the issuer and its discovery on save, and keeps the secret encrypted and unanswered', async () => {
    const path = `/api/notisphere/organizations/sso/${riverside}`;
    const acmeAdmin = (await t.signIn('admin@acme.demo')).access_token;
    expect((await t.call('PUT', path, { token: acmeAdmin, body: settings() })).status).toBe(403);

    const plainHttp = await t.call('PUT', path, {
      token: operator,
      body: settings({ issuer: 'http://idp.example.com' }),
    });
    expect([plainHttp.status, plainHttp.body.error?.code]).toEqual([400, 'SSO_ISSUER_INVALID']);
    const unreachable = await t.call('PUT', path, {
      token: operator,
      body: settings({ issuer: 'http://127.0.0.1:9/nothing' }),
    });
    expect([unreachable.status, unreachable.body.error?.code]).toEqual([422, 'SSO_DISCOVERY_FAILED']);
    const notOidc = await t.call('PUT', path, { token: operator, body: settings({ issuer: t.baseUrl }) });
    expect(notOidc.status).toBe(422);
    const noSecret = await t.call('PUT', path, { token: operator, body: settings({ client_secret: undefined }) });
    expect([noSecret.status, noSecret.body.error?.code]).toEqual([400, 'SSO_SECRET_REQUIRED']);
    const jitWithoutRole = await t.call('PUT', path, { token: operator, body: settings({ jit_enabled: true }) });
    expect(jitWithoutRole.body.error?.code).toBe('SSO_ROLE_REQUIRED');
    const foreignRole = (await t.db('roles').whereNot({ organization_id: riverside }).first('id')) as { id: number };
    const wrongRole = await t.call('PUT', path, {
      token: operator,
      body: settings({ jit_enabled: true, jit_role_id: foreignRole.id }),
    });
    expect(wrongRole.status).toBe(404);
    expect(Number((await t.db('organization_sso').count({ n: '*' }).first())?.n)).toBe(0);

    const saved = await t.call('PUT', path, { token: operator, body: settings() });
    expect(saved.status, saved.body.m).toBe(200);
    expect(saved.body.d).toMatchObject({
      enabled: true,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      email_domains: ['riverside.demo'],
      redirect_uri: `${t.config.appUrl}/sso/callback`,
    });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    const stored = (await t.db('organization_sso').where({ organization_id: riverside }).first()) as {
      client_secret_encrypted: string;
    };
    expect(stored.client_secret_encrypted).toMatch(/^v1\./);
    expect(stored.client_secret_encrypted).not.toContain(idp.clientSecret);
    const [audit] = await audits('SSO_SETTINGS_UPDATED');
    expect(Number(audit?.organization_id)).toBe(riverside);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
    expect(audit?.after).toMatchObject({ enabled: true, client_credential_changed: true });

    // The domain's accounts now sign in at the provider only.
    const responder = await t.db('users').where({ email: 'responder@riverside.demo' }).first('status', 'password_hash');
    expect(responder).toEqual({ status: 'SSO', password_hash: null });

    // Saved again without a secret: the stored one stays. Another organisation cannot claim the domain.
    const again = await t.call('PUT', path, { token: operator, body: settings({ client_secret: undefined }) });
    expect(again.body.d.client_secret_set).toBe(true);
    const acme = ((await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number })
      .id;
    const taken = await t.call('PUT', `/api/notisphere/organizations/sso/${acme}`, {
      token: operator,
      body: settings({ email_domains: ['acme.demo', 'Riverside.demo'] }),
    });
    expect([taken.status, taken.body.error?.code]).toEqual([409, 'SSO_DOMAIN_TAKEN']);

    // The organisation's own administrator reads its own settings only (no id in the path).
    const own = await t.call('GET', '/api/organization/sso', { token: acmeAdmin });
    expect(own.body.d).toMatchObject({ organization_id: acme, configured: false, client_secret_set: false });
  });

  it('routes by email domain without saying whether the user exists', async () => {
    const ask = (email: string) => t.call('GET', `/api/auth/sso/discover?email=${encodeURIComponent(email)}`);
    expect((await ask('responder@riverside.demo')).body.d).toEqual({
      sso: true,
      organization_name: 'Riverside Health',
    });
    expect((await ask('nobody-here@riverside.demo')).body.d).toEqual({
      sso: true,
      organization_name: 'Riverside Health',
    });
    expect((await ask('admin@acme.demo')).body.d).toEqual({ sso: false, organization_name: null });
    expect((await ask('not-an-email')).status).toBe(400);
    const start = await t.call('POST', '/api/auth/sso/start', { body: { email: 'admin@acme.demo' } });
    expect([start.status, start.body.error?.code]).toEqual([404, 'SSO_NOT_CONFIGURED']);
  });
});

describe('signing in through the provider', () => {
  it('signs in by domain routing, with PKCE, state and nonce', async () => {
    const leg = await startAt('responder@riverside.demo');
    expect(leg.url.origin).toBe(idp.issuer);
    expect(leg.url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(leg.url.searchParams.get('nonce')).toBe(leg.nonce);
    expect(leg.url.searchParams.get('login_hint')).toBe('responder@riverside.demo');
    const res = await returnLeg(leg);
    expect(res.status, JSON.stringify(await audits('SSO_LOGIN_REFUSED'))).toBe(200);
    expect(res.body.d.access_token).toEqual(expect.any(String));
    expect(res.body.d.login_as_required).toBeNull();
    const me = await t.call('GET', '/api/me', { token: res.body.d.access_token });
    expect(me.body.d).toMatchObject({ email: 'responder@riverside.demo', status: 'SSO' });
    expect(Number((await audits('SSO_LOGIN')).at(-1)?.organization_id)).toBe(riverside);
  });

  it('answers login_as_required for two organisations, then issues once (a replay is refused)', async () => {
    const leg = await startAt('multi@riverside.demo');
    const first = await returnLeg(leg);
    expect(first.status).toBe(200);
    expect(first.body.d.access_token).toBeNull();
    expect((first.body.d.login_as_required as { id: number }[]).map((o) => o.id).sort()).toEqual(
      [riverside, lakeshore].sort(),
    );
    const chosen = await returnLeg(leg, { login_as_organization_id: lakeshore });
    expect(chosen.status, chosen.body.m).toBe(200);
    const me = await t.call('GET', '/api/me/organization', { token: chosen.body.d.access_token });
    expect(me.body.d.id).toBe(lakeshore);
    const replay = await returnLeg(leg, { login_as_organization_id: lakeshore });
    expect([replay.status, replay.body.error?.code]).toEqual([401, 'SSO_TOKEN_INVALID']);
  });

  it('refuses an unknown person when just-in-time membership is off, naming whom to ask; admits when on', async () => {
    const refused = await ssoSignIn('newbie@riverside.demo');
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'SSO_UNKNOWN_USER']);
    expect(refused.body.m).toContain('admin@riverside.demo');
    expect(await t.db('users').where({ email: 'newbie@riverside.demo' }).first()).toBeUndefined();
    expect((await audits('SSO_LOGIN_REFUSED')).at(-1)?.after).toMatchObject({
      reason: expect.stringMatching(/unknown/),
    });

    await t.call('PUT', `/api/notisphere/organizations/sso/${riverside}`, {
      token: operator,
      body: settings({ client_secret: undefined, jit_enabled: true, jit_role_id: responderRole }),
    });
    const admitted = await ssoSignIn('newbie@riverside.demo');
    expect(admitted.status, admitted.body.m).toBe(200);
    const user = (await t
      .db('users')
      .where({ email: 'newbie@riverside.demo' })
      .first('id', 'status', 'password_hash'))!;
    expect(user).toMatchObject({ status: 'SSO', password_hash: null });
    expect(
      await t.db('memberships').where({ user_id: user.id, organization_id: riverside }).first('role_id', 'status'),
    ).toEqual({ role_id: responderRole, status: 'ACTIVE' });
    expect((await audits('SSO_JIT_MEMBERSHIP')).at(-1)).toMatchObject({ entity_id: String(user.id) });
  });

  it('refuses a tampered ID token, a wrong nonce, a wrong audience and an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, IdTokenRewrite][] = [
      ['tampered', 'corrupt'],
      ['wrong nonce', (c) => ({ ...c, nonce: 'not-the-nonce' })],
      ['wrong audience', (c) => ({ ...c, aud: 'someone-else' })],
      ['expired', (c) => ({ ...c, iat: now - 7200, exp: now - 3600 })],
    ];
    for (const [what, rewrite] of cases) {
      const before = (await audits('SSO_LOGIN_REFUSED')).length;
      const res = await ssoSignIn('responder@riverside.demo', rewrite);
      expect([what, res.status, res.body.error?.code]).toEqual([what, 401, 'SSO_TOKEN_INVALID']);
      expect(res.body.d).toBeUndefined();
      expect((await audits('SSO_LOGIN_REFUSED')).length).toBe(before + 1);
    }
  });

  it('refuses a replayed code and a state from another browser', async () => {
    const leg = await startAt('responder@riverside.demo');
    expect((await returnLeg(leg)).status).toBe(200);
    const replay = await returnLeg(leg);
    expect([replay.status, replay.body.error?.code]).toEqual([401, 'SSO_TOKEN_INVALID']);

    // The victim's browser started its own sign-in; the attacker's code and state arrive in it.
    const attacker = await startAt('responder@riverside.demo');
    const victim = await t.call('POST', '/api/auth/sso/start', { body: { email: 'responder@riverside.demo' } });
    const other = await returnLeg(attacker, {}, cookieOf(victim.headers, 'portal_sso'));
    expect([other.status, other.body.error?.code]).toEqual([401, 'SSO_STATE_INVALID']);
    const none = await returnLeg(attacker, {}, '');
    expect(none.status).toBe(401);
    const wrongNonce = await returnLeg(attacker, { nonce: 'x' });
    expect(wrongNonce.body.error?.code).toBe('SSO_STATE_INVALID');
    const reasons = (await audits('SSO_LOGIN_REFUSED')).map((a) => (a.after as { reason: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['replayed code', 'state from another browser']));
    // The attacker's own browser could still finish: nothing was spent by the refusals.
    expect((await returnLeg(attacker)).status).toBe(200);
  });

  it('refuses password sign-in, reset and unlock for an SSO user', async () => {
    const pw = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'password', email: 'responder@riverside.demo', password: 'Portal#2026' },
    });
    expect([pw.status, pw.body.error?.code]).toEqual([403, 'SSO_REQUIRED']);
    expect(pw.body.m).toContain('Riverside Health');
    const forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'responder@riverside.demo' } });
    expect([forgot.status, forgot.body.error?.code]).toEqual([403, 'SSO_REQUIRED']);
    const unlock = await t.call('POST', '/api/auth/userlock', { body: { email: 'responder@riverside.demo' } });
    expect(unlock.body.error?.code).toBe('SSO_REQUIRED');
  });

  it("answers the provider's end-session address for an SSO session", async () => {
    const res = await ssoSignIn('responder@riverside.demo');
    const token = res.body.d.access_token as string;
    const out = await t.call('GET', '/api/auth/idp/logout', { token });
    const url = new URL(out.body.d.logout_url as string);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${t.config.appUrl}/login`);
    // The provider accepts it (its logout confirmation), rather than an error page.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('logout');
    const passwordSession = (await t.signIn('admin@acme.demo')).access_token;
    expect((await t.call('GET', '/api/auth/idp/logout', { token: passwordSession })).body.d.logout_url).toBeNull();
    expect((await t.call('GET', '/api/auth/idp/logout')).body.d.logout_url).toBeNull();
  });

  it('refuses a deactivated user even though the provider still signs them in, and ends their sessions', async () => {
    const res = await ssoSignIn('responder@riverside.demo');
    const token = res.body.d.access_token as string;
    const user = (await t.db('users').where({ email: 'responder@riverside.demo' }).first('id')) as { id: number };
    const off = await t.call('PUT', `/api/notisphere/users/${user.id}/inactivate`, { token: operator });
    expect(off.status, off.body.m).toBe(200);
    expect((await t.call('GET', '/api/me', { token })).status).toBe(401);
    const again = await ssoSignIn('responder@riverside.demo');
    expect([again.status, again.body.error?.code]).toEqual([403, 'ACCOUNT_DEACTIVATED']);
    expect((await audits('SSO_LOGIN_REFUSED')).at(-1)).toMatchObject({
      entity_id: String(user.id),
      after: { reason: 'account deactivated' },
    });
  });
});
