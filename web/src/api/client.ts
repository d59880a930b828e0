import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { useAtomValue } from 'jotai';
import { appStore, type AppStore } from '../state/store';
import { authAtom, authErrorAtom, tokenAtom } from '../state/auth';
import { errorMessageAtom } from '../state/app';
import { checkAppVersion } from '../state/version';
import type { StoredToken } from '../state/token';
import type { RequestBody, ResponseData } from './contract';
import { translateServerMessage } from './messages';

/** The API lives under /api on the same origin as the web app. */
export const API_BASE = '/api';

export interface ErrorEnvelope {
  ok: false;
  m: string;
  /** The message by code (`@portal/vocabulary`'s catalogue): `code`, `reason`, `params`; then `details`. */
  error?: { code?: string; reason?: string; params?: Record<string, unknown>; details?: unknown };
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

/**
 * Who the call is made as: the signed-in session (default; Bearer token, refreshed once on 401), nobody, or the
 * holder of a public link (its token goes in the query as `token`; no session is sent).
 */
export type RequestAuth = boolean | { link: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON value, or a FormData sent as multipart as it is. */
  body?: unknown;
  query?: Query;
  auth?: RequestAuth;
  /** Show the error modal with the server message on failure (default true). */
  errorModal?: boolean;
  store?: AppStore;
}

/** Token answer of POST /auth/token and /auth/refreshtoken (the auth routes declare their answer's schema). */
export type TokenAnswer = ResponseData<'postAuthToken'>;

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
  return (
    typeof value === 'object' && value !== null && 'ok' in value && typeof (value as { ok: unknown }).ok === 'boolean'
  );
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

/**
 * One shared refresh for all concurrent callers; a failed refresh enters the auth-error state. The refresh token is the
 * HttpOnly cookie the browser sends with this one call (issue 34): the page never sees it.
 */
export function refreshSession(store: AppStore = boundStore): Promise<StoredToken> {
  if (!refreshing) {
    refreshing = doRefresh(store, false).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * At page load: an access token from the refresh cookie, so a reload keeps the user signed in. No cookie (never signed
 * in, or signed out) is no error: the page simply starts signed out; a refused one enters the auth-error state.
 * Answers whether a session was restored.
 */
export function restoreSession(store: AppStore = boundStore): Promise<boolean> {
  if (!refreshing) {
    refreshing = doRefresh(store, true).finally(() => {
      refreshing = null;
    });
  }
  return refreshing.then(
    () => true,
    () => false,
  );
}

/**
 * Refreshes run one at a time across this browser's tabs (Web Locks, where the browser has them): the tabs share the
 * one refresh cookie, and two tabs sending the same cookie at once would look like a replay and end the session.
 */
function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('portal-session-refresh', run) : run();
}

async function doRefresh(store: AppStore, quiet: boolean): Promise<StoredToken> {
  try {
    const d = await oneTabAtATime(() =>
      apiRequest<TokenAnswer>('/auth/refreshtoken', {
        method: 'POST',
        body: {} satisfies RequestBody<'postAuthRefreshtoken'>,
        auth: false,
        errorModal: false,
        store,
      }),
    );
    if (!d.access_token) throw new ApiError(t`Unknown error`, 401, 'REFRESH_FAILED');
    const next = { access_token: d.access_token };
    store.set(tokenAtom, next);
    return next;
  } catch (err) {
    // At page load, no cookie at all (never signed in here, or signed out) is no error; a cookie the server refused
    // (its session ended, expired or was ended from another device) is, and the login page says so.
    if (quiet && err instanceof ApiError && err.code === 'REFRESH_TOKEN_REQUIRED') store.set(tokenAtom, null);
    else enterAuthError(store);
    throw err;
  }
}

function queryOf(options: RequestOptions): Query | undefined {
  const link = typeof options.auth === 'object' ? options.auth.link : null;
  return link === null ? options.query : { ...options.query, token: link };
}

async function send(path: string, options: RequestOptions, token: StoredToken | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const multipart = options.body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    timezone: timeZone(),
  };
  // The browser sets multipart's Content-Type itself, boundary included.
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token.access_token}`;
  return fetch(buildUrl(path, queryOf(options)), {
    method,
    headers,
    body:
      options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
  });
}

/** The server's message as the reader's language says it, by its code (the wire keeps the spec's English `m`). */
function readable(body: ErrorEnvelope): string {
  return body.m ? translateServerMessage(i18n, body.error ?? {}, body.m) : t`Unknown error`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The one fetcher: adds the Bearer token (or a public link's token), time zone and no-cache headers, refreshes
 * the token once on 401 and retries, checks the app version on GET answers, turns failures into an ApiError and
 * shows the error modal. `answer` says what a success is: the envelope's data, or the raw file.
 */
async function request<T>(
  path: string,
  options: RequestOptions,
  answer: (response: Response) => Promise<T>,
): Promise<T> {
  const store = options.store ?? boundStore;
  const useSession = options.auth === undefined || options.auth === true;
  const showError = options.errorModal !== false;
  const fail = (error: ApiError): never => {
    if (showError && error.code !== 'CANCELED' && error.status !== 401) store.set(errorMessageAtom, error.message);
    throw error;
  };

  let token = useSession ? store.get(tokenAtom) : null;
  let response: Response;
  try {
    response = await send(path, options, token);
    if (response.status === 401 && useSession && token) {
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

  if (response.ok) {
    try {
      return await answer(response);
    } catch (err) {
      if (err instanceof ApiError) return fail(err);
      throw err;
    }
  }
  const body = await readBody(response);
  if (isEnvelope(body) && !body.ok) {
    return fail(new ApiError(readable(body), response.status, body.error?.code ?? null, body.error?.details));
  }
  if (response.status === 401 && useSession) enterAuthError(store);
  return fail(new ApiError(response.statusText || t`Unknown error`, response.status));
}

async function envelopeData<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (isEnvelope(body)) {
    if (body.ok) return body.d as T;
    throw new ApiError(readable(body), response.status, body.error?.code ?? null, body.error?.details);
  }
  throw new ApiError(response.statusText || t`Unknown error`, response.status);
}

/** A JSON (or multipart) call answered with an envelope: resolves with its data. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request(path, options, (response) => envelopeData<T>(response));
}

export interface FileAnswer {
  blob: Blob;
  /** From Content-Disposition, else the caller's fallback. */
  name: string;
}

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** A call answered with a plain file body (reports, templates, documents) rather than an envelope. */
export function apiFile(path: string, options: RequestOptions & { fallbackName?: string } = {}): Promise<FileAnswer> {
  return request(path, options, async (response) => ({
    blob: await response.blob(),
    name: fileNameFrom(response.headers.get('content-disposition'), options.fallbackName ?? 'download'),
  }));
}

/** Downloads a file route and saves it under the server's file name; answers that name. */
export async function downloadFile(
  store: AppStore,
  path: string,
  query?: Query,
  fallbackName = 'report',
): Promise<string> {
  const { blob, name } = await apiFile(path, { store, query, fallbackName, errorModal: false });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}

/** POST multipart with one `file` field; answers the envelope's data. Callers show failures themselves. */
export function uploadFile<T>(store: AppStore, path: string, file: File, query?: Query): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body: formData({ file }), query, store, errorModal: false });
}

/** A multipart body from named fields and files. */
export function formData(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
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
