import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { cn } from '../lib/cn';

export type SpinnerProps = React.ComponentProps<'svg'> & {
  /** Accessible label announced to screen readers. */
  label?: string;
};

export function Spinner({ className, label = 'Loading...', ...props }: SpinnerProps) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
