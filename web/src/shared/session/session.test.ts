import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { decideSession } from './session';
import { completeLogin, followOtherTabs, initSession, logout, sessionTick } from './authActions';
import { authErrorAtom, setPageToken, tokenAtom } from '../../state/auth';
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

function tokenAnswer(access: string) {
  return new Response(
    JSON.stringify({
      ok: true,
      m: '',
      d: {
        access_token: access,
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
    setPageToken({ access_token: soon });
    const store = createStore();
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => tokenAnswer(fresh));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now() - MIN)).resolves.toBe('refresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The refresh token is the browser's cookie: the call carries none, and the page keeps the access token only.
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/refreshtoken');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({});
    expect(store.get(tokenAtom)).toEqual({ access_token: fresh });
    expect(localStorage.length).toBe(0);
  });

  it('logs out an idle session whose token expired and ends it on the server', async () => {
    const expired = makeJwt(claimsFor('PROVIDER', [], { exp: Math.floor(Date.now() / 1000) - 10 }));
    setPageToken({ access_token: expired });
    const store = createStore();
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ ok: true, m: '', d: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now() - 30 * MIN)).resolves.toBe('logout');
    expect(store.get(tokenAtom)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({}) }),
    );
  });

  it('leaves a valid session alone', async () => {
    const valid = makeJwt(claimsFor('PROVIDER', []));
    setPageToken({ access_token: valid });
    const store = createStore();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionTick(store, Date.now(), Date.now())).resolves.toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once at start-up', async () => {
    const expired = makeJwt(claimsFor('SUPPLIER', [], { exp: 1 }));
    const fresh = makeJwt(claimsFor('SUPPLIER', []));
    setPageToken({ access_token: expired });
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => tokenAnswer(fresh)),
    );
    await initSession(store);
    expect(store.get(tokenAtom)?.access_token).toBe(fresh);
  });

  it('logout clears the stored login even when the server call fails', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', [])) });
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await logout(store);
    expect(store.get(tokenAtom)).toBeNull();
  });
});

describe('the access token lives in memory, and a reload signs in again by the refresh cookie', () => {
  it('at start-up without a token, asks the refresh cookie for one: a reload keeps the user signed in', async () => {
    const fresh = makeJwt(claimsFor('PROVIDER', []));
    const store = createStore();
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => tokenAnswer(fresh));
    vi.stubGlobal('fetch', fetchMock);
    await initSession(store);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/refreshtoken', expect.objectContaining({ method: 'POST' }));
    expect(store.get(tokenAtom)).toEqual({ access_token: fresh });
    expect(store.get(authErrorAtom)).toBe(false);
    // Nothing of the login is written to storage.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('at start-up without a (live) cookie, starts signed out with no "session expired" message', async () => {
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ok: false, m: 'x', error: { code: 'REFRESH_TOKEN_REQUIRED' } }), {
            status: 401,
          }),
      ),
    );
    await initSession(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(authErrorAtom)).toBe(false);
  });

  it('at start-up with a refused cookie (its session was ended), starts signed out with the notice', async () => {
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ok: false, m: 'x', error: { code: 'INVALID_REFRESH_TOKEN' } }), {
            status: 401,
          }),
      ),
    );
    await initSession(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(authErrorAtom)).toBe(true);
  });

  it('keeps a still-valid token the page holds without calling the server', async () => {
    const valid = makeJwt(claimsFor('PROVIDER', []));
    setPageToken({ access_token: valid });
    const store = createStore();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await initSession(store);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get(tokenAtom)).toEqual({ access_token: valid });
  });
});

describe('the tabs follow each other (no token crosses)', () => {
  const heard = (channel: BroadcastChannel) =>
    new Promise<unknown>((resolve) => {
      channel.onmessage = (event) => resolve(event.data);
    });

  it('a sign-out in one tab signs the others out', async () => {
    const ear = new BroadcastChannel('portal-session');
    setPageToken({ access_token: makeJwt(claimsFor('SUPPLIER', [])) });
    const otherTab = createStore();
    otherTab.get(tokenAtom);
    const stop = followOtherTabs(otherTab);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ok: true, m: '', d: null }))),
    );
    const news = heard(ear);
    // Another tab's logout: its channel posts, this tab's store hears it.
    const sender = new BroadcastChannel('portal-session');
    sender.postMessage({ kind: 'logout' });
    expect(await news).toEqual({ kind: 'logout' });
    await vi.waitFor(() => expect(otherTab.get(tokenAtom)).toBeNull());
    stop();
    sender.close();
    ear.close();
  });

  it('a sign-in tells the other tabs, carrying no token', async () => {
    const ear = new BroadcastChannel('portal-session');
    const news = heard(ear);
    completeLogin(createStore(), { access_token: makeJwt(claimsFor('SUPPLIER', [])) });
    expect(await news).toEqual({ kind: 'login' });
    ear.close();
  });

  it('a signed-out tab hearing of a sign-in gets its own access token by the cookie', async () => {
    const fresh = makeJwt(claimsFor('PROVIDER', []));
    const tab = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => tokenAnswer(fresh)),
    );
    const stop = followOtherTabs(tab);
    const sender = new BroadcastChannel('portal-session');
    sender.postMessage({ kind: 'login' });
    await vi.waitFor(() => expect(tab.get(tokenAtom)).toEqual({ access_token: fresh }));
    stop();
    sender.close();
  });
});
