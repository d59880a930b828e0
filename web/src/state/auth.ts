import { atom } from 'jotai';
import { decodeClaims, isTokenValid, userTypeOf, type StoredToken, type TokenClaims, type UserType } from './token';

/**
 * The access token of this page, in memory only (issue 34: an injected script finds nothing in storage). A reload
 * starts without it and gets a new one from the refresh cookie (`initSession`); each tab holds its own.
 */
let pageToken: StoredToken | null = null;

/** Sets the page's token outside a store: what a store reads first (tests sign in with it before rendering). */
export function setPageToken(token: StoredToken | null): void {
  pageToken = token;
}

/** undefined until first read: each store starts from the page's token. */
const tokenBaseAtom = atom<StoredToken | null | undefined>(undefined);

/** The page's login: the access token (null clears it). */
export const tokenAtom = atom(
  (get) => {
    const value = get(tokenBaseAtom);
    return value === undefined ? pageToken : value;
  },
  (_get, set, next: StoredToken | null) => {
    pageToken = next;
    set(tokenBaseAtom, next);
  },
);

/** The claims of the page's access token (spec §4). */
export const claimsAtom = atom<TokenClaims | null>((get) => {
  const token = get(tokenAtom);
  return token ? decodeClaims(token.access_token) : null;
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

/** Set when a refresh failed (no or a dead refresh cookie): user, token and organisation are cleared. */
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
