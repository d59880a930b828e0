/**
 * Dates in reports (spec 001 §9, 000 §9): MM/DD/YYYY and MM/DD/YYYY HH:mm in the caller's IANA time zone; file
 * names carry today's date as MM-DD-YYYY in that zone. Intl only, no date library.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The calendar date and time an instant shows on a clock in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toInstant(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** MM/DD/YYYY HH:mm in `timeZone`; '' for no value, 'NA' for an invalid one (000 §9). */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toInstant(value);
  if (!d) return 'NA';
  const w = wallClock(d, timeZone);
  return `${pad(w.month)}/${pad(w.day)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** A calendar date (YYYY-MM-DD, no time zone) as MM/DD/YYYY. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : 'NA';
}

/**
 * An instant as an Excel date cell: Excel dates carry no zone, so the cell holds the wall-clock time of `timeZone`
 * (its UTC fields are that clock's fields) and the column's number format renders it MM/DD/YYYY HH:mm.
 */
export function excelDateTime(value: Date | string | null | undefined, timeZone: string): Date | null {
  const d = toInstant(value);
  if (!d) return null;
  const w = wallClock(d, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** A calendar date as an Excel date cell (midnight, no zone). */
export function excelCalendarDate(value: string | null | undefined): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** "<Title> MM-DD-YYYY.<ext>" with today's date in the caller's zone (the spec's saved names). */
export function reportFileName(title: string, extension: 'xlsx' | 'csv', timeZone: string, now = new Date()): string {
  const w = wallClock(now, timeZone);
  return `${title} ${pad(w.month)}-${pad(w.day)}-${w.year}.${extension}`;
}

/** A share as a percentage with one decimal (0 when there is nothing to divide). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
