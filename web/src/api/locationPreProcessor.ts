import type { SWRConfiguration } from 'swr';
import type { ApiError } from './client';
import { apiRequest, formData, useApi } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { QueryParams, ResponseData } from './contract';

/**
 * The operator's location pre-processor (spec 000 §7; the contract in docs/decisions.md "Location
 * pre-processor"). All under /notisphere/locationPreProcessor, Notisphere_ManageLocations.
 */
export const PRE_PROCESSOR_PATH = '/notisphere/locationPreProcessor';

/** Job statuses of spec 000 §4 (with the space). */
export const JOB_STATUSES = ['PENDING', 'IN PROGRESS', 'COMPLETED', 'ERROR', 'DEACTIVATED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const DECISIONS = ['MATCHED', 'REVIEW', 'UNMATCHED'] as const;
export type Decision = (typeof DECISIONS)[number];

/** A job as the list and the detail answer it (generated from the routes' response schemas; the detail's also has errorMessage). */
export type PreProcessorJobPage = ResponseData<'getNotisphereLocationPreProcessor'>;
export type PreProcessorJob = PreProcessorJobPage['items'][number] &
  Partial<Pick<ResponseData<'getNotisphereLocationPreProcessorId'>['job'], 'errorMessage'>>;
export type JobDetail = ResponseData<'getNotisphereLocationPreProcessorId'>;
/** One row of a job with its decision, confidence and up to three candidates. */
export type PreProcessorRow = JobDetail['rows']['items'][number];
export type Candidate = PreProcessorRow['candidates'][number];
export type KnownProvider = ResponseData<'getNotisphereLocationPreProcessorKnownProviders'>['items'][number];

/** The job list's own filters (spec 000 §3: status and supplier name, saved per user). */
export type JobFilters = Pick<QueryParams<'getNotisphereLocationPreProcessor'>, 'status' | 'suppliername'>;

/**
 * A job the worker is still matching (its page polls until it is done). A matched job stays IN PROGRESS, open for
 * review, until the operator completes it.
 */
export const isMatching = (job: PreProcessorJob | undefined) =>
  job !== undefined &&
  (job.status === 'PENDING' || (job.status === 'IN PROGRESS' && job.processedRows < job.totalRows));

/** A matched job whose rows the operator may still decide and complete. */
export const isReviewable = (job: PreProcessorJob | undefined) =>
  job !== undefined && job.status === 'IN PROGRESS' && !isMatching(job);

const POLL_MS = 2000;

export function usePreProcessorJobs(query: ListQuery, filters: JobFilters) {
  return useApi<PreProcessorJobPage>(
    PRE_PROCESSOR_PATH,
    { ...listQueryParams(query), status: filters.status, suppliername: filters.suppliername },
    {
      swr: {
        refreshInterval: (page?: PreProcessorJobPage) => (page?.items.some(isMatching) ? POLL_MS : 0),
      } as SWRConfiguration<PreProcessorJobPage, ApiError>,
    },
  );
}

/** The rows' query: a page is always asked for; the filters as the route takes them. */
export type RowQuery = Required<Pick<QueryParams<'getNotisphereLocationPreProcessorId'>, 'pageNumber' | 'pageSize'>> &
  Pick<QueryParams<'getNotisphereLocationPreProcessorId'>, 'decision' | 'search' | 'minConfidence'>;

export function usePreProcessorJob(id: number | null, query: RowQuery) {
  return useApi<JobDetail>(
    id ? `${PRE_PROCESSOR_PATH}/${id}` : null,
    {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      decision: query.decision,
      search: query.search?.trim() || undefined,
      minConfidence: query.minConfidence,
    },
    {
      swr: {
        refreshInterval: (detail?: JobDetail) => (isMatching(detail?.job) ? POLL_MS : 0),
      } as SWRConfiguration<JobDetail, ApiError>,
    },
  );
}

export function usePreProcessorSuppliers() {
  return useApi<ResponseData<'getNotisphereLocationPreProcessorLocationPreProcessorSuppliers'>>(
    `${PRE_PROCESSOR_PATH}/locationPreProcessorSuppliers`,
  );
}

export function useKnownProviders(query: ListQuery, state?: string) {
  return useApi<ResponseData<'getNotisphereLocationPreProcessorKnownProviders'>>(
    `${PRE_PROCESSOR_PATH}/known-providers`,
    {
      ...listQueryParams(query),
      state: state || undefined,
    },
  );
}

/** Creates a job from a CSV or XLSX file for a supplier; the worker matches it in the background. */
export function uploadLocationFile(
  file: File,
  supplierId: number,
): Promise<ResponseData<'postNotisphereLocationPreProcessorUploadLocationpreprocessorFile'>> {
  return apiRequest(`${PRE_PROCESSOR_PATH}/upload-locationpreprocessor-file`, {
    method: 'POST',
    body: formData({ file, supplierId: String(supplierId) }),
    errorModal: false,
  });
}

/** Removes a job (soft: DEACTIVATED). */
export function removeJob(id: number): Promise<ResponseData<'putNotisphereLocationPreProcessorId'>> {
  return apiRequest(`${PRE_PROCESSOR_PATH}/${id}`, { method: 'PUT', errorModal: false });
}

/** Accepts a candidate or any known provider for a row, or marks it unmatched. */
export function decideRow(
  jobId: number,
  rowId: number,
  decision: { knownProviderId: number } | { decision: 'UNMATCHED' },
): Promise<ResponseData<'putNotisphereLocationPreProcessorIdRowsRowId'>> {
  return apiRequest(`${PRE_PROCESSOR_PATH}/${jobId}/rows/${rowId}`, {
    method: 'PUT',
    body: decision,
    errorModal: false,
  });
}

/** Accepts the best candidate of every REVIEW row at or above `minConfidence` (0..1). */
export function bulkAccept(
  jobId: number,
  minConfidence: number,
): Promise<ResponseData<'postNotisphereLocationPreProcessorIdBulkAccept'>> {
  return apiRequest(`${PRE_PROCESSOR_PATH}/${jobId}/bulk-accept`, {
    method: 'POST',
    body: { minConfidence },
    errorModal: false,
  });
}

/** Turns the job's matched rows into the supplier's locations (unverified), REVIEW rows left out. */
export function completeJob(jobId: number): Promise<ResponseData<'postNotisphereLocationPreProcessorIdComplete'>> {
  return apiRequest(`${PRE_PROCESSOR_PATH}/${jobId}/complete`, { method: 'POST', errorModal: false });
}
