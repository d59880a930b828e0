import type { CommunicationType } from './notices';
import { apiRequest, useApi, type Query } from './client';
import type { RequestBody, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/**
 * What needs the provider's attention (issue 32): the worklist's sections and counts, the list's filters, one row per
 * recall across the organisation's sites, owners, "not affected" answers and bulk changes (docs/api-provider.md).
 */

export const WORKLIST_SECTIONS = ['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned'] as const;
export type WorklistSection = (typeof WORKLIST_SECTIONS)[number];

/** A page of a worklist section (generated): notices (`id` is the provider communication), most urgent first. */
export type WorklistPage = ResponseData<'getProviderWorklist'>;
export type WorklistItem = WorklistPage['items'][number];

/** The sections' counts; a section in `capped` has more than its count (the server stops counting at 10,000). */
export type WorklistCounts = ResponseData<'getProviderWorklistCounts'>;

const WORKLIST = '/provider/worklist';
const BASE = '/provider/communications';

/** A section's page; a failure shows in the section (the landing page opens no error modal). */
export function useWorklist(section: WorklistSection, pageNumber: number, pageSize: number) {
  return useApi<WorklistPage>(
    WORKLIST,
    { section, pageNumber, pageSize },
    { errorModal: false, swr: { keepPreviousData: true } },
  );
}

/** The sections' counts (the worklist's tabs and the sidebar's badge); only for people who may see the worklist. */
export function useWorklistCounts(enabled: boolean) {
  return useApi<WorklistCounts>(enabled ? `${WORKLIST}/counts` : null, undefined, { errorModal: false });
}

/** The provider list's own filters (exact matches, AND-ed), beside the shared list query. */
export interface ProviderListFilters {
  status?: 'OPEN' | 'CLOSED';
  responseStatus?: 'NOTCOMPLETED' | 'COMPLETED' | 'NOT_AFFECTED';
  classification?: 'CLASSI' | 'CLASSII' | 'CLASSIII' | 'NOT_YET_CLASSIFIED';
  supplierId?: number;
  siteId?: number;
  /** A user id, 'me' or 'none'. */
  ownerId?: number | 'me' | 'none';
  overdue?: boolean;
  /** YYYY-MM-DD. */
  dueFrom?: string;
  dueTo?: string;
}

/** The filters as query values (none for an unset filter). */
export function filterQuery(filters: ProviderListFilters): Query {
  return {
    status: filters.status,
    responseStatus: filters.responseStatus,
    classification: filters.classification,
    supplierId: filters.supplierId,
    siteId: filters.siteId,
    ownerId: filters.ownerId,
    overdue: filters.overdue ? 1 : undefined,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
  };
}

/** One recall or advisory across the caller's organisation and its sites, with how its sites stand (generated). */
export type ByRecallPage = ResponseData<'getProviderCommunicationsByRecall'>;
export type ByRecallRow = ByRecallPage['items'][number];

export function useProviderByRecall(
  type: CommunicationType | null,
  state: ListState,
  filters: ProviderListFilters,
  enabled = true,
) {
  return useApi<ByRecallPage>(
    enabled ? `${BASE}/by-recall` : null,
    { ...listQuery(state, type), ...filterQuery(filters) },
    { swr: { keepPreviousData: true } },
  );
}

/** How one site (one provider communication) stands on a recall (generated). */
export type RecallSiteRow = ResponseData<'getProviderCommunicationsByRecallCommunicationIdSites'>[number];

export function useRecallSites(communicationId: number | null) {
  return useApi<RecallSiteRow[]>(communicationId ? `${BASE}/by-recall/${communicationId}/sites` : null, undefined, {
    errorModal: false,
  });
}

/** People of the organisation and its sites who may own a notice (of `type`, when given). */
export type OwnerCandidate = ResponseData<'getProviderCommunicationsOwnerCandidates'>[number];

export function useOwnerCandidates(type?: CommunicationType | null, enabled = true) {
  return useApi<OwnerCandidate[]>(
    enabled ? `${BASE}/owner-candidates` : null,
    { type: type ?? undefined },
    { swr: { revalidateOnFocus: false } },
  );
}

/** Gives a notice (a provider communication) to a person, or to nobody; the new owner is emailed. */
export function setOwner(
  pcId: number,
  userId: number | null,
  message?: string,
): Promise<ResponseData<'putProviderCommunicationsIdOwner'>> {
  return apiRequest(`${BASE}/${pcId}/owner`, {
    method: 'PUT',
    body: { userId, ...(message ? { message } : {}) } satisfies RequestBody<'putProviderCommunicationsIdOwner'>,
    errorModal: false,
  });
}

/** Answers a notice "not affected: we have none of this product" with the reason (acknowledged too, if it was not). */
export function markNotAffected(
  pcId: number,
  reason: string,
): Promise<ResponseData<'postProviderCommunicationsIdNotAffected'>> {
  return apiRequest(`${BASE}/${pcId}/not-affected`, {
    method: 'POST',
    body: { reason } satisfies RequestBody<'postProviderCommunicationsIdNotAffected'>,
    errorModal: false,
  });
}

export type BulkBody = RequestBody<'postProviderCommunicationsBulk'>;
export type BulkAction = BulkBody['action'];
export type BulkResult = ResponseData<'postProviderCommunicationsBulk'>;

/** At most this many notices change in one bulk call. */
export const BULK_LIMIT = 200;

/**
 * One change to many notices, all or nothing: how many changed, and how many already were so. An id outside the
 * caller's scope answers 404, a closed notice 409, and nothing changes.
 */
export function bulkChange(body: BulkBody): Promise<BulkResult> {
  return apiRequest(`${BASE}/bulk`, { method: 'POST', body, errorModal: false });
}

/** Stops a delegate's link at once (`id` the event, `pcId` the provider communication). */
export function revokeDelegate(
  id: number,
  pcId: number,
  delegateId: number,
): Promise<ResponseData<'postProviderCommunicationsIdRevokeDelegateAB'>> {
  return apiRequest(`${BASE}/${id}/revoke-delegate/${pcId}/${delegateId}`, { method: 'POST', errorModal: false });
}

/**
 * Whether an SWR key is one of the provider's lists (the per-site list, one row per recall and its sites) or the
 * worklist and its counts: what a change to notices reads again.
 */
export function isProviderWorkKey(key: unknown): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  const path = key[0];
  return path === BASE || path.startsWith(`${BASE}/by-recall`) || path.startsWith(WORKLIST);
}
