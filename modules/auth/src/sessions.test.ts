import { createDecoder } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, refreshCookieOf, startTestApp, type TestApp } from '@portal/testing';

// Issue 34, item 1: the refresh token lives in an HttpOnly cookie of the refresh and logout calls only, those calls
// check Origin, and a user sees and ends their sessions (an administrator a user's).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ appUrl: 'https://portal.example' });
});
afterAll(() => t.close());

const sid = (accessToken: string) => (createDecoder() as (s: string) => { sid: string })(accessToken).sid;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in as a browser would: its user agent, and (behind the trusted proxy of `proxied`) its address. */
async function signInFrom(email: string, userAgent: string, forwardedFor?: string) {
  const res = await t.call('POST', '/api/auth/token', {
    body: { grant_type: 'password', email, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  expect(res.status, res.body.m).toBe(200);
  return { access_token: res.body.d.access_token as string, refresh_token: refreshCookieOf(res.headers)! };
}

describe('the refresh cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the refresh and logout calls, and in no JSON body', async () => {
    const res = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'password', email: 'admin@acme.demo', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(refreshCookieOf(res.headers)!);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.map((c) => /path=([^;]+)/i.exec(c)?.[1]).sort()).toEqual([
      '/api/auth/logout',
      '/api/auth/refreshtoken',
    ]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=strict/i);
      expect(cookie).toMatch(/;\s*expires=/i);
      // Over plain http (no trusted proxy said https): not Secure, or the browser would drop it.
      expect(cookie).not.toMatch(/;\s*secure/i);
    }
    const refreshed = await t.refresh(refreshCookieOf(res.headers));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.d).not.toHaveProperty('refresh_token');
    expect(JSON.stringify(refreshed.body)).not.toContain(refreshed.refresh_token!);
  });

  it('is Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await startTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
    try {
      const res = await proxied.call('POST', '/api/auth/token', {
        body: { grant_type: 'password', email: 'admin@acme.demo', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.status).toBe(200);
      for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('refresh and logout refuse a missing or foreign Origin (403 ORIGIN_REFUSED), and the session goes on', async () => {
    const s = await t.signIn('admin@riverside.demo');
    for (const origin of [null, 'https://evil.example', 'null', 'http://127.0.0.1:1']) {
      const refused = await t.refresh(s.refresh_token, { origin });
      expect(refused.status, String(origin)).toBe(403);
      expect(refused.body.error?.code).toBe('ORIGIN_REFUSED');
      const out = await t.logout(s.refresh_token, { token: s.access_token, origin });
      expect(out.status).toBe(403);
      expect(out.body.error?.code).toBe('ORIGIN_REFUSED');
    }
    // The token grant's refresh form checks it too.
    const grant = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'refresh_token' },
      headers: { cookie: `portal_refresh=${s.refresh_token}`, origin: 'https://evil.example' },
    });
    expect(grant.status).toBe(403);
    // Nothing was rotated or ended: APP_URL's origin, and the request's own, are the app's.
    expect((await t.call('GET', '/api/me', { token: s.access_token })).status).toBe(200);
    const viaAppUrl = await t.refresh(s.refresh_token, { origin: 'https://portal.example' });
    expect(viaAppUrl.status).toBe(200);
    const viaOwn = await t.refresh(viaAppUrl.refresh_token);
    expect(viaOwn.status).toBe(200);
  });

  it('refresh without the cookie is a 401 asking to sign in again; a body refresh_token is not read', async () => {
    const s = await t.signIn('admin@riverside.demo');
    const res = await t.call('POST', '/api/auth/refreshtoken', {
      body: { refresh_token: s.refresh_token },
      headers: { origin: t.baseUrl },
    });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('REFRESH_TOKEN_REQUIRED');
  });

  it('reuse of an old cookie revokes the family: the newest cookie and its access token stop working', async () => {
    const s = await t.signIn('admin@riverside.demo');
    const next = await t.refresh(s.refresh_token);
    expect(next.status).toBe(200);
    expect((await t.refresh(s.refresh_token)).body.error?.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await t.refresh(next.refresh_token)).status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: next.body.d.access_token })).status).toBe(401);
  });
});

describe('the session list', () => {
  it('shows each live session: device, address, started, last seen, and this device', async () => {
    const proxied = await startTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
    try {
      const login = async (ua: string, ip: string) => {
        const res = await proxied.call('POST', '/api/auth/token', {
          body: { grant_type: 'password', email: 'admin@borealis.demo', password: DEMO_PASSWORD },
          headers: { 'user-agent': ua, 'x-forwarded-for': ip },
        });
        return { access_token: res.body.d.access_token as string, refresh_token: refreshCookieOf(res.headers)! };
      };
      const desk = await login(CHROME_WINDOWS, '198.51.100.7');
      const phone = await login(SAFARI_IPHONE, '203.0.113.20');
      const ended = await login(CHROME_WINDOWS, '198.51.100.8');
      await proxied.logout(ended.refresh_token, { token: ended.access_token });
      // The phone refreshes from another address: last seen moves, the start and the device stay.
      await proxied
        .db('refresh_tokens')
        .where({ family_id: sid(phone.access_token) })
        .update({ created_at: proxied.db.raw(`created_at - interval '10 minutes'`) });
      const refreshed = await proxied.call('POST', '/api/auth/refreshtoken', {
        body: {},
        headers: {
          cookie: `portal_refresh=${phone.refresh_token}`,
          origin: proxied.baseUrl,
          'user-agent': 'curl/8',
          'x-forwarded-for': '203.0.113.21',
        },
      });
      expect(refreshed.status).toBe(200);

      const res = await proxied.call('GET', '/api/me/sessions', { token: desk.access_token });
      expect(res.status).toBe(200);
      const rows = res.body.d as {
        id: string;
        browser: string | null;
        os: string | null;
        ip: string | null;
        started_at: string;
        last_seen_at: string;
        current: boolean;
      }[];
      expect(rows.map((r) => r.id).sort()).toEqual([sid(desk.access_token), sid(phone.access_token)].sort());
      const deskRow = rows.find((r) => r.id === sid(desk.access_token))!;
      const phoneRow = rows.find((r) => r.id === sid(phone.access_token))!;
      expect(deskRow).toMatchObject({ browser: 'Chrome', os: 'Windows', ip: '198.51.100.7', current: true });
      expect(phoneRow).toMatchObject({ browser: 'Safari', os: 'iOS', ip: '203.0.113.21', current: false });
      expect(Date.parse(phoneRow.last_seen_at) - Date.parse(phoneRow.started_at)).toBeGreaterThan(9 * 60_000);
      expect(Math.abs(Date.parse(deskRow.started_at) - Date.now())).toBeLessThan(60_000);
      // Newest activity first.
      expect(rows[0]!.id).toBe(phoneRow.id);
    } finally {
      await proxied.close();
    }
  });

  it('ends one session: its access token and cookie stop working at once, and the end is audited', async () => {
    const mine = await signInFrom('admin@acme.demo', CHROME_WINDOWS);
    const other = await signInFrom('admin@acme.demo', SAFARI_IPHONE);
    const family = sid(other.access_token);
    const res = await t.call('DELETE', `/api/me/sessions/${family}`, { token: mine.access_token });
    expect(res.status, res.body.m).toBe(200);
    const me = await t.call('GET', '/api/me', { token: other.access_token });
    expect(me.status).toBe(401);
    expect(me.body.error?.code).toBe('SESSION_ENDED');
    expect((await t.refresh(other.refresh_token)).status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: mine.access_token })).status).toBe(200);
    const audit = await t.db('audit_events').where({ action: 'SESSION_ENDED', entity_id: family });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity_type: 'session', actor_email: 'admin@acme.demo' });
    // Gone from the list; a second end, a stranger's session and a malformed id are 404s.
    const list = await t.call('GET', '/api/me/sessions', { token: mine.access_token });
    expect((list.body.d as { id: string }[]).map((r) => r.id)).not.toContain(family);
    expect((await t.call('DELETE', `/api/me/sessions/${family}`, { token: mine.access_token })).status).toBe(404);
    const stranger = await t.signIn('admin@riverside.demo');
    const foreign = await t.call('DELETE', `/api/me/sessions/${sid(stranger.access_token)}`, {
      token: mine.access_token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('SESSION_NOT_FOUND');
    expect((await t.call('GET', '/api/me', { token: stranger.access_token })).status).toBe(200);
    expect((await t.call('DELETE', '/api/me/sessions/not-a-session', { token: mine.access_token })).status).toBe(404);
  });

  it('ends every other session and keeps this one', async () => {
    const here = await signInFrom('recalls@acme.demo', CHROME_WINDOWS);
    const two = await signInFrom('recalls@acme.demo', SAFARI_IPHONE);
    const three = await signInFrom('recalls@acme.demo', SAFARI_IPHONE);
    const res = await t.call('POST', '/api/me/sessions/end-others', { token: here.access_token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.d).toEqual({ ended: 2 });
    for (const s of [two, three]) expect((await t.call('GET', '/api/me', { token: s.access_token })).status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: here.access_token })).status).toBe(200);
    const list = await t.call('GET', '/api/me/sessions', { token: here.access_token });
    expect(list.body.d).toHaveLength(1);
    expect(list.body.d[0]).toMatchObject({ id: sid(here.access_token), current: true });
    expect(await t.db('audit_events').where({ action: 'OTHER_SESSIONS_ENDED' })).toHaveLength(1);
  });
});

describe('an administrator ends a user’s sessions', () => {
  const userId = async (email: string) => ((await t.db('users').where({ email }).first('id')) as { id: number }).id;

  it("of their organisation; another tenant's user is a 404, a role without user management a 403", async () => {
    const admin = await t.signIn('admin@acme.demo');
    const target = await signInFrom('sourcing@acme.demo', CHROME_WINDOWS);
    const sara = await userId('sourcing@acme.demo');
    const res = await t.call('POST', `/api/users/${sara}/end-sessions`, { token: admin.access_token, body: {} });
    expect(res.status, res.body.m).toBe(200);
    expect(res.body.d.ended).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/me', { token: target.access_token })).body.error?.code).toBe('SESSION_ENDED');
    expect((await t.refresh(target.refresh_token)).status).toBe(401);
    expect(
      await t
        .db('audit_events')
        .where({ action: 'USER_SESSIONS_ENDED', entity_id: String(sara) })
        .first(),
    ).toMatchObject({ actor_email: 'admin@acme.demo', entity_type: 'user' });

    const riversideUser = await signInFrom('responder@riverside.demo', CHROME_WINDOWS);
    const foreign = await t.call('POST', `/api/users/${await userId('responder@riverside.demo')}/end-sessions`, {
      token: admin.access_token,
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', '/api/me', { token: riversideUser.access_token })).status).toBe(200);
    expect((await t.call('POST', '/api/users/999999999/end-sessions', { token: admin.access_token })).status).toBe(404);

    const coordinator = await t.signIn('recalls@acme.demo');
    const refused = await t.call('POST', `/api/users/${sara}/end-sessions`, { token: coordinator.access_token });
    expect(refused.status).toBe(403);
  });

  it('the operator ends any user’s sessions', async () => {
    const operator = await t.signIn('admin@operator.demo');
    const target = await signInFrom('responder@riverside.demo', SAFARI_IPHONE);
    const res = await t.call('POST', `/api/users/${await userId('responder@riverside.demo')}/end-sessions`, {
      token: operator.access_token,
      body: {},
    });
    expect(res.status, res.body.m).toBe(200);
    expect((await t.call('GET', '/api/me', { token: target.access_token })).status).toBe(401);
  });
});
