import { useApi } from './client';
import type { ActionType, CommunicationType, NoticeFile, ResponseValue } from './notices';
import { listQuery, type ListPage, type ListState, type ResponderListRow } from './provider';

/** The operator's read-only eR responses across every provider (docs/api-provider.md, "Operator"). */
const BASE = '/notisphere/communications/responses';

/** A provider's eR responses row plus the provider it belongs to (for a site: the site's parent). */
export interface OperatorResponseRow extends ResponderListRow {
  provider_id: number;
  provider_name: string;
}

export function useOperatorResponses(state: ListState) {
  return useApi<ListPage<OperatorResponseRow>>(BASE, listQuery(state, null), { swr: { keepPreviousData: true } });
}

export interface OperatorActionAnswer {
  action_id: number;
  action_type: ActionType;
  title: string;
  is_required: boolean;
  /** DRAFT, SUBMITTED, or NA when nobody answered. */
  status: string;
  value: ResponseValue | null;
  responder_email: string | null;
  submitted_at: string | null;
  updated_at: string | null;
  files: NoticeFile[];
}

export interface OperatorResponseDetail {
  communication: {
    id: number;
    name: string;
    type: CommunicationType;
    subtype: string | null;
    event_id: string | null;
    classification: string | null;
    status: string;
    supplier_name: string | null;
  };
  provider_communication_id: number;
  provider: { id: number; name: string };
  site: { id: number; name: string } | null;
  status: string;
  status_provider: string;
  isProviderCreated: boolean;
  response_status: string;
  response_label: string;
  customer_name: string;
  sent_at: string | null;
  acknowledged: boolean;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  actions: OperatorActionAnswer[];
}

/** One provider communication's answers (each read is audited on the server); errors show in the dialog. */
export function useOperatorResponseDetail(id: number | null, pcId: number | null) {
  return useApi<OperatorResponseDetail>(id && pcId ? `${BASE}/${id}/${pcId}` : null, undefined, { errorModal: false });
}
