import useSWR from 'swr';
import { ApiError, apiRequest, formData, type RequestOptions } from './client';
import type { RequestBody } from './contract';
import type { ActionType, CommunicationType } from './communications';

/** Public notice forms (spec 000 §7): every call carries the recipient link's token as query `token`. */
export type { ActionType, CommunicationType } from './communications';

/** Value fields of an answer (spec 000 §3). */
export interface ResponseValue {
  valueAcknowledge?: boolean;
  valueText?: string;
  valueNumeric?: string;
  valueYesNo?: 'Yes' | 'No';
  valueCheckbox?: string[];
  valueMultiChoice?: string[];
  valueImage?: number[];
  valueDocument?: number[];
}

export interface AnswerInput extends ResponseValue {
  /** false keeps a draft. */
  submit?: boolean;
}

export interface AnswerWithAction extends AnswerInput {
  actionId: number;
}

export interface NoticeFile {
  id: number;
  name: string;
  extension: string;
  type: string;
  size: number;
  signed_url: string;
  signed_url_review: string;
}

export interface NoticeAction {
  id: number;
  sort_order: number;
  action_type: ActionType;
  title: string;
  description: string | null;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
  response: {
    status: 'DRAFT' | 'SUBMITTED';
    value: ResponseValue;
    responder_email: string | null;
    submitted_at: string | null;
    updated_at: string;
  } | null;
  files: NoticeFile[];
}

export interface NoticeCommunication {
  id: number;
  type: CommunicationType;
  subtype: string | null;
  name: string;
  event_id: string | null;
  classification: string | null;
  reason: string | null;
  description: string | null;
  disposition: string | null;
  lead_time: string | null;
  event_date: string | null;
  end_date: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status: string;
  supplier_name: string;
  organization_id: number;
}

export interface NoticeProviderCommunication {
  id: number;
  communication_id: number;
  supplier_organization_id: number;
  provider_organization_id: number | null;
  affected_customer_id: number;
  status: 'OPEN' | 'CLOSED' | 'DELETED';
  response_status: 'NOTCOMPLETED' | 'COMPLETED';
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  completed_at: string | null;
  customer_name: string;
  response_label: string;
}

export interface NoticeProduct {
  id: number;
  product_name?: string | null;
  catalog_number?: string | null;
  lot_number?: string | null;
  udi?: string | null;
  description?: string | null;
  expiration_date?: string | null;
  quantity?: string | number | null;
  [field: string]: unknown;
}

/** The notice as its recipient sees it. */
export interface NoticeView {
  communication: NoticeCommunication;
  provider_communication: NoticeProviderCommunication;
  products: NoticeProduct[];
  actions: NoticeAction[];
  documents: NoticeFile[];
  email: string;
}

const BASE = '/provider/communication-notices';

/** Link tokens are random strings of at least 32 characters (DESIGN §4); anything else cannot be a link. */
export function readLinkToken(search: string): string | null {
  const token = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('token');
  if (!token) return null;
  const trimmed = token.trim();
  return trimmed.length >= 32 && trimmed.length <= 200 && /^[A-Za-z0-9_-]+$/.test(trimmed) ? trimmed : null;
}

/** A 404 from a public form means the link is unknown, expired, revoked or replaced. */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** Every public call goes as the link's holder and shows its failures itself. */
function publicCall<T>(path: string, token: string, options: Omit<RequestOptions, 'auth' | 'errorModal'> = {}) {
  return apiRequest<T>(path, { ...options, auth: { link: token }, errorModal: false });
}

export function fetchNotice(token: string): Promise<NoticeView> {
  return publicCall<NoticeView>(BASE, token);
}

export function useNotice(token: string | null) {
  return useSWR<NoticeView, ApiError, readonly [string, string] | null>(
    token ? ['notice', token] : null,
    ([, tk]) => fetchNotice(tk),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
}

export function acknowledgeNotice(token: string, view: NoticeView): Promise<unknown> {
  const c = view.communication;
  return publicCall(
    `${BASE}/acknowledge/${c.organization_id}/${c.id}/${view.provider_communication.id}/${encodeURIComponent(c.type)}`,
    token,
    {
      method: 'PUT',
      body: {},
    },
  );
}

export function answerNoticeAction(
  token: string,
  view: NoticeView,
  actionId: number,
  body: AnswerInput,
): Promise<{ response_status: string }> {
  const c = view.communication;
  return publicCall(`${BASE}/${c.organization_id}/${c.id}/actions/${actionId}`, token, {
    method: 'PUT',
    body: body satisfies RequestBody<'putProviderCommunicationNoticesOrgIdCommunicationIdActionsActionId'>,
  });
}

export function answerNotice(token: string, answers: AnswerWithAction[]): Promise<{ response_status: string }> {
  return publicCall(BASE, token, {
    method: 'PUT',
    body: { answers } satisfies RequestBody<'putProviderCommunicationNotices'>,
  });
}

export function uploadNoticeFile(
  token: string,
  view: NoticeView,
  action: NoticeAction,
  file: File,
): Promise<NoticeFile[]> {
  const c = view.communication;
  return publicCall<NoticeFile[]>(
    `${BASE}/${c.id}/${encodeURIComponent(c.type)}/actions/${action.id}/file/${view.provider_communication.id}`,
    token,
    {
      method: 'POST',
      body: formData({ actionType: action.action_type, file }),
      query: { communicationType: c.type },
    },
  );
}

export function deleteNoticeFile(token: string, view: NoticeView, actionId: number, fileId: number): Promise<unknown> {
  const c = view.communication;
  return publicCall(`${BASE}/${c.organization_id}/${c.id}/actions/${actionId}/file/${fileId}`, token, {
    method: 'DELETE',
    query: { communicationType: c.type },
  });
}

/** Form page of a communication type (the links the notice emails carry). */
export function noticeFormPath(type: CommunicationType): string {
  return type === 'RECALL' ? '/provider/recall-notice-webform' : '/provider/disruption-notice-webform';
}

/** The confirmation page after submitting a notice (spec 000 §2). */
export function confirmationPath(view: NoticeView): string {
  const c = view.communication;
  const pc = view.provider_communication;
  return `${noticeFormPath(c.type)}/confirmation/${c.organization_id}/${c.id}/${pc.id}/${encodeURIComponent(c.type)}`;
}

/** The sales-rep disruption form (read only): the advisory, its products and each customer's progress. */
export interface SalesRepView {
  communication: Pick<
    NoticeCommunication,
    | 'id'
    | 'type'
    | 'subtype'
    | 'name'
    | 'event_id'
    | 'reason'
    | 'lead_time'
    | 'description'
    | 'event_date'
    | 'end_date'
    | 'status'
    | 'supplier_name'
  >;
  products: NoticeProduct[];
  customers: {
    name: string;
    sent_at: string | null;
    acknowledged_at: string | null;
    response_status: string | null;
    completed_at: string | null;
  }[];
  email: string;
}

export function useSalesRepNotice(token: string | null) {
  return useSWR<SalesRepView, ApiError, readonly [string, string] | null>(
    token ? ['sales-rep-notice', token] : null,
    ([, tk]) => publicCall<SalesRepView>('/supplier/sales-rep/disruption-notice', tk),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
