import type * as React from 'react';
import { truncateText } from '../lib/dates';
import { cn } from '../lib/cn';

/**
 * Long text cut at `max` characters (spec 000 §9: the truncate filter defaults to 25) with an ellipsis; the full text
 * is the element's title, so it shows on hover (and is the element's description for a screen reader). Short text is
 * left as it is, without a title.
 */
export function TruncatedText({
  text,
  max = 25,
  className,
  ...props
}: Omit<React.ComponentProps<'span'>, 'children'> & { text: string | null | undefined; max?: number }) {
  const full = text ?? '';
  const shown = truncateText(full, max);
  const cut = shown !== full;
  return (
    <span
      data-slot="truncated-text"
      title={cut ? full : undefined}
      className={cn(cut && 'cursor-help', className)}
      {...props}
    >
      {shown}
    </span>
  );
}
