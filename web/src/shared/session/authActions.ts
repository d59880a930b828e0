import { mutate } from 'swr';
import type { AppStore } from '../../state/store';
import { accessDeniedAtom, authErrorAtom, claimsAtom, clockAtom, tokenAtom } from '../../state/auth';
import { logoutRequest } from '../../api/auth';
import { refreshSession } from '../../api/client';
import { decideSession, SESSION_CHECK_INTERVAL_MS, type SessionAction } from './session';
import type { StoredToken } from '../../state/token';

export function completeLogin(store: AppStore, token: StoredToken): void {
  store.set(tokenAtom, token);
  store.set(authErrorAtom, false);
  store.set(clockAtom, Date.now());
}

function clearCache(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

/** Revokes the refresh token (best effort) and clears the stored login and every cached answer. */
export async function logout(store: AppStore): Promise<void> {
  const token = store.get(tokenAtom);
  store.set(tokenAtom, null);
  store.set(accessDeniedAtom, null);
  await clearCache();
  if (token?.refresh_token) {
    try {
      await logoutRequest(token.refresh_token);
    } catch {
      // the token is gone locally either way
    }
  }
}

/** One session check: refresh near expiry when the user was active, log out with no (usable) token. */
export async function sessionTick(store: AppStore, nowMs: number, lastActivityMs: number): Promise<SessionAction> {
  store.set(clockAtom, nowMs);
  const token = store.get(tokenAtom);
  const claims = store.get(claimsAtom);
  const action = decideSession({ nowMs, expSeconds: token ? (claims?.exp ?? 0) : null, lastActivityMs });
  if (action === 'refresh') {
    try {
      await refreshSession(store);
    } catch {
      // refreshSession already entered the auth-error state
    }
  } else if (action === 'logout' && token) {
    await logout(store);
  }
  return action;
}

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** Starts the 10-second session watch with activity tracking; returns the stop function. */
export function startSessionWatch(store: AppStore, intervalMs: number = SESSION_CHECK_INTERVAL_MS): () => void {
  let lastActivity = Date.now();
  const onActivity = () => {
    lastActivity = Date.now();
  };
  for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
  const timer = window.setInterval(() => {
    void sessionTick(store, Date.now(), lastActivity);
  }, intervalMs);
  return () => {
    window.clearInterval(timer);
    for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
  };
}

/** At start-up an expired access token with a refresh token is refreshed once before the first render. */
export async function initSession(store: AppStore, nowMs: number = Date.now()): Promise<void> {
  const token = store.get(tokenAtom);
  if (!token) return;
  const claims = store.get(claimsAtom);
  if (claims && claims.exp * 1000 > nowMs) return;
  try {
    await refreshSession(store);
  } catch {
    // auth-error state entered: the guard sends the user to login
  }
}
