import { type Config, ForbiddenError, type RequestHttp, type RouteRequest } from '@portal/core';
import type { IssuedTokens, TokenAnswer } from './services/login.js';

/**
 * The refresh token's cookie (issue 34): HttpOnly, SameSite=Strict, Secure over https, and sent back only to the two
 * calls that use it. A cookie has one Path, so the same token is set twice, once per call; the token endpoint's
 * `refresh_token` grant is reached by non-browser clients only, which send the `Cookie` header themselves.
 */
export const REFRESH_COOKIE = 'portal_refresh';
export const REFRESH_COOKIE_PATHS = ['/api/auth/refreshtoken', '/api/auth/logout'] as const;

function httpOf(req: Pick<RouteRequest, 'http'>): RequestHttp {
  if (!req.http) throw new Error('auth: the refresh cookie needs the HTTP request (RouteRequest.http)');
  return req.http;
}

/**
 * Every path that issues tokens answers through here (password, emailed code, login-as choice, TOTP, SSO): the
 * refresh token goes into the cookie, never into the JSON, and the rest of the spec's token answer is returned.
 */
export function sendTokens(req: Pick<RouteRequest, 'http'>, issued: IssuedTokens): TokenAnswer {
  const { refresh, ...answer } = issued;
  if (refresh) {
    const http = httpOf(req);
    for (const path of REFRESH_COOKIE_PATHS)
      http.setCookie({ name: REFRESH_COOKIE, value: refresh.token, path, expires: refresh.expiresAt });
  }
  return answer;
}

/** Ends the cookie in the browser (logout, and a refresh the server refused). */
export function clearRefreshCookie(req: Pick<RouteRequest, 'http'>): void {
  const http = httpOf(req);
  for (const path of REFRESH_COOKIE_PATHS) http.setCookie({ name: REFRESH_COOKIE, value: null, path });
}

/** The refresh token the browser sent, if any (bounded: a longer value is no token of ours). */
export function refreshCookieOf(req: Pick<RouteRequest, 'http'>): string | undefined {
  const value = httpOf(req).cookie(REFRESH_COOKIE);
  return value && value.length <= 200 ? value : undefined;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The calls that act on the refresh cookie (refresh, logout) answer only the app's own pages: the `Origin` header
 * must be APP_URL's origin or the origin the request was addressed to. A missing Origin is refused too (browsers send
 * it on every fetch POST), so a cookie can never be used from another site, whatever SameSite a browser honours.
 */
export function checkOrigin(req: Pick<RouteRequest, 'http'>, config: Pick<Config, 'appUrl'>): void {
  const http = httpOf(req);
  const origin = http.origin.trim();
  if (!origin || origin === 'null') throw new ForbiddenError('ORIGIN_REFUSED');
  const allowed = [originOf(config.appUrl), originOf(http.ownOrigin)];
  if (!allowed.includes(originOf(origin))) throw new ForbiddenError('ORIGIN_REFUSED');
}
