import { format, isValid, parse } from 'date-fns';
import { vi } from 'date-fns/locale';

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

/**
 * How dates read: English keeps the spec's MM/dd/yyyy; Vietnamese readers write the day first (dd/MM/yyyy). The app
 * sets it with its language (`setDateLocale`), so every formatter and the date picker agree.
 */
export type DateLocale = 'en' | 'vi';
let dateLocale: DateLocale = 'en';

export function setDateLocale(locale: string): void {
  dateLocale = locale === 'vi' ? 'vi' : 'en';
}

export function getDateLocale(): DateLocale {
  return dateLocale;
}

const dayFirst = () => dateLocale === 'vi';

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
  return date ? format(date, dayFirst() ? 'dd/MM/yyyy' : DISPLAY_DATE_FORMAT) : '';
}

/**
 * Typed text → Date when it is a real MM/dd/yyyy date (dd/MM/yyyy in Vietnamese; single-digit month/day allowed)
 * within the optional year range; otherwise null.
 */
export function parseDisplayDate(text: string, years?: { from: number; to: number }): Date | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) return null;
  const date = parse(trimmed, dayFirst() ? 'd/M/yyyy' : 'M/d/yyyy', new Date(2000, 0, 1));
  if (!isValid(date)) return null;
  if (years && (date.getFullYear() < years.from || date.getFullYear() > years.to)) return null;
  return date;
}

/** Text shown for a date that cannot be read (spec §9). */
export const INVALID_DATE_TEXT = 'NA';

export type DateDisplayStyle = 'date' | 'datetime' | 'short' | 'time';

const DISPLAY_PATTERNS: Record<DateLocale, Record<DateDisplayStyle, string>> = {
  en: { date: 'MM/dd/yyyy', datetime: 'MM/dd/yyyy HH:mm', short: 'MMM dd, yyyy', time: 'HH:mm' },
  // "27 thg 11, 2026": date-fns' Vietnamese month abbreviations.
  vi: { date: 'dd/MM/yyyy', datetime: 'dd/MM/yyyy HH:mm', short: 'dd MMM, yyyy', time: 'HH:mm' },
};

/**
 * Format a server timestamp for tables and details: 'date' MM/DD/YYYY, 'datetime' MM/DD/YYYY HH:mm,
 * 'short' MMM DD, YYYY, 'time' HH:mm. Accepts ISO strings, 'YYYY-MM-DD HH:mm:ss' and Dates; blank for
 * empty or 1900-01-01; `invalidText` ('NA') when unreadable.
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateDisplayStyle = 'date',
  invalidText = INVALID_DATE_TEXT,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && isUnsetDate(value)) return '';
  const date = typeof value === 'string' ? new Date(value.includes('T') ? value : value.replace(' ', 'T')) : value;
  if (!isValid(date)) return invalidText;
  return format(date, DISPLAY_PATTERNS[dateLocale][style], dayFirst() ? { locale: vi } : undefined);
}

/** Shorten text to `max` characters (spec default 25) with an ellipsis. */
export function truncateText(text: string, max = 25): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}
