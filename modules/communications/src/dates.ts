/** Dates in reports (spec §9: MM/DD/YYYY and MM/DD/YYYY HH:mm) rendered in the caller's time zone. */
function parts(date: Date, timeZone: string): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
}

/** "MM-DD-YYYY" of today (or `date`) in `timeZone`, for report file names. */
export function reportDate(timeZone: string, date = new Date()): string {
  const p = parts(date, timeZone);
  return `${p.month}-${p.day}-${p.year}`;
}

export function formatDate(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'NA';
  const p = parts(d, timeZone);
  return `${p.month}/${p.day}/${p.year}`;
}

export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'NA';
  const p = parts(d, timeZone);
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}
