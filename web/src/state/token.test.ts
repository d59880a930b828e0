import { describe, expect, it } from 'vitest';
import { decodeClaims, isTokenValid, userTypeOf } from './token';
import { makeJwt } from '../test/jwt';

describe('decodeClaims', () => {
  it('reads the claims of the access token', () => {
    const token = makeJwt({
      sub: 5,
      exp: 2_000_000_000,
      permission: ['Provider_ManageRecalls', 'Provider_ViewDashboard'],
      allPermissionCount: 13,
      org_type: 'PROVIDER',
      parentorg_type: 'PROVIDER',
      role_name: 'Recall Coordinator',
      org_id: 9,
      name: 'Nguyễn Văn Ánh',
    });
    expect(decodeClaims(token)).toEqual({
      sub: '5',
      exp: 2_000_000_000,
      permission: ['Provider_ManageRecalls', 'Provider_ViewDashboard'],
      allPermissionCount: 13,
      org_type: 'PROVIDER',
      parentorg_type: 'PROVIDER',
      role_name: 'Recall Coordinator',
      org_id: '9',
    });
  });

  it('rejects malformed tokens', () => {
    expect(decodeClaims('')).toBeNull();
    expect(decodeClaims('abc')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
    expect(decodeClaims(makeJwt({ exp: 1 }))).toBeNull();
  });

  it('accepts a single permission string and defaults the count', () => {
    const claims = decodeClaims(makeJwt({ sub: 'x', exp: 1, permission: 'Supplier_ManageRecalls' }));
    expect(claims?.permission).toEqual(['Supplier_ManageRecalls']);
    expect(claims?.allPermissionCount).toBe(1);
    expect(claims?.org_type).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('counts a token only while its expiry is in the future', () => {
    const claims = decodeClaims(makeJwt({ sub: '1', exp: 1000 }));
    expect(isTokenValid(claims, 999_000)).toBe(true);
    expect(isTokenValid(claims, 1_000_000)).toBe(false);
    expect(isTokenValid(null, 0)).toBe(false);
  });
});

describe('userTypeOf', () => {
  it('maps organisation types to user types', () => {
    expect(userTypeOf('NOTISPHERE')).toBe('NOTI');
    expect(userTypeOf('PROVIDER')).toBe('PROV');
    expect(userTypeOf('SUPPLIER')).toBe('SUPP');
    expect(userTypeOf(null)).toBeNull();
  });
});
