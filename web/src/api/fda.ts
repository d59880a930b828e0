import { downloadFile, useApi, type Query } from './client';
import type { AppStore } from '../state/store';
import type { QueryParams, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/** The public FDA records (Notisphere_ViewFDAInformation): device recalls and drug enforcement reports. */
const BASE = '/notisphere/fda';

/** The grids: device recalls and device enforcement reports (the devices page's tabs), drug enforcement reports. */
export type FdaList = 'devices' | 'device-enforcement' | 'drugs';
export type FdaPage = ResponseData<'getNotisphereFdaDevices'>;
export type FdaRow = FdaPage['items'][number];
export type FdaRecord = ResponseData<'getNotisphereFdaDevicesRecallNumber'>;
export type FdaFilters = Pick<
  QueryParams<'getNotisphereFdaDevices'>,
  'status' | 'classification' | 'firm' | 'productCode' | 'initiatedFrom' | 'initiatedTo'
>;

function fdaQuery(state: ListState, filters: FdaFilters): Query {
  return { ...listQuery(state, null), ...filters };
}

/** The list, or (`withoutEvent`; devices and drugs) only recalls of the portal's suppliers that none of their events names. */
export function useFdaRecords(list: FdaList, state: ListState, filters: FdaFilters, withoutEvent = false) {
  const path = withoutEvent ? `${BASE}/without-event/${list}` : `${BASE}/${list}`;
  return useApi<FdaPage>(path, fdaQuery(state, filters), { swr: { keepPreviousData: true } });
}

/** The operator's record of a list. */
export function fdaRecordPath(list: FdaList, recallNumber: string): string {
  return `${BASE}/${list}/${encodeURIComponent(recallNumber)}`;
}

/** One record with every field, from the operator's path or the provider card's (the same answer). */
export function useFdaRecord(path: string | null) {
  return useApi<FdaRecord>(path);
}

/** The provider dashboard's card: FDA Class I recalls of the last 90 days of its suppliers and product codes. */
const PROVIDER_CARD = '/provider/dashboard/fda-recalls';
export type ProviderFdaRecalls = ResponseData<'getProviderDashboardFdaRecalls'>;
export type ProviderFdaRecall = ProviderFdaRecalls['items'][number];

export function useProviderFdaRecalls(enabled: boolean) {
  return useApi<ProviderFdaRecalls>(enabled ? PROVIDER_CARD : null, undefined, { errorModal: false });
}

/** A record of the provider's card (any other number answers 404). */
export function providerFdaRecordPath(recallNumber: string): string {
  return `${PROVIDER_CARD}/${encodeURIComponent(recallNumber)}`;
}

const DOWNLOAD_TITLES: Record<FdaList, string> = {
  devices: 'FDA Device Recalls',
  'device-enforcement': 'FDA Device Enforcement Reports',
  drugs: 'FDA Drug Recalls',
};

/** "FDA Device Recalls MM-DD-YYYY.csv|xlsx" / "FDA Device Enforcement Reports …" / "FDA Drug Recalls …": as shown. */
export function downloadFdaRecords(
  store: AppStore,
  list: FdaList,
  format: 'csv' | 'xlsx',
  state: ListState,
  filters: FdaFilters,
): Promise<string> {
  const { search, filterModel } = listQuery(state, null);
  const title = DOWNLOAD_TITLES[list];
  return downloadFile(
    store,
    `${BASE}/${list}/${format}-download`,
    { ...filters, search, filterModel },
    `${title}.${format}`,
  );
}
