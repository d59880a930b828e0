import type { Knex } from 'knex';

/*
 * Issue 32: response-due dates. An event's date (`communications.response_due_date`, set in the wizard or at send) is
 * carried by each of its provider communications (`due_date`, kept by triggers); "today" is the database's
 * current_date, so every reader agrees on which notices are overdue.
 */

/**
 * Whether a provider communication (aliased `alias`) is overdue, in SQL: past its due date, still open and not
 * completed (a "not affected" answer completes it). The one definition every reader uses; with `eventAlias` (the
 * joined communications row), a notice of a closed event is not overdue either (a close leaves the notices' own
 * status as it was).
 */
export const overdueSql = (alias: string, eventAlias?: string) =>
  `(${alias}.due_date IS NOT NULL AND ${alias}.due_date < current_date AND ${alias}.status = 'OPEN'
    AND ${alias}.response_status = 'NOTCOMPLETED'${eventAlias ? ` AND ${eventAlias}.status = 'OPEN'` : ''})`;

/** The database's today as YYYY-MM-DD. */
export async function today(db: Knex | Knex.Transaction): Promise<string> {
  const { rows } = (await db.raw(`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`)) as {
    rows: { today: string }[];
  };
  return rows[0]!.today;
}

const DAY_MS = 86_400_000;

/** Days from `from` to `due` (both YYYY-MM-DD): negative once past, null without a due date. */
export function daysLeft(due: string | null | undefined, from: string): number | null {
  if (!due) return null;
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A provider communication's due-date facts as its readers show them. */
export function dueFacts(
  pc: { due_date?: string | null; status: string; response_status: string },
  from: string,
): { due_date: string | null; days_left: number | null; overdue: boolean } {
  const left = daysLeft(pc.due_date, from);
  return {
    due_date: pc.due_date ?? null,
    days_left: left,
    overdue: left !== null && left < 0 && pc.status === 'OPEN' && pc.response_status === 'NOTCOMPLETED',
  };
}
