import type * as React from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

export interface BlockingModalProps {
  open: boolean;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The action buttons; nothing else can dismiss the modal (no Escape, no outside click). */
  actions: React.ReactNode;
  children?: React.ReactNode;
  icon?: React.ReactNode;
  className?: string;
}

/** A modal the user cannot dismiss except through its actions (new version, moved domain, denied access). */
export function BlockingModal({ open, title, description, actions, children, icon, className }: BlockingModalProps) {
  return (
    <AlertDialogPrimitive.Root open={open}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="blocking-modal-overlay" className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialogPrimitive.Content
          data-slot="blocking-modal"
          onEscapeKeyDown={(event) => event.preventDefault()}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 text-center shadow-lg outline-none sm:max-w-md',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon ? <div className="mx-auto text-primary [&_svg]:size-10">{icon}</div> : null}
          <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description className="text-sm break-words text-muted-foreground">
              {description}
            </AlertDialogPrimitive.Description>
          ) : null}
          {children}
          <div className="flex flex-wrap justify-center gap-2">{actions}</div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
