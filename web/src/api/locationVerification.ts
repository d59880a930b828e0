import { apiRequest } from './client';
import type { ResponseData } from './contract';
import type { ListQuery } from './communications';
import { useResourcePage } from './supplier';

export const LOCATION_VERIFICATION_PATH = '/provider/locations-verification';

/** One supplier location mapped to the provider or one of its sites (generated from the route's response schema). */
export type VerificationRow = ResponseData<'getProviderLocationsVerification'>['items'][number];
export type VerificationStatus = NonNullable<VerificationRow['verification_status']>;

export function useLocationsToVerify(query: ListQuery) {
  return useResourcePage<VerificationRow>(LOCATION_VERIFICATION_PATH, query);
}

/** The API takes at most this many ids a call; a selection across pages may hold more. */
const VERIFY_BATCH = 500;

/** Sets the verification status of one location (row menu) or of the selected ones (bulk buttons). */
export async function verifyLocations(ids: number[], status: VerificationStatus): Promise<{ updated: number }> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += VERIFY_BATCH) {
    const done = await apiRequest<{ updated: number }>(LOCATION_VERIFICATION_PATH, {
      method: 'PUT',
      body: { ids: ids.slice(i, i + VERIFY_BATCH), status },
      errorModal: false,
    });
    updated += done.updated;
  }
  return { updated };
}
