import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { decideSession } from './session';
import { initSession, logout, sessionTick } from './authActions';
import { tokenAtom } from '../../state/auth';
import { makeJwt, claimsFor } from '../../test/jwt';

const MIN = 60_000;

describe('decideSession', () => {
  const now = 1_800_000_000_000;
  const exp = (ms: number) => Math.floor((now + ms) / 1000);

  it('logs out without a token', () => {
    expect(decideSession({ nowMs: now, expSeconds: null, lastActivityMs: now })).toBe('logout');
  });

  it('refreshes within 5 minutes of expiry when the user was active in the last 15 minutes', () => {
    expect(decideSession({ nowMs: now, expSeconds: exp(4 * MIN), lastActivityMs: now - 14 * MIN })).toBe('refresh');
    expect(decideSession({ nowMs: now, expSeconds: exp(-1 * MIN), lastActivityMs: now - MIN })).toBe('refresh');
  });

  it('does nothing further from expiry or for an idle user before expiry', () => {
    expect(decideSession({ nowMs: now, expSeconds: exp(6 * MIN), lastActivityMs: now })).toBe('none');
    expect(decideSession({ nowMs: now, expSeconds: exp(4 * MIN), lastActivityMs: now - 16 * MIN })).toBe('none');
  });

  it('logs out an idle user whose token has expired', () => {
    expect(decideSession({ nowMs: now, expSeconds: exp(-1000), lastActivityMs: now - 20 * MIN })).toBe('logout');
  });
});

function tokenAnswer(access: string, refresh: string) {
  return new Response(
    JSON.stringify({
      ok: true,
      m: '',
      d: {
        access_token: access,
        refresh_token: refresh,
        token_type: 'Bearer',
        expires_in: 900,
        login_as_required: null,
        Challenge: null,
      },
    }),
    { status: 200 },
  );
}

describe('session watch tick', () => {
  it('refreshes an active session near expiry', async () => {
    const soon = makeJwt(claimsFor('PROVIDER', [], { exp: Math.floor(Date.now() / 1000) + 120 }));
    const fresh = makeJwt(claimsFor('PROVIDER', []));
    localStorage.setItem('user-token', JSON.stringify({ access_token: soon, refresh_token: 'r1' }));
    const store = createStore();
    const fetchMock = vi.fn(async () => tokenAnswer(fresh, 'r2'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now() - MIN)).resolves.toBe('refresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toEqual({ access_token: fresh, refresh_token: 'r2' });
  });

  it('logs out an idle session whose token expired and revokes the refresh token', async () => {
    const expired = makeJwt(claimsFor('PROVIDER', [], { exp: Math.floor(Date.now() / 1000) - 10 }));
    localStorage.setItem('user-token', JSON.stringify({ access_token: expired, refresh_token: 'r1' }));
    const store = createStore();
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ ok: true, m: '', d: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now() - 30 * MIN)).resolves.toBe('logout');
    expect(store.get(tokenAtom)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh_token: 'r1' }) }),
    );
  });

  it('leaves a valid session alone', async () => {
    const valid = makeJwt(claimsFor('PROVIDER', []));
    localStorage.setItem('user-token', JSON.stringify({ access_token: valid, refresh_token: 'r1' }));
    const store = createStore();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now())).resolves.toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once at start-up', async () => {
    const expired = makeJwt(claimsFor('SUPPLIER', [], { exp: 1 }));
    const fresh = makeJwt(claimsFor('SUPPLIER', []));
    localStorage.setItem('user-token', JSON.stringify({ access_token: expired, refresh_token: 'r1' }));
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => tokenAnswer(fresh, 'r2')),
    );
    await initSession(store);
    expect(store.get(tokenAtom)?.access_token).toBe(fresh);
  });

  it('logout clears the stored login even when the server call fails', async () => {
    localStorage.setItem(
      'user-token',
      JSON.stringify({ access_token: makeJwt(claimsFor('SUPPLIER', [])), refresh_token: 'r1' }),
    );
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await logout(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('user-token')).toBeNull();
  });
});
