import { apiRequest, uploadFile, useApi } from './client';
import { listQueryParams, type ListQuery, type Page } from './communications';
import type { NoticeAction, NoticeFile, ResponseValue } from './notices';
import type { AppStore } from '../state/store';

/** Supplier paper responses (spec 001 §7.5; contract in docs/api-supplier-paper.md). */
const BASE = '/supplier/communications/paper';

export interface PaperResponseRow {
  id: number;
  provider_communication_id: number;
  customer_name: string;
  provider_name: string | null;
  affected_location_id: number | null;
  location_name: string | null;
  responder_name: string;
  response_date: string;
  notified_date: string | null;
  document_name: string | null;
  response_status: 'NOTCOMPLETED' | 'COMPLETED';
  answers: number;
}

export interface PaperCustomer {
  provider_communication_id: number;
  customer_name: string;
  provider_name: string | null;
  paper_response_id: number | null;
}

export interface PaperLocation {
  id: number;
  location_id: string | null;
  location_name: string;
  city: string | null;
  state: string | null;
}

export interface PaperFile extends NoticeFile {
  actionId: number;
  paperresponseid: number;
}

/** One of the customer's own rows under a per-unit action (issue 16): this paper response's value, or the electronic one. */
export interface PaperUnit {
  row_id: number;
  product_name: string;
  lot_number: string | null;
  serial_number: string | null;
  udi: string | null;
  quantity: number | null;
  value: ResponseValue | null;
  electronic_value: ResponseValue | null;
}

/** A per-unit answer of a paper response: one simple value for one row. */
export type PaperUnitAnswer = { rowId: number; valueText?: string; valueNumeric?: string; valueYesNo?: 'Yes' | 'No' };

/** An action of the event as a paper response sees it: its paper value, or the electronic answer it may not change. */
export interface PaperAction extends Omit<NoticeAction, 'response' | 'files'> {
  value: ResponseValue | null;
  electronic_answer: { value: ResponseValue; responder_email: string | null; submitted_at: string | null } | null;
  files: PaperFile[];
  /** Per-unit actions: the customer's own rows (empty otherwise). */
  units?: PaperUnit[];
}

export interface PaperResponse {
  id: number;
  communication_id: number;
  provider_communication_id: number;
  affected_location_id: number | null;
  responder_name: string;
  response_date: string;
  notified_date: string | null;
  document: NoticeFile | null;
}

export interface PaperActions {
  paper_response: PaperResponse | null;
  actions: PaperAction[];
}

export function usePaperResponses(communicationId: number, query: ListQuery) {
  return useApi<Page<PaperResponseRow>>(`${BASE}/${communicationId}/list`, listQueryParams(query));
}

export function usePaperCustomers(communicationId: number | null) {
  return useApi<PaperCustomer[]>(communicationId ? `${BASE}/${communicationId}/providernames` : null);
}

/** Locations of a customer for a new paper response, or of the paper response being edited. */
export function usePaperLocations(target: { providerCommunicationId: number } | { paperResponseId: number } | null) {
  const path = !target
    ? null
    : 'paperResponseId' in target
      ? `${BASE}/${target.paperResponseId}/editlocationnames`
      : `${BASE}/${target.providerCommunicationId}/locationnames`;
  return useApi<PaperLocation[]>(path);
}

export function fetchNotifiedDate(providerCommunicationId: number): Promise<{ notified_date: string | null }> {
  return apiRequest(`${BASE}/${providerCommunicationId}/notifieddate`, { errorModal: false });
}

export function usePaperActions(
  paperResponseId: number | null,
  communicationId: number,
  providerCommunicationId: number | null,
) {
  const path = paperResponseId
    ? `${BASE}/${paperResponseId}/getactions`
    : providerCommunicationId
      ? `${BASE}/0/getactions`
      : null;
  return useApi<PaperActions>(
    path,
    paperResponseId ? undefined : { communicationId, providerCommunicationId: providerCommunicationId ?? undefined },
  );
}

export interface PaperHeader {
  id?: number;
  communicationId: number;
  providerCommunicationId: number;
  locationId: number | null;
  responderName: string;
  responseDate: string;
  notifiedDate: string | null;
  removeDocument?: boolean;
}

/** POST /paper (new) or /paper/update (with id), with the scanned form as `document`. */
export function savePaperResponse(store: AppStore, header: PaperHeader, document: File | null): Promise<PaperResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(header))
    if (value !== null && value !== undefined) form.append(key, String(value));
  if (document) form.append('document', document);
  return apiRequest<PaperResponse>(header.id ? `${BASE}/update` : BASE, {
    method: 'POST',
    body: form,
    store,
    errorModal: false,
  });
}

/** POST /paper/supplieractions: the values by action, new files as `file_<actionId>`. */
export function savePaperAnswers(
  store: AppStore,
  paperResponseId: number,
  answers: (({ actionId: number } & ResponseValue) | { actionId: number; units: PaperUnitAnswer[] })[],
  files: { actionId: number; file: File }[],
): Promise<PaperActions> {
  const form = new FormData();
  form.append('paperResponseId', String(paperResponseId));
  form.append('actions', JSON.stringify(answers));
  for (const f of files) form.append(`file_${f.actionId}`, f.file);
  return apiRequest<PaperActions>(`${BASE}/supplieractions`, { method: 'POST', body: form, store, errorModal: false });
}

export function deletePaperResponse(paperResponseId: number): Promise<{ response_status: string }> {
  return apiRequest(`${BASE}/${paperResponseId}/delete`, { errorModal: false });
}

/** The Paper Response Template of an event: one row per notified customer, one column per action. */
export function paperTemplatePath(communicationId: number): string {
  return `/supplier/communications/${communicationId}/paper-response-template`;
}

/** POST /{id}/paper-response-import: the filled template; any bad row rejects the whole file (error.details rows). */
export function importPaperResponses(
  store: AppStore,
  communicationId: number,
  file: File,
): Promise<{ created: number; paper_response_ids: number[] }> {
  return uploadFile(store, `/supplier/communications/${communicationId}/paper-response-import`, file);
}
