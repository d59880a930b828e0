import * as React from 'react';
import { cn } from '../lib/cn';

export type TextareaProps = React.ComponentProps<'textarea'> & {
  /** Rows shown when empty (spec: 3). */
  minRows?: number;
  /** Rows the area grows to before scrolling (spec: 6). */
  maxRows?: number;
  onValueChange?: (value: string) => void;
};

/** Multi-line text that starts at `minRows` rows and grows with its content up to `maxRows`. */
export function Textarea({
  className,
  minRows = 3,
  maxRows = 6,
  onChange,
  onValueChange,
  ref,
  ...props
}: TextareaProps) {
  const innerRef = React.useRef<HTMLTextAreaElement | null>(null);
  const [rows, setRows] = React.useState(minRows);

  const fit = React.useCallback(() => {
    const el = innerRef.current;
    if (!el) return;
    let next = minRows;
    el.rows = next;
    while (next < maxRows && el.scrollHeight > el.clientHeight) {
      next += 1;
      el.rows = next;
    }
    setRows(next);
  }, [minRows, maxRows]);

  React.useLayoutEffect(() => {
    fit();
  }, [fit, props.value]);

  function setRefs(el: HTMLTextAreaElement | null) {
    innerRef.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  }

  return (
    <textarea
      data-slot="textarea"
      ref={setRefs}
      rows={rows}
      className={cn(
        'flex w-full resize-none rounded-md border border-input bg-background px-3 py-2 text-sm leading-5 shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive',
        className,
      )}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
        fit();
      }}
      {...props}
    />
  );
}
