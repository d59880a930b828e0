import { apiRequest, useApi, type TokenAnswer } from './client';
import type { Coerced, RequestBody, ResponseData } from './contract';
import { CLIENT_ID } from './auth';

/** Whether an email's domain signs in through an organisation's identity provider (issue 35). */
export type SsoDiscovery = ResponseData<'getAuthSsoDiscover'>;

export function discoverSso(email: string): Promise<SsoDiscovery> {
  return apiRequest<SsoDiscovery>('/auth/sso/discover', { query: { email }, auth: false, errorModal: false });
}

/** Starts a sign-in at the provider: where the browser goes, and the nonce the return leg sends back. */
export function startSso(email: string): Promise<ResponseData<'postAuthSsoStart'>> {
  return apiRequest('/auth/sso/start', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { email } satisfies RequestBody<'postAuthSsoStart'>,
  });
}

/** What the return leg carries: the provider's code, state and issuer, and the nonce the start answered. */
export interface SsoReturn {
  auth_code: string;
  state: string;
  iss?: string;
  nonce: string;
  login_as_organization_id?: string;
}

/** The spec's login request with `auth_code` and `nonce`: the token answer, `login_as_required` included. */
export function ssoToken(leg: SsoReturn): Promise<TokenAnswer> {
  return apiRequest<TokenAnswer>('/auth/token', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { client_id: CLIENT_ID, grant_type: 'authorization_code', ...leg } satisfies Coerced<
      RequestBody<'postAuthToken'>,
      'login_as_organization_id'
    >,
  });
}

/** The provider's end-session address for this session, if it was signed in through one (else null). */
export async function idpLogoutUrl(): Promise<string | null> {
  try {
    return (await apiRequest<ResponseData<'getAuthIdpLogout'>>('/auth/idp/logout', { errorModal: false })).logout_url;
  } catch {
    return null;
  }
}

export type SsoSettings = ResponseData<'getOrganizationSso'>;
export type SsoSettingsBody = RequestBody<'putOrganizationSso'>;

/** An organisation's single sign-on: the operator's (`organizationId`) or the caller's own (none). */
const settingsPath = (organizationId?: number) =>
  organizationId ? `/notisphere/organizations/sso/${organizationId}` : '/organization/sso';

export function useSsoSettings(organizationId?: number) {
  return useApi<SsoSettings>(settingsPath(organizationId));
}

export function saveSsoSettings(body: SsoSettingsBody, organizationId?: number): Promise<SsoSettings> {
  return apiRequest<SsoSettings>(settingsPath(organizationId), { method: 'PUT', body, errorModal: false });
}

/** This tab's session came from an identity provider (set by the callback page): its logout goes there too. */
const PROVIDER_SESSION_KEY = 'portal.sso.session';

export function rememberProviderSignIn(): void {
  sessionStorage.setItem(PROVIDER_SESSION_KEY, '1');
}

export function signedInThroughProvider(): boolean {
  try {
    return sessionStorage.getItem(PROVIDER_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetProviderSignIn(): void {
  try {
    sessionStorage.removeItem(PROVIDER_SESSION_KEY);
  } catch {
    // nothing kept
  }
}
