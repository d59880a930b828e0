import { apiRequest, useApi } from './client';
import { listQueryParams, type ListQuery } from './communications';
import type { QueryParams, RequestBody, ResponseData } from './contract';

/**
 * Delivery on screen: each recipient's notice email and its reminders, under
 * /api/supplier/communications/{id}, and the organisation's reminder plans under /api/supplier/reminder-plans. Types
 * generated from the routes' schemas (schema.gen.ts).
 */
const BASE = '/supplier/communications';

/** One page of recipients: each address of each provider communication, with totals per status over the event. */
export type DeliveryPage = ResponseData<'getSupplierCommunicationsIdDeliveries'>;
/** One recipient address; `row_key` (`<provider communication id>:<email>`) names it. */
export type Delivery = DeliveryPage['items'][number];
/** Where one recipient's notice email is. */
export type DeliveryStatus = Delivery['status'];
/** What the list can be narrowed to: a status, or the recipients who have not opened or not acknowledged. */
export type DeliveryFilter = NonNullable<QueryParams<'getSupplierCommunicationsIdDeliveries'>['status']>;

/** The statuses in the order of a notice's life, as the totals show them. */
export const DELIVERY_STATUSES = [
  'SCHEDULED',
  'QUEUED',
  'SENT',
  'OPENED',
  'CLICKED',
  'BOUNCED',
  'ERROR',
] as const satisfies readonly DeliveryStatus[];

/** GET /{id}/deliveries: the recipients, paged, sorted and searched as every list; `status` narrows them. */
export function useDeliveries(id: number | null, query: ListQuery, status: DeliveryFilter | null) {
  return useApi<DeliveryPage>(id ? `${BASE}/${id}/deliveries` : null, {
    ...listQueryParams(query),
    status: status ?? undefined,
  });
}

/**
 * How many recipient addresses a reminder now would reach: not acknowledged and not answered (the list's NOT_ACKNOWLEDGED
 * with the response still NOTCOMPLETED); one row asked for, the page's total is the count.
 */
export function useUnansweredCount(id: number | null, enabled: boolean) {
  return useApi<DeliveryPage>(enabled && id ? `${BASE}/${id}/deliveries` : null, {
    ...listQueryParams({
      pageNumber: 1,
      pageSize: 1,
      filterModel: { response_status: { filterType: 'text', type: 'contains', filter: 'NOTCOMPLETED' } },
    }),
    status: 'NOT_ACKNOWLEDGED' satisfies DeliveryFilter,
  });
}

/**
 * An event's reminders: its plan (interval and maximum), where the plan comes from (its own, its organisation's for its
 * class, or the product's default), its pause, the next reminder due and the reminders sent.
 */
export type ReminderSettings = ResponseData<'getSupplierCommunicationsIdReminders'>;
export type ReminderSource = ReminderSettings['source'];

/** A change of an event's reminders; null puts a value back to the organisation's default. */
export type ReminderChange = RequestBody<'putSupplierCommunicationsIdReminders'>;

/** GET /{id}/reminders. */
export function useReminders(id: number | null) {
  return useApi<ReminderSettings>(id ? `${BASE}/${id}/reminders` : null);
}

/** PUT /{id}/reminders: answers the settings as they now are. */
export function saveReminders(id: number, change: ReminderChange): Promise<ReminderSettings> {
  return apiRequest<ReminderSettings>(`${BASE}/${id}/reminders`, { method: 'PUT', body: change, errorModal: false });
}

export type RemindNowResult = ResponseData<'postSupplierCommunicationsIdRemindNow'>;

/** POST /{id}/remind-now: a reminder now to every recipient who has neither acknowledged nor answered. */
export function remindNow(id: number): Promise<RemindNowResult> {
  return apiRequest<RemindNowResult>(`${BASE}/${id}/remind-now`, { method: 'POST', body: {}, errorModal: false });
}

/** POST /{id}/resendmail/{pcId}: the notice again to one address of a provider communication (older links stop working). */
export function resendToRecipient(id: number, pcId: number, email: string): Promise<{ emails_queued: number }> {
  return apiRequest(`${BASE}/${id}/resendmail/${pcId}`, {
    method: 'POST',
    body: { email } satisfies RequestBody<'postSupplierCommunicationsIdResendmailPcId'>,
    errorModal: false,
  });
}

export type ReminderPlans = ResponseData<'getSupplierReminderPlans'>;
/** An organisation's plan for one class; `is_default`: the organisation has not set it, the product's applies. */
export type ReminderPlan = ReminderPlans['items'][number];
export type ReminderPlanKey = ReminderPlan['plan'];

/** The classes a plan is kept for: each recall class, and supply advisories. */
export const REMINDER_PLAN_KEYS = [
  'CLASSI',
  'CLASSII',
  'CLASSIII',
  'ADVISORY',
] as const satisfies readonly ReminderPlanKey[];

/** GET /supplier/reminder-plans: the organisation's plan per class. */
export function useReminderPlans(enabled = true) {
  return useApi<ReminderPlans>(enabled ? '/supplier/reminder-plans' : null);
}

/** PUT /supplier/reminder-plans: sets the plans named (the others stay as they are). */
export function saveReminderPlans(items: RequestBody<'putSupplierReminderPlans'>['items']): Promise<ReminderPlans> {
  return apiRequest<ReminderPlans>('/supplier/reminder-plans', { method: 'PUT', body: { items }, errorModal: false });
}

/**
 * The plan an event follows by default: ADVISORY for a supply advisory; a recall's class, where a recall not (yet)
 * classified is chased as Class I (the server's rule).
 */
export function reminderPlanKey(type: string, classification: string | null | undefined): ReminderPlanKey {
  if (type !== 'RECALL') return 'ADVISORY';
  return classification === 'CLASSII' || classification === 'CLASSIII' ? classification : 'CLASSI';
}
