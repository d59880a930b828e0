import type { AppStore } from '../state/store';
import { apiRequest, downloadFile, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/**
 * Received recalls matched against the item master (issue 38, items 4 and 5): one notice's matches, the worklist's
 * badges, the report, the one-step "not affected", and the supplier's per-customer aggregate.
 */
const BASE = '/provider/inventory/matches';

export type NoticeMatches = ResponseData<'getProviderInventoryMatchesId'>;
export type MatchRow = NoticeMatches['rows'][number];
export type MatchReason = MatchRow['reason'];
export type MatchBadge = ResponseData<'getProviderInventoryMatches'>[number];
export type InventoryCheck = ResponseData<'getSupplierCommunicationsIdInventoryChecks'>[number];

/** One notice against the item master; polled while the check runs. */
export function useNoticeMatches(pcId: number | null) {
  return useApi<NoticeMatches>(pcId ? `${BASE}/${pcId}` : null, undefined, {
    errorModal: false,
    swr: { refreshInterval: (d) => (d?.status === 'PENDING' ? 2000 : 0) },
  });
}

/** The badges of a page of notices (at most 100 ids); notices not checked have none. */
export function useMatchBadges(pcIds: readonly number[]) {
  const ids = pcIds.slice(0, 100).join(',');
  return useApi<MatchBadge[]>(ids ? BASE : null, { ids }, { errorModal: false });
}

/** Answers the notice "not affected" in one step, with the item master's evidence recorded by the server. */
export function notAffectedByItemMaster(
  pcId: number,
): Promise<ResponseData<'postProviderInventoryMatchesIdNotAffected'>> {
  return apiRequest(`${BASE}/${pcId}/not-affected`, {
    method: 'POST',
    body: {} satisfies RequestBody<'postProviderInventoryMatchesIdNotAffected'>,
    errorModal: false,
  });
}

/** Saves every matched row of one notice (CSV or XLSX). */
export function downloadMatches(store: AppStore, pcId: number, format: 'csv' | 'xlsx'): Promise<string> {
  return downloadFile(store, `${BASE}/${pcId}/report`, { format }, `Item Master Matches.${format}`);
}

/** The supplier's view: per customer of its event, whether the customer's own records found the product. */
export function useInventoryChecks(communicationId: number | null) {
  return useApi<InventoryCheck[]>(
    communicationId ? `/supplier/communications/${communicationId}/inventory-checks` : null,
    undefined,
    { errorModal: false },
  );
}
