import { Plural, Trans } from '@lingui/react/macro';
import { cn } from '@portal/design-system';
import { formatDate } from '../lists/table';

/**
 * How long is left to answer, in words: "3 days left", "Due today", "2 days overdue". `daysLeft` is the server's (due
 * date minus its today); a notice past its date that is no longer waiting (answered, closed) is not "overdue".
 */
export function DueWords({ daysLeft, overdue }: { daysLeft: number | null; overdue: boolean }) {
  if (daysLeft === null || !hasDueWords(daysLeft, overdue)) return null;
  if (daysLeft > 0) {
    return (
      <span data-slot="due-words" className={cn(daysLeft <= 2 && 'font-medium text-warning-foreground')}>
        <Plural value={daysLeft} one="# day left" other="# days left" />
      </span>
    );
  }
  if (daysLeft === 0) {
    return (
      <span data-slot="due-words" className="font-medium text-warning-foreground">
        <Trans>Due today</Trans>
      </span>
    );
  }
  const late = -daysLeft;
  return (
    <span data-slot="due-words" className="font-medium text-destructive">
      <Plural value={late} one="# day overdue" other="# days overdue" />
    </span>
  );
}

/** Whether there is something to say: a date still ahead or today, or an overdue notice. */
export function hasDueWords(daysLeft: number | null, overdue: boolean): boolean {
  return daysLeft !== null && (daysLeft >= 0 || overdue);
}

/**
 * A response-due date with what is left: "11/30/2026 · 3 days left". Nothing when there is no due date; only the date
 * once the notice is settled (answered or closed).
 */
export function DueDate({
  dueDate,
  daysLeft,
  overdue,
  settled = false,
  className,
}: {
  dueDate: string | null;
  daysLeft: number | null;
  overdue: boolean;
  settled?: boolean;
  className?: string;
}) {
  if (!dueDate) return null;
  return (
    <span data-testid="due-date" className={cn('inline-flex flex-wrap items-center gap-x-1', className)}>
      <span>{formatDate(dueDate)}</span>
      {settled || !hasDueWords(daysLeft, overdue) ? null : (
        <>
          <span aria-hidden="true">·</span>
          <DueWords daysLeft={daysLeft} overdue={overdue} />
        </>
      )}
    </span>
  );
}
