import { useLingui } from '@lingui/react/macro';
import { REMINDER_INTERVAL } from '../../shared/events/reminderPlan';

/** The bounds the API holds a plan's response-due days to. */
export const DUE_DAYS = { min: 0, max: 365 } as const;

/**
 * Issue 32: a plan's response-due days and its interval after the due date, as their inputs hold them (text). An
 * empty overdue interval means reminders keep the plan's interval after the due date.
 */
export interface PlanDueInput {
  dueDays: string;
  overdue: string;
}

export interface PlanDueNumbers {
  due_days: number;
  overdue_interval_hours: number | null;
}

export function planDueInput(plan: PlanDueNumbers): PlanDueInput {
  return {
    dueDays: String(plan.due_days),
    overdue: plan.overdue_interval_hours === null ? '' : String(plan.overdue_interval_hours),
  };
}

function wholeNumberIn(text: string, bounds: { min: number; max: number }): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= bounds.min && n <= bounds.max ? n : null;
}

/** The numbers, or null while a field is out of bounds. */
export function planDueNumbers(input: PlanDueInput): PlanDueNumbers | null {
  const dueDays = wholeNumberIn(input.dueDays, DUE_DAYS);
  const overdue = input.overdue.trim() === '' ? null : wholeNumberIn(input.overdue, REMINDER_INTERVAL);
  if (dueDays === null || (input.overdue.trim() !== '' && overdue === null)) return null;
  return { due_days: dueDays, overdue_interval_hours: overdue };
}

export interface PlanDueErrors {
  dueDays: string | null;
  overdue: string | null;
}

/** Each field's message while it is out of bounds, in the reader's language. */
export function usePlanDueErrors(): (input: PlanDueInput) => PlanDueErrors {
  const { t } = useLingui();
  const { min: daysMin, max: daysMax } = DUE_DAYS;
  const { min: hoursMin, max: hoursMax } = REMINDER_INTERVAL;
  return (input) => ({
    dueDays:
      wholeNumberIn(input.dueDays, DUE_DAYS) === null
        ? t`Enter a whole number of days from ${daysMin} to ${daysMax}.`
        : null,
    overdue:
      input.overdue.trim() !== '' && wholeNumberIn(input.overdue, REMINDER_INTERVAL) === null
        ? t`Leave empty, or enter a whole number of hours from ${hoursMin} to ${hoursMax}.`
        : null,
  });
}
