import type { RouteDef } from './routes';
import type { AuthInfo } from '../state/auth';
import { isAllowed } from './permissions';
import { landingPath } from './landing';

export type GuardDecision = { kind: 'render' } | { kind: 'login'; to: string } | { kind: 'deny'; to: string };

export function loginPathFor(pathWithQuery: string): string {
  if (!pathWithQuery || pathWithQuery === '/' || pathWithQuery.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/** Only same-app relative paths are accepted as a post-login destination. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login')) return null;
  return value;
}

export function canAccess(route: RouteDef, auth: AuthInfo): boolean {
  if (route.userType && route.userType !== auth.userType) return false;
  return isAllowed(auth.permissions, route.permissions);
}

/** Sign-in check, then user type and any-of permission check; a denied user goes to the landing page. */
export function guard(route: RouteDef, auth: AuthInfo, pathWithQuery: string): GuardDecision {
  if (route.public) return { kind: 'render' };
  if (!auth.isAuth) return { kind: 'login', to: loginPathFor(pathWithQuery) };
  if (!canAccess(route, auth)) return { kind: 'deny', to: landingPath(auth) };
  return { kind: 'render' };
}
