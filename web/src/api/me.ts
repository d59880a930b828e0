import { useAtomValue } from 'jotai';
import { apiRequest, useApi } from './client';
import { authAtom } from '../state/auth';
import type { RequestBody } from './contract';

export type OrganizationType = 'NOTISPHERE' | 'PROVIDER' | 'SUPPLIER';

export interface MeOrganization {
  id: string | number;
  name: string;
  type: OrganizationType;
  profile_photo: string | null;
  isSSO: boolean;
}

export interface Me {
  id: string | number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  photo: string | null;
  status: string;
  /** The language of the user's emails (issue 12); older servers may not send it. */
  language?: 'en' | 'vi';
  organization: MeOrganization;
  role_name: string | null;
}

export interface MyOrganization extends MeOrganization {
  parent_id: string | number | null;
  parentorg_type: OrganizationType | null;
}

export function useMe() {
  const { isAuth } = useAtomValue(authAtom);
  return useApi<Me>(isAuth ? '/me' : null);
}

export function useMyOrganization() {
  const { isAuth } = useAtomValue(authAtom);
  return useApi<MyOrganization>(isAuth ? '/me/organization' : null);
}

export interface ProfileBody {
  first_name: string;
  last_name: string;
  phone: string;
}

export function updateMe(body: ProfileBody): Promise<Me> {
  return apiRequest<Me>('/me', { method: 'PUT', body: body satisfies RequestBody<'putMe'>, errorModal: false });
}

/** The signed-in user's language, which their emails follow (PUT /me/language). */
export function saveMyLanguage(language: 'en' | 'vi'): Promise<Me> {
  return apiRequest<Me>('/me/language', {
    method: 'PUT',
    body: { language } satisfies RequestBody<'putMeLanguage'>,
    errorModal: false,
  });
}

export interface ChangePasswordBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiRequest('/me/change-password', {
    method: 'PUT',
    body: body satisfies RequestBody<'putMeChangePassword'>,
    errorModal: false,
  });
}
