import { useLingui } from '@lingui/react/macro';

/** The bounds the API holds a reminder plan to: hours between reminders, and how many reminders at most. */
export const REMINDER_INTERVAL = { min: 1, max: 720 } as const;
export const REMINDER_MAXIMUM = { min: 0, max: 20 } as const;

/** A plan as its two inputs hold it (text, so that a field can be empty while typing). */
export interface ReminderPlanInput {
  interval: string;
  maximum: string;
}

export interface ReminderPlanNumbers {
  interval_hours: number;
  max_reminders: number;
}

export function planInput(plan: ReminderPlanNumbers): ReminderPlanInput {
  return { interval: String(plan.interval_hours), maximum: String(plan.max_reminders) };
}

function wholeNumberIn(text: string, bounds: { min: number; max: number }): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= bounds.min && n <= bounds.max ? n : null;
}

/** The plan's numbers, or null while either field is out of bounds. */
export function planNumbers(input: ReminderPlanInput): ReminderPlanNumbers | null {
  const interval = wholeNumberIn(input.interval, REMINDER_INTERVAL);
  const maximum = wholeNumberIn(input.maximum, REMINDER_MAXIMUM);
  return interval === null || maximum === null ? null : { interval_hours: interval, max_reminders: maximum };
}

export interface ReminderPlanErrors {
  interval: string | null;
  maximum: string | null;
}

/** The two fields' messages in the reader's language: each must be a whole number within its bounds. */
export function useReminderPlanMessages(): { interval: string; maximum: string } {
  const { t } = useLingui();
  const { min: intervalMin, max: intervalMax } = REMINDER_INTERVAL;
  const { min: maximumMin, max: maximumMax } = REMINDER_MAXIMUM;
  return {
    interval: t`Enter a whole number of hours from ${intervalMin} to ${intervalMax}.`,
    maximum: t`Enter a whole number from ${maximumMin} to ${maximumMax}.`,
  };
}

/** Each field's message while it is out of bounds. */
export function planErrors(
  input: ReminderPlanInput,
  messages: { interval: string; maximum: string },
): ReminderPlanErrors {
  return {
    interval: wholeNumberIn(input.interval, REMINDER_INTERVAL) === null ? messages.interval : null,
    maximum: wholeNumberIn(input.maximum, REMINDER_MAXIMUM) === null ? messages.maximum : null,
  };
}

/** "Every 24 hours, up to 5 reminders" in the reader's language. */
export function usePlanSentence() {
  const { t } = useLingui();
  return (plan: ReminderPlanNumbers) => {
    const hours = plan.interval_hours;
    const maximum = plan.max_reminders;
    return maximum === 0 ? t`No reminders` : t`Every ${hours} hours, up to ${maximum} reminder(s)`;
  };
}
