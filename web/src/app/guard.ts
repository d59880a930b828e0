import { findRoute, type RouteDef } from './routes';
import type { AuthInfo } from '../state/auth';
import { isAllowed } from '../shared/session/permissions';
import { landingPath, type LandingInput } from './landing';

export type GuardDecision = { kind: 'render' } | { kind: 'login'; to: string } | { kind: 'deny'; to: string };

export function loginPathFor(pathWithQuery: string): string {
  if (!pathWithQuery || pathWithQuery === '/' || pathWithQuery.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

export function canAccess(
  route: RouteDef,
  auth: { userType: AuthInfo['userType']; permissions: readonly string[] },
): boolean {
  if (route.userType && route.userType !== auth.userType) return false;
  return isAllowed(auth.permissions, route.permissions);
}

/** The landing page, or the profile page when the user may not open the landing page either (no redirect loop). */
export function safeLandingPath(auth: LandingInput): string {
  const landing = landingPath(auth);
  const match = findRoute(landing);
  return match && canAccess(match.route, auth) ? landing : '/account';
}

/** Sign-in check, then user type and any-of permission check; a denied user goes to the landing page. */
export function guard(route: RouteDef, auth: AuthInfo, pathWithQuery: string): GuardDecision {
  if (route.public) return { kind: 'render' };
  if (!auth.isAuth) return { kind: 'login', to: loginPathFor(pathWithQuery) };
  if (!canAccess(route, auth)) return { kind: 'deny', to: safeLandingPath(auth) };
  return { kind: 'render' };
}
