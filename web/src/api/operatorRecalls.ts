import { apiRequest, downloadFile, useApi, type Query } from './client';
import type { AppStore } from '../state/store';
import type { CommunicationType } from './communications';
import type { QueryParams, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/** Every supplier's recalls and advisories, for the operator (spec 001 §7.10; Notisphere_ManageRecalls). */
const BASE = '/notisphere/communications';

export type OperatorRecallPage = ResponseData<'getNotisphereCommunications'>;
export type OperatorRecallRow = OperatorRecallPage['items'][number];

/** The filters the list, the Recalls Report and the Event Summary Report share. */
export type OperatorRecallFilters = Pick<
  QueryParams<'getNotisphereCommunicationsDownloadcsv'>,
  'status' | 'statusProvider' | 'organizationId' | 'category'
>;

/** The list's query: the shared list query, the type tab and the filters. */
export function recallsQuery(state: ListState, filters: OperatorRecallFilters): Query {
  return { ...listQuery(state, filters.category ?? null), ...filters, category: undefined };
}

export function useOperatorRecalls(state: ListState, filters: OperatorRecallFilters) {
  return useApi<OperatorRecallPage>(BASE, recallsQuery(state, filters), { swr: { keepPreviousData: true } });
}

/** One event as its supplier sees it, with its supplier and documents (read-only; generated). */
export type OperatorRecall = ResponseData<'getNotisphereCommunicationsId'>;
export type OperatorRecallHistory = ResponseData<'getNotisphereCommunicationsIdHistories'>;
/** The new draft a copy answers: the supplier's event detail. */
export type OperatorRecallCopy = ResponseData<'getNotisphereCommunicationsIdCopy'>;

export function useOperatorRecall(id: number | null) {
  // The view page says a failure itself (a recall that does not exist: the not-found page).
  return useApi<OperatorRecall>(id ? `${BASE}/${id}` : null, undefined, { errorModal: false });
}

export function useOperatorRecallHistories(id: number | null) {
  return useApi<OperatorRecallHistory>(id ? `${BASE}/${id}/histories` : null);
}

/** One document of any supplier's event with fresh signed links (generated). */
export function operatorRecallDocument(documentId: number) {
  return apiRequest<ResponseData<'getNotisphereCommunicationsDocumentId'>>(`${BASE}/document/${documentId}`, {
    errorModal: false,
  });
}

/** A new DRAFT in the event's supplier organisation, copied from the event (audited); answers the copy. */
export function copyOperatorRecall(id: number): Promise<OperatorRecallCopy> {
  return apiRequest<OperatorRecallCopy>(`${BASE}/${id}/copy`, { errorModal: false });
}

/** Soft-deletes a supplier's draft (audited); a sent event is refused with the server's message. */
export function deleteOperatorRecall(id: number, supplierId: number): Promise<void> {
  return apiRequest<void>(`${BASE}/${id}/delete/supplier/${supplierId}`, { method: 'PUT', errorModal: false });
}

/** The download's query: the filters plus the grid's search and column filters, so the file holds what is shown. */
function downloadQuery(state: ListState, filters: OperatorRecallFilters): Query {
  const { search, filterModel } = listQuery(state, null);
  return { ...filters, search, filterModel };
}

/** "Recalls Report MM-DD-YYYY.csv|xlsx". */
export function downloadRecallsReport(
  store: AppStore,
  format: 'csv' | 'xlsx',
  state: ListState,
  filters: OperatorRecallFilters,
): Promise<string> {
  return downloadFile(store, `${BASE}/download${format}`, downloadQuery(state, filters), `Recalls Report.${format}`);
}

/** "Event Summary Report MM-DD-YYYY.csv|xlsx" (the summary takes the filters, not the grid's search). */
export function downloadEventSummary(
  store: AppStore,
  format: 'csv' | 'xlsx',
  filters: OperatorRecallFilters,
): Promise<string> {
  return downloadFile(store, `${BASE}/${format}/summary`, { ...filters }, `Event Summary Report.${format}`);
}

export type { CommunicationType };
