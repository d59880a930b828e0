import type { AppStore } from '../state/store';
import type { ResponseData } from './contract';
import { apiRequest, downloadFile, type Query, uploadFile, useApi } from './client';
import type { UnitAnswer } from './notices';

/**
 * Custom content (docs/decisions.md "Custom content"): a supplier turns it on per draft and uploads a product
 * file with a Customer Key column; each customer's notice then lists only its own rows. The rows page (with each row's
 * per-unit answers) and the customers are typed from the routes' declared answers.
 */
export type CustomContentPage = ResponseData<'getSupplierCommunicationsIdCustomContent'>;
export type CustomRowView = CustomContentPage['items'][number];
export type CustomRowCustomer = ResponseData<'getSupplierCommunicationsIdCustomContentCustomers'>[number];

const base = (id: number) => `/supplier/communications/${id}/custom-content`;

export function useCustomContent(id: number | null) {
  return useApi<CustomContentPage>(id ? base(id) : null, { pageSize: 50 });
}

/** Where an event's rows are read: the supplier's own event, or any event for the operator (View Recall). */
export const customRowsBase = (id: number, reader: 'supplier' | 'operator') =>
  reader === 'operator' ? `/notisphere/communications/${id}/custom-content` : base(id);

/** One page of an event's customer rows with their answers, optionally of one customer. */
export function useCustomRows(rowsBase: string | null, query: Query) {
  return useApi<CustomContentPage>(rowsBase, query);
}

export function useCustomRowCustomers(rowsBase: string | null) {
  return useApi<CustomRowCustomer[]>(rowsBase ? `${rowsBase}/customers` : null);
}

/** The product file template (CSV or XLSX) with the header row the reader accepts. */
export function downloadCustomContentTemplate(store: AppStore, id: number, format: 'csv' | 'xlsx') {
  return downloadFile(store, `${base(id)}/template`, { format }, 'Custom Content Template');
}

export function setCustomContent(id: number, enabled: boolean) {
  return apiRequest<ResponseData<'putSupplierCommunicationsIdCustomContent'>>(base(id), {
    method: 'PUT',
    body: { enabled },
    errorModal: false,
  });
}

export function uploadCustomRows(store: AppStore, id: number, file: File) {
  return uploadFile<ResponseData<'postSupplierCommunicationsIdCustomContentFile'>>(store, `${base(id)}/file`, file);
}

/** A provider user's per-unit answers for its own rows. */
export function answerProviderUnits(communicationId: number, pcId: number, actionId: number, answers: UnitAnswer[]) {
  return apiRequest<ResponseData<'putProviderCommunicationsIdXActionsYUnits'>>(
    `/provider/communications/${communicationId}/${pcId}/actions/${actionId}/units`,
    {
      method: 'PUT',
      body: { answers },
      errorModal: false,
    },
  );
}
