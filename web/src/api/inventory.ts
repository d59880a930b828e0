import type { SWRConfiguration } from 'swr';
import type { AppStore } from '../state/store';
import type { ApiError } from './client';
import { apiRequest, downloadFile, formData, useApi } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { QueryParams, RequestBody, ResponseData } from './contract';

/** The provider's item master and purchase history (issue 38): /provider/inventory. */
export const INVENTORY_PATH = '/provider/inventory';

export type InventoryKind = 'items' | 'purchases';
export type InventoryPage = ResponseData<'getProviderInventoryItems'>;
export type InventoryRow = InventoryPage['items'][number];
export type InventoryImport = ResponseData<'getProviderInventoryImportsId'>;
export type InventoryUpload = ResponseData<'postProviderInventoryImports'>;
export type ImportStart = RequestBody<'postProviderInventoryImportsIdStart'>;
export type ColumnMapping = ImportStart['mapping'];

/** The list's own filters: site and department, and a scanned unit (GTIN, lot, serial). */
export type InventoryFilters = Pick<
  QueryParams<'getProviderInventoryItems'>,
  'site_id' | 'department' | 'gtin' | 'lot' | 'serial'
>;

export const isRunning = (i: { status: string } | undefined) =>
  i !== undefined && (i.status === 'QUEUED' || i.status === 'RUNNING');

const POLL_MS = 1000;

export function useInventoryItems(kind: InventoryKind, query: ListQuery, filters: InventoryFilters) {
  return useApi<InventoryPage>(`${INVENTORY_PATH}/items`, { ...listQueryParams(query), kind, ...filters });
}

export function useInventoryFilters() {
  return useApi<ResponseData<'getProviderInventoryFilters'>>(`${INVENTORY_PATH}/filters`);
}

/** One import, polled while it runs. */
export function useInventoryImport(id: number | null) {
  return useApi<InventoryImport>(id ? `${INVENTORY_PATH}/imports/${id}` : null, undefined, {
    swr: {
      refreshInterval: (i?: InventoryImport) => (!i || isRunning(i) ? POLL_MS : 0),
    } as SWRConfiguration<InventoryImport, ApiError>,
  });
}

/** Stores a file and answers its first rows, the header row found and the proposed mapping. */
export function uploadInventoryFile(file: File, kind: InventoryKind): Promise<InventoryUpload> {
  return apiRequest(`${INVENTORY_PATH}/imports`, {
    method: 'POST',
    body: formData({ file, kind }),
    errorModal: false,
  });
}

/** Confirms the mapping: the import runs in the background. */
export function startInventoryImport(
  id: number,
  body: ImportStart,
): Promise<ResponseData<'postProviderInventoryImportsIdStart'>> {
  return apiRequest(`${INVENTORY_PATH}/imports/${id}/start`, {
    method: 'POST',
    body: body satisfies RequestBody<'postProviderInventoryImportsIdStart'>,
    errorModal: false,
  });
}

export function downloadInventory(
  store: AppStore,
  format: 'csv' | 'xlsx',
  kind: InventoryKind,
  query: ListQuery,
  filters: InventoryFilters,
) {
  return downloadFile(store, `${INVENTORY_PATH}/items/${format}`, { ...listQueryParams(query), kind, ...filters });
}

export function downloadRefusals(store: AppStore, id: number, format: 'csv' | 'xlsx') {
  return downloadFile(store, `${INVENTORY_PATH}/imports/${id}/refusals/${format}`);
}
