/**
 * A client of the BFF's API over HTTP, for tests and benches: no test runner needed, so benches use it against a
 * server process of their own.
 */
export const DEMO_PASSWORD = 'Portal#2026';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: { ok: boolean; m: string; d?: T; error?: { code: string; details?: unknown } };
}

export interface ApiClient {
  call<T = any>(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string | null;
      headers?: Record<string, string>;
      raw?: string;
      form?: FormData;
    },
  ): Promise<ApiAnswer<T>>;
  /**
   * Signs in with the demo password (or `password`) and answers the access token, and the refresh token read back from
   * the answer's `portal_refresh` cookie (it is never in the body); chooses `orgId` when asked.
   */
  signIn(
    email: string,
    options?: { password?: string; orgId?: number },
  ): Promise<{ access_token: string; refresh_token: string }>;
  /**
   * POST /api/auth/refreshtoken as the web app sends it: the refresh token in its cookie, and `Origin` the app's own
   * (or `origin`, or none with null). Answers the call and the rotated refresh token of its cookie (null when none).
   */
  refresh(
    refreshToken: string | null,
    options?: { origin?: string | null },
  ): Promise<ApiAnswer & { refresh_token: string | null }>;
  /** POST /api/auth/logout with the refresh cookie (and the Bearer `token`), `Origin` as `refresh` sends it. */
  logout(refreshToken: string | null, options?: { token?: string; origin?: string | null }): Promise<ApiAnswer>;
}

/** The refresh token an answer set in its `portal_refresh` cookie: a value, '' when cleared, null when not set. */
export function refreshCookieOf(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const match = /^portal_refresh=([^;]*)/.exec(line);
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}

/** `call` and `signIn` against any BFF's address: the in-process one here, or a replica process of its own. */
export function apiClient(baseUrl: string): ApiClient {
  const call: ApiClient['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.form ?? opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: ApiAnswer['body'];
    try {
      parsed = JSON.parse(text) as ApiAnswer['body'];
    } catch {
      throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };

  const signIn: ApiClient['signIn'] = async (email, o = {}) => {
    const res = await call('POST', '/api/auth/token', {
      body: {
        grant_type: 'password',
        email,
        password: o.password ?? DEMO_PASSWORD,
        ...(o.orgId ? { login_as_organization_id: o.orgId } : {}),
      },
    });
    if (res.status !== 200 || !res.body.d?.access_token)
      throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.body.m}`);
    return { access_token: res.body.d.access_token as string, refresh_token: refreshCookieOf(res.headers) ?? '' };
  };

  const withCookie = (refreshToken: string | null, origin: string | null | undefined) => ({
    ...(refreshToken ? { cookie: `portal_refresh=${refreshToken}` } : {}),
    ...(origin === null ? {} : { origin: origin ?? baseUrl }),
  });

  const refresh: ApiClient['refresh'] = async (refreshToken, o = {}) => {
    const res = await call('POST', '/api/auth/refreshtoken', {
      body: {},
      headers: withCookie(refreshToken, o.origin),
    });
    return { ...res, refresh_token: refreshCookieOf(res.headers) || null };
  };

  const logout: ApiClient['logout'] = (refreshToken, o = {}) =>
    call('POST', '/api/auth/logout', { body: {}, token: o.token, headers: withCookie(refreshToken, o.origin) });

  return { call, signIn, refresh, logout };
}
