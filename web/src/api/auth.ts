import { apiRequest, useApi, type TokenAnswer } from './client';
import type { Coerced, RequestBody, ResponseData } from './contract';

export type { TokenAnswer } from './client';

export const CLIENT_ID = 'portal-web';

type TokenBody = Coerced<RequestBody<'postAuthToken'>, 'login_as_organization_id'>;
/** The password grant's fields: the token body's, with the email and password it needs (other grants go without). */
export type PasswordGrant = Required<Pick<TokenBody, 'email' | 'password'>> &
  Pick<TokenBody, 'verification_code' | 'recovery_code' | 'login_as_organization_id'>;

/** POST /auth/token with the password grant; form pages show failures inline. */
export function requestToken(grant: PasswordGrant): Promise<TokenAnswer> {
  return apiRequest<TokenAnswer>('/auth/token', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { client_id: CLIENT_ID, grant_type: 'password', ...grant } satisfies Coerced<
      RequestBody<'postAuthToken'>,
      'login_as_organization_id'
    >,
  });
}

/** Ends the session of this browser's refresh cookie (sent by the browser; the server clears it). */
export function logoutRequest(): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: {} satisfies RequestBody<'postAuthLogout'>,
  });
}

/** The caller's live sessions (device, address, started, last seen; this device marked). */
export type MySession = ResponseData<'getMeSessions'>[number];

export function useMySessions() {
  return useApi<MySession[]>('/me/sessions', undefined, { swr: { revalidateOnFocus: true } });
}

/** Ends one of the caller's sessions: that device is signed out at its next call. */
export function endMySession(id: string): Promise<unknown> {
  return apiRequest(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', errorModal: false });
}

/** Ends every session of the caller but this one. */
export function endOtherSessions(): Promise<ResponseData<'postMeSessionsEndOthers'>> {
  return apiRequest('/me/sessions/end-others', { method: 'POST', errorModal: false });
}

/** An administrator ends every session of a user (of the caller's organisation; the operator: of anyone). */
export function endUserSessions(userId: number | string): Promise<ResponseData<'postUsersIdEndSessions'>> {
  return apiRequest(`/users/${encodeURIComponent(String(userId))}/end-sessions`, {
    method: 'POST',
    errorModal: false,
  });
}

export function forgotPassword(email: string): Promise<unknown> {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { email } satisfies RequestBody<'postAuthForgotPassword'>,
  });
}

export function resetPassword(token: string, password: string): Promise<unknown> {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { token, password } satisfies RequestBody<'postAuthResetPassword'>,
  });
}

export function verifyEmail(token: string): Promise<unknown> {
  return apiRequest('/auth/verify-email', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { token } satisfies RequestBody<'postAuthVerifyEmail'>,
  });
}

export type OrganizationByLink = ResponseData<'getAuthOrganizationBylink'>;

export function useOrganizationByLink(selfregistrationlink: string | null) {
  return useApi<OrganizationByLink>(
    selfregistrationlink ? '/auth/organization-bylink' : null,
    { selfregistrationlink },
    { errorModal: false, swr: { shouldRetryOnError: false, revalidateOnFocus: false } },
  );
}

export type SignUpBody = RequestBody<'postAuthSignUpUser'>;

export function signUpUser(body: SignUpBody): Promise<unknown> {
  return apiRequest('/auth/SignUpUser', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body,
  });
}

/** Sends an unlock code to a locked account's email. */
export function requestUnlockCode(email: string): Promise<unknown> {
  return apiRequest('/auth/userlock', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { email } satisfies RequestBody<'postAuthUserlock'>,
  });
}

export function unlockWithCode(email: string, code: string): Promise<unknown> {
  return apiRequest('/auth/userlockotp', {
    method: 'POST',
    auth: false,
    errorModal: false,
    body: { email, code } satisfies RequestBody<'postAuthUserlockotp'>,
  });
}

/** Access request of a provider user who lacks permission to see an event. */
export function requestAccess(
  communicationId: string,
  providerCommunicationId: string,
): Promise<ResponseData<'getAuthRequestIdAccessX'>> {
  return apiRequest(
    `/auth/request/${encodeURIComponent(communicationId)}/access/${encodeURIComponent(providerCommunicationId)}`,
  );
}

/** Who to ask for access to an event the provider user may not see (permission-denied overlay). */
export type CommunicationAccessDetails = ResponseData<'getAuthGetcommunicationdetailsIdViewX'>;

export function useCommunicationAccessDetails(communicationId: string | null, providerCommunicationId: string | null) {
  const path =
    communicationId && providerCommunicationId
      ? `/auth/getcommunicationdetails/${encodeURIComponent(communicationId)}/view/${encodeURIComponent(providerCommunicationId)}`
      : null;
  return useApi<CommunicationAccessDetails>(path, undefined, {
    errorModal: false,
    swr: { shouldRetryOnError: false, revalidateOnFocus: false },
  });
}
