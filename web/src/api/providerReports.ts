import type { CommunicationType } from './notices';
import { downloadFile, type Query } from './client';
import { listQuery, type ListState } from './provider';
import type { AppStore } from '../state/store';

/** The provider's downloads (spec 001 §7.4 "Provider-side downloads"; docs/api-provider.md "Provider downloads"). */
const BASE = '/provider/communications';

export type ReportFormat = 'csv' | 'xlsx';

/** Per-notice reports: the path segment and the spec's title (the server adds the date to the file name). */
export const PROVIDER_EVENT_REPORTS = [
  { path: 'provideraffectedlocation', title: 'Affected Locations Report' },
  { path: 'provideraffectedproducts', title: 'Affected Products Report' },
  { path: 'customizedcontent', title: 'Customized Content Report' },
  { path: 'change-history-report', title: 'Change History Report' },
] as const;

export type ProviderEventReport = (typeof PROVIDER_EVENT_REPORTS)[number]['path'];

export const providerEventReportPath = (id: number, pcId: number, report: ProviderEventReport) =>
  `${BASE}/${id}/${report}/${pcId}`;

/** Saves one per-notice report (XLSX) under the server's file name; answers that name. */
export function downloadProviderEventReport(
  store: AppStore,
  id: number,
  pcId: number,
  report: ProviderEventReport,
): Promise<string> {
  const title = PROVIDER_EVENT_REPORTS.find((r) => r.path === report)!.title;
  return downloadFile(store, providerEventReportPath(id, pcId, report), undefined, `${title}.xlsx`);
}

/**
 * Saves the Provider Recall Summary Report of the list as it stands: the list's own query (type, search, filters, sort;
 * `responses` for the eR responses list), every matching row rather than the page on screen.
 */
export function downloadProviderSummary(
  store: AppStore,
  state: ListState,
  type: CommunicationType | null,
  responses: boolean,
  format: ReportFormat,
  /** The list's own filters as query values (status, owner, due dates, …): the file holds what the screen shows. */
  filters: Query = {},
): Promise<string> {
  const { pageNumber: _page, pageSize: _size, ...query } = listQuery(state, type);
  return downloadFile(
    store,
    `${BASE}/providerRecallSummaryReport${format === 'csv' ? '/csv' : ''}`,
    { ...query, ...filters, ...(responses ? { responses: 1 } : {}) },
    `Provider Recall Summary Report.${format}`,
  );
}

/** Saves the Delegate Summary Report: every delegate of the provider and its sites. */
export function downloadDelegateSummary(store: AppStore, format: ReportFormat): Promise<string> {
  return downloadFile(
    store,
    `${BASE}/providerAllDelegateSummaryReport${format === 'csv' ? '/csv' : ''}`,
    undefined,
    `Delegate Summary Report.${format}`,
  );
}
