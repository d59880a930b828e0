import useSWR from 'swr';
import { ApiError, apiRequest, formData, type RequestOptions } from './client';
import type { RequestBody, ResponseData } from './contract';
import type { CommunicationType } from './communications';

/** Public notice forms (spec 000 §7): every call carries the recipient link's token as query `token`. */
export type { ActionType, CommunicationType } from './communications';

/** The notice as its recipient sees it: generated from the route's response schema (GET /provider/communication-notices). */
export type NoticeView = ResponseData<'getProviderCommunicationNotices'>;
export type NoticeAction = NoticeView['actions'][number];
export type NoticeFile = NoticeAction['files'][number];
export type NoticeCommunication = NoticeView['communication'];
export type NoticeProviderCommunication = NoticeView['provider_communication'];
export type NoticeProduct = NoticeView['products'][number];
/** Value fields of an answer (spec 000 §3). */
export type ResponseValue = NonNullable<NoticeAction['response']>['value'];

/** An answer to one action (`submit: false` keeps a draft): the body of PUT …/actions/:actionId. */
export type AnswerInput = Omit<
  RequestBody<'putProviderCommunicationNoticesOrgIdCommunicationIdActionsActionId'>,
  'token'
>;

export type AnswerWithAction = RequestBody<'putProviderCommunicationNotices'>['answers'][number];

/** An answer saved: the notice's response status after it. */
export type AnswerResult = ResponseData<'putProviderCommunicationNoticesOrgIdCommunicationIdActionsActionId'>;
/** Per-unit answers saved: the status, and how many of the notice's own rows have an answer. */
export type UnitAnswerResult = ResponseData<'putProviderCommunicationNoticesOrgIdCommunicationIdActionsActionIdUnits'>;

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

export function acknowledgeNotice(
  token: string,
  view: NoticeView,
): Promise<ResponseData<'putProviderCommunicationNoticesAcknowledgeOrgIdCommunicationIdPcIdType'>> {
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
): Promise<AnswerResult> {
  const c = view.communication;
  return publicCall(`${BASE}/${c.organization_id}/${c.id}/actions/${actionId}`, token, { method: 'PUT', body });
}

/** Per-unit answers of a custom-content notice: one value per row of the notice's own. */
export type UnitAnswer =
  RequestBody<'putProviderCommunicationNoticesOrgIdCommunicationIdActionsActionIdUnits'>['answers'][number];

export function answerNoticeUnits(token: string, view: NoticeView, actionId: number, answers: UnitAnswer[]) {
  const c = view.communication;
  return publicCall<UnitAnswerResult>(`${BASE}/${c.organization_id}/${c.id}/actions/${actionId}/units`, token, {
    method: 'PUT',
    body: { answers },
  });
}

export function answerNotice(token: string, answers: AnswerWithAction[]): Promise<AnswerResult> {
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
  return publicCall<
    ResponseData<'postProviderCommunicationNoticesCommunicationIdCommunicationTypeActionsActionIdFilePcId'>
  >(
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

const SUBMITTED_KEY = 'notice-submitted:';

/** Remembers, for this browser session, that this notice's answers were submitted here (the confirmation page asks). */
export function markNoticeSubmitted(providerCommunicationId: number | string): void {
  try {
    sessionStorage.setItem(`${SUBMITTED_KEY}${providerCommunicationId}`, '1');
  } catch {
    // Storage may be off (private mode); the confirmation page then explains how to reach the form.
  }
}

export function wasNoticeSubmitted(providerCommunicationId: number | string | undefined): boolean {
  try {
    return (
      providerCommunicationId !== undefined &&
      sessionStorage.getItem(`${SUBMITTED_KEY}${providerCommunicationId}`) === '1'
    );
  } catch {
    return false;
  }
}

/** The confirmation page after submitting a notice (spec 000 §2). */
export function confirmationPath(view: NoticeView): string {
  const c = view.communication;
  const pc = view.provider_communication;
  return `${noticeFormPath(c.type)}/confirmation/${c.organization_id}/${c.id}/${pc.id}/${encodeURIComponent(c.type)}`;
}

/** The sales-rep disruption form (read only): the advisory, its products (without ids) and each customer's progress. */
export type SalesRepView = ResponseData<'getSupplierSalesRepDisruptionNotice'>;

export function useSalesRepNotice(token: string | null) {
  return useSWR<SalesRepView, ApiError, readonly [string, string] | null>(
    token ? ['sales-rep-notice', token] : null,
    ([, tk]) => publicCall<SalesRepView>('/supplier/sales-rep/disruption-notice', tk),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
