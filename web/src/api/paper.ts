import { apiRequest, uploadFile, useApi } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { ResponseValue } from './notices';
import type { AppStore } from '../state/store';
import type { RequestBody, ResponseData } from './contract';

/** Supplier paper responses (spec 001 §7.5; contract in docs/api-supplier-paper.md). */
const BASE = '/supplier/communications/paper';

/** The event's paper responses, a page (generated from the route's response schema, like the types below). */
export type PaperResponsePage = ResponseData<'getSupplierCommunicationsPaperIdList'>;
export type PaperResponseRow = PaperResponsePage['items'][number];

export type PaperCustomer = ResponseData<'getSupplierCommunicationsPaperIdProvidernames'>[number];

export type PaperLocation = ResponseData<'getSupplierCommunicationsPaperIdLocationnames'>[number];

export type PaperFile = ResponseData<'getSupplierCommunicationsFilePaperId'>;

/** The event's actions as a paper response sees them, with its header (null for a new one). */
export type PaperActions = ResponseData<'getSupplierCommunicationsPaperIdGetactions'>;
/** An action of the event as a paper response sees it: its paper value, or the electronic answer it may not change. */
export type PaperAction = PaperActions['actions'][number];
/** One of the customer's own rows under a per-unit action: this paper response's value, or the electronic one. */
export type PaperUnit = PaperAction['units'][number];

/** A per-unit answer of a paper response: one simple value for one row. */
export type PaperUnitAnswer = { rowId: number; valueText?: string; valueNumeric?: string; valueYesNo?: 'Yes' | 'No' };

/** Who answered on paper, when, where, and the scan (what create and update answer). */
export type PaperResponse = ResponseData<'postSupplierCommunicationsPaper'>;

export function usePaperResponses(communicationId: number, query: ListQuery) {
  return useApi<PaperResponsePage>(`${BASE}/${communicationId}/list`, listQueryParams(query));
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

export function fetchNotifiedDate(
  providerCommunicationId: number,
): Promise<ResponseData<'getSupplierCommunicationsPaperIdNotifieddate'>> {
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

/** A paper response's fields (sent as multipart): create's body, plus the id and removeDocument of an update. */
export type PaperHeader = RequestBody<'postSupplierCommunicationsPaper'> &
  Partial<Pick<RequestBody<'postSupplierCommunicationsPaperUpdate'>, 'id' | 'removeDocument'>>;

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

export function deletePaperResponse(
  paperResponseId: number,
): Promise<ResponseData<'getSupplierCommunicationsPaperIdDelete'>> {
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
): Promise<ResponseData<'postSupplierCommunicationsIdPaperResponseImport'>> {
  return uploadFile(store, `/supplier/communications/${communicationId}/paper-response-import`, file);
}
