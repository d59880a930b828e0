import { useApi } from '../../api/client';
import { reminderPlanKey, type ReminderPlans } from '../../api/delivery';

/** The years a response-due date may take (the API's bounds). */
export const DUE_YEARS = { from: 2010, to: 2030 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day `days` after `now`, as YYYY-MM-DD. */
export function daysFromToday(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The response-due date the wizard offers for an event's class: today plus its organisation's days for the class
 * (GET /supplier/reminder-plans; the server counts them from the send date when the supplier keeps the default).
 * `fallback` is the server's own default for the saved class, used until the plans have loaded.
 */
export function useResponseDueDefault(
  type: string,
  classification: string | null | undefined,
  fallback: string | null | undefined,
): { date: string | null; days: number | null } {
  // The plans the organisation settings and the recipients step read too (one cache); a failure only loses the hint.
  const { data } = useApi<ReminderPlans>('/supplier/reminder-plans', undefined, { errorModal: false });
  const days = data?.items?.find((p) => p.plan === reminderPlanKey(type, classification))?.due_days;
  if (days === undefined) return { date: fallback ?? null, days: null };
  return { date: daysFromToday(days), days };
}
