import type { HistoryFacts } from '@portal/vocabulary';
import type { FilterModel, SortItem } from '@portal/design-system';
import { apiRequest, formData, useApi, type Query } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { AnswerInput, AnswerWithAction, CommunicationType } from './notices';
import type { AppStore } from '../state/store';
import type { RequestBody, ResponseData } from './contract';

/** Provider communications, notes and delegates (docs/api-provider.md). */
const BASE = '/provider/communications';

/**
 * A row of the provider's list, generated from the route's response schema (GET /provider/communications): `id` is the
 * provider communication. With `responses=1` the responder fields are there too (ResponderListRow).
 */
export type ProviderListPage = ResponseData<'getProviderCommunications'>;
export type ProviderListRow = ProviderListPage['items'][number];

export interface ListState {
  pageNumber: number;
  pageSize: number;
  sort: SortItem[];
  search: string;
  filters: FilterModel;
}

/** The shared list query (STYLE 7): several sort fields are sent comma-separated, filters as JSON. */
export function listQuery(state: ListState, communicationType: CommunicationType | null): Query {
  const filters = Object.keys(state.filters).length > 0 ? JSON.stringify(state.filters) : undefined;
  return {
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    sortField: state.sort.map((s) => s.field).join(',') || undefined,
    sortDirection: state.sort.map((s) => s.direction).join(',') || undefined,
    search: state.search.trim() || undefined,
    filterModel: filters,
    communicationType: communicationType ?? undefined,
  };
}

export function useProviderCommunications(type: CommunicationType | null, state: ListState) {
  return useApi<ProviderListPage>(BASE, listQuery(state, type), { swr: { keepPreviousData: true } });
}

/**
 * A row of the eR responses list: one per provider communication and responding person (docs/api-provider.md). `userid`
 * is null for answers given through a link (named by responder_email) and for the row of a communication nobody answered.
 */
export type ResponderListRow = ProviderListRow &
  Required<Pick<ProviderListRow, 'row_key' | 'userid' | 'responder_name' | 'responder_email' | 'responded_at'>>;

/**
 * The list of a type, or (responses) the eR responses rows of every type the caller sees; `filters` are the list's own
 * exact-match filters as query values (api/worklist.ts `filterQuery`; the eR responses list sends the working site).
 */
export function useProviderRows(
  type: CommunicationType | null,
  state: ListState,
  responses: boolean,
  filters: Query = {},
  enabled = true,
) {
  const query = { ...listQuery(state, type), ...filters, ...(responses ? { responses: 1 } : {}) };
  return useApi<ProviderListPage>(enabled ? BASE : null, query, {
    swr: { keepPreviousData: true },
  });
}

/** Deletes the caller's own eR row: discards its drafts, or hides its submitted response from its list. */
export function deleteResponseRow(
  id: number,
  pcId: number,
  userId: number,
): Promise<ResponseData<'deleteProviderCommunicationsIdXResponsesU'>> {
  return apiRequest(`${BASE}/${id}/${pcId}/responses/${userId}`, { method: 'DELETE', errorModal: false });
}

/** The view of one provider communication: the notice plus the provider's flags (generated). */
export type ProviderView = ResponseData<'getProviderCommunicationsIdProviderRecallX'>;

export function useProviderView(id: number | null, pcId: number | null) {
  return useApi<ProviderView>(id && pcId ? `${BASE}/${id}/provider-recall/${pcId}` : null, undefined, {
    errorModal: false,
  });
}

export type ProviderSummary = ResponseData<'getProviderCommunicationsIdSummaryX'>;

export function useProviderSummary(id: number | null, pcId: number | null) {
  return useApi<ProviderSummary>(id && pcId ? `${BASE}/${id}/summary/${pcId}` : null);
}

/** A history entry (generated); `facts` is the vocabulary's own type, the one its sentences take. */
export type HistoryRow = Omit<ResponseData<'getProviderCommunicationsIdHistoriesX'>[number], 'facts'> & {
  facts: HistoryFacts;
};

export function useProviderHistory(id: number | null, pcId: number | null) {
  return useApi<HistoryRow[]>(id && pcId ? `${BASE}/${id}/histories/${pcId}` : null);
}

export type DelegateRow = ResponseData<'getProviderCommunicationsIdDelegateX'>[number];

export function useDelegates(id: number | null, pcId: number | null) {
  return useApi<DelegateRow[]>(id && pcId ? `${BASE}/${id}/delegate/${pcId}` : null);
}

/** Delegates the whole event (actionId 0) or one action to an email. */
export function delegate(
  id: number,
  pcId: number,
  actionId: number,
  body: RequestBody<'postProviderCommunicationsIdXY'>,
): Promise<ResponseData<'postProviderCommunicationsIdXY'>> {
  return apiRequest(`${BASE}/${id}/${pcId}/${actionId}`, { method: 'POST', body, errorModal: false });
}

export function resendDelegateMail(
  id: number,
  pcId: number,
  delegateId: number,
): Promise<ResponseData<'postProviderCommunicationsIdResendmailAB'>> {
  return apiRequest(`${BASE}/${id}/resendmail/${pcId}/${delegateId}`, { method: 'POST', body: {}, errorModal: false });
}

export function acknowledgeProviderCommunication(
  id: number,
  pcId: number,
): Promise<ResponseData<'putProviderCommunicationsIdAcknowledgeX'>> {
  return apiRequest(`${BASE}/${id}/acknowledge/${pcId}`, { method: 'PUT', body: {}, errorModal: false });
}

export function changeProviderStatus(id: number, pcId: number, status: 'OPEN' | 'COMPLETED'): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/change-status/${pcId}`, {
    method: 'PUT',
    body: { status } satisfies RequestBody<'putProviderCommunicationsIdChangeStatusX'>,
    errorModal: false,
  });
}

export function answerProviderAction(
  id: number,
  pcId: number,
  actionId: number,
  body: AnswerInput,
): Promise<ResponseData<'putProviderCommunicationsIdXActionsY'>> {
  return apiRequest(`${BASE}/${id}/${pcId}/actions/${actionId}`, {
    method: 'PUT',
    body: body satisfies RequestBody<'putProviderCommunicationsIdXActionsY'>,
    errorModal: false,
  });
}

export function answerProviderActions(
  id: number,
  pcId: number,
  answers: AnswerWithAction[],
): Promise<ResponseData<'putProviderCommunicationsResponse'>> {
  return apiRequest(`${BASE}/response`, {
    method: 'PUT',
    body: {
      communicationId: id,
      providerCommunicationId: pcId,
      answers,
    } satisfies RequestBody<'putProviderCommunicationsResponse'>,
    errorModal: false,
  });
}

export function uploadProviderActionFile(
  store: AppStore,
  id: number,
  pcId: number,
  actionId: number,
  actionType: string,
  file: File,
) {
  return apiRequest<ResponseData<'postProviderCommunicationsIdXActionsYFile'>>(
    `${BASE}/${id}/${pcId}/actions/${actionId}/file`,
    {
      method: 'POST',
      body: formData({ actionType, file }),
      store,
      errorModal: false,
    },
  );
}

export function deleteProviderActionFile(id: number, pcId: number, actionId: number, fileId: number): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/${pcId}/actions/${actionId}/file/${fileId}`, {
    method: 'DELETE',
    errorModal: false,
  });
}

export type NoteRow = ResponseData<'getProviderCommunicationNotesAB'>[number];

export function useNotes(id: number | null, pcId: number | null) {
  return useApi<NoteRow[]>(id && pcId ? `/provider/communication-notes/${id}/${pcId}` : null);
}

export function saveNote(id: number, pcId: number, noteId: number, note: string): Promise<unknown> {
  return apiRequest(`/provider/communication-notes/save-note/${id}/${pcId}/${noteId}`, {
    method: 'POST',
    body: { note },
    errorModal: false,
  });
}

/** Provider-created events (docs/api-provider.md, "Provider-created events"): the info of step 0 and of its edits. */
export type ProviderCreatedCommunicationInfo = Omit<
  RequestBody<'postProviderCommunicationsStep0'>,
  'products' | 'actions'
>;

export function createProviderCreatedCommunication(
  body: ProviderCreatedCommunicationInfo,
): Promise<ResponseData<'postProviderCommunicationsStep0'>> {
  return apiRequest(`${BASE}/step0`, {
    method: 'POST',
    body: body satisfies RequestBody<'postProviderCommunicationsStep0'>,
    errorModal: false,
  });
}

export function updateProviderCreatedCommunication(
  id: number,
  pcId: number,
  body: Partial<ProviderCreatedCommunicationInfo>,
): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/update-recall/${pcId}/0`, {
    method: 'PUT',
    body: body satisfies RequestBody<'putProviderCommunicationsIdUpdateRecallAB'>,
    errorModal: false,
  });
}

type UpdateRecallBody = RequestBody<'putProviderCommunicationsIdUpdateRecallAB'>;
/** A product of a provider-created event (update-recall step 1; the supplier's step 1 without custom fields). */
export type ProviderCreatedCommunicationProduct = NonNullable<UpdateRecallBody['products']>[number];
/** An action of a provider-created event (update-recall step 2), in answer order. */
export type ProviderCreatedCommunicationAction = NonNullable<UpdateRecallBody['actions']>[number];

/** A provider-created event as its edit form needs it (generated; also update-recall's answer). */
export type ProviderEditData = ResponseData<'getProviderCommunicationsProviderEditId'>;

/** update-recall step 1: replaces the products; answers the edit data. */
export function updateProviderCreatedCommunicationProducts(
  id: number,
  pcId: number,
  products: ProviderCreatedCommunicationProduct[],
): Promise<ProviderEditData> {
  return apiRequest(`${BASE}/${id}/update-recall/${pcId}/1`, {
    method: 'PUT',
    body: { products } satisfies RequestBody<'putProviderCommunicationsIdUpdateRecallAB'>,
    errorModal: false,
  });
}

/** update-recall step 2: replaces the actions (409 once answered); answers the edit data. */
export function updateProviderCreatedCommunicationActions(
  id: number,
  pcId: number,
  actions: ProviderCreatedCommunicationAction[],
): Promise<ProviderEditData> {
  return apiRequest(`${BASE}/${id}/update-recall/${pcId}/2`, {
    method: 'PUT',
    body: { actions } satisfies RequestBody<'putProviderCommunicationsIdUpdateRecallAB'>,
    errorModal: false,
  });
}

export function useProviderEdit(id: number | null) {
  return useApi<ProviderEditData>(id ? `${BASE}/provider-edit/${id}` : null, undefined, { errorModal: false });
}

/** The supplier's contact for an event: the provider's own contact for that supplier (PROVIDER) or the event's. */
export type ProviderSupplierContact = ResponseData<'getProviderCommunicationsSuppliercontactId'>;

export function useSupplierContact(id: number | null) {
  return useApi<ProviderSupplierContact>(id ? `${BASE}/suppliercontact/${id}` : null, undefined, { errorModal: false });
}

/** Active suppliers, to name the supplier of a provider-created event. */
export function useSupplierNameList() {
  return useApi<ResponseData<'getProviderCommunicationsSupplierNameList'>>(`${BASE}/supplierNameList`, undefined, {
    swr: { revalidateOnFocus: false },
  });
}

/** The provider and its sites. */
export type MetaSite = ResponseData<'getProviderCommunicationsMetaSites'>[number];

/** The provider and its sites; a failure opens no error modal (the header's site switcher and the lists do without). */
export function useMetaSites(enabled = true) {
  return useApi<MetaSite[]>(enabled ? `${BASE}/meta-sites` : null, undefined, {
    errorModal: false,
    swr: { revalidateOnFocus: false },
  });
}

/**
 * Moves a provider communication to the organisation itself or one of its sites (GET /{id}/switch-sites/{x}, a write
 * the spec sends as GET; recorded in the notice's history). Answers the notice and its organisation now.
 */
export function moveProviderCommunication(
  pcId: number,
  organizationId: number,
): Promise<{ id: number; organization_id: number }> {
  return apiRequest(`${BASE}/${pcId}/switch-sites/${organizationId}`, { errorModal: false });
}

/** Whether the caller's organisation is a site, and its parent (GET /is-site; no response schema on the route). */
export interface IsSite {
  isSite: boolean;
  parent_id: number | null;
  parent_name: string | null;
}

export function useIsSite(enabled = true) {
  return useApi<IsSite>(enabled ? `${BASE}/is-site` : null, undefined, {
    errorModal: false,
    swr: { revalidateOnFocus: false },
  });
}

/** How many of the provider's events of a type match a filter model (the list total, one row fetched). */
export function useProviderCount(type: CommunicationType, filters: FilterModel) {
  const state: ListState = { pageNumber: 1, pageSize: 1, sort: [], search: '', filters };
  return useApi<ProviderListPage>(BASE, listQuery(state, type), { errorModal: false });
}

/** The latest events of a type, newest change first. */
export function useRecentProviderCommunications(type: CommunicationType, size = 5) {
  const state: ListState = {
    pageNumber: 1,
    pageSize: size,
    sort: [{ field: 'updated_at', direction: 'desc' }],
    search: '',
    filters: {},
  };
  return useApi<ProviderListPage>(BASE, listQuery(state, type), { errorModal: false });
}

/**
 * Provider template actions and distribution lists (docs/api-organizations.md): the supplier's routes under /provider,
 * so the same shapes, generated from the provider's operations.
 */
export const PROVIDER_TEMPLATE_ACTIONS = '/provider/template-actions';
export const PROVIDER_DISTRIBUTION_LISTS = '/provider/distribution-lists';

export type ProviderTemplateActionPage = ResponseData<'getProviderTemplateActions'>;
export type ProviderDistributionListPage = ResponseData<'getProviderDistributionLists'>;
export type ProviderDistributionListMemberPage = ResponseData<'getProviderDistributionListsIdMembers'>;
export type ProviderDistributionListMember = ResponseData<'postProviderDistributionListsIdMembers'>;

export function useProviderTemplateActions(type: CommunicationType, query: ListQuery) {
  return useApi<ProviderTemplateActionPage>(PROVIDER_TEMPLATE_ACTIONS, {
    ...listQueryParams(query),
    communicationType: type,
  });
}

export function useProviderDistributionLists(type: CommunicationType, query: ListQuery) {
  return useApi<ProviderDistributionListPage>(PROVIDER_DISTRIBUTION_LISTS, {
    ...listQueryParams(query),
    communicationType: type,
  });
}

export function useProviderDistributionListMembers(listId: number | null, query: ListQuery) {
  return useApi<ProviderDistributionListMemberPage>(
    listId ? `${PROVIDER_DISTRIBUTION_LISTS}/${listId}/members` : null,
    listQueryParams(query),
  );
}

/** A member is an email (optionally named) or a provider organisation, never both. */
export type ProviderMemberInput = { email: string; name?: string } | { provider_organization_id: number };

export function addProviderDistributionListMember(
  listId: number,
  body: ProviderMemberInput,
): Promise<ProviderDistributionListMember> {
  return apiRequest<ProviderDistributionListMember>(`${PROVIDER_DISTRIBUTION_LISTS}/${listId}/members`, {
    method: 'POST',
    body: body satisfies RequestBody<'postProviderDistributionListsIdMembers'>,
    errorModal: false,
  });
}

export function removeProviderDistributionListMember(listId: number, memberId: number): Promise<unknown> {
  return apiRequest(`${PROVIDER_DISTRIBUTION_LISTS}/${listId}/members/${memberId}`, {
    method: 'DELETE',
    errorModal: false,
  });
}
