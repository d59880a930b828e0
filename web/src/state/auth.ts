import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import {
  TOKEN_STORAGE_KEY,
  decodeClaims,
  isStoredToken,
  isTokenValid,
  userTypeOf,
  type StoredToken,
  type TokenClaims,
  type UserType,
} from '../app/token';

const tokenStorage = createJSONStorage<StoredToken | null>(() => localStorage);

/** The stored login: access and refresh token under the one 'user-token' key. */
export const tokenAtom = atomWithStorage<StoredToken | null>(
  TOKEN_STORAGE_KEY,
  null,
  {
    ...tokenStorage,
    getItem: (key, initial) => {
      const value = tokenStorage.getItem(key, initial);
      return isStoredToken(value) ? value : null;
    },
  },
  { getOnInit: true },
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

/** Blocking permission-denied overlay over the page. */
export const permissionDeniedAtom = atom(false);

/** Current and previous in-app route (path + query). */
export const routeHistoryAtom = atom<{ current: string | null; previous: string | null }>({
  current: null,
  previous: null,
});
