import { apiRequest, useApi } from './client';
import { listQueryParams, type ActionType, type CommunicationType, type ListQuery, type Page } from './communications';
import type { RequestBody } from './contract';

/** Organisation pages of a supplier (docs/api-organizations.md): master records, providers, files, users, roles. */

export type RecordStatus = 'ACTIVE' | 'INACTIVE' | 'DELETED' | 'PENDING';

export interface TemplateAction {
  id: number;
  communication_type: CommunicationType;
  title: string;
  description: string | null;
  action_type: ActionType;
  options: string[];
  is_required: boolean;
  sort_order: number;
  status: RecordStatus;
}

export interface DistributionList {
  id: number;
  communication_type: CommunicationType;
  name: string;
  description: string | null;
  status: RecordStatus;
  member_count: number;
}

export interface DistributionListMember {
  id: number;
  provider_organization_id: number | null;
  supplier_location_id: number | null;
  name: string | null;
  email: string | null;
  created_at: string;
}

export interface SalesRep {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  territory: string | null;
  region: string | null;
  status: RecordStatus;
}

export interface SupplierProvider {
  id: number;
  name: string;
  notisphere_id: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  location_count: number;
  /** The provider's verification progress over these locations (counts per status; unverified = not yet). */
  covered_count?: number;
  emailed_count?: number;
  non_covered_count?: number;
  invalid_count?: number;
  unrecognized_count?: number;
  unverified_count?: number;
}

export interface SupplierLocation {
  id: number;
  location_id: string;
  location_name: string;
  idn: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  type: string | null;
  email: string | null;
  notisphere_id: string | null;
  provider_name: string | null;
  file_name: string | null;
  /** The mapped provider's verification status (locationStatus codes); null until it verifies. */
  verification_status: string | null;
  status: RecordStatus;
}

export interface LocationFileError {
  line: number;
  location_id: string | null;
  message: string;
}

export interface LocationFile {
  id: number;
  name: string;
  status: string;
  row_count: number;
  error_count: number;
  inserted_count?: number;
  updated_count?: number;
  created_at: string;
  uploaded_by_name: string | null;
  errors?: LocationFileError[];
  location_count?: number;
}

export interface OrgUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string | null;
  status: string;
  membership_status: RecordStatus;
  role_id: number | null;
  role_name: string | null;
  organization_id?: number;
  organization_name?: string;
  /** The person's other organisations of the caller's health system (its sites), besides the row's own. */
  also_in?: string[];
}

/** An organisation a member may be assigned to (GET /users/organizations): the caller's, then its active sites. */
export interface AssignableOrganization {
  id: number;
  name: string;
  is_site: boolean;
}

export function useAssignableOrganizations(enabled: boolean) {
  return useApi<AssignableOrganization[]>(enabled ? '/users/organizations' : null);
}

export interface Role {
  id: number;
  name: string;
  description: string | null;
  status: RecordStatus;
  permissions: string[];
}

export interface OrganizationProfile {
  id: number;
  type: string;
  name: string;
  status: string;
  notisphere_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  domain: string | null;
  profile_photo_url?: { signed_url: string; signed_url_review?: string | null } | null;
  self_registration_url?: string | null;
}

/** One page of any organisation list; `extra` carries e.g. communicationType. */
export function useResourcePage<T>(path: string | null, query: ListQuery, extra: Record<string, string> = {}) {
  return useApi<Page<T>>(path, { ...listQueryParams(query), ...extra });
}

export function useTemplateActions(type: CommunicationType, query: ListQuery) {
  return useResourcePage<TemplateAction>('/supplier/template-actions', query, { communicationType: type });
}

export function useDistributionLists(type: CommunicationType, query: ListQuery) {
  return useResourcePage<DistributionList>('/supplier/distribution-lists', query, { communicationType: type });
}

export function useDistributionListMembers(listId: number | null, query: ListQuery) {
  return useResourcePage<DistributionListMember>(
    listId ? `/supplier/distribution-lists/${listId}/members` : null,
    query,
  );
}

export function useSupplierProviders(query: ListQuery) {
  return useResourcePage<SupplierProvider>('/supplier/providers', query);
}

export function useLocationFiles(query: ListQuery) {
  return useResourcePage<LocationFile>('/supplier/location-files', query);
}

export function useLocationFile(id: number | null) {
  return useApi<LocationFile>(id ? `/supplier/location-files/${id}` : null);
}

export function useRolePermissions() {
  return useApi<{ organization_type: string; permissions: string[] }>('/roles/permissions');
}

export function useRoles(query: ListQuery) {
  return useResourcePage<Role>('/roles', query);
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
): Promise<DistributionListMember> {
  return apiRequest<DistributionListMember>(`/supplier/distribution-lists/${listId}/members`, {
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
