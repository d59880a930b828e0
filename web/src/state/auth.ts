import { atom } from 'jotai';
import {
  TOKEN_STORAGE_KEY,
  decodeClaims,
  isStoredToken,
  isTokenValid,
  userTypeOf,
  type StoredToken,
  type TokenClaims,
  type UserType,
} from './token';

function readStoredToken(): StoredToken | null {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isStoredToken(value) ? value : null;
  } catch {
    return null;
  }
}

function writeStoredToken(token: StoredToken | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: the login lasts for this page only
  }
}

/** undefined until first read: each store reads localStorage when it first needs the token. */
const tokenBaseAtom = atom<StoredToken | null | undefined>(undefined);
tokenBaseAtom.onMount = (setAtom) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) setAtom(readStoredToken());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** The stored login: access and refresh token under the one 'user-token' key (null clears it). */
export const tokenAtom = atom(
  (get) => {
    const value = get(tokenBaseAtom);
    return value === undefined ? readStoredToken() : value;
  },
  (_get, set, next: StoredToken | null) => {
    writeStoredToken(next);
    set(tokenBaseAtom, next);
  },
);

/** Claims are read only when a refresh token exists (spec §4). */
export const claimsAtom = atom<TokenClaims | null>((get) => {
  const token = get(tokenAtom);
  if (!token || !token.refresh_token) return null;
  return decodeClaims(token.access_token);
});

export interface AuthInfo {
  isAuth: boolean;
  userId: string | null;
  userType: UserType | null;
  orgId: string | null;
  parentOrgType: string | null;
  roleName: string | null;
  permissions: string[];
  allPermissionCount: number;
}

/** Bumped by the session watch so that expiry is re-evaluated. */
export const clockAtom = atom(Date.now());

export const authAtom = atom<AuthInfo>((get) => {
  const claims = get(claimsAtom);
  const now = get(clockAtom);
  const valid = isTokenValid(claims, Math.max(now, Date.now()));
  return {
    isAuth: valid,
    userId: claims?.sub ?? null,
    userType: userTypeOf(claims?.org_type ?? null),
    orgId: claims?.org_id ?? null,
    parentOrgType: claims?.parentorg_type ?? null,
    roleName: claims?.role_name ?? null,
    permissions: claims?.permission ?? [],
    allPermissionCount: claims?.allPermissionCount ?? 0,
  };
});

/** Set when a refresh failed or no refresh token existed: user, token and organisation are cleared. */
export const authErrorAtom = atom(false);

/** Access-denied state recorded by the permission guard until the access request is sent. */
export interface AccessDenied {
  path: string;
  communicationId: string | null;
  providerCommunicationId: string | null;
  requestSent: boolean;
}
export const accessDeniedAtom = atom<AccessDenied | null>(null);

/** Current and previous in-app route (path + query). */
export const routeHistoryAtom = atom<{ current: string | null; previous: string | null }>({
  current: null,
  previous: null,
});
