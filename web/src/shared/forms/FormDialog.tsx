import { type FormEvent, type ReactNode, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, DialogContent, DialogFooter, DialogTitle } from '@portal/design-system';
import { errorText } from '../lists/table';
import { FormError } from './FormStates';

/**
 * The add/edit dialog of a record: its title, its fields, one problem line, Cancel and Save. `submit` answers a
 * sentence to show when the input is not acceptable (nothing is sent then), or saves (or answers nothing and sends
 * nothing when the fields show their own errors); a refusal from the server shows its message. Save is busy while
 * saving.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  submit,
  scroll = true,
  children,
}: {
  title: string;
  testId?: string;
  onClose: () => void;
  submit: () => Promise<string | undefined> | string | undefined;
  /** Long forms scroll inside the dialog. */
  scroll?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      const refusal = await submit();
      if (refusal) setProblem(refusal);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className={scroll ? 'max-h-[90vh] overflow-auto' : undefined}>
        <DialogTitle>{title}</DialogTitle>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3" data-testid={testId}>
          {problem ? <FormError>{problem}</FormError> : null}
          {children}
          <FormDialogFooter onCancel={onClose} busy={busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The footer of a dialog's form: Cancel, and Save (the form's submit), busy while saving. */
export function FormDialogFooter({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const { t } = useLingui();
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={busy} loadingLabel={t`Saving...`}>
        <Trans>Save</Trans>
      </Button>
    </DialogFooter>
  );
}
