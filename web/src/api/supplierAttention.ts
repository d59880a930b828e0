import { useApi } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { ResponseData } from './contract';

/**
 * What needs the supplier's attention (issue 32): an event's customers with their due dates, overdue flag and "not
 * affected" answers, narrowed to the overdue ones or to one health system's sites; the event's health systems; the
 * supplier's worklist; and the operator's per-provider answers of any event.
 */
const BASE = '/supplier/communications';

export type SupplierCustomerPage = ResponseData<'getSupplierCommunicationsIdCustomers'>;
export type SupplierCustomer = SupplierCustomerPage['items'][number];
export type HealthSystem = ResponseData<'getSupplierCommunicationsIdHealthSystems'>[number];
export type SupplierWorklist = ResponseData<'getSupplierWorklist'>;
export type OperatorProviderPage = ResponseData<'getNotisphereCommunicationsIdProviders'>;
export type OperatorProvider = OperatorProviderPage['items'][number];

/** The customers list's own filters: only the overdue ones, only one health system's sites. */
export interface CustomerFilters {
  overdue?: boolean;
  parentId?: number;
}

/** GET /supplier/communications/{id}/customers with the list query and the filters. */
export function useSupplierCustomers(id: number | null, query: ListQuery, filters: CustomerFilters = {}) {
  return useApi<SupplierCustomerPage>(id ? `${BASE}/${id}/customers` : null, {
    ...listQueryParams(query),
    overdue: filters.overdue ? 1 : undefined,
    parentId: filters.parentId,
  });
}

/** How many of the event's customers are overdue (the total of a one-row page). */
export function useOverdueCount(id: number | null): number | undefined {
  const { data } = useApi<SupplierCustomerPage>(
    id ? `${BASE}/${id}/customers` : null,
    { pageNumber: 1, pageSize: 1, overdue: 1 },
    { errorModal: false },
  );
  return data?.total;
}

export function useHealthSystems(id: number | null) {
  return useApi<HealthSystem[]>(id ? `${BASE}/${id}/health-systems` : null);
}

export function useSupplierWorklist() {
  return useApi<SupplierWorklist>('/supplier/worklist', undefined, { errorModal: false });
}

export function useOperatorProviders(id: number | null, query: ListQuery) {
  return useApi<OperatorProviderPage>(
    id ? `/notisphere/communications/${id}/providers` : null,
    listQueryParams(query),
    {
      swr: { keepPreviousData: true },
    },
  );
}
