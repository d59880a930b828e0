import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { apiFile, apiRequest, ApiError, fileNameFrom, formData, refreshSession } from './client';
import { authErrorAtom, claimsAtom, setPageToken, tokenAtom } from '../state/auth';
import { errorMessageAtom, newVersionAtom } from '../state/app';
import { makeJwt, claimsFor } from '../test/jwt';
import { activateLocale } from '../app/i18n';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function envelope(d: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ ok: true, m: '', d }), {
    status,
    headers: { 'content-type': 'application/json', 'x-app-version': '3.11.2', ...headers },
  });
}
function failure(status: number, m: string, code = 'ERR', params?: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ ok: false, m, error: { code, ...(params ? { params } : {}) } }), {
    status,
    headers: { 'content-type': 'application/json', 'x-app-version': '3.11.2' },
  });
}

function mockFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

const oldAccess = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls'], { exp: 100 }));
const newAccess = makeJwt(claimsFor('SUPPLIER', ['Supplier_ManageRecalls', 'Supplier_ManageDisruption']));

/** Everything this page keeps in local and session storage, as one text. */
function storedText(): string {
  const values: string[] = [];
  for (const storage of [localStorage, sessionStorage])
    for (let i = 0; i < storage.length; i++) values.push(`${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
  return values.join('\n');
}

/** A page signed in with `token` (in memory: the refresh token is the browser's HttpOnly cookie). */
function storeWithToken(token: { access_token: string } | null) {
  setPageToken(token);
  return createStore();
}

describe('root fetcher', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/supplier/dashboard');
  });

  it('unwraps the envelope and sends the token, time zone and no-cache headers', async () => {
    const store = storeWithToken({ access_token: newAccess });
    const calls = mockFetch(() => envelope({ id: 1 }));
    await expect(apiRequest('/me', { store, query: { a: 'x y', empty: '', none: undefined } })).resolves.toEqual({
      id: 1,
    });
    expect(calls[0]?.url).toBe('/api/me?a=x+y');
    const init = calls[0]!.init;
    expect(header(init, 'Authorization')).toBe(`Bearer ${newAccess}`);
    expect(header(init, 'timezone')).toBeTruthy();
    expect(header(init, 'Cache-Control')).toBe('no-cache');
    expect(header(init, 'Pragma')).toBe('no-cache');
  });

  it('shows the server message of an ok:false answer in the error modal and rejects', async () => {
    const store = storeWithToken({ access_token: newAccess });
    mockFetch(() => failure(409, 'The recall is already open.', 'CONFLICT'));
    const err = await apiRequest('/supplier/recalls/1', { store, method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'The recall is already open.' });
    expect(store.get(errorMessageAtom)).toBe('The recall is already open.');
  });

  it("defaults to 'Unknown error' and can leave the modal to the caller", async () => {
    const store = storeWithToken(null);
    mockFetch(() => new Response(JSON.stringify({ ok: false, m: '' }), { status: 500 }));
    await expect(apiRequest('/x', { store })).rejects.toMatchObject({ message: 'Unknown error', status: 500 });
    expect(store.get(errorMessageAtom)).toBe('Unknown error');

    store.set(errorMessageAtom, null);
    mockFetch(() => failure(401, 'Invalid email or password.'));
    await expect(
      apiRequest('/auth/token', { store, method: 'POST', auth: false, errorModal: false }),
    ).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });
    expect(store.get(errorMessageAtom)).toBeNull();
  });

  it("shows the server's message in the reader's language, its values kept", async () => {
    const store = storeWithToken(null);
    await activateLocale('vi');
    try {
      mockFetch(() => failure(401, 'Invalid email or password.', 'INVALID_CREDENTIALS'));
      await expect(apiRequest('/auth/token', { store, method: 'POST', auth: false })).rejects.toMatchObject({
        message: 'Email hoặc mật khẩu không đúng.',
        status: 401,
      });
      mockFetch(() =>
        failure(400, 'Action 2: options must be different from each other.', 'ACTION_OPTIONS_DUPLICATE', { n: 2 }),
      );
      await expect(apiRequest('/x', { store, method: 'POST', body: {} })).rejects.toMatchObject({
        message: 'Hành động 2: các lựa chọn phải khác nhau.',
      });
      expect(store.get(errorMessageAtom)).toBe('Hành động 2: các lựa chọn phải khác nhau.');
      // By its code, not its text: one the app does not know stays as the server wrote it.
      mockFetch(() => failure(400, 'Invalid email or password.', 'SOMETHING_NEW'));
      await expect(apiRequest('/x', { store })).rejects.toMatchObject({ message: 'Invalid email or password.' });
      mockFetch(() => failure(409, 'The recall is already open.'));
      await expect(apiRequest('/x', { store })).rejects.toMatchObject({ message: 'The recall is already open.' });
    } finally {
      await activateLocale('en');
    }
  });

  it('shows the transport message when the request itself fails', async () => {
    const store = storeWithToken(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x', { store })).rejects.toMatchObject({ message: 'Failed to fetch', code: 'NETWORK' });
    expect(store.get(errorMessageAtom)).toBe('Failed to fetch');
  });

  it('refreshes once on 401 for concurrent requests and retries them with the new token', async () => {
    const store = storeWithToken({ access_token: oldAccess });
    let refreshes = 0;
    const calls = mockFetch(async (url, init) => {
      if (url === '/api/auth/refreshtoken') {
        refreshes += 1;
        // The refresh token travels in its cookie, sent by the browser: the body carries no token.
        expect(JSON.parse(String(init.body))).toEqual({});
        expect(header(init, 'Authorization')).toBeUndefined();
        await new Promise((r) => setTimeout(r, 10));
        return envelope({
          access_token: newAccess,
          token_type: 'Bearer',
          expires_in: 900,
          login_as_required: null,
          Challenge: null,
        });
      }
      return header(init, 'Authorization') === `Bearer ${newAccess}`
        ? envelope({ url })
        : failure(401, 'Token expired', 'UNAUTHENTICATED');
    });
    const results = await Promise.all([
      apiRequest('/a', { store }),
      apiRequest('/b', { store }),
      apiRequest('/c', { store }),
    ]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2);
    expect(store.get(tokenAtom)).toEqual({ access_token: newAccess });
    // In memory only: nothing of the login is in storage, where an injected script would find it.
    expect(storedText()).not.toContain(newAccess);
    expect(storedText()).not.toContain(oldAccess);
    expect(store.get(claimsAtom)?.permission).toContain('Supplier_ManageDisruption');
    expect(store.get(errorMessageAtom)).toBeNull();
  });

  it('retries without a second refresh when the token was renewed while the call was in flight', async () => {
    const store = storeWithToken({ access_token: oldAccess });
    let refreshes = 0;
    let releaseSlow: () => void = () => undefined;
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    mockFetch(async (url, init) => {
      if (url === '/api/auth/refreshtoken') {
        refreshes += 1;
        return envelope({
          access_token: newAccess,
          token_type: 'Bearer',
          expires_in: 900,
          login_as_required: null,
          Challenge: null,
        });
      }
      const fresh = header(init, 'Authorization') === `Bearer ${newAccess}`;
      if (url === '/api/slow' && !fresh) await slowGate;
      return fresh ? envelope({ url }) : failure(401, 'Token expired');
    });
    const slow = apiRequest('/slow', { store });
    await expect(apiRequest('/fast', { store })).resolves.toEqual({ url: '/api/fast' });
    releaseSlow();
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(refreshes).toBe(1);
  });

  it('enters the auth-error state, clearing the token, when the refresh fails', async () => {
    const store = storeWithToken({ access_token: oldAccess });
    mockFetch((url) =>
      url === '/api/auth/refreshtoken' ? failure(401, 'Refresh token revoked') : failure(401, 'Token expired'),
    );
    await expect(apiRequest('/me', { store })).rejects.toMatchObject({ status: 401 });
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(authErrorAtom)).toBe(true);
    expect(store.get(errorMessageAtom)).toBeNull();
  });

  it('enters the auth-error state when the browser has no refresh cookie', async () => {
    const store = storeWithToken({ access_token: oldAccess });
    const calls = mockFetch(() =>
      failure(401, 'You are not signed in on this browser. Please sign in again.', 'REFRESH_TOKEN_REQUIRED'),
    );
    await expect(refreshSession(store)).rejects.toMatchObject({ status: 401, code: 'REFRESH_TOKEN_REQUIRED' });
    expect(calls).toHaveLength(1);
    expect(store.get(authErrorAtom)).toBe(true);
    expect(store.get(tokenAtom)).toBeNull();
  });

  it('does not refresh for calls made without a token', async () => {
    const store = storeWithToken(null);
    const calls = mockFetch(() => failure(401, 'Invalid email or password.'));
    await expect(
      apiRequest('/auth/token', { store, method: 'POST', auth: false, errorModal: false, body: {} }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });
});

describe('one fetcher for every answer', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/supplier/dashboard');
  });

  it('sends a FormData body as multipart (no JSON content type) and refreshes it once on 401 like a JSON call', async () => {
    const store = storeWithToken({ access_token: oldAccess });
    const calls = mockFetch((url, init) => {
      if (url === '/api/auth/refreshtoken') {
        return envelope({
          access_token: newAccess,
          token_type: 'Bearer',
          expires_in: 900,
          login_as_required: null,
          Challenge: null,
        });
      }
      return header(init, 'Authorization') === `Bearer ${newAccess}`
        ? envelope([{ id: 7 }])
        : failure(401, 'Token expired');
    });
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    await expect(
      apiRequest('/up', { store, method: 'POST', body: formData({ actionType: 'Document', file }) }),
    ).resolves.toEqual([{ id: 7 }]);
    const uploads = calls.filter((c) => c.url === '/api/up');
    expect(uploads).toHaveLength(2);
    const sent = uploads[1]!.init;
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body as FormData).get('actionType')).toBe('Document');
    expect(((sent.body as FormData).get('file') as File).name).toBe('a.pdf');
    expect(header(sent, 'Content-Type')).toBeUndefined();
  });

  it("sends a public link's token in the query and never the session, and does not refresh on 401", async () => {
    const store = storeWithToken({ access_token: newAccess });
    const calls = mockFetch(() => failure(404, 'This link is invalid or has expired.', 'INVALID_LINK'));
    const err = await apiRequest('/notice', {
      store,
      auth: { link: 'tok' },
      query: { a: '1' },
      errorModal: false,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, code: 'INVALID_LINK', message: 'This link is invalid or has expired.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/notice?a=1&token=tok');
    expect(header(calls[0]!.init, 'Authorization')).toBeUndefined();
    expect(store.get(errorMessageAtom)).toBeNull();
  });

  it("answers a raw file with the Content-Disposition name, and a failed file call's envelope message", async () => {
    const store = storeWithToken({ access_token: newAccess });
    mockFetch(
      () =>
        new Response('a,b\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'Recalls%20Report%2001-02-2026.csv',
          },
        }),
    );
    const answer = await apiFile('/report', { store, fallbackName: 'r.csv' });
    expect(answer.name).toBe('Recalls Report 01-02-2026.csv');
    expect(await answer.blob.text()).toBe('a,b\n');

    mockFetch(() => failure(403, "You don't have permission to access.", 'FORBIDDEN'));
    await expect(apiFile('/report', { store, errorModal: false })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: "You don't have permission to access.",
    });
  });

  it('reads plain and RFC 5987 file names and falls back', () => {
    expect(fileNameFrom('attachment; filename="Paper Response Template.xlsx"', 'f')).toBe(
      'Paper Response Template.xlsx',
    );
    expect(fileNameFrom(null, 'fallback.csv')).toBe('fallback.csv');
  });
});

describe('new version check', () => {
  it('flags a GET answer whose x-app-version differs from the stored version', async () => {
    window.history.replaceState(null, '', '/supplier/dashboard');
    const store = storeWithToken(null);
    mockFetch(() => envelope({}, 200, { 'x-app-version': '3.12.0' }));
    await apiRequest('/health', { store });
    expect(store.get(newVersionAtom)).toBe('3.12.0');
  });

  it('remembers the built-in version and stays quiet when it matches', async () => {
    window.history.replaceState(null, '', '/supplier/dashboard');
    const store = storeWithToken(null);
    mockFetch(() => envelope({}, 200, { 'x-app-version': '3.11.2' }));
    await apiRequest('/health', { store });
    expect(store.get(newVersionAtom)).toBeNull();
    expect(localStorage.getItem('app-version')).toBe('3.11.2');
  });

  it('skips the listed public paths and non-GET answers', async () => {
    const store = storeWithToken(null);
    mockFetch(() => envelope({}, 200, { 'x-app-version': '4.0.0' }));
    for (const path of [
      '/reset-password',
      '/registration/acme',
      '/provider/recall-notice-webform',
      '/notisphere/fda-drugs',
    ]) {
      window.history.replaceState(null, '', path);
      await apiRequest('/health', { store });
    }
    window.history.replaceState(null, '', '/supplier/dashboard');
    await apiRequest('/me', { store, method: 'PUT', body: {} });
    expect(store.get(newVersionAtom)).toBeNull();
  });
});
