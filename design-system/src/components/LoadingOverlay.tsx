import type * as React from 'react';
import { cn } from '../lib/cn';
import { useCommonWords } from '../lib/words';
import { Spinner } from './Spinner';

export type LoadingOverlayProps = React.ComponentProps<'div'> & {
  active: boolean;
  label?: string;
  /** Cover the whole viewport instead of the nearest positioned parent. */
  fullScreen?: boolean;
};

/** Blocks interaction while something loads; announces the label to assistive technology. */
export function LoadingOverlay({ active, label, fullScreen = false, className, ...props }: LoadingOverlayProps) {
  const words = useCommonWords();
  if (!active) return null;
  const text = label ?? words.loading;
  return (
    <div
      data-slot="loading-overlay"
      aria-busy="true"
      className={cn(
        'inset-0 z-50 flex items-center justify-center bg-background/70',
        fullScreen ? 'fixed' : 'absolute',
        className,
      )}
      {...props}
    >
      <div className="flex items-center gap-2 rounded-md bg-card px-4 py-3 text-sm shadow-md">
        <Spinner label={text} className="size-5 text-primary" />
        <span aria-hidden="true">{text}</span>
      </div>
    </div>
  );
}
