import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/**
 * The supplier's follow-up on a sent event (issue 33 item 6): its delegates (who else answers a customer's notice),
 * its own follow-up tasks (internal actions), removing affected locations and customers, and products added after
 * approval (postupdate).
 */
const BASE = '/supplier/communications';

export type SupplierDelegate = ResponseData<'getSupplierCommunicationsIdDelegates'>[number];
export type FollowUpTask = ResponseData<'getSupplierCommunicationsIdInternalaction'>[number];
export type FollowUpTaskBody = RequestBody<'postSupplierCommunicationsInternalaction'>;
export type DelegateBody = RequestBody<'postSupplierCommunicationsIdDelegate'>;
export type NewProduct = NonNullable<RequestBody<'postSupplierCommunicationsIdPostupdate'>['products']>[number];
export type RemovedRecipients = ResponseData<'putSupplierCommunicationsIdRemoveLocations'>;
export type PostUpdateResult = ResponseData<'postSupplierCommunicationsIdPostupdate'>;

/** GET /{id}/delegates: the supplier's own delegates, newest first. */
export function useSupplierDelegates(id: number | null) {
  return useApi<SupplierDelegate[]>(id ? `${BASE}/${id}/delegates` : null);
}

/** POST /{id}/delegate: the delegate is emailed a personal link to the supplier-delegate form. */
export function addSupplierDelegate(id: number, body: DelegateBody): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/delegate`, { method: 'POST', body, errorModal: false });
}

/** POST /{id}/delegates/{delegateId}/revoke: the delegate's link stops working at once. */
export function revokeSupplierDelegate(id: number, delegateId: number): Promise<unknown> {
  return apiRequest(`${BASE}/${id}/delegates/${delegateId}/revoke`, { method: 'POST', body: {}, errorModal: false });
}

/** GET /{id}/internalaction: the event's follow-up tasks (deleted ones left out). */
export function useFollowUpTasks(id: number | null) {
  return useApi<FollowUpTask[]>(id ? `${BASE}/${id}/internalaction` : null);
}

/** POST /internalaction: creates a task, or with `id` updates one (its status: open, completed, deleted). */
export function saveFollowUpTask(body: FollowUpTaskBody): Promise<FollowUpTask> {
  return apiRequest<FollowUpTask>(`${BASE}/internalaction`, { method: 'POST', body, errorModal: false });
}

/** PUT /{id}/remove-locations: affected locations and not-yet-notified customers. */
export function removeRecipients(
  id: number,
  body: { customer_ids?: number[]; location_ids?: number[] },
): Promise<RemovedRecipients> {
  return apiRequest<RemovedRecipients>(`${BASE}/${id}/remove-locations`, {
    method: 'PUT',
    body: body satisfies RequestBody<'putSupplierCommunicationsIdRemoveLocations'>,
    errorModal: false,
  });
}

/** POST /{id}/postupdate with products: added after the approved event's current ones (optionally emailed). */
export function addProductsAfterApproval(
  id: number,
  products: NewProduct[],
  options: { notify?: boolean; note?: string } = {},
): Promise<PostUpdateResult> {
  return apiRequest<PostUpdateResult>(`${BASE}/${id}/postupdate`, {
    method: 'POST',
    body: { changes: {}, products, ...options } satisfies RequestBody<'postSupplierCommunicationsIdPostupdate'>,
    errorModal: false,
  });
}
