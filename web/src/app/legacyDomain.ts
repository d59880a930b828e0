/** Old recall domains: webform links are redirected, other paths show a blocking Redirect modal (spec §2). */

export type LegacyDomainDecision =
  | { kind: 'none' }
  | { kind: 'redirect'; url: string }
  | { kind: 'modal'; url: string };

export function parseHostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export const LEGACY_HOSTS = parseHostList(import.meta.env.VITE_LEGACY_HOSTS);
export const NEW_ORIGIN = import.meta.env.VITE_NEW_ORIGIN ?? '';

export function decideLegacyDomain(
  location: { hostname: string; pathname: string; search: string },
  legacyHosts: readonly string[],
  newOrigin: string,
): LegacyDomainDecision {
  if (!newOrigin || !legacyHosts.includes(location.hostname.toLowerCase())) return { kind: 'none' };
  const url = `${newOrigin.replace(/\/$/, '')}${location.pathname}${location.search}`;
  return location.pathname.includes('webform') ? { kind: 'redirect', url } : { kind: 'modal', url };
}
