/** Access token claims and the page's login, per spec §3 (the refresh token is an HttpOnly cookie: issue 34). */

export type OrgType = 'NOTISPHERE' | 'PROVIDER' | 'SUPPLIER';
export type UserType = 'NOTI' | 'PROV' | 'SUPP';

/**
 * The login of this page: the access token only, kept in memory (never in localStorage). The refresh token is the
 * server's HttpOnly cookie, which no script can read.
 */
export interface StoredToken {
  access_token: string;
}

export interface TokenClaims {
  sub: string;
  exp: number;
  permission: string[];
  allPermissionCount: number;
  org_type: OrgType | null;
  parentorg_type: OrgType | null;
  role_name: string | null;
  org_id: string | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function asOrgType(value: unknown): OrgType | null {
  return value === 'NOTISPHERE' || value === 'PROVIDER' || value === 'SUPPLIER' ? value : null;
}

function asString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** Decodes the JWT payload without verifying it (the server verifies). Returns null for anything malformed. */
export function decodeClaims(accessToken: string | null | undefined): TokenClaims | null {
  if (!accessToken) return null;
  const parts = accessToken.split('.');
  const payloadPart = parts[1];
  if (parts.length !== 3 || !payloadPart) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(payloadPart));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const sub = asString(p.sub);
  if (!sub || typeof p.exp !== 'number') return null;
  const rawPermissions = p.permission;
  const permission = Array.isArray(rawPermissions)
    ? rawPermissions.filter((x): x is string => typeof x === 'string')
    : typeof rawPermissions === 'string'
      ? [rawPermissions]
      : [];
  return {
    sub,
    exp: p.exp,
    permission,
    allPermissionCount: typeof p.allPermissionCount === 'number' ? p.allPermissionCount : permission.length,
    org_type: asOrgType(p.org_type),
    parentorg_type: asOrgType(p.parentorg_type),
    role_name: asString(p.role_name),
    org_id: asString(p.org_id),
  };
}

/** A client token counts only if its expiry is in the future. */
export function isTokenValid(claims: TokenClaims | null, nowMs: number): claims is TokenClaims {
  return claims !== null && claims.exp * 1000 > nowMs;
}

export function userTypeOf(orgType: OrgType | null): UserType | null {
  switch (orgType) {
    case 'NOTISPHERE':
      return 'NOTI';
    case 'PROVIDER':
      return 'PROV';
    case 'SUPPLIER':
      return 'SUPP';
    default:
      return null;
  }
}
