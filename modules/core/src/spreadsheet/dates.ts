/**
 * Dates in reports (spec 001 §9, 000 §9): MM/DD/YYYY and MM/DD/YYYY HH:mm in the caller's IANA time zone; file
 * names carry today's date as MM-DD-YYYY in that zone.
 *
 * Intl answers a zone's clock, but at about 10 µs a call it was most of a 100,000-row report. A zone's offset only
 * changes at a transition (DST, law), so a `ZoneClock` keeps one table per zone: per UTC day it meets, the offset
 * that day starts with and, when a transition falls inside, its instant (found by bisecting to the second) and the
 * offset after it. Intl is asked three times for a day without a transition and about twenty for a day with one;
 * every instant after that is a lookup (and the day of the last lookup is remembered, as rows come in time order).
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY = 86_400_000;
const MAX_CACHED = 50_000;

/** A UTC day of a zone: `offset` until `at` (never, when no transition falls inside), `after` from then on. */
interface ZoneDay {
  offset: number;
  at: number;
  after: number;
}

/** Every "HH:mm" of a day, by minute of the day. */
const CLOCK_TIMES = Array.from(
  { length: 1440 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);

export class ZoneClock {
  private readonly intl: Intl.DateTimeFormat;
  /** The offset table by UTC day number; null for a day with more than one transition (asked per instant). */
  private readonly days = new Map<number, ZoneDay | null>();
  private lastDay = Number.NaN;
  private lastZoneDay: ZoneDay | null = null;
  /** "MM/DD/YYYY " of the last local day formatted. */
  private lastLocalDay = Number.NaN;
  private lastDateText = '';

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

  /** The table entry of UTC day `day`: transitions fall on whole seconds, so a bisection to the second finds one. */
  private zoneDay(day: number): ZoneDay | null {
    const start = day * DAY;
    const first = this.intlOffset(start);
    const middle = this.intlOffset(start + DAY / 2);
    const last = this.intlOffset(start + DAY - 1000);
    if (first === middle && middle === last) return { offset: first, at: Number.POSITIVE_INFINITY, after: first };
    if (first !== middle && middle !== last) return null;
    // One transition: the first second whose offset is no longer `first`.
    let lo = (first !== middle ? start : start + DAY / 2) / 1000;
    let hi = (first !== middle ? start + DAY / 2 : start + DAY - 1000) / 1000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.intlOffset(mid * 1000) === first) lo = mid;
      else hi = mid;
    }
    const at = hi * 1000;
    const after = this.intlOffset(at);
    // A second transition hiding in the same half would show as a third offset: leave such a day to Intl.
    return after === last || after === middle ? { offset: first, at, after } : null;
  }

  /** Wall clock minus UTC at `ms`, in milliseconds. */
  offset(ms: number): number {
    const day = Math.floor(ms / DAY);
    let entry: ZoneDay | null | undefined;
    if (day === this.lastDay) entry = this.lastZoneDay;
    else {
      entry = this.days.get(day);
      if (entry === undefined) {
        entry = this.zoneDay(day);
        if (this.days.size >= MAX_CACHED) this.days.clear();
        this.days.set(day, entry);
      }
      this.lastDay = day;
      this.lastZoneDay = entry;
    }
    if (entry === null) return this.intlOffset(ms);
    return ms < entry.at ? entry.offset : entry.after;
  }

  /** The instant as it shows on a clock of this zone, as a Date whose UTC fields are that clock's fields. */
  shifted(instant: Date): Date {
    const ms = instant.getTime();
    return new Date(ms + this.offset(ms));
  }

  /** Milliseconds since the epoch of the wall clock at `ms` read as UTC (for Excel date cells: whole seconds). */
  wallMs(ms: number): number {
    const local = ms + this.offset(ms);
    return local - (((local % 1000) + 1000) % 1000);
  }

  /** MM/DD/YYYY HH:mm at `ms`: the date part is made once per local day, the time part read from a table. */
  text(ms: number): string {
    const local = ms + this.offset(ms);
    const day = Math.floor(local / DAY);
    if (day !== this.lastLocalDay) {
      const d = new Date(day * DAY);
      this.lastDateText = `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} `;
      this.lastLocalDay = day;
    }
    return this.lastDateText + CLOCK_TIMES[Math.floor((local - day * DAY) / 60_000)]!;
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

/**
 * SQL for a timestamptz column as whole milliseconds since the epoch: a float8, which pg reads as a number, sparing it
 * the parsing of a date per cell (a report's datetime columns take such numbers).
 */
export function epochMsSql(column: string): string {
  return `floor(extract(epoch from ${column}) * 1000)::float8`;
}

/** An instant as milliseconds since the epoch; NaN for an invalid one. */
function epochMs(value: Date | string | number): number {
  if (typeof value === 'number') return value;
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * MM/DD/YYYY HH:mm in `timeZone`; '' for no value, 'NA' for an invalid one (000 §9). An instant is a Date, an ISO
 * text, or milliseconds since the epoch (what a report selects to spare pg its date parsing).
 */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = epochMs(value);
  return Number.isFinite(ms) ? zoneClock(timeZone).text(ms) : 'NA';
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
export function excelDateTime(value: Date | string | number | null | undefined, timeZone: string): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = epochMs(value);
  return Number.isFinite(ms) ? new Date(zoneClock(timeZone).wallMs(ms)) : null;
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
