import { mutate } from 'swr';
import type { AppStore } from '../../state/store';
import { accessDeniedAtom, authErrorAtom, claimsAtom, clockAtom, tokenAtom } from '../../state/auth';
import { logoutRequest } from '../../api/auth';
import { forgetProviderSignIn, idpLogoutUrl, signedInThroughProvider } from '../../api/sso';
import { refreshSession, restoreSession } from '../../api/client';
import { decideSession, SESSION_CHECK_INTERVAL_MS, type SessionAction } from './session';
import type { StoredToken } from '../../state/token';

/**
 * What the tabs of this browser tell each other (spec §4's cross-tab logout): a sign-in or a sign-out, never a token.
 * Each tab keeps its own access token in memory; the refresh cookie is the browser's, shared by all.
 */
type TabNews = { kind: 'login' } | { kind: 'logout' };
const TAB_CHANNEL = 'portal-session';

function tellOtherTabs(news: TabNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(TAB_CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/** Follows the other tabs: their sign-out signs this tab out, their sign-in signs a signed-out tab in (by the cookie). */
export function followOtherTabs(store: AppStore): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(TAB_CHANNEL);
  channel.onmessage = (event: MessageEvent<TabNews>) => {
    if (event.data?.kind === 'logout') {
      if (!store.get(tokenAtom)) return;
      store.set(tokenAtom, null);
      store.set(accessDeniedAtom, null);
      void clearCache();
    } else if (event.data?.kind === 'login' && !store.get(tokenAtom)) {
      void restoreSession(store).then((restored) => {
        if (restored) {
          store.set(authErrorAtom, false);
          store.set(clockAtom, Date.now());
        }
      });
    }
  };
  return () => channel.close();
}

export function completeLogin(store: AppStore, token: StoredToken): void {
  store.set(tokenAtom, token);
  store.set(authErrorAtom, false);
  store.set(clockAtom, Date.now());
  tellOtherTabs({ kind: 'login' });
}

function clearCache(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

/**
 * Ends the session on the server (the refresh cookie; best effort), clears the page's login and every cached answer,
 * and signs the other tabs out.
 */
export async function logout(store: AppStore): Promise<void> {
  // A session signed in through the organisation's identity provider ends there too (issue 35): asked while the
  // access token still names the session.
  const providerLogout = store.get(tokenAtom) && signedInThroughProvider() ? await idpLogoutUrl() : null;
  forgetProviderSignIn();
  store.set(tokenAtom, null);
  store.set(accessDeniedAtom, null);
  await clearCache();
  try {
    await logoutRequest();
  } catch {
    // the token is gone locally either way
  }
  tellOtherTabs({ kind: 'logout' });
  if (providerLogout) window.location.assign(providerLogout);
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
  const stopFollowing = followOtherTabs(store);
  return () => {
    stopFollowing();
    window.clearInterval(timer);
    for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
  };
}

/**
 * At start-up, before the first render: the page has no access token (it lives in memory only), so it asks for one
 * with the refresh cookie; a reload keeps the user signed in. Without a (live) cookie the page starts signed out, with
 * no "session expired" message. A token the page already holds and still valid is kept.
 */
export async function initSession(store: AppStore, nowMs: number = Date.now()): Promise<void> {
  const claims = store.get(claimsAtom);
  if (store.get(tokenAtom) && claims && claims.exp * 1000 > nowMs) return;
  await restoreSession(store);
}
