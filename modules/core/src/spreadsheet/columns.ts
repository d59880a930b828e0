/** A report's typed columns, and a value as the plain text or number a cell of a text column holds. */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'date' | 'yesno' | 'json';

export interface ReportColumn<R> {
  header: string;
  value: (row: R) => unknown;
  /**
   * datetime: an instant rendered in the caller's zone (a Date, ISO text, or milliseconds since the epoch); date: a
   * calendar date (YYYY-MM-DD).
   */
  kind?: ColumnKind;
  width?: number;
}

/** A text column's value: numbers stay numbers, everything else becomes text (null for no value). */
export function plain(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
