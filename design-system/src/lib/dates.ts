import { format, isValid, parse } from 'date-fns';

/** Display format of dates (spec §9). */
export const DISPLAY_DATE_FORMAT = 'MM/dd/yyyy';
/** Server format of a date value. */
export const VALUE_DATE_FORMAT = 'yyyy-MM-dd';
/** The value that means "not set" and shows blank. */
export const UNSET_DATE = '1900-01-01';
/** Value of a date field set to Not Applicable. */
export const NOT_APPLICABLE = 'Not Applicable';
/** Year range of date filters. */
export const FILTER_YEAR_RANGE = { from: 2010, to: 2030 } as const;

export function isUnsetDate(value: string | null | undefined): boolean {
  return !value || value.startsWith(UNSET_DATE);
}

/** 'yyyy-MM-dd' (or an ISO timestamp) → Date; null when unset or invalid. */
export function valueToDate(value: string | null | undefined): Date | null {
  if (isUnsetDate(value) || value === NOT_APPLICABLE || !value) return null;
  const date = parse(value.slice(0, 10), VALUE_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

export function dateToValue(date: Date): string {
  return format(date, VALUE_DATE_FORMAT);
}

/** Text shown in the field: MM/dd/yyyy, 'Not Applicable', or '' for unset (1900-01-01). */
export function formatDisplayDate(value: string | null | undefined, notApplicableText = NOT_APPLICABLE): string {
  if (value === NOT_APPLICABLE) return notApplicableText;
  const date = valueToDate(value);
  return date ? format(date, DISPLAY_DATE_FORMAT) : '';
}

/**
 * Typed text → Date when it is a real MM/dd/yyyy date (single-digit month/day allowed)
 * within the optional year range; otherwise null.
 */
export function parseDisplayDate(text: string, years?: { from: number; to: number }): Date | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) return null;
  const date = parse(trimmed, 'M/d/yyyy', new Date(2000, 0, 1));
  if (!isValid(date)) return null;
  if (years && (date.getFullYear() < years.from || date.getFullYear() > years.to)) return null;
  return date;
}
