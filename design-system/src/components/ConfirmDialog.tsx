import type * as React from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';
import { buttonVariants } from './Button';
import { Spinner } from './Spinner';

interface AlertShellProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}

function AlertShell({ open, onOpenChange, title, description, children, className }: AlertShellProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="alert-dialog-overlay" className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialogPrimitive.Content
          data-slot="alert-dialog-content"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg outline-none sm:max-w-md',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialogPrimitive.Title data-slot="alert-dialog-title" className="text-lg font-semibold">
            {title}
          </AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description
              data-slot="alert-dialog-description"
              className="text-sm break-words text-muted-foreground"
            >
              {description}
            </AlertDialogPrimitive.Description>
          ) : null}
          <div data-slot="alert-dialog-footer" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {children}
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  onConfirm: () => void;
  onCancel?: () => void;
  title?: React.ReactNode;
  description?: React.ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Use the destructive style for the Confirm button (deletes). */
  destructive?: boolean;
  /** Shows a spinner on Confirm and disables both buttons while the action runs. */
  loading?: boolean;
  className?: string;
}

/** "Are you sure?" with Confirm and Cancel. The caller decides when to close (controlled). */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  onCancel,
  title = 'Are you sure?',
  description,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  destructive = false,
  loading = false,
  className,
}: ConfirmDialogProps) {
  return (
    <AlertShell open={open} onOpenChange={onOpenChange} title={title} description={description} className={className}>
      <AlertDialogPrimitive.Cancel
        className={buttonVariants({ variant: 'outline' })}
        disabled={loading}
        onClick={() => onCancel?.()}
      >
        {cancelText}
      </AlertDialogPrimitive.Cancel>
      <button
        type="button"
        data-slot="confirm-dialog-confirm"
        className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
        disabled={loading}
        aria-busy={loading || undefined}
        onClick={() => onConfirm()}
      >
        {loading ? <Spinner /> : null}
        {confirmText}
      </button>
    </AlertShell>
  );
}

export interface OkDialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  onOk?: () => void;
  title?: React.ReactNode;
  description?: React.ReactNode;
  okText?: string;
  className?: string;
}

/** A message with a single OK button. */
export function OkDialog({
  open,
  onOpenChange,
  onOk,
  title = 'Notice',
  description,
  okText = 'OK',
  className,
}: OkDialogProps) {
  return (
    <AlertShell open={open} onOpenChange={onOpenChange} title={title} description={description} className={className}>
      <AlertDialogPrimitive.Action className={buttonVariants()} onClick={() => onOk?.()}>
        {okText}
      </AlertDialogPrimitive.Action>
    </AlertShell>
  );
}

export interface ErrorModalProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  onClose?: () => void;
  /** The server's message `m`; empty shows `defaultMessage`. */
  message?: string | null;
  title?: React.ReactNode;
  defaultMessage?: string;
  closeText?: string;
}

/** Shown when a response has ok false: displays the server message m. */
export function ErrorModal({
  open,
  onOpenChange,
  onClose,
  message,
  title = 'Error',
  defaultMessage = 'Unknown error',
  closeText = 'OK',
}: ErrorModalProps) {
  const text = message && message.trim() ? message : defaultMessage;
  return (
    <AlertShell open={open} onOpenChange={onOpenChange} title={title} description={text}>
      <AlertDialogPrimitive.Action className={buttonVariants({ variant: 'destructive' })} onClick={() => onClose?.()}>
        {closeText}
      </AlertDialogPrimitive.Action>
    </AlertShell>
  );
}
