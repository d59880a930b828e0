import { apiRequest, uploadFile, useApi } from './client';
import type { AppStore } from '../state/store';
import { listQueryParams, type CommunicationType, type ListQuery, type Page } from './communications';
import type { OperationId, RequestBody, ResponseData } from './contract';

/** Organisation pages of a supplier (docs/api-organizations.md): master records, providers, files, users, roles. */

export type RecordStatus = 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';

// The answers below are generated from the routes' response schemas (web/src/api/contract.ts).
export type TemplateAction = ResponseData<'getSupplierTemplateActions'>['items'][number];

export type DistributionList = ResponseData<'getSupplierDistributionLists'>['items'][number];

export type DistributionListMember = ResponseData<'getSupplierDistributionListsIdMembers'>['items'][number];

export type SalesRep = ResponseData<'getSupplierSalesReps'>['items'][number];

/** A provider the supplier's locations map to, with its verification progress over them (counts per status). */
export type SupplierProvider = ResponseData<'getSupplierProviders'>['items'][number];

/** A supplier location; `verification_status` is the mapped provider's (locationStatus codes), null until it verifies. */
export type SupplierLocation = ResponseData<'getSupplierLocations'>['items'][number];

/** A row of the uploaded location files. */
export type LocationFile = ResponseData<'getSupplierLocationFiles'>['items'][number];
/** One location file with its rejected lines (what the upload and GET /{id} answer). */
export type LocationFileDetail = ResponseData<'getSupplierLocationFilesId'>;
export type LocationFileError = LocationFileDetail['errors'][number];

/** A member; `also_in`: the person's other organisations of the caller's health system (its sites). */
export type OrgUser = ResponseData<'getUsers'>['items'][number];

/** An organisation a member may be assigned to (GET /users/organizations): the caller's, then its active sites. */
export type AssignableOrganization = ResponseData<'getUsersOrganizations'>[number];

export function useAssignableOrganizations(enabled: boolean) {
  return useApi<AssignableOrganization[]>(enabled ? '/users/organizations' : null);
}

export type Role = ResponseData<'getRoles'>['items'][number];

export type OrganizationProfile = ResponseData<'getOrganizationProfile'>;

/** One page of any organisation list (the master pages, by path); `extra` carries e.g. communicationType. */
export function useResourcePage<T>(path: string | null, query: ListQuery, extra: Record<string, string> = {}) {
  return useApi<Page<T>>(path, { ...listQueryParams(query), ...extra });
}

/** One page of a list whose operation is known: its generated page type. */
function useListPage<Op extends OperationId>(
  path: string | null,
  query: ListQuery,
  extra: Record<string, string> = {},
) {
  return useApi<ResponseData<Op>>(path, { ...listQueryParams(query), ...extra });
}

export function useTemplateActions(type: CommunicationType, query: ListQuery) {
  return useListPage<'getSupplierTemplateActions'>('/supplier/template-actions', query, { communicationType: type });
}

export function useDistributionLists(type: CommunicationType, query: ListQuery) {
  return useListPage<'getSupplierDistributionLists'>('/supplier/distribution-lists', query, {
    communicationType: type,
  });
}

export function useDistributionListMembers(listId: number | null, query: ListQuery) {
  return useListPage<'getSupplierDistributionListsIdMembers'>(
    listId ? `/supplier/distribution-lists/${listId}/members` : null,
    query,
  );
}

export function useSupplierProviders(query: ListQuery) {
  return useListPage<'getSupplierProviders'>('/supplier/providers', query);
}

export function useLocationFiles(query: ListQuery) {
  return useListPage<'getSupplierLocationFiles'>('/supplier/location-files', query);
}

export function useLocationFile(id: number | null) {
  return useApi<LocationFileDetail>(id ? `/supplier/location-files/${id}` : null);
}

export function useRolePermissions() {
  return useApi<ResponseData<'getRolesPermissions'>>('/roles/permissions');
}

export function useRoles(query: ListQuery) {
  return useListPage<'getRoles'>('/roles', query);
}

export function useOrganizationProfile() {
  return useApi<OrganizationProfile>('/organization/profile');
}

export function updateOrganizationProfile(
  body: Partial<OrganizationProfile> & { name: string },
): Promise<OrganizationProfile> {
  return apiRequest<OrganizationProfile>('/organization/profile', {
    method: 'PUT',
    body: body satisfies RequestBody<'putOrganizationProfile'>,
    errorModal: false,
  });
}

/** The organisation logo (.png or .jpg); answers the profile with its new signed link. */
export function uploadProfilePhoto(store: AppStore, file: File) {
  return uploadFile<ResponseData<'postOrganizationProfilePhoto'>>(store, '/organization/profile/photo', file);
}

/** Create, update, activate, inactivate and delete of a master record collection at `path`. */
export function createRecord<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body, errorModal: false });
}

export function updateRecord<T>(path: string, id: number, body: unknown): Promise<T> {
  return apiRequest<T>(`${path}/${id}`, { method: 'PUT', body, errorModal: false });
}

export function setRecordActive(path: string, id: number, active: boolean): Promise<unknown> {
  return apiRequest(`${path}/${id}/${active ? 'activate' : 'inactivate'}`, {
    method: 'PUT',
    body: {},
    errorModal: false,
  });
}

/** PUT /users/:id/unlock: clears the lock of a member's account (spec 000 §4 LOCKED). */
export function unlockUser(id: number): Promise<unknown> {
  return apiRequest(`/users/${id}/unlock`, { method: 'PUT', body: {}, errorModal: false });
}

/** PUT /users/:id/resend-verification: a fresh invitation link for a member who has not proven the address. */
export function resendInvitation(id: number): Promise<unknown> {
  return apiRequest(`/users/${id}/resend-verification`, { method: 'PUT', body: {}, errorModal: false });
}

export function deleteRecord(path: string, id: number): Promise<unknown> {
  return apiRequest(`${path}/${id}`, { method: 'DELETE', errorModal: false });
}

export function addDistributionListMember(
  listId: number,
  body: { email: string; name?: string } | { provider_organization_id: number } | { supplier_location_id: number },
): Promise<ResponseData<'postSupplierDistributionListsIdMembers'>> {
  return apiRequest(`/supplier/distribution-lists/${listId}/members`, {
    method: 'POST',
    body,
    errorModal: false,
  });
}

export function removeDistributionListMember(listId: number, memberId: number): Promise<unknown> {
  return apiRequest(`/supplier/distribution-lists/${listId}/members/${memberId}`, {
    method: 'DELETE',
    errorModal: false,
  });
}
