import type * as React from 'react';
import { CheckIcon } from 'lucide-react';
import { cn } from '../lib/cn';

export interface StepperStep {
  label: string;
  description?: string;
}

export type StepperProps = Omit<React.ComponentProps<'nav'>, 'onChange'> & {
  steps: readonly StepperStep[];
  /** Index of the current step (recall creation: 0 info, 1 products, 2 actions, 3 locations). */
  current: number;
  /** When given, completed steps become buttons that go back to that step. */
  onStepChange?: (index: number) => void;
  label?: string;
};

export function Stepper({ steps, current, onStepChange, label = 'Progress', className, ...props }: StepperProps) {
  return (
    <nav data-slot="stepper" aria-label={label} className={cn('w-full', className)} {...props}>
      <ol className="flex w-full items-start gap-2">
        {steps.map((step, index) => {
          const state = index < current ? 'complete' : index === current ? 'current' : 'upcoming';
          const marker = (
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                state === 'complete' && 'border-primary bg-primary text-primary-foreground',
                state === 'current' && 'border-primary bg-background text-primary',
                state === 'upcoming' && 'border-border bg-background text-muted-foreground',
              )}
              aria-hidden="true"
            >
              {state === 'complete' ? <CheckIcon className="size-4" /> : index + 1}
            </span>
          );
          // On a phone only the current step says its name (the others keep it for screen readers): four names in a
          // row widened the page past a phone's width.
          const text = (
            <span className={cn('flex min-w-0 flex-col text-left', state !== 'current' && 'max-sm:sr-only')}>
              <span className={cn('text-sm font-medium', state === 'upcoming' && 'text-muted-foreground')}>
                {step.label}
              </span>
              {step.description ? <span className="text-xs text-muted-foreground">{step.description}</span> : null}
            </span>
          );
          return (
            <li
              key={step.label}
              data-slot="stepper-step"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex min-w-0 flex-1 items-center gap-2"
            >
              {state === 'complete' && onStepChange ? (
                <button
                  type="button"
                  onClick={() => onStepChange(index)}
                  className="flex items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span className="flex items-center gap-2">
                  {marker}
                  {text}
                </span>
              )}
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn('h-0.5 min-w-3 flex-1', index < current ? 'bg-primary' : 'bg-border')}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
