import { apiRequest } from './client';
import type { ListQuery } from './communications';
import { useResourcePage } from './supplier';

export const LOCATION_VERIFICATION_PATH = '/provider/locations-verification';

export type VerificationStatus = 'COVERED' | 'EMAILED' | 'NON_COVERED' | 'INVALID' | 'UNABLE_PROCESSED';

/** One supplier location mapped to the provider or one of its sites (GET /provider/locations-verification). */
export interface VerificationRow {
  id: number;
  supplier_name: string;
  location_id: string;
  location_name: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  provider_organization_id: number;
  provider_name: string;
  verification_status: VerificationStatus | null;
  verified_at: string | null;
  updated_at: string;
}

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
