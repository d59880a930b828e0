import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/**
 * The operator's users and roles of every organisation (docs/decisions.md "Operator side: users
 * and roles"). The lists and their writes go through MasterListPage at USERS_PATH and ROLES_PATH; these are the rest.
 */
export const USERS_PATH = '/notisphere/users';
export const ROLES_PATH = '/notisphere/roles';

export type OperatorUser = ResponseData<'getNotisphereUsers'>['items'][number];
export type OperatorUserDetail = ResponseData<'getNotisphereUsersId'>;
export type OperatorMembership = OperatorUserDetail['memberships'][number];
export type OperatorRole = ResponseData<'getNotisphereRoles'>['items'][number];
export type OrganizationChoice = ResponseData<'getNotisphereUsersOrganizations'>[number];
export type OrganizationType = OrganizationChoice['type'];
export type PermissionCatalogues = ResponseData<'getNotisphereRolesPermissions'>;

export type NewOperatorUser = RequestBody<'postNotisphereUsers'>;
export type OperatorUserUpdate = RequestBody<'putNotisphereUsersId'>;
export type NewOperatorRole = RequestBody<'postNotisphereRoles'>;
export type OperatorRoleUpdate = RequestBody<'putNotisphereRolesId'>;

/** Organisations whose name contains `search` (at most 50), for the pickers. */
export function useOrganizationChoices(search: string) {
  return useApi<OrganizationChoice[]>(
    `${USERS_PATH}/organizations`,
    { search: search.trim() || undefined },
    {
      swr: { keepPreviousData: true },
    },
  );
}

/** One user with every membership; null loads nothing. */
export function useOperatorUser(id: number | null) {
  return useApi<OperatorUserDetail>(id ? `${USERS_PATH}/${id}` : null, undefined, { errorModal: false });
}

export function usePermissionCatalogues() {
  return useApi<PermissionCatalogues>(`${ROLES_PATH}/permissions`);
}

/** Roles of one organisation (the invitation's role picker); null loads nothing. */
export function useOrganizationRoles(organizationId: number | null) {
  return useApi<ResponseData<'getNotisphereRoles'>>(organizationId ? ROLES_PATH : null, {
    organizationId: organizationId ?? undefined,
    pageSize: 500,
  });
}

export function unlockUser(id: number): Promise<ResponseData<'putNotisphereUsersIdUnlock'>> {
  return apiRequest(`${USERS_PATH}/${id}/unlock`, { method: 'PUT', body: {}, errorModal: false });
}

export function resendVerification(id: number): Promise<ResponseData<'putNotisphereUsersIdResendVerification'>> {
  return apiRequest(`${USERS_PATH}/${id}/resend-verification`, { method: 'PUT', body: {}, errorModal: false });
}
