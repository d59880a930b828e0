/**
 * Dates in reports (spec 001 §9, 000 §9): MM/DD/YYYY and MM/DD/YYYY HH:mm in the caller's IANA time zone; file
 * names carry today's date as MM-DD-YYYY in that zone.
 *
 * Intl answers a zone's clock, but at about 10 µs a call it was most of a 100,000-row report. A zone's offset only
 * changes at a transition (DST, law), so a `ZoneClock` asks Intl once per quarter hour of time it meets and reuses
 * the answer for every instant of that quarter; a quarter that holds a transition is asked per instant.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const QUARTER = 15 * 60_000;
const MAX_CACHED = 50_000;

export class ZoneClock {
  private readonly intl: Intl.DateTimeFormat;
  /** Offset (wall clock minus UTC, ms) per quarter hour since the epoch; NaN where a transition falls inside. */
  private readonly offsets = new Map<number, number>();

  /** Throws a RangeError for an unknown zone, like Intl. */
  constructor(readonly timeZone: string) {
    this.intl = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  private intlOffset(ms: number): number {
    const p: Record<string, number> = {};
    for (const part of this.intl.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    return wall - (ms - (((ms % 1000) + 1000) % 1000));
  }

  /** Wall clock minus UTC at `ms`, in milliseconds. */
  offset(ms: number): number {
    const quarter = Math.floor(ms / QUARTER);
    let cached = this.offsets.get(quarter);
    if (cached === undefined) {
      // Transitions fall on whole seconds: equal offsets at the quarter's first and last second mean none inside.
      const first = this.intlOffset(quarter * QUARTER);
      cached = first === this.intlOffset(quarter * QUARTER + QUARTER - 1000) ? first : Number.NaN;
      if (this.offsets.size >= MAX_CACHED) this.offsets.clear();
      this.offsets.set(quarter, cached);
    }
    return Number.isNaN(cached) ? this.intlOffset(ms) : cached;
  }

  /** The instant as it shows on a clock of this zone, as a Date whose UTC fields are that clock's fields. */
  shifted(instant: Date): Date {
    const ms = instant.getTime();
    return new Date(ms + this.offset(ms));
  }

  wallClock(instant: Date): WallClock {
    const d = this.shifted(instant);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
}

const clocks = new Map<string, ZoneClock>();

/** The (shared) clock of an IANA zone. */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    if (clocks.size >= 1000) clocks.clear();
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The calendar date and time an instant shows on a clock in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  return zoneClock(timeZone).wallClock(instant);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

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
  const w = zoneClock(timeZone).shifted(d);
  return `${pad(w.getUTCMonth() + 1)}/${pad(w.getUTCDate())}/${w.getUTCFullYear()} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
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
  const shifted = zoneClock(timeZone).shifted(d);
  shifted.setUTCMilliseconds(0);
  return shifted;
}

/** A calendar date as an Excel date cell (midnight, no zone). */
export function excelCalendarDate(value: string | null | undefined): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** Today's date in the caller's zone as MM-DD-YYYY (the date part of every report's file name). */
export function fileDate(now: Date, timeZone: string): string {
  const w = zoneClock(timeZone).wallClock(now);
  return `${pad(w.month)}-${pad(w.day)}-${w.year}`;
}

/** The one file-name rule of every report: "<Title> MM-DD-YYYY.<ext>", today's date in the caller's zone. */
export function reportFileName(title: string, extension: 'xlsx' | 'csv', timeZone: string, now = new Date()): string {
  return `${title} ${fileDate(now, timeZone)}.${extension}`;
}
