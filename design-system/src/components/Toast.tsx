import * as React from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cva } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { cn } from '../lib/cn';

export const TOAST_DURATION_MS = 3000;

export const toastVariants = cva(
  'pointer-events-auto relative flex w-full items-start gap-3 rounded-md border p-4 pr-8 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        success: 'border-success bg-success text-success-foreground',
        danger: 'border-destructive bg-destructive text-destructive-foreground',
        warning: 'border-warning bg-warning text-warning-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastVariant = 'default' | 'success' | 'danger' | 'warning';

export interface ToastOptions {
  message: React.ReactNode;
  variant?: ToastVariant;
  /** Defaults to the provider's title ('Notice'). */
  title?: React.ReactNode;
  /** Milliseconds before hiding; defaults to the provider's duration (3000). */
  duration?: number;
}

interface ToastItem extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Show a toast; returns its id. */
  toast: (options: ToastOptions) => number;
  success: (message: React.ReactNode, title?: React.ReactNode) => number;
  danger: (message: React.ReactNode, title?: React.ReactNode) => number;
  dismiss: (id: number) => void;
}

const ToastContext = React.createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children: React.ReactNode;
  duration?: number;
  defaultTitle?: string;
  closeLabel?: string;
  /** Accessible label of the toast region. */
  label?: string;
}

/** Holds the toasts of the application; shows them top centre and hides each after `duration`. */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
  defaultTitle = 'Notice',
  closeLabel = 'Close',
  label = 'Notifications',
}: ToastProviderProps) {
  const [toasts, setToasts] = React.useState<ToastItem[]>([]);
  const nextId = React.useRef(0);

  const api = React.useMemo<ToastApi>(() => {
    const toast = (options: ToastOptions) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current, { ...options, id }]);
      return id;
    };
    return {
      toast,
      success: (message, title) => toast({ message, title, variant: 'success' }),
      danger: (message, title) => toast({ message, title, variant: 'danger' }),
      dismiss: (id) => setToasts((current) => current.filter((t) => t.id !== id)),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider duration={duration} swipeDirection="up" label={label}>
        {children}
        {toasts.map((item) => (
          <ToastPrimitive.Root
            key={item.id}
            data-slot="toast"
            data-variant={item.variant ?? 'default'}
            type={item.variant === 'danger' ? 'foreground' : 'background'}
            duration={item.duration}
            defaultOpen
            onOpenChange={(open) => {
              if (!open) api.dismiss(item.id);
            }}
            className={toastVariants({ variant: item.variant })}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title data-slot="toast-title" className="text-sm font-semibold">
                {item.title ?? defaultTitle}
              </ToastPrimitive.Title>
              <ToastPrimitive.Description data-slot="toast-description" className="text-sm">
                {item.message}
              </ToastPrimitive.Description>
            </div>
            <ToastPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-2 right-2 rounded-sm opacity-80 hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
            >
              <XIcon className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport
          data-slot="toast-viewport"
          label={`${label} ({hotkey})`}
          className={cn(
            'fixed top-4 left-1/2 z-[100] m-0 flex w-[min(24rem,calc(100%-2rem))] -translate-x-1/2 list-none flex-col gap-2 p-0 outline-none',
          )}
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** Access the toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = React.useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/** The toast API when a ToastProvider is present, else null (for components that work without one). */
export function useOptionalToast(): ToastApi | null {
  return React.useContext(ToastContext);
}
