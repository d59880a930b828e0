import useSWR from 'swr';
import { type ApiError, apiRequest, formData, type RequestOptions } from './client';
import type { ResponseData } from './contract';
import type { AnswerInput, AnswerResult, NoticeFile, UnitAnswer, UnitAnswerResult } from './notices';

/** The delegate's public form (spec 001 §7.8): every call carries the delegate link's token as query `token`. */
export type DelegateView = ResponseData<'getDelegate'>;

const BASE = '/delegate';

function delegateCall<T>(path: string, token: string, options: Omit<RequestOptions, 'auth' | 'errorModal'> = {}) {
  return apiRequest<T>(path, { ...options, auth: { link: token }, errorModal: false });
}

/**
 * The delegated notice. With the provider communication id (query `id` of the form's address) it is
 * GET /delegate/:id; the e-mailed link carries the token only, which GET /delegate answers.
 */
export function fetchDelegateView(token: string, providerCommunicationId: number | null): Promise<DelegateView> {
  return delegateCall<DelegateView>(providerCommunicationId ? `${BASE}/${providerCommunicationId}` : BASE, token);
}

/** A positive integer id from a query value, or null. */
export function readId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function useDelegateView(token: string | null, providerCommunicationId: number | null) {
  return useSWR<DelegateView, ApiError, readonly [string, string, number | null] | null>(
    token ? ['delegate', token, providerCommunicationId] : null,
    ([, tk, id]) => fetchDelegateView(tk, id),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export function answerDelegatedAction(token: string, actionId: number, body: AnswerInput): Promise<AnswerResult> {
  return delegateCall(`${BASE}/update-delegate/${actionId}`, token, { method: 'PUT', body });
}

/** Answers a delegated per-unit action for rows of the provider's own. */
export function answerDelegatedUnits(
  token: string,
  actionId: number,
  answers: UnitAnswer[],
): Promise<UnitAnswerResult> {
  return delegateCall(`${BASE}/update-delegate/${actionId}/units`, token, { method: 'PUT', body: { answers } });
}

export function uploadDelegateFile(token: string, actionId: number, file: File): Promise<NoticeFile[]> {
  return delegateCall<NoticeFile[]>(`${BASE}/files/${actionId}`, token, { method: 'POST', body: formData({ file }) });
}

export function deleteDelegateFile(token: string, fileId: number): Promise<unknown> {
  return delegateCall(`${BASE}/files/${fileId}`, token, { method: 'DELETE' });
}
