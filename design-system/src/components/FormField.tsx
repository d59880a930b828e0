import * as React from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../lib/cn';
import { validate, type ValidateOptions } from '../lib/validate';
import { Label } from './Label';

export type FormFieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  label?: React.ReactNode;
  /** Id given to the control (the single child) and used by the label. */
  id?: string;
  /** Shows the required marker. */
  required?: boolean;
  description?: React.ReactNode;
  /** One message or a list; only the first is shown under the field. */
  error?: string | readonly string[] | null;
  /** The control. It receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement;
};

export function FormField({ label, id, required, description, error, className, children, ...props }: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? generatedId;
  const firstError = typeof error === 'string' ? error : (error?.[0] ?? null);
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = firstError ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="form-field" className={cn('grid gap-1.5', className)} {...props}>
      {label ? (
        <Label htmlFor={controlId} data-error={firstError ? true : undefined}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          ) : null}
        </Label>
      ) : null}
      <Slot.Root
        id={controlId}
        aria-invalid={firstError ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        {children}
      </Slot.Root>
      {description ? (
        <p id={descriptionId} data-slot="form-field-description" className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {firstError ? (
        <p id={errorId} data-slot="form-field-error" role="alert" className="text-xs font-medium text-destructive">
          {firstError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Validation state for one field: the message of the first failing rule, shown once the
 * field was touched (blurred) or `showAll` is set (e.g. after a submit attempt).
 */
export function useFieldValidation(
  value: unknown,
  rules: string | undefined,
  options: ValidateOptions & { showAll?: boolean } = {},
) {
  const [touched, setTouched] = React.useState(false);
  const { showAll, ...validateOptions } = options;
  const message = validate(value, rules, validateOptions);
  return {
    error: touched || showAll ? message : null,
    isValid: message === null,
    touched,
    onBlur: () => setTouched(true),
    reset: () => setTouched(false),
  };
}
