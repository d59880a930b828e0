import { t } from '@lingui/core/macro';
import { useAtomValue } from 'jotai';
import type { FilterModel, SortItem } from '@portal/design-system';
import { codes, type Code } from '@portal/vocabulary';
import { apiRequest, uploadFile, useApi, type Query } from './client';
import { authAtom } from '../state/auth';
import type { AppStore } from '../state/store';
import type { QueryParams, RequestBody, ResponseData } from './contract';

/** Supplier communications (recalls and supply advisories) under /api/supplier/communications (spec 001 §7.1-§7.4). */
const BASE = '/supplier/communications';

// The vocabularies' codes, from the one map the server's constants also read.
export type CommunicationType = Code<'communicationType'>;
export type CommunicationStatus = Code<'communicationStatus'>;
export const ACTION_TYPES = codes('actionType');
export type ActionType = (typeof ACTION_TYPES)[number];
export type LocationStatus = Code<'locationStatus'>;

/**
 * The page every list answers (core's listPageSchema, generated) with rows of `T`: for the hooks that serve many lists
 * (the organisation master pages); a hook of one list takes its operation's own page type.
 */
export type Page<T> = Omit<ResponseData<'getSupplierCommunications'>, 'items'> & { items: T[] };

/** The shared list query (STYLE §7): paging, multi-column sort, search and the contains-only filter model. */
export interface ListQuery {
  pageNumber: number;
  pageSize: number;
  sort?: readonly SortItem[];
  search?: string;
  filterModel?: FilterModel;
}

/** List state → query string values: several sort columns are comma-separated, the filter model is JSON. */
export function listQueryParams(query: ListQuery): Query {
  const sort = query.sort ?? [];
  const filters = query.filterModel ?? {};
  return {
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    sortField: sort.length ? sort.map((s) => s.field).join(',') : undefined,
    sortDirection: sort.length ? sort.map((s) => s.direction).join(',') : undefined,
    search: query.search?.trim() || undefined,
    filterModel: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
  };
}

/** A row of the supplier's list of events with its counts, generated from the route's response schema. */
export type CommunicationPage = ResponseData<'getSupplierCommunications'>;
export type CommunicationRow = CommunicationPage['items'][number];

/** Step 0's fields; the coded ones take their vocabulary's codes, as the server's schema does (generated). */
type Step0Body = RequestBody<'postSupplierCommunicationsStep0'>;

export interface CommunicationInfo {
  id?: number;
  type: CommunicationType;
  name: string;
  subtype: NonNullable<Step0Body['subtype']> | null;
  event_id: string | null;
  classification: NonNullable<Step0Body['classification']> | null;
  reason: NonNullable<Step0Body['reason']> | null;
  description: string | null;
  disposition: NonNullable<Step0Body['disposition']> | null;
  lead_time: NonNullable<Step0Body['lead_time']> | null;
  event_date: string | null;
  end_date: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** Issue 15: the FDA recalls the event answers (Z-NNNN-YYYY, D-NNNN-YYYY). */
  fda_recall_numbers?: string[];
  /** Issue 32: when recipients should have answered; null = set at send from the class's days. */
  response_due_date?: string | null;
}

export type CustomFieldValue = string | number | boolean | string[] | null;

export interface Product {
  id?: number;
  product_name: string;
  catalog_number: string | null;
  lot_number: string | null;
  udi: string | null;
  description: string | null;
  expiration_date: string | null;
  quantity: number | null;
  custom_fields: Record<string, CustomFieldValue>;
}

export interface CommunicationAction {
  id?: number;
  action_type: ActionType;
  title: string;
  description: string | null;
  options: string[];
  is_required: boolean;
  is_disabled?: boolean;
  /** Answered once per customer row of a custom-content event. */
  per_unit?: boolean;
  /** Issue 32: the action's own due date (optional). */
  due_date?: string | null;
}

/** One event with its products, actions and counts (generated: GET /{id}, and what the wizard's steps answer). */
export type Communication = ResponseData<'getSupplierCommunicationsId'>;

/** Every list the recall wizard needs (generated). */
export type CommunicationMeta = ResponseData<'getSupplierCommunicationsMeta'>;
export type ProductField = CommunicationMeta['productFields'][number];
/** A value of one of the wizard's lists with its label. */
export type Option = CommunicationMeta['recallTypes'][number];
export type ProductFieldType = ProductField['field_type'];

export type CommunicationSummary = ResponseData<'getSupplierCommunicationsIdSummary'>;

export type ActionCount = ResponseData<'getSupplierCommunicationsIdActions'>[number];

export type ActionAnswers = ResponseData<'getSupplierCommunicationsIdActionsX'>;
export type ActionAnswer = ActionAnswers['responses'][number];

export type CustomerPage = ResponseData<'getSupplierCommunicationsIdCustomers'>;
export type Customer = CustomerPage['items'][number];

export type AffectedLocationPage = ResponseData<'getSupplierCommunicationsIdLocations'>;
export type AffectedLocation = AffectedLocationPage['items'][number];

/** A provider communication's progress (the tracking list's row). */
export type ProviderResponsePage = ResponseData<'getSupplierCommunicationsIdActionsProvider'>;
export type ProviderResponse = ProviderResponsePage['items'][number];

/** One provider communication as its recipient sees it (the notice view). */
export type ProviderCommunicationView = ResponseData<'getSupplierCommunicationsIdViewPcId'>;

export type HistoryEntry = ResponseData<'getSupplierCommunicationsIdHistories'>[number];

export type CommunicationDocument = ResponseData<'getSupplierCommunicationsIdDocuments'>[number];

/** GET /supplier/communications?communicationType=…: counts per event for the lists and the dashboard. */
export function useCommunications(
  type: CommunicationType | null,
  query: ListQuery,
  options: { errorModal?: boolean } = {},
) {
  return useApi<CommunicationPage>(BASE, { ...listQueryParams(query), communicationType: type ?? undefined }, options);
}

export function useCommunicationMeta(enabled = true) {
  return useApi<CommunicationMeta>(enabled ? `${BASE}/meta` : null, undefined, { swr: { revalidateOnFocus: false } });
}

export function useCommunication(id: number | null) {
  return useApi<Communication>(id ? `${BASE}/${id}` : null);
}

export function useCommunicationSummary(id: number | null) {
  return useApi<CommunicationSummary>(id ? `${BASE}/${id}/summary` : null, undefined, { errorModal: false });
}

export function useActionCounts(id: number | null) {
  return useApi<ActionCount[]>(id ? `${BASE}/${id}/actions` : null);
}

export function useActionAnswers(id: number | null, actionId: number | null) {
  return useApi<ActionAnswers>(id && actionId ? `${BASE}/${id}/actions/${actionId}` : null);
}

export function useCustomers(id: number | null, query: ListQuery) {
  return useApi<CustomerPage>(id ? `${BASE}/${id}/customers` : null, listQueryParams(query));
}

export function useAffectedLocations(id: number | null, query: ListQuery) {
  return useApi<AffectedLocationPage>(id ? `${BASE}/${id}/locations` : null, listQueryParams(query));
}

export function useProviderResponses(id: number | null, query: ListQuery) {
  return useApi<ProviderResponsePage>(id ? `${BASE}/${id}/actions/provider` : null, listQueryParams(query));
}

export function useProviderCommunicationView(id: number | null, pcId: number | null) {
  return useApi<ProviderCommunicationView>(id && pcId ? `${BASE}/${id}/view/${pcId}` : null);
}

export function useHistories(id: number | null) {
  return useApi<HistoryEntry[]>(id ? `${BASE}/${id}/histories` : null);
}

export function useDocuments(id: number | null) {
  return useApi<CommunicationDocument[]>(id ? `${BASE}/${id}/documents` : null);
}

// ---- writes ----

export function saveStep0(info: CommunicationInfo): Promise<Communication> {
  return apiRequest<Communication>(`${BASE}/step0`, {
    method: 'POST',
    body: info satisfies RequestBody<'postSupplierCommunicationsStep0'>,
    errorModal: false,
  });
}

/** Fields an approved event may still change (decisions.md: post-approval updates). */
export const POST_UPDATE_FIELDS = [
  'name',
  'description',
  'end_date',
  'response_due_date',
  'contact_name',
  'contact_email',
  'contact_phone',
  'disposition',
  'lead_time',
  'reason',
] as const;
export type PostUpdateField = (typeof POST_UPDATE_FIELDS)[number];

export function postUpdate(id: number, changes: Partial<Pick<CommunicationInfo, PostUpdateField>>): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/postupdate`, {
    method: 'POST',
    body: { changes } satisfies RequestBody<'postSupplierCommunicationsIdPostupdate'>,
    errorModal: false,
  });
}

export function saveStep1(id: number, products: Product[]): Promise<unknown> {
  return apiRequest(`${BASE}/step1`, {
    method: 'POST',
    body: { id, products } satisfies RequestBody<'postSupplierCommunicationsStep1'>,
    errorModal: false,
  });
}

export function saveStep2(id: number, actions: CommunicationAction[]): Promise<unknown> {
  return apiRequest(`${BASE}/step2`, {
    method: 'POST',
    body: { id, actions } satisfies RequestBody<'postSupplierCommunicationsStep2'>,
    errorModal: false,
  });
}

/** Step 3's customers: picked providers, addresses, a location file, a distribution list (generated). */
export type RecipientsBody = RequestBody<'postSupplierCommunicationsStep3'>;

export function saveStep3(body: RecipientsBody): Promise<unknown> {
  return apiRequest(`${BASE}/step3`, {
    method: 'POST',
    body,
    errorModal: false,
  });
}

/** Removes customers not yet notified (and affected locations) from an event: the wizard's "Remove" (generated). */
export function removeRecipients(
  id: number,
  body: RequestBody<'putSupplierCommunicationsIdRemoveLocations'>,
): Promise<{ removed_customers: number; removed_locations: number }> {
  return apiRequest(`${BASE}/${id}/remove-locations`, { method: 'PUT', body, errorModal: false });
}

/** The segments after approve-recall and send-notification are ignored by the server (decisions.md). */
export function approveCommunication(id: number, type: CommunicationType): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/approve-recall/${encodeURIComponent(type)}/0`, {
    method: 'PUT',
    body: {},
    errorModal: false,
  });
}

/**
 * How a send goes (the route's query): to the new recipients only (the default) or to everyone again, with or without
 * the customers whose every location is Not Covered, now or held until `notificationDate` (ISO date-time).
 */
export type SendOptions = QueryParams<'putSupplierCommunicationsIdSendNotificationX'>;

/** What a send did (the route declares no response schema). */
export interface SendResult {
  provider_communications_created: number;
  customers_notified: number;
  emails_queued: number;
}

export function sendNotification(id: number, type: CommunicationType, options: SendOptions = {}): Promise<SendResult> {
  return apiRequest<SendResult>(`${BASE}/${id}/send-notification/${encodeURIComponent(type)}`, {
    method: 'PUT',
    body: {},
    query: { sendType: 'new', ...options },
    errorModal: false,
  });
}

export function closeOpenCommunication(id: number): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/close-open`, { method: 'PUT', body: {}, errorModal: false });
}

export function deleteCommunication(id: number, type: CommunicationType): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/delete/${encodeURIComponent(type)}`, { method: 'PUT', body: {}, errorModal: false });
}

export function updateLocationStatus(id: number, status: LocationStatus, locationIds: number[]): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/update-status/${status}`, {
    method: 'PUT',
    body: { location_ids: locationIds } satisfies RequestBody<'putSupplierCommunicationsIdUpdateStatusStatus'>,
    errorModal: false,
  });
}

export type ParsedProducts = ResponseData<'postSupplierCommunicationsStep1ReadProductFile'>;

/** Reads a CSV or XLSX product file into products without saving them. */
export function readProductFile(store: AppStore, file: File): Promise<ParsedProducts> {
  return uploadFile<ParsedProducts>(store, `${BASE}/step1/read-product-file`, file);
}

/** The server answers the event's documents just uploaded: a list, even for one file. */
export function uploadDocument(store: AppStore, id: number, file: File): Promise<CommunicationDocument[]> {
  return uploadFile<ResponseData<'postSupplierCommunicationsIdDocuments'>>(store, `${BASE}/${id}/documents`, file);
}

export function deleteDocument(documentId: number): Promise<unknown> {
  return apiRequest(`${BASE}/document/${documentId}`, { method: 'DELETE', errorModal: false });
}

/** The report routes of one communication present in the OpenAPI document (spec 001 §7.4). */
export const COMMUNICATION_REPORTS = [
  'actions/provider/statusreport',
  'actions/provider/statusreport/csv',
  'recalleventstatusreport/csv',
  'eventstatusbylocation',
  'summeryreport',
  'auditreport',
  'auditreport/csv',
  'notificationreport',
  'fdareport',
  'change-history-download',
  'product-template',
  'locations-csv-download',
] as const;
export type CommunicationReport = (typeof COMMUNICATION_REPORTS)[number];

export function reportPath(id: number, report: CommunicationReport): string {
  return `${BASE}/${id}/${report}`;
}

export function dashboardReportPath(status: string, format: 'xlsx' | 'csv'): string {
  const path = `/supplier/dashboard/${encodeURIComponent(status)}/actions/supplier/summeryreport`;
  return format === 'csv' ? `${path}/csv` : path;
}

/** Signed-in user id, for per-user preferences. */
export function useUserId(): string | null {
  return useAtomValue(authAtom).userId;
}

// ---- sales representatives of an event ----

export type CommunicationSalesRep = ResponseData<'getSupplierCommunicationsIdSalesreps'>[number];

/** GET /:id/salesreps: the supplier's active sales representatives for this event. */
export function useCommunicationSalesReps(id: number | null) {
  return useApi<CommunicationSalesRep[]>(id ? `${BASE}/${id}/salesreps` : null);
}

/** POST /:id/salesreps/notify: personal read-only links to an advisory for the chosen (or all) sales reps. */
export function notifySalesReps(
  id: number,
  salesRepIds?: number[],
): Promise<ResponseData<'postSupplierCommunicationsIdSalesrepsNotify'>> {
  return apiRequest(`${BASE}/${id}/salesreps/notify`, {
    method: 'POST',
    body: (salesRepIds
      ? { sales_rep_ids: salesRepIds }
      : {}) satisfies RequestBody<'postSupplierCommunicationsIdSalesrepsNotify'>,
    errorModal: false,
  });
}
