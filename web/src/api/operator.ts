import { downloadFile, useApi } from './client';
import type { AppStore } from '../state/store';
import type { ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/** The operator's read-only eR responses across every provider (docs/api-provider.md, "Operator"). */
const BASE = '/notisphere/communications/responses';

/** A provider's eR responses row plus the provider it belongs to (for a site: the site's parent); generated. */
export type OperatorResponsePage = ResponseData<'getNotisphereCommunicationsResponses'>;
export type OperatorResponseRow = OperatorResponsePage['items'][number];

export function useOperatorResponses(state: ListState) {
  return useApi<OperatorResponsePage>(BASE, listQuery(state, null), { swr: { keepPreviousData: true } });
}

/** One provider communication's answers, read-only (generated); each action's status is DRAFT, SUBMITTED or NA. */
export type OperatorResponseDetail = ResponseData<'getNotisphereCommunicationsResponsesIdX'>;
export type OperatorActionAnswer = OperatorResponseDetail['actions'][number];

/** One provider communication's answers (each read is audited on the server); errors show in the dialog. */
export function useOperatorResponseDetail(id: number | null, pcId: number | null) {
  return useApi<OperatorResponseDetail>(id && pcId ? `${BASE}/${id}/${pcId}` : null, undefined, { errorModal: false });
}

/**
 * Saves the eR Responses Report of the list as it stands (GET /downloadcsv or /downloadxlsx): the list's search, column
 * filters and sort, every matching row rather than the page on screen; answers the file's name.
 */
export function downloadOperatorResponses(store: AppStore, state: ListState, format: 'csv' | 'xlsx'): Promise<string> {
  const { pageNumber: _page, pageSize: _size, ...query } = listQuery(state, null);
  return downloadFile(store, `${BASE}/download${format}`, query, `eR Responses Report.${format}`);
}
