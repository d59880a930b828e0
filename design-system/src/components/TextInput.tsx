import type * as React from 'react';
import { cn } from '../lib/cn';

export const inputClassName =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:ring-destructive/20';

/** Characters kept when `preventSpace` is set: letters, digits and underscore (any script). */
export function stripNonWord(value: string): string {
  return value.replace(/[^\p{L}\p{N}_]/gu, '');
}

export type TextInputProps = React.ComponentProps<'input'> & {
  /** Strip every non-word character (spaces, punctuation) while typing. */
  preventSpace?: boolean;
  /** Called with the (sanitised) text on every change. */
  onValueChange?: (value: string) => void;
};

export function TextInput({
  className,
  preventSpace = false,
  onChange,
  onValueChange,
  type = 'text',
  ...props
}: TextInputProps) {
  function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    if (preventSpace) {
      const clean = stripNonWord(event.target.value);
      if (clean !== event.target.value) event.target.value = clean;
    }
    onChange?.(event);
    onValueChange?.(event.target.value);
  }
  return (
    <input
      data-slot="text-input"
      type={type}
      className={cn(inputClassName, className)}
      onChange={handleChange}
      {...props}
    />
  );
}
