import { useApi } from './client';
import type { ResponseData } from './contract';

/** The audit trail's hash chains recomputed (modules/communications' GET /notisphere/audit/verify, operator only). */
export type AuditVerification = ResponseData<'getNotisphereAuditVerify'>;

/**
 * Reads every audit entry, so it runs only once asked (`asked`), never on focus or by itself; `mutate()` runs it
 * again.
 */
export function useAuditVerification(asked: boolean) {
  return useApi<AuditVerification>(asked ? '/notisphere/audit/verify' : null, undefined, {
    errorModal: false,
    swr: { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  });
}
