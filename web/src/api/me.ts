import { useAtomValue } from 'jotai';
import { apiRequest, useApi } from './client';
import { authAtom } from '../state/auth';
import type { RequestBody, ResponseData } from './contract';

/** The caller's profile with its organisation (generated; also the answer of its updates). */
export type Me = ResponseData<'getMe'>;
export type MeOrganization = Me['organization'];
export type OrganizationType = MeOrganization['type'];
/** The caller's organisation (generated). */
export type MyOrganization = ResponseData<'getMeOrganization'>;

export function useMe() {
  const { isAuth } = useAtomValue(authAtom);
  return useApi<Me>(isAuth ? '/me' : null);
}

export function useMyOrganization() {
  const { isAuth } = useAtomValue(authAtom);
  return useApi<MyOrganization>(isAuth ? '/me/organization' : null);
}

export type ProfileBody = RequestBody<'putMe'>;

export function updateMe(body: ProfileBody): Promise<Me> {
  return apiRequest<Me>('/me', { method: 'PUT', body, errorModal: false });
}

/** The signed-in user's language, which their emails follow (PUT /me/language). */
export function saveMyLanguage(language: 'en' | 'vi'): Promise<Me> {
  return apiRequest<Me>('/me/language', {
    method: 'PUT',
    body: { language } satisfies RequestBody<'putMeLanguage'>,
    errorModal: false,
  });
}

export type ChangePasswordBody = RequestBody<'putMeChangePassword'>;

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiRequest('/me/change-password', {
    method: 'PUT',
    body,
    errorModal: false,
  });
}
