import { useLingui } from '@lingui/react/macro';
import { cn, FormField, TextInput } from '@portal/design-system';
import { REMINDER_INTERVAL, REMINDER_MAXIMUM, type ReminderPlanErrors, type ReminderPlanInput } from './reminderPlan';

/**
 * The two numbers of a reminder plan (hours between reminders, maximum reminders), as the wizard, the Delivery tab and
 * the organisation's settings edit them. `label` names the plan when several are shown together.
 */
export function ReminderPlanFields({
  value,
  onChange,
  errors,
  label,
  disabled,
  className,
}: {
  value: ReminderPlanInput;
  onChange: (value: ReminderPlanInput) => void;
  /** Shown errors (pass none until the form was submitted). */
  errors?: Partial<ReminderPlanErrors>;
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const interval = label ? t`${label}: hours between reminders` : t`Hours between reminders`;
  const maximum = label ? t`${label}: maximum reminders` : t`Maximum reminders`;
  return (
    <div className={cn('grid gap-3 sm:grid-cols-2', className)} data-slot="reminder-plan-fields">
      <FormField label={label ? t`Hours between reminders` : interval} error={errors?.interval ?? null}>
        <TextInput
          type="number"
          inputMode="numeric"
          min={REMINDER_INTERVAL.min}
          max={REMINDER_INTERVAL.max}
          step={1}
          aria-label={interval}
          value={value.interval}
          disabled={disabled}
          onValueChange={(v) => onChange({ ...value, interval: v })}
        />
      </FormField>
      <FormField label={label ? t`Maximum reminders` : maximum} error={errors?.maximum ?? null}>
        <TextInput
          type="number"
          inputMode="numeric"
          min={REMINDER_MAXIMUM.min}
          max={REMINDER_MAXIMUM.max}
          step={1}
          aria-label={maximum}
          value={value.maximum}
          disabled={disabled}
          onValueChange={(v) => onChange({ ...value, maximum: v })}
        />
      </FormField>
    </div>
  );
}
