import { useEffect, useState } from 'react';
import type { CommunicationType } from '../../api/communications';
import { reminderPlanKey, saveReminders, useReminderPlans, useReminders } from '../../api/delivery';
import {
  planErrors,
  planInput,
  planNumbers,
  useReminderPlanMessages,
  type ReminderPlanInput,
} from '../../shared/events/reminderPlan';

/**
 * The wizard's reminder plan of an event that exists: prefilled with its own plan when it has one, else with its
 * organisation's plan for its class (GET /supplier/reminder-plans). `save` puts it on the event (PUT .../reminders)
 * only when it was changed, so an untouched event keeps following its organisation's plan; it answers false, showing
 * the fields' errors, while a value is out of bounds.
 */
export function useReminderPlanDraft(id: number, type: CommunicationType, classification: string | null | undefined) {
  const { data: settings, mutate } = useReminders(id);
  const { data: plans } = useReminderPlans();
  const messages = useReminderPlanMessages();
  const key = reminderPlanKey(type, classification);
  const organisationPlan = plans?.items.find((p) => p.plan === key);
  const own = settings?.source === 'event';
  // Nothing until the event's own settings are in: the plans may load first (the information step reads them too), and
  // the fields are filled once.
  const initial = !settings ? undefined : own ? settings : (organisationPlan ?? (plans ? settings : undefined));
  const [input, setInput] = useState<ReminderPlanInput | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const initialInterval = initial?.interval_hours;
  const initialMaximum = initial?.max_reminders;
  useEffect(() => {
    if (initialInterval !== undefined && initialMaximum !== undefined)
      setInput((current) => current ?? planInput({ interval_hours: initialInterval, max_reminders: initialMaximum }));
  }, [initialInterval, initialMaximum]);

  const changed =
    input !== null &&
    initial !== undefined &&
    (input.interval.trim() !== String(initial.interval_hours) ||
      input.maximum.trim() !== String(initial.max_reminders));

  async function save(): Promise<boolean> {
    if (!input || !changed) return true;
    const numbers = planNumbers(input);
    if (!numbers) {
      setShowErrors(true);
      return false;
    }
    setShowErrors(false);
    await saveReminders(id, numbers);
    await mutate();
    setInput(planInput(numbers));
    return true;
  }

  return {
    input,
    setInput,
    errors: showErrors && input ? planErrors(input, messages) : undefined,
    /** The fields show the organisation's plan, untouched. */
    organisationDefault: !own && !changed,
    changed,
    save,
  };
}

export type ReminderPlanDraft = ReturnType<typeof useReminderPlanDraft>;
