import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { cn } from '../lib/cn';
import { useCommonWords } from '../lib/words';

export type SpinnerProps = React.ComponentProps<'svg'> & {
  /** Accessible label announced to screen readers. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  const words = useCommonWords();
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={label ?? words.loading}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
