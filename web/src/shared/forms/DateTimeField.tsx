import { useLingui } from '@lingui/react/macro';
import { DatePicker, FormField, TextInput } from '@portal/design-system';
import { useDateTexts } from '../words/labels';

/** A moment as its two fields hold it: the day ('yyyy-MM-dd', from the date picker) and the time ('HH:mm'). */
export interface DateTimeInput {
  date: string | null;
  time: string;
}

/** The moment the fields name in the reader's time zone, or null while either is missing or malformed. */
export function dateTimeOf(input: DateTimeInput): Date | null {
  if (!input.date || !/^\d{4}-\d{2}-\d{2}$/.test(input.date) || !/^\d{2}:\d{2}$/.test(input.time)) return null;
  const moment = new Date(`${input.date}T${input.time}:00`);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** A day (the design system's date picker) and a time of day, side by side; `error` is shown under both. */
export function DateTimeField({
  value,
  onChange,
  error,
  dateLabel,
  timeLabel,
}: {
  value: DateTimeInput;
  onChange: (value: DateTimeInput) => void;
  error?: string | null;
  dateLabel?: string;
  timeLabel?: string;
}) {
  const { t } = useLingui();
  const dateTexts = useDateTexts();
  const day = dateLabel ?? t`Date`;
  const time = timeLabel ?? t`Time`;
  return (
    <div className="grid gap-1.5">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <FormField label={day} required>
          <DatePicker
            value={value.date}
            onChange={(date) => onChange({ ...value, date })}
            texts={dateTexts}
            aria-label={day}
            aria-invalid={error ? true : undefined}
          />
        </FormField>
        <FormField label={time} required>
          <TextInput
            type="time"
            step={60}
            aria-label={time}
            value={value.time}
            aria-invalid={error ? true : undefined}
            onValueChange={(v) => onChange({ ...value, time: v })}
          />
        </FormField>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
