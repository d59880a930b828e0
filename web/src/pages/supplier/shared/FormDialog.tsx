import { type FormEvent, type ReactNode, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, DialogContent, DialogFooter, DialogTitle } from '@portal/design-system';
import { errorText } from './table';

/**
 * The add/edit dialog of a master record: its title, its fields, one problem line, Cancel and Save. `submit` answers
 * a sentence to show when the input is not acceptable (nothing is sent then), or saves; a refusal from the server
 * shows its message. Save is disabled while saving.
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
  testId: string;
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
          {problem ? (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={busy}>
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
