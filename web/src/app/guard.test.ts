import { describe, expect, it } from 'vitest';
import { guard, loginPathFor } from './guard';
import { safeRedirect } from '../shared/session/redirect';
import { hasAnyPermission, isAllowed } from '../shared/session/permissions';
import { findRoute, type RouteDef } from './routes';
import type { AuthInfo } from '../state/auth';

function route(path: string): RouteDef {
  const match = findRoute(path);
  if (!match) throw new Error(`no route ${path}`);
  return match.route;
}

const signedOut: AuthInfo = {
  isAuth: false,
  userId: null,
  userType: null,
  orgId: null,
  parentOrgType: null,
  roleName: null,
  permissions: [],
  allPermissionCount: 0,
};
const supplier = (permissions: string[], roleName = 'Administrator'): AuthInfo => ({
  ...signedOut,
  isAuth: true,
  userId: '1',
  userType: 'SUPP',
  orgId: '2',
  roleName,
  permissions,
});

describe('permission checks', () => {
  it('passes when any requested permission is held', () => {
    expect(hasAnyPermission(['A', 'B'], ['C', 'B'])).toBe(true);
    expect(hasAnyPermission(['A'], ['C'])).toBe(false);
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission([], undefined)).toBe(true);
  });

  it('treats "*" as any permission at all', () => {
    expect(isAllowed(['X'], ['*'])).toBe(true);
    expect(isAllowed([], ['*'])).toBe(false);
  });
});

describe('guard', () => {
  it('opens public routes without a token', () => {
    expect(guard(route('/login'), signedOut, '/login')).toEqual({ kind: 'render' });
    expect(guard(route('/registration/x'), signedOut, '/registration/x')).toEqual({ kind: 'render' });
  });

  it('sends an unauthenticated visit to login with the path and query', () => {
    expect(guard(route('/supplier/recalls'), signedOut, '/supplier/recalls?conId=4&tabName=x')).toEqual({
      kind: 'login',
      to: '/login?redirect=%2Fsupplier%2Frecalls%3FconId%3D4%26tabName%3Dx',
    });
    expect(loginPathFor('/')).toBe('/login');
  });

  it('denies a missing permission or another user type and sends to the landing page', () => {
    const auth = supplier(['Supplier_ManageRecalls'], 'Recall Coordinator');
    expect(guard(route('/supplier/product-disruption'), auth, '/supplier/product-disruption')).toEqual({
      kind: 'deny',
      to: '/supplier/recalls',
    });
    expect(guard(route('/provider/dashboard'), auth, '/provider/dashboard')).toEqual({
      kind: 'deny',
      to: '/supplier/recalls',
    });
    expect(guard(route('/supplier/recalls/view/:id'), auth, '/supplier/recalls/view/3')).toEqual({ kind: 'render' });
    expect(guard(route('/account'), auth, '/account')).toEqual({ kind: 'render' });
  });

  it('accepts only in-app redirect targets', () => {
    expect(safeRedirect('/supplier/recalls?conId=1')).toBe('/supplier/recalls?conId=1');
    expect(safeRedirect('//evil.example.com')).toBeNull();
    expect(safeRedirect('https://evil.example.com')).toBeNull();
    expect(safeRedirect('/\\evil')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
