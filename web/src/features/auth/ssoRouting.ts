import { useEffect, useState } from 'react';
import { discoverSso, type SsoDiscovery, startSso } from '../../api/sso';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What the return leg needs after the provider: kept in this tab only, for the callback page. */
const PENDING_KEY = 'portal.sso.pending';

export interface PendingSso {
  nonce: string;
  redirect: string | null;
}

/**
 * Asks, as the email is typed (debounced), whether its domain signs in through an organisation's identity provider.
 * Null until known, and for an email that is not one yet.
 */
export function useSsoRouting(email: string): SsoDiscovery | null {
  const [answer, setAnswer] = useState<{ email: string; route: SsoDiscovery } | null>(null);
  const trimmed = email.trim().toLowerCase();
  useEffect(() => {
    if (!EMAIL.test(trimmed)) return;
    let live = true;
    const timer = setTimeout(() => {
      discoverSso(trimmed)
        .then((route) => live && setAnswer({ email: trimmed, route }))
        .catch(() => undefined);
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed]);
  return answer && answer.email === trimmed ? answer.route : null;
}

/** The answer for an email now (the submit of an email typed faster than the debounce). */
export function routeOf(email: string): Promise<SsoDiscovery | null> {
  return discoverSso(email.trim()).catch(() => null);
}

/** Off to the provider: the nonce and the page to land on are kept for the callback page. */
export async function goToProvider(email: string, redirect: string | null): Promise<void> {
  const { authorization_url, nonce } = await startSso(email.trim());
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ nonce, redirect } satisfies PendingSso));
  window.location.assign(authorization_url);
}

export function pendingSso(): PendingSso | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSso | null;
    return value && typeof value.nonce === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingSso(): void {
  sessionStorage.removeItem(PENDING_KEY);
}
