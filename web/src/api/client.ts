import { t } from '@lingui/core/macro';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { useAtomValue } from 'jotai';
import { appStore, type AppStore } from '../state/store';
import { authAtom, authErrorAtom, tokenAtom } from '../state/auth';
import { errorMessageAtom } from '../state/app';
import { checkAppVersion } from '../app/version';
import type { StoredToken } from '../app/token';

/** The API lives under /api on the same origin as the web app. */
export const API_BASE = '/api';

export interface ErrorEnvelope {
  ok: false;
  m: string;
  error?: { code?: string; details?: unknown };
}
export interface OkEnvelope<T> {
  ok: true;
  m: string;
  d: T;
}
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: unknown;
  constructor(message: string, status: number, code: string | null = null, details: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Send the Bearer token and refresh it once on 401 (default true). */
  auth?: boolean;
  /** Show the error modal with the server message on failure (default true). */
  errorModal?: boolean;
  store?: AppStore;
}

/** Token answer of POST /auth/token and /auth/refreshtoken. */
export interface TokenAnswer {
  access_token: string | null;
  refresh_token: string | null;
  token_type: 'Bearer' | null;
  expires_in: number | null;
  login_as_required: { id: string | number; name: string; type: string }[] | null;
  Challenge: { type: string; message: string } | null;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof (value as { ok: unknown }).ok === 'boolean';
}

let refreshing: Promise<StoredToken> | null = null;

let boundStore: AppStore = appStore;

/** The store the fetcher uses when a call names none: the one the app renders with. */
export function bindApiStore(store: AppStore): void {
  boundStore = store;
}

/** Clears user, token and organisation and flags the auth error (spec §4). */
export function enterAuthError(store: AppStore = boundStore): void {
  store.set(tokenAtom, null);
  store.set(authErrorAtom, true);
}

/** One shared refresh for all concurrent callers; a failed refresh enters the auth-error state. */
export function refreshSession(store: AppStore = boundStore): Promise<StoredToken> {
  if (!refreshing) {
    refreshing = doRefresh(store).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function doRefresh(store: AppStore): Promise<StoredToken> {
  const current = store.get(tokenAtom);
  if (!current?.refresh_token) {
    enterAuthError(store);
    throw new ApiError(t`Operation canceled`, 0, 'CANCELED');
  }
  try {
    const d = await apiRequest<TokenAnswer>('/auth/refreshtoken', {
      method: 'POST',
      body: { refresh_token: current.refresh_token, access_token: current.access_token },
      auth: false,
      errorModal: false,
      store,
    });
    if (!d.access_token || !d.refresh_token) throw new ApiError(t`Unknown error`, 401, 'REFRESH_FAILED');
    const next = { access_token: d.access_token, refresh_token: d.refresh_token };
    store.set(tokenAtom, next);
    return next;
  } catch (err) {
    enterAuthError(store);
    throw err;
  }
}

async function send(path: string, options: RequestOptions, token: StoredToken | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    timezone: timeZone(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token.access_token}`;
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/**
 * The root fetcher: adds the Bearer token, time zone and no-cache headers, unwraps the envelope, refreshes
 * the token once on 401 and retries, checks the app version on GET answers and shows the error modal.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const store = options.store ?? boundStore;
  const useAuth = options.auth !== false;
  const showError = options.errorModal !== false;
  const fail = (error: ApiError): never => {
    if (showError && error.code !== 'CANCELED' && error.status !== 401) store.set(errorMessageAtom, error.message);
    throw error;
  };

  let token = useAuth ? store.get(tokenAtom) : null;
  let response: Response;
  try {
    response = await send(path, options, token);
    if (response.status === 401 && useAuth && token) {
      // A refresh that finished while this call was in flight already replaced the token: just retry.
      const current = store.get(tokenAtom);
      token = current && current.access_token !== token.access_token ? current : await refreshSession(store);
      response = await send(path, options, token);
    }
  } catch (err) {
    if (err instanceof ApiError) return fail(err);
    const message = err instanceof Error && err.message ? err.message : t`Unknown error`;
    return fail(new ApiError(message, 0, 'NETWORK'));
  }

  if ((options.method ?? 'GET') === 'GET') {
    checkAppVersion(response.headers.get('x-app-version'), window.location.pathname, store);
  }

  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }

  if (isEnvelope(body)) {
    if (body.ok && response.ok) return body.d as T;
    if (!body.ok) {
      return fail(new ApiError(body.m || t`Unknown error`, response.status, body.error?.code ?? null, body.error?.details));
    }
  }
  if (response.status === 401 && useAuth) enterAuthError(store);
  return fail(new ApiError(response.statusText || t`Unknown error`, response.status));
}

export type ApiKey = readonly [path: string, query: Query | null, scope: string | null];

/** Generic SWR hook over the root fetcher; the cache key is scoped to the signed-in user. */
export function useApi<T>(
  path: string | null,
  query?: Query,
  options: { errorModal?: boolean; swr?: SWRConfiguration<T, ApiError> } = {},
): SWRResponse<T, ApiError> {
  const { userId } = useAtomValue(authAtom);
  const key: ApiKey | null = path ? [path, query ?? null, userId] : null;
  return useSWR<T, ApiError, ApiKey | null>(
    key,
    ([p, q]: ApiKey) => apiRequest<T>(p, { query: q ?? undefined, errorModal: options.errorModal }),
    options.swr,
  );
}
