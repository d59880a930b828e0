import * as React from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';
import { statusDisplay, type StatusKind, type StatusTone } from '../lib/status';

export const statusLabelVariants = cva(
  'inline-flex max-w-full items-center gap-1.5 truncate rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        success: 'border-success/30 bg-success/10 text-success',
        danger: 'border-destructive/30 bg-destructive/10 text-destructive',
        warning: 'border-warning bg-warning/40 text-warning-foreground',
        info: 'border-info/30 bg-info/10 text-info',
        neutral: 'border-border bg-secondary text-secondary-foreground',
        muted: 'border-border bg-muted text-muted-foreground',
      } satisfies Record<StatusTone, string>,
    },
    defaultVariants: { tone: 'neutral' },
  },
);

const dotClass: Record<StatusTone, string> = {
  success: 'bg-success',
  danger: 'bg-destructive',
  warning: 'bg-warning',
  info: 'bg-info',
  neutral: 'bg-secondary-foreground',
  muted: 'bg-muted-foreground',
};

/**
 * Turns a status's English word into the app's language. The app provides it once at its root, so every badge is
 * translated, including those rendered without `labels`; a word it does not know (or an override) shows as given.
 */
const StatusWordsContext = React.createContext<(word: string) => string>((word) => word);
export const StatusWordsProvider = StatusWordsContext.Provider;

export type StatusLabelProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  status: string | null | undefined;
  kind: StatusKind;
  /** Translated words by status code. */
  labels?: Readonly<Record<string, string>>;
};

/** A status as its display word and colour; hidden statuses (NA, DELETED) render nothing. */
export function StatusLabel({ status, kind, labels, className, ...props }: StatusLabelProps) {
  const translate = React.useContext(StatusWordsContext);
  const display = statusDisplay(status, kind, labels);
  if (!display.label) return null;
  const { tone } = display;
  const label = translate(display.label);
  return (
    <span
      data-slot="status-label"
      data-status={status ?? undefined}
      data-tone={tone}
      className={cn(statusLabelVariants({ tone }), className)}
      {...props}
    >
      {kind === 'color' ? <span aria-hidden="true" className={cn('size-2 rounded-full', dotClass[tone])} /> : null}
      {label}
    </span>
  );
}
