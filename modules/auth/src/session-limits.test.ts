import { createDecoder } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@portal/core';
import { startTestApp, type TestApp } from '@portal/testing';

// Issue 34, item 1: a session ends SESSION_MAX_HOURS after its sign-in and SESSION_IDLE_MINUTES after its last
// refresh, on the server. The clock is moved by moving the session's rows back in time.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sid = (accessToken: string) => (createDecoder() as (s: string) => { sid: string })(accessToken).sid;
const refresh = (refreshToken: string | null) => t.refresh(refreshToken);
/** Moves every token of the session `minutes` into the past. */
const age = (familyId: string, minutes: number) =>
  t
    .db('refresh_tokens')
    .where({ family_id: familyId })
    .update({ created_at: t.db.raw(`created_at - make_interval(mins => ?)`, [minutes]) });

describe('session limits', () => {
  it('are 12 hours and 30 minutes by default, and read from the environment', async () => {
    const { loadConfig } = await import('@portal/core');
    const env = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env)).toMatchObject({ sessionMaxHours: 12, sessionIdleMinutes: 30 });
    expect(loadConfig({ ...env, SESSION_MAX_HOURS: '8', SESSION_IDLE_MINUTES: '15' })).toMatchObject({
      sessionMaxHours: 8,
      sessionIdleMinutes: 15,
    });
    expect(() => loadConfig({ ...env, SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ ...env, SESSION_MAX_HOURS: 'soon' })).toThrow(/SESSION_MAX_HOURS/);
  });

  it('rotation keeps the session’s start, and no refresh token outlives it', async () => {
    const s = await t.signIn('admin@riverside.demo');
    const family = sid(s.access_token);
    await age(family, 20);
    const [first] = (await t.db('refresh_tokens').where({ family_id: family }).pluck('created_at')) as Date[];
    const next = await refresh(s.refresh_token);
    expect(next.status).toBe(200);
    expect(sid(next.body.d.access_token)).toBe(family);
    const rows = (await t
      .db('refresh_tokens')
      .where({ family_id: family })
      .orderBy('id')
      .select('created_at', 'expires_at')) as { created_at: Date; expires_at: Date }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]!.created_at).toEqual(first);
    // Started 20 minutes ago: the new token expires at start + 12 h, not 30 days from now.
    expect(rows[1]!.expires_at.getTime()).toBeLessThanOrEqual(first!.getTime() + 12 * 3600_000 + 1000);
    expect(rows[1]!.expires_at.getTime()).toBeGreaterThan(first!.getTime() + 12 * 3600_000 - 60_000);
  });

  it('an idle session ends: refresh refuses it, its access token stops working, and the end is recorded', async () => {
    const s = await t.signIn('admin@acme.demo');
    const family = sid(s.access_token);
    await age(family, 29);
    expect((await t.call('GET', '/api/me', { token: s.access_token })).status).toBe(200);
    await age(family, 2); // 31 minutes since its last refresh
    const me = await t.call('GET', '/api/me', { token: s.access_token });
    expect(me.status).toBe(401);
    expect(me.body.error?.code).toBe('SESSION_ENDED');
    const res = await refresh(s.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      m: messageText('SESSION_IDLE_TIMEOUT'),
      error: { code: 'SESSION_IDLE_TIMEOUT' },
    });
    // Ended for good: revoked, so moving the clock back (or a second try) does not revive it.
    const live = await t.db('refresh_tokens').where({ family_id: family }).whereNull('revoked_at');
    expect(live).toHaveLength(0);
    expect((await refresh(s.refresh_token)).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    expect(await t.db('audit_events').where({ action: 'SESSION_IDLE_TIMEOUT', entity_id: family })).toHaveLength(1);
  });

  it('an active session still ends at its absolute lifetime, however often it refreshes', async () => {
    const s = await t.signIn('admin@borealis.demo');
    const family = sid(s.access_token);
    /** Signed in `minutes` ago, refreshed every few minutes since: only the latest token is fresh. */
    const activeSince = async (minutes: number) => {
      await age(family, minutes);
      await t
        .db('refresh_tokens')
        .where({ family_id: family })
        .whereNull('revoked_at')
        .update({ created_at: t.db.fn.now() });
    };
    const second = await refresh(s.refresh_token);
    await activeSince(11 * 60 + 50);
    const fresh = await refresh(second.refresh_token);
    expect(fresh.status).toBe(200);
    expect((await t.call('GET', '/api/me', { token: fresh.body.d.access_token })).status).toBe(200);
    await activeSince(11);
    const me = await t.call('GET', '/api/me', { token: fresh.body.d.access_token });
    expect(me.status).toBe(401);
    expect(me.body.error?.code).toBe('SESSION_ENDED');
    const res = await refresh(fresh.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ m: messageText('SESSION_MAX_AGE'), error: { code: 'SESSION_MAX_AGE' } });
    expect(await t.db('audit_events').where({ action: 'SESSION_EXPIRED', entity_id: family })).toHaveLength(1);
    // Signing in again starts a new session.
    const again = await t.signIn('admin@borealis.demo');
    expect(sid(again.access_token)).not.toBe(family);
    expect((await t.call('GET', '/api/me', { token: again.access_token })).status).toBe(200);
  });
});
