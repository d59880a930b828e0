/** Builds an unsigned JWT-shaped token for tests (the client never verifies signatures). */
export function makeJwt(payload: Record<string, unknown>): string {
  const enc = (value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  };
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.signature`;
}

export function claimsFor(
  orgType: 'NOTISPHERE' | 'PROVIDER' | 'SUPPLIER',
  permission: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    sub: '42',
    exp: Math.floor(Date.now() / 1000) + 900,
    permission,
    allPermissionCount: permission.length,
    org_type: orgType,
    parentorg_type: null,
    role_name: 'Administrator',
    org_id: '7',
    ...extra,
  };
}
