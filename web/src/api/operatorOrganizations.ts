import { apiRequest, useApi, type Query } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { RequestBody, ResponseData } from './contract';

/** The operator's organisations, onboarding and supplier master (spec 001 §7.11, under /notisphere/organizations). */
export const ORGANIZATIONS = '/notisphere/organizations';

export type SupplierPage = ResponseData<'getNotisphereOrganizationsSuppliers'>;
export type SupplierRow = SupplierPage['items'][number];
export type ProviderPage = ResponseData<'getNotisphereOrganizationsProviders'>;
export type ProviderRow = ProviderPage['items'][number];
export type SupplierDetail = ResponseData<'getNotisphereOrganizationsSuppliersId'>;
export type ProviderDetail = ResponseData<'getNotisphereOrganizationsProvidersId'>;
export type SiteRow = ProviderDetail['sites'][number];
export type SupplierMasterPage = ResponseData<'getNotisphereOrganizationsSuppliersList'>;
export type SupplierMasterRow = SupplierMasterPage['items'][number];
export type OrganizationOption = ResponseData<'getNotisphereOrganizationsSupplierNameList'>[number];

export type NewSupplier = RequestBody<'postNotisphereOrganizationsSuppliers'>;
export type NewProvider = RequestBody<'postNotisphereOrganizationsProviders'>;
export type SupplierUpdate = RequestBody<'putNotisphereOrganizationsSuppliersId'>;
export type ProviderUpdate = RequestBody<'putNotisphereOrganizationsProvidersId'>;

/** Which of the two organisation lists a page shows. */
export type OrganizationKind = 'suppliers' | 'providers';

/** The list query plus the spec's extra filters (address filters, notisphere_id, sites), blanks left out. */
function listParams(query: ListQuery, extra: Record<string, string> = {}): Query {
  const params: Query = listQueryParams(query);
  for (const [key, value] of Object.entries(extra)) if (value.trim()) params[key] = value.trim();
  return params;
}

export function useSuppliers(query: ListQuery, extra?: Record<string, string>) {
  return useApi<SupplierPage>(`${ORGANIZATIONS}/suppliers`, listParams(query, extra), {
    swr: { keepPreviousData: true },
  });
}

export function useProviders(query: ListQuery, extra?: Record<string, string>) {
  return useApi<ProviderPage>(`${ORGANIZATIONS}/providers`, listParams(query, extra), {
    swr: { keepPreviousData: true },
  });
}

export function useProvider(id: number | null) {
  return useApi<ProviderDetail>(id ? `${ORGANIZATIONS}/providers/${id}` : null, undefined, { errorModal: false });
}

export function useSupplier(id: number | null) {
  return useApi<SupplierDetail>(id ? `${ORGANIZATIONS}/suppliers/${id}` : null, undefined, { errorModal: false });
}

export function createSupplier(body: NewSupplier): Promise<SupplierDetail> {
  return apiRequest(`${ORGANIZATIONS}/suppliers`, { method: 'POST', body, errorModal: false });
}

export function updateSupplier(id: number, body: SupplierUpdate): Promise<SupplierDetail> {
  return apiRequest(`${ORGANIZATIONS}/suppliers/${id}`, { method: 'PUT', body, errorModal: false });
}

export function createProvider(body: NewProvider): Promise<ProviderDetail> {
  return apiRequest(`${ORGANIZATIONS}/providers`, { method: 'POST', body, errorModal: false });
}

export function updateProvider(id: number, body: ProviderUpdate): Promise<ProviderDetail> {
  return apiRequest(`${ORGANIZATIONS}/providers/${id}`, { method: 'PUT', body, errorModal: false });
}

/** DELETE is a soft deactivation: the organisation's users lose their sessions at once. */
export function deactivateOrganization(kind: OrganizationKind, id: number): Promise<unknown> {
  return apiRequest(`${ORGANIZATIONS}/${kind}/${id}`, { method: 'DELETE', errorModal: false });
}

export function activateOrganization(kind: OrganizationKind, id: number): Promise<unknown> {
  const body = { status: 'ACTIVE' } satisfies SupplierUpdate & ProviderUpdate;
  return apiRequest(`${ORGANIZATIONS}/${kind}/${id}`, { method: 'PUT', body, errorModal: false });
}

/** The Provider Account Report downloads take the provider list's filters. */
export const PROVIDER_ACCOUNT_DOWNLOADS = {
  csv: `${ORGANIZATIONS}/downloadprovideraccountcsv`,
  xlsx: `${ORGANIZATIONS}/downloadprovideraccountxlsx`,
  name: 'Provider Account Report',
} as const;

export function providerListParams(query: ListQuery, extra?: Record<string, string>): Query {
  const { pageNumber: _p, pageSize: _s, ...rest } = listParams(query, extra);
  return rest;
}

// ---- supplier master ----

export function useSupplierMaster(query: ListQuery, status: string) {
  return useApi<SupplierMasterPage>(
    `${ORGANIZATIONS}/suppliers-list`,
    { ...listQueryParams(query), status: status || undefined },
    { swr: { keepPreviousData: true } },
  );
}

export function useSupplierNameList() {
  return useApi<OrganizationOption[]>(`${ORGANIZATIONS}/supplierNameList`, undefined, {
    swr: { revalidateOnFocus: false },
  });
}

export function addSupplierMasterNames(
  body: RequestBody<'postNotisphereOrganizationsCreateSuppliers'>,
): Promise<ResponseData<'postNotisphereOrganizationsCreateSuppliers'>> {
  return apiRequest(`${ORGANIZATIONS}/create-suppliers`, { method: 'POST', body, errorModal: false });
}

/** Links a master name to a supplier; organisation 0 unlinks it. */
export function linkSupplierMasterName(id: number, organizationId: number): Promise<SupplierMasterRow> {
  return apiRequest(`${ORGANIZATIONS}/link-suppliers/${id}/${organizationId}`, { method: 'PUT', errorModal: false });
}

/** The spec sends this status change as a GET. */
export function setSupplierMasterStatus(id: number, status: 'ACTIVE' | 'DEACTIVATED'): Promise<SupplierMasterRow> {
  return apiRequest(`${ORGANIZATIONS}/update-suppliers-list`, { query: { id, status }, errorModal: false });
}

/** The supplier and provider organisations a recall list may be narrowed to (GET …/recall-Orgmeta). */
export function useRecallOrganizationMeta() {
  return useApi<ResponseData<'getNotisphereOrganizationsRecallOrgmeta'>>(`${ORGANIZATIONS}/recall-Orgmeta`, undefined, {
    errorModal: false,
  });
}
