import * as React from 'react';
import { DayPicker } from 'react-day-picker';
import { vi } from 'react-day-picker/locale/vi';
import { format, type Locale } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { useCommonWords } from '../lib/words';
import { dateToValue, formatDisplayDate, NOT_APPLICABLE, parseDisplayDate, valueToDate } from '../lib/dates';
import { Button, IconButton } from './Button';
import { Popover, PopoverAnchor, PopoverContent } from './Popover';
import { inputClassName } from './TextInput';

export interface DatePickerTexts {
  placeholder: string;
  openCalendar: string;
  notApplicable: string;
  clear: string;
  invalid: string;
  chooseDate: string;
  /** Appended to the selected day's accessible name. */
  selected: string;
}

export const defaultDatePickerTexts: DatePickerTexts = {
  placeholder: 'MM/DD/YYYY',
  openCalendar: 'Open calendar',
  notApplicable: 'Not Applicable',
  clear: 'Clear',
  invalid: 'Invalid date',
  chooseDate: 'Choose date',
  selected: 'selected',
};

export interface DatePickerProps {
  /** 'yyyy-MM-dd', 'Not Applicable', or null. '1900-01-01' means not set and shows blank. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Offers a 'Not Applicable' choice. */
  allowNotApplicable?: boolean;
  /** Limit years (date filters use 2010–2030). */
  fromYear?: number;
  toYear?: number;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  texts?: Partial<DatePickerTexts>;
  /** date-fns locale for month and weekday names in the calendar (e.g. `vi` from 'date-fns/locale'). */
  locale?: Locale;
  className?: string;
}

export function DatePicker({
  value,
  onChange,
  allowNotApplicable = false,
  fromYear,
  toYear,
  disabled = false,
  id,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  texts,
  locale,
  className,
}: DatePickerProps) {
  const t = { ...defaultDatePickerTexts, ...texts };
  // The app's language when the caller names no locale: Vietnamese months, weekdays and calendar labels (DayPicker's
  // own locale carries them; date-fns's alone would leave "Go to the Next Month").
  const language = useCommonWords().language;
  const dayLocale = locale ?? (language.startsWith('vi') ? vi : undefined);
  const shown = formatDisplayDate(value, t.notApplicable);
  const [text, setText] = React.useState(shown);
  const [open, setOpen] = React.useState(false);
  const [invalid, setInvalid] = React.useState(false);
  const errorId = React.useId();
  React.useEffect(() => {
    setText(shown);
    setInvalid(false);
  }, [shown]);

  const years = fromYear !== undefined && toYear !== undefined ? { from: fromYear, to: toYear } : undefined;
  const selected = valueToDate(value) ?? undefined;

  function commit(raw: string) {
    const trimmed = raw.trim();
    if (trimmed === '') {
      setInvalid(false);
      if (value !== null && shown !== '') onChange(null);
      return;
    }
    if (allowNotApplicable && trimmed.toLowerCase() === t.notApplicable.toLowerCase()) {
      setInvalid(false);
      if (value !== NOT_APPLICABLE) onChange(NOT_APPLICABLE);
      return;
    }
    const date = parseDisplayDate(trimmed, years);
    if (!date) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const next = dateToValue(date);
    if (next !== value) onChange(next);
    setText(formatDisplayDate(next));
  }

  return (
    <div data-slot="date-picker" className={cn('grid gap-1', className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverAnchor asChild>
          <div className="relative">
            <input
              id={id}
              type="text"
              inputMode="numeric"
              className={cn(inputClassName, 'pr-10')}
              placeholder={t.placeholder}
              value={text}
              disabled={disabled}
              aria-label={ariaLabel}
              aria-invalid={invalid || ariaInvalid || undefined}
              aria-describedby={[invalid ? errorId : undefined, ariaDescribedBy].filter(Boolean).join(' ') || undefined}
              onChange={(event) => setText(event.target.value)}
              onBlur={(event) => commit(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commit(event.currentTarget.value);
                }
              }}
            />
            <IconButton
              label={t.openCalendar}
              size="icon-sm"
              disabled={disabled}
              className="absolute top-0.5 right-0.5"
              onClick={() => setOpen((o) => !o)}
            >
              <CalendarIcon />
            </IconButton>
          </div>
        </PopoverAnchor>
        <PopoverContent align="start" className="w-auto p-2" aria-label={t.chooseDate}>
          <DayPicker
            mode="single"
            selected={selected}
            defaultMonth={selected}
            captionLayout="dropdown"
            locale={dayLocale}
            labels={{
              labelDayButton: (date, modifiers) =>
                `${format(date, 'd MMMM yyyy, EEEE', { locale: dayLocale })}${modifiers.selected ? ` (${t.selected})` : ''}`,
            }}
            startMonth={years ? new Date(years.from, 0, 1) : new Date(1950, 0, 1)}
            endMonth={years ? new Date(years.to, 11, 31) : new Date(2100, 11, 31)}
            onSelect={(date) => {
              if (date) {
                onChange(dateToValue(date));
                setOpen(false);
              }
            }}
            classNames={{
              root: 'text-sm',
              months: 'relative flex flex-col',
              month_caption: 'flex h-9 items-center justify-center font-medium',
              dropdowns: 'flex items-center gap-1',
              dropdown: 'rounded-md border border-input bg-background px-1 py-0.5',
              nav: 'absolute inset-x-0 top-0 flex justify-between',
              button_previous: 'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent',
              button_next: 'inline-flex size-8 items-center justify-center rounded-md hover:bg-accent',
              chevron: 'size-4 fill-current',
              weekday: 'size-9 text-xs font-normal text-muted-foreground',
              day: 'p-0 text-center',
              day_button:
                'inline-flex size-9 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
              selected: '[&>button]:bg-primary [&>button]:text-primary-foreground',
              today: '[&>button]:font-bold [&>button]:underline',
              outside: 'text-muted-foreground opacity-60',
              disabled: 'opacity-40',
            }}
          />
          {allowNotApplicable || value ? (
            <div className="flex justify-between gap-2 border-t pt-2">
              {allowNotApplicable ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    onChange(NOT_APPLICABLE);
                    setOpen(false);
                  }}
                >
                  {t.notApplicable}
                </Button>
              ) : (
                <span />
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onChange(null);
                  setOpen(false);
                }}
              >
                {t.clear}
              </Button>
            </div>
          ) : null}
        </PopoverContent>
      </Popover>
      {invalid ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {t.invalid}
        </p>
      ) : null}
    </div>
  );
}
