import { useLingui } from '@lingui/react/macro';
import { FormField, TextInput } from '@portal/design-system';
import { REMINDER_INTERVAL } from '../../shared/events/reminderPlan';
import { DUE_DAYS, type PlanDueErrors, type PlanDueInput } from './planDue';

/**
 * Issue 32: a plan's response-due days (the date an event of the class gets when it is sent without one) and the
 * hours between reminders once that date has passed (empty: unchanged). `label` names the plan.
 */
export function PlanDueFields({
  value,
  onChange,
  errors,
  label,
  disabled,
}: {
  value: PlanDueInput;
  onChange: (value: PlanDueInput) => void;
  /** Shown errors (pass none until the form was submitted). */
  errors?: PlanDueErrors;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-slot="plan-due-fields">
      <FormField
        label={t`Response due after (days)`}
        description={t`Counted from the day an event is sent, unless the wizard sets a date.`}
        error={errors?.dueDays ?? null}
      >
        <TextInput
          type="number"
          inputMode="numeric"
          min={DUE_DAYS.min}
          max={DUE_DAYS.max}
          step={1}
          aria-label={t`${label}: response due after (days)`}
          value={value.dueDays}
          disabled={disabled}
          onValueChange={(v) => onChange({ ...value, dueDays: v })}
        />
      </FormField>
      <FormField
        label={t`After the due date, remind every (hours)`}
        description={t`Leave empty to keep the interval above.`}
        error={errors?.overdue ?? null}
      >
        <TextInput
          type="number"
          inputMode="numeric"
          min={REMINDER_INTERVAL.min}
          max={REMINDER_INTERVAL.max}
          step={1}
          aria-label={t`${label}: after the due date, remind every (hours)`}
          value={value.overdue}
          disabled={disabled}
          onValueChange={(v) => onChange({ ...value, overdue: v })}
        />
      </FormField>
    </div>
  );
}
