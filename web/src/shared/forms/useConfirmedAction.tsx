import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog, useToast } from '@portal/design-system';
import { errorText } from '../lists/table';

/** An action waiting for its confirmation: what it will do, in a sentence, and the work, which answers its result. */
export interface PendingAction {
  description: string;
  /** Does the work and answers the sentence the success toast shows. */
  run: () => Promise<string>;
  confirmText?: string;
  destructive?: boolean;
  /** Called when the action was cancelled (e.g. to go back to the form that asked). */
  onCancel?: () => void;
}

/**
 * Actions that ask first and report after: `ask` opens "Are you sure?" with the action's sentence; Confirm runs it,
 * shows its result (or the refusal) as a toast and calls `onDone`, e.g. to refresh a list. Render `dialog` once.
 */
export function useConfirmedAction(onDone?: () => unknown) {
  const { t } = useLingui();
  const toast = useToast();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      toast.success(await pending.run());
      setPending(null);
      await onDone?.();
    } catch (err) {
      setPending(null);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open || busy) return;
        pending?.onCancel?.();
        setPending(null);
      }}
      onConfirm={() => void confirm()}
      title={t`Are you sure?`}
      description={pending?.description}
      confirmText={pending?.confirmText ?? t`Confirm`}
      cancelText={t`Cancel`}
      destructive={pending?.destructive}
      loading={busy}
    />
  );
  const ask = (action: PendingAction) => setPending(action);
  return { ask, dialog, busy };
}
