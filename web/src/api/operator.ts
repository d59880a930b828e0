import { useApi } from './client';
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
