import { apiRequest, useApi } from './client';
import type { ResponseData } from './contract';
import type { FilterModel } from '@portal/design-system';
import type { ListQuery } from './communications';
import { useResourcePage } from './supplier';

export const LOCATION_VERIFICATION_PATH = '/provider/locations-verification';
/** The operator's list of every supplier's locations to verify (same rows, same body). */
export const OPERATOR_VERIFICATION_PATH = '/notisphere/locations-verification';

/** One supplier location mapped to the provider or one of its sites (generated from the route's response schema). */
export type VerificationRow = ResponseData<'getProviderLocationsVerification'>['items'][number];
export type VerificationStatus = NonNullable<VerificationRow['verification_status']>;

export function useLocationsToVerify(query: ListQuery, path = LOCATION_VERIFICATION_PATH) {
  return useResourcePage<VerificationRow>(path, query);
}

/** The API takes at most this many ids a call; a selection across pages may hold more. */
const VERIFY_BATCH = 500;

/** Sets the verification status of one location (row menu) or of the selected ones (bulk buttons). */
export async function verifyLocations(
  ids: number[],
  status: VerificationStatus,
  path = LOCATION_VERIFICATION_PATH,
): Promise<{ updated: number }> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += VERIFY_BATCH) {
    const done = await apiRequest<ResponseData<'putProviderLocationsVerification'>>(path, {
      method: 'PUT',
      body: { ids: ids.slice(i, i + VERIFY_BATCH), status },
      errorModal: false,
    });
    updated += done.updated;
  }
  return { updated };
}

/** A supplier location as the operator's /notisphere/locations lists it (generated from the route's schema). */
export type OperatorLocationRow = ResponseData<'getNotisphereLocations'>['items'][number];

export function useOperatorLocations(query: ListQuery) {
  return useResourcePage<OperatorLocationRow>('/notisphere/locations', query);
}

/** Suppliers that have locations: the operator's supplier filter. */
export function useLocationSuppliers() {
  return useApi<ResponseData<'getNotisphereLocationsSuppliers'>>('/notisphere/locations/suppliers');
}

/**
 * Filters the server matches exactly (status, supplier, state): set in the filterModel beside the column filters; the
 * server takes them out before the "contains" ones. Empty values are left out.
 */
export function exactFilters(values: Record<string, string | undefined>): FilterModel {
  const model: FilterModel = {};
  for (const [field, value] of Object.entries(values))
    if (value) model[field] = { filterType: 'text', type: 'contains', filter: value };
  return model;
}
