import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/** The second factor the operator's own users give at sign-in (issue 34, item 5c). */
export type SignInPolicy = ResponseData<'getNotisphereSignInPolicy'>;
export const SIGN_IN_POLICY_PATH = '/notisphere/sign-in-policy';

export function useSignInPolicy(enabled = true) {
  return useApi<SignInPolicy>(enabled ? SIGN_IN_POLICY_PATH : null, undefined, { errorModal: false });
}

export function saveSignInPolicy(body: RequestBody<'putNotisphereSignInPolicy'>): Promise<SignInPolicy> {
  return apiRequest<SignInPolicy>(SIGN_IN_POLICY_PATH, { method: 'PUT', body, errorModal: false });
}
