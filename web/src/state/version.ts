import type { AppStore } from './store';
import { newVersionAtom } from './app';

export const APP_VERSION_STORAGE_KEY = 'app-version';
export const BUILT_IN_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** Public paths that skip the new-version prompt (spec §2). */
export const VERSION_CHECK_SKIP_PATHS = [
  '/delegate-webform',
  '/supplier-delegate-webform',
  '/provider/recall-notice-webform',
  '/provider/disruption-notice-webform',
  '/reset-password',
  '/verify-email',
  '/registration',
  '/success-signup',
  '/forgot-password',
  '/success',
  '/not-found',
  '/forbidden',
  '/notisphere/fda-devices',
  '/notisphere/fda-drugs',
] as const;

export function skipsVersionCheck(pathname: string): boolean {
  return VERSION_CHECK_SKIP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function storedVersion(): string {
  try {
    return localStorage.getItem(APP_VERSION_STORAGE_KEY) ?? BUILT_IN_VERSION;
  } catch {
    return BUILT_IN_VERSION;
  }
}

/**
 * The stored version is updated when the server's matches the built-in one; a different version raises
 * the new-version flag, except on the public paths listed above.
 */
export function checkAppVersion(serverVersion: string | null, pathname: string, store: AppStore): void {
  if (!serverVersion) return;
  if (serverVersion === BUILT_IN_VERSION) {
    try {
      localStorage.setItem(APP_VERSION_STORAGE_KEY, serverVersion);
    } catch {
      // storage unavailable: nothing to remember
    }
    return;
  }
  if (skipsVersionCheck(pathname)) return;
  if (serverVersion !== storedVersion()) store.set(newVersionAtom, serverVersion);
}
