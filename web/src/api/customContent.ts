import type { AppStore } from '../state/store';
import { apiRequest, uploadFile, useApi } from './client';

/**
 * Custom content (issue 16; docs/decisions.md "Custom content"): a supplier turns it on per draft and uploads a product
 * file with a Customer Key column; each customer's notice then lists only its own rows.
 */
export interface CustomRowView {
  id: number;
  customer_key: string;
  customer_name: string;
  product_name: string;
  lot_number: string | null;
  serial_number: string | null;
  udi: string | null;
  quantity: number | null;
  expiration_date: string | null;
}

export interface CustomContentPage {
  custom_content: boolean;
  items: CustomRowView[];
  total: number;
}

const base = (id: number) => `/supplier/communications/${id}/custom-content`;

export function useCustomContent(id: number | null) {
  return useApi<CustomContentPage>(id ? base(id) : null, { pageSize: 50 });
}

export function setCustomContent(id: number, enabled: boolean) {
  return apiRequest<{ custom_content: boolean; rows: number }>(base(id), {
    method: 'PUT',
    body: { enabled },
    errorModal: false,
  });
}

export function uploadCustomRows(store: AppStore, id: number, file: File) {
  return uploadFile<{ rows: number; customers: number }>(store, `${base(id)}/file`, file);
}

/** A provider user's per-unit answers for its own rows (issue 16). */
export function answerProviderUnits(
  communicationId: number,
  pcId: number,
  actionId: number,
  answers: { rowId: number; valueText?: string; valueNumeric?: string; valueYesNo?: 'Yes' | 'No' }[],
) {
  return apiRequest(`/provider/communications/${communicationId}/${pcId}/actions/${actionId}/units`, {
    method: 'PUT',
    body: { answers },
    errorModal: false,
  });
}
