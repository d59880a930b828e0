import { randomUUID } from 'node:crypto';
import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyId, PASSWORD_RULE_MESSAGE, PERMISSIONS, SEEDED_ROLES, messageText } from '@portal/core';
import { DEMO_PASSWORD, refreshCookieOf, startTestApp, type TestApp } from '@portal/testing';
import { MESSAGES } from './messages.js';
import { signAccessToken, verifyAccessToken } from './services/tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const decodeJwt = createDecoder() as (token: string) => { exp?: number; [claim: string]: unknown };
const orgId = async (name: string) => ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
const token = (email: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/auth/token', { body: { grant_type: 'password', email, password, ...extra } });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('sign-in', () => {
  it.each([
    ['admin@operator.demo', 'NOTISPHERE', 'Administrator', PERMISSIONS.NOTISPHERE.length],
    ['admin@acme.demo', 'SUPPLIER', 'Administrator', PERMISSIONS.SUPPLIER.length],
    ['recalls@acme.demo', 'SUPPLIER', 'Recall Coordinator', SEEDED_ROLES.SUPPLIER['Recall Coordinator']!.length],
    ['admin@riverside.demo', 'PROVIDER', 'Administrator', PERMISSIONS.PROVIDER.length],
    ['responder@riverside.demo', 'PROVIDER', 'Responder', SEEDED_ROLES.PROVIDER.Responder!.length],
  ])('signs in %s with the claims of spec §3', async (email, orgType, role, permissionCount) => {
    const res = await token(email);
    expect(res.status).toBe(200);
    const d = res.body.d;
    expect(d).toMatchObject({ token_type: 'Bearer', expires_in: 900, login_as_required: null, Challenge: null });
    // The refresh token is in no JSON body (issue 34): it is the HttpOnly cookie of the refresh and logout calls.
    expect(d).not.toHaveProperty('refresh_token');
    expect(refreshCookieOf(res.headers)).toMatch(/^[\w-]{40,}$/);
    const claims = decodeJwt(d.access_token);
    const user = (await t.db('users').where({ email }).first('id')) as { id: number };
    expect(claims.sub).toBe(String(user.id));
    expect(claims).toMatchObject({
      org_type: orgType,
      role_name: role,
      parentorg_type: null,
      allPermissionCount: PERMISSIONS[orgType as 'SUPPLIER'].length,
    });
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(800);
    expect((claims.permission as string[]).length).toBe(permissionCount);
    expect(typeof claims.org_id).toBe('number');
    // Only permissions of the user's own organisation type ever appear.
    for (const p of claims.permission as string[])
      expect((PERMISSIONS[orgType as 'SUPPLIER'] as readonly string[]).includes(p)).toBe(true);
  });

  it('accepts the email in any case, and refuses one padded with spaces as not an email', async () => {
    expect((await token('  Admin@ACME.demo ')).status).toBe(400); // leading spaces are not an email
    expect((await token('Admin@ACME.demo')).status).toBe(200);
  });

  it('refuses a wrong password with the clear message and no tokens', async () => {
    const res = await token('admin@borealis.demo', 'Wrong#Pass1');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      ok: false,
      m: messageText('INVALID_CREDENTIALS'),
      error: { code: 'INVALID_CREDENTIALS' },
    });
    expect(res.body.d).toBeUndefined();
    // An unknown email answers exactly the same.
    const unknown = await token('nobody@nowhere.demo', 'Wrong#Pass1');
    expect(unknown.status).toBe(401);
    expect(unknown.body.m).toBe(messageText('INVALID_CREDENTIALS'));
    // A success resets the count of failures.
    expect((await token('admin@borealis.demo')).status).toBe(200);
    const row = (await t.db('users').where({ email: 'admin@borealis.demo' }).first('failed_login_count')) as {
      failed_login_count: number;
    };
    expect(row.failed_login_count).toBe(0);
  });

  it('records sign-ins and failures in the audit history', async () => {
    const actions = (await t
      .db('audit_events')
      .where({ actor_email: 'admin@borealis.demo' })
      .pluck('action')) as string[];
    expect(actions).toContain('LOGIN_FAILED');
    expect(actions).toContain('LOGIN');
  });
});

describe('login as', () => {
  it('asks which organisation when the user has several, without issuing tokens', async () => {
    const res = await token('multi@riverside.demo');
    expect(res.status).toBe(200);
    expect(res.body.d.access_token).toBeNull();
    expect(res.body.d).not.toHaveProperty('refresh_token');
    expect(refreshCookieOf(res.headers)).toBeNull();
    const choices = res.body.d.login_as_required as { id: number; name: string; type: string }[];
    expect(choices.map((c) => c.name)).toEqual(['Lakeshore Medical Center', 'Riverside Health']);
    expect(choices.every((c) => c.type === 'PROVIDER')).toBe(true);
  });

  it("issues tokens for the chosen organisation with that membership's role", async () => {
    const lakeshore = await orgId('Lakeshore Medical Center');
    const res = await token('multi@riverside.demo', DEMO_PASSWORD, { login_as_organization_id: lakeshore });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.d.access_token);
    expect(claims).toMatchObject({ org_id: lakeshore, role_name: 'Responder' });
    const riverside = await orgId('Riverside Health');
    const other = decodeJwt(
      (await token('multi@riverside.demo', DEMO_PASSWORD, { login_as_organization_id: riverside })).body.d.access_token,
    );
    expect(other).toMatchObject({ org_id: riverside, role_name: 'Recall Coordinator' });
  });

  it('refuses an organisation the user does not belong to', async () => {
    const acme = await orgId('Acme Medical Devices');
    const res = await token('multi@riverside.demo', DEMO_PASSWORD, { login_as_organization_id: acme });
    expect(res.status).toBe(403);
    expect(res.body.m).toBe(messageText('NOT_A_MEMBER'));
  });
});

describe('second factor', () => {
  it('answers a Challenge, emails a code, and issues tokens only with the right code', async () => {
    const borealis = await orgId('Borealis Pharma');
    await t.db('organizations').where({ id: borealis }).update({ two_factor: 'EMAIL_CODE' });
    try {
      const first = await token('admin@borealis.demo');
      expect(first.status).toBe(200);
      expect(first.body.d).toMatchObject({
        access_token: null,
        Challenge: { type: 'EMAIL_CODE', message: MESSAGES.challenge },
      });
      const mail = await t.smtp.waitFor('admin@borealis.demo', (m) => m.subject === 'Your sign-in verification code');
      const code = codeIn(mail.text);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = await token('admin@borealis.demo', DEMO_PASSWORD, {
        verification_code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.m).toBe(messageText('INVALID_CODE'));
      const ok = await token('admin@borealis.demo', DEMO_PASSWORD, { verification_code: code });
      expect(ok.status).toBe(200);
      expect(decodeJwt(ok.body.d.access_token).org_id).toBe(borealis);
      // The code is single use.
      expect((await token('admin@borealis.demo', DEMO_PASSWORD, { verification_code: code })).status).toBe(401);
    } finally {
      await t.db('organizations').where({ id: borealis }).update({ two_factor: 'NONE' });
    }
  });
});

describe('lockout', () => {
  it('locks after five wrong passwords and unlocks with the emailed code', async () => {
    const email = 'sourcing@acme.demo';
    for (let i = 1; i <= 4; i++) expect((await token(email, 'Wrong#Pass1')).status).toBe(401);
    const fifth = await token(email, 'Wrong#Pass1');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({
      ok: false,
      m: messageText('ACCOUNT_LOCKED'),
      error: { code: 'ACCOUNT_LOCKED' },
    });
    // Locked: even the right password is refused.
    expect((await token(email)).status).toBe(423);
    expect(((await t.db('users').where({ email }).first('status')) as { status: string }).status).toBe('LOCKED');

    const asked = await t.call('POST', '/api/auth/userlock', { body: { email } });
    expect(asked.body).toMatchObject({ ok: true, m: MESSAGES.unlockSent });
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Your account unlock code');
    const code = codeIn(mail.text);
    const bad = await t.call('POST', '/api/auth/userlockotp', {
      body: { email, code: code === '123456' ? '654321' : '123456' },
    });
    expect(bad.status).toBe(401);
    const good = await t.call('POST', '/api/auth/userlockotp', { body: { email, code } });
    expect(good.body).toMatchObject({ ok: true, m: MESSAGES.unlocked });
    expect((await token(email)).status).toBe(200);
    const actions = (await t.db('audit_events').where({ actor_email: email }).pluck('action')) as string[];
    expect(actions).toEqual(expect.arrayContaining(['USER_LOCKED', 'UNLOCK_CODE_SENT', 'USER_UNLOCKED']));
  });

  it('restoreuser unlocks with a code and a new password that follows the rule', async () => {
    const email = 'admin@lakeshore.demo';
    for (let i = 0; i < 5; i++) await token(email, 'Wrong#Pass1');
    await t.call('POST', '/api/auth/userlock', { body: { email } });
    const code = codeIn((await t.smtp.waitFor(email, (m) => m.subject === 'Your account unlock code')).text);
    const weak = await t.call('POST', '/api/auth/restoreuser', {
      body: { email, verification_code: code, password: 'weak' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.m).toBe(PASSWORD_RULE_MESSAGE);
    const ok = await t.call('POST', '/api/auth/restoreuser', {
      body: { email, verification_code: code, password: 'Lakeshore#2027' },
    });
    expect(ok.status).toBe(200);
    expect((await token(email)).status).toBe(401);
    expect((await token(email, 'Lakeshore#2027')).status).toBe(200);
  });

  it('answers userlock the same for an unknown or unlocked account and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const res = await t.call('POST', '/api/auth/userlock', { body: { email: 'admin@acme.demo' } });
    expect(res.body).toMatchObject({ ok: true, m: MESSAGES.unlockSent });
    await t.mailer.drain();
    expect(t.smtp.messages.length).toBe(before);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and revokes the whole family when an old one is reused', async () => {
    const first = await t.signIn('admin@riverside.demo');
    const second = await t.refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.d).not.toHaveProperty('refresh_token');
    expect(decodeJwt(second.body.d.access_token).role_name).toBe('Administrator');
    // The grant_type form of the token call rotates the same way (a non-browser client sends the cookie itself).
    const third = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'refresh_token' },
      headers: { cookie: `portal_refresh=${second.refresh_token}`, origin: t.baseUrl },
    });
    expect(third.status).toBe(200);
    const thirdToken = refreshCookieOf(third.headers);
    expect(thirdToken).toBeTruthy();

    const reuse = await t.refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({
      m: messageText('REFRESH_TOKEN_REUSED'),
      error: { code: 'REFRESH_TOKEN_REUSED' },
    });
    // The newest token of the family is dead too, and so is its access token.
    const newest = await t.refresh(thirdToken);
    expect(newest.status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: third.body.d.access_token })).status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await t.refresh('not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    // A refused refresh clears the cookie, so the browser stops sending it.
    expect(refreshCookieOf(res.headers)).toBe('');
  });

  it('stores only hashes of refresh tokens', async () => {
    const { refresh_token } = await t.signIn('admin@operator.demo');
    const found = await t.db('refresh_tokens').where({ token_hash: refresh_token }).first();
    expect(found).toBeUndefined();
  });
});

describe('logout and expiry', () => {
  it("logout revokes the refresh token and ends the access token's session", async () => {
    const s = await t.signIn('admin@acme.demo');
    expect((await t.call('GET', '/api/me', { token: s.access_token })).status).toBe(200);
    const out = await t.logout(s.refresh_token, { token: s.access_token });
    expect(out.status).toBe(200);
    expect(refreshCookieOf(out.headers)).toBe('');
    expect((await t.refresh(s.refresh_token)).status).toBe(401);
    const me = await t.call('GET', '/api/me', { token: s.access_token });
    expect(me.status).toBe(401);
    expect(me.body.error?.code).toBe('SESSION_ENDED');
  });

  it('logout with only the Bearer token (the spec sends no payload) ends that session', async () => {
    const s = await t.signIn('admin@acme.demo');
    expect((await t.logout(null, { token: s.access_token })).status).toBe(200);
    expect((await t.refresh(s.refresh_token)).status).toBe(401);
  });

  it('answers an expired access token with 401 TOKEN_EXPIRED', async () => {
    const s = await t.signIn('admin@acme.demo');
    const claims = decodeJwt(s.access_token);
    const actor = {
      userId: Number(claims.sub),
      email: 'admin@acme.demo',
      organizationId: Number(claims.org_id),
      organizationType: 'SUPPLIER' as const,
      parentOrganizationType: null,
      roleName: 'Administrator',
      permissions: [],
    };
    const expired = await signAccessToken({ ...t.config, accessTokenTtlSeconds: -60 }, actor, String(claims.sid));
    const res = await t.call('GET', '/api/me', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'TOKEN_EXPIRED' } });
  });

  it('refuses a token signed with another secret', async () => {
    const s = await t.signIn('admin@acme.demo');
    const claims = decodeJwt(s.access_token);
    const other = 'another-secret-another-secret-another';
    const forged = await signAccessToken(
      { ...t.config, jwtKeys: [{ kid: t.config.jwtKeys[0]!.kid, secret: other, retiredAt: null }] },
      {
        userId: Number(claims.sub),
        email: 'x',
        organizationId: Number(claims.org_id),
        organizationType: 'SUPPLIER',
        parentOrganizationType: null,
        roleName: 'Administrator',
        permissions: [...PERMISSIONS.SUPPLIER],
      },
      String(claims.sid),
    );
    expect((await t.call('GET', '/api/me', { token: forged })).body.error?.code).toBe('INVALID_TOKEN');
  });

  // The token that was forged once: the repository's old development secret, no key id, no session.
  const OLD_DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';
  const hs256 = async (claims: Record<string, unknown>, secret: string, header: { kid?: string } = {}) =>
    createSigner({ key: secret, algorithm: 'HS256', expiresIn: 600_000, ...header })(claims);
  const refused = async (forged: string) => {
    for (const path of ['/api/me', '/api/notisphere/communications/responses', '/api/users']) {
      const res = await t.call('GET', path, { token: forged });
      expect(res.status, path).toBe(401);
      expect(res.body.ok).toBe(false);
    }
  };

  it('refuses the forged operator token signed with the old development secret', async () => {
    expect(t.config.jwtKeys.map((k) => k.secret)).not.toContain(OLD_DEV_SECRET);
    await refused(await hs256({ sub: '1', org_id: 1 }, OLD_DEV_SECRET));
    await refused(await hs256({ sub: '1', org_id: 1 }, OLD_DEV_SECRET, { kid: keyId(OLD_DEV_SECRET) }));
  });

  it("refuses a token signed with the real key but carrying no session, an unknown one or someone else's", async () => {
    const { secret, kid } = t.config.jwtKeys[0]!;
    const operator = (await t.db('users').where({ email: 'admin@operator.demo' }).first('id')) as { id: number };
    const operatorOrg = await orgId('Notisphere Operations');
    const base = { sub: String(operator.id), org_id: operatorOrg };
    await refused(await hs256(base, secret)); // no kid
    await refused(await hs256(base, secret, { kid })); // no sid
    await refused(await hs256({ ...base, sid: randomUUID() }, secret, { kid })); // a session never issued
    const acme = decodeJwt((await t.signIn('admin@acme.demo')).access_token);
    await refused(await hs256({ ...base, sid: acme.sid }, secret, { kid })); // another user's live session
    await refused(await hs256({ ...base, sid: `${String(acme.sid)}'--` }, secret, { kid })); // not a session id at all
    // The same claims with the operator's own session are accepted: the refusals above are about the session.
    const own = decodeJwt((await t.signIn('admin@operator.demo')).access_token);
    expect(
      (await t.call('GET', '/api/me', { token: await hs256({ ...base, sid: own.sid }, secret, { kid }) })).status,
    ).toBe(200);
  });

  it('refuses a token whose key id is unknown, or whose signature does not match its key id', async () => {
    const s = await t.signIn('admin@acme.demo');
    const claims = decodeJwt(s.access_token);
    const { secret, kid } = t.config.jwtKeys[0]!;
    await refused(await hs256({ ...claims }, secret, { kid: 'no-such-key' }));
    await refused(await hs256({ ...claims }, 'x'.repeat(40), { kid }));
    expect((await t.call('GET', '/api/me', { token: await hs256({ ...claims }, secret, { kid }) })).status).toBe(200);
  });

  it("ends a logged-out session's access token, whoever signed it", async () => {
    const s = await t.signIn('admin@acme.demo');
    expect((await t.logout(null, { token: s.access_token })).status).toBe(200);
    const { secret, kid } = t.config.jwtKeys[0]!;
    await refused(await hs256({ ...decodeJwt(s.access_token) }, secret, { kid }));
  });

  it("keeps verifying a rotated-out key's tokens until they expire, and nothing it signs after its retirement", async () => {
    const s = await t.signIn('admin@acme.demo');
    const old = t.config.jwtKeys[0]!;
    const fresh = { kid: keyId('n'.repeat(40)), secret: 'n'.repeat(40), retiredAt: null };
    const now = Math.floor(Date.now() / 1000);
    const rotated = { ...t.config, jwtSecret: fresh.secret, jwtKeys: [fresh, { ...old, retiredAt: now + 5 }] };
    expect((await verifyAccessToken(rotated, s.access_token)).sub).toBe(decodeJwt(s.access_token).sub);
    // Tokens are now signed with the new key, and name it.
    const claims = decodeJwt(s.access_token);
    const actor = {
      userId: Number(claims.sub),
      email: 'admin@acme.demo',
      organizationId: Number(claims.org_id),
      organizationType: 'SUPPLIER' as const,
      parentOrganizationType: null,
      roleName: 'Administrator',
      permissions: [],
    };
    const next = await signAccessToken(rotated, actor, String(claims.sid));
    expect(JSON.parse(Buffer.from(next.split('.')[0]!, 'base64url').toString()).kid).toBe(fresh.kid);
    expect((await verifyAccessToken(rotated, next)).sid).toBe(claims.sid);
    // A token the old key signed after it was retired is refused, and once the key is gone, all of its tokens are.
    const late = await hs256({ ...claims }, old.secret, { kid: old.kid });
    await expect(
      verifyAccessToken({ ...rotated, jwtKeys: [fresh, { ...old, retiredAt: now - 60 }] }, late),
    ).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(verifyAccessToken({ ...rotated, jwtKeys: [fresh] }, s.access_token)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('cuts a deactivated user off at once, before the token expires', async () => {
    const s = await t.signIn('recalls@acme.demo');
    await t.db('users').where({ email: 'recalls@acme.demo' }).update({ status: 'DEACTIVATED' });
    try {
      const res = await t.call('GET', '/api/me', { token: s.access_token });
      expect(res.status).toBe(401);
      expect((await token('recalls@acme.demo')).body.m).toBe(messageText('ACCOUNT_DEACTIVATED'));
    } finally {
      await t.db('users').where({ email: 'recalls@acme.demo' }).update({ status: 'VERIFIED' });
    }
  });
});

describe('permissions', () => {
  it("answers 403 with the spec's denial text when no required permission is held", async () => {
    const s = await t.signIn('responder@riverside.demo');
    const res = await t.call('GET', '/api/users', { token: s.access_token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      ok: false,
      m: "You don't have permission to access.",
      error: { code: 'FORBIDDEN' },
    });
    const admin = await t.signIn('admin@riverside.demo');
    expect((await t.call('GET', '/api/users', { token: admin.access_token })).status).toBe(200);
  });
});
