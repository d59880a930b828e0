import { apiRequest, useApi } from './client';
import type { ResponseData } from './contract';

/** Conversations between a supplier and a provider communication (spec 001 §7.2). */
export type ConversationList = ResponseData<'getSupplierCommunicationsIdConversations'>;
export type ConversationSummary = ConversationList['items'][number];
export type ConversationThread = ResponseData<'getSupplierCommunicationsIdConversationsCid'>;
export type ConversationMessage = ConversationThread['messages'][number];
export type ConversationFile = ConversationMessage['files'][number];
export type ConversationSide = ConversationThread['started_by_side'];

/**
 * How often an open thread and the list ask for news. Polling, not server-sent events: a thread is a slow exchange
 * (minutes between messages), polling works behind every proxy and on every replica without LISTEN/NOTIFY, and SWR
 * pauses it while the tab is hidden.
 */
export const THREAD_REFRESH_MS = 5_000;
export const LIST_REFRESH_MS = 20_000;

/** The conversations' base path of one side: the event (supplier) or the provider communication (provider). */
export const supplierConversationsPath = (id: number) => `/supplier/communications/${id}/conversations`;
export const providerConversationsPath = (id: number, pcId: number) =>
  `/provider/communications/${id}/${pcId}/conversations`;

export function useConversations(base: string | null) {
  return useApi<ConversationList>(base, undefined, { swr: { refreshInterval: LIST_REFRESH_MS } });
}

/** One thread; reading it marks it read for the caller's side, so the list is refreshed after. */
export function useConversation(base: string | null, cid: number | null) {
  return useApi<ConversationThread>(base && cid ? `${base}/${cid}` : null, undefined, {
    errorModal: false,
    swr: { refreshInterval: THREAD_REFRESH_MS },
  });
}

function messageForm(fields: Record<string, string | undefined>, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const file of files) form.append('file', file);
  return form;
}

/** Starts a conversation: `startPath` is the supplier's `…/{pc}/{providerOrg}/{action}` or the provider's base. */
export function startConversation(
  startPath: string,
  input: { subject: string; message: string; actionId?: number },
  files: readonly File[],
) {
  return apiRequest<ConversationThread>(startPath, {
    method: 'POST',
    body: messageForm(
      {
        subject: input.subject,
        message: input.message,
        action_id: input.actionId ? String(input.actionId) : undefined,
      },
      files,
    ),
    errorModal: false,
  });
}

export function postConversationMessage(base: string, cid: number, message: string, files: readonly File[]) {
  return apiRequest<ConversationThread>(`${base}/${cid}/message`, {
    method: 'POST',
    body: messageForm({ message }, files),
    errorModal: false,
  });
}

export function setConversationStatus(base: string, cid: number, status: 'OPEN' | 'CLOSED') {
  return apiRequest<ConversationThread>(`${base}/${cid}`, { method: 'PUT', body: { status }, errorModal: false });
}
