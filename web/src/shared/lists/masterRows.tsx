import { type ReactNode, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog, RowActionsMenu, useToast } from '@portal/design-system';
import { masterRowActions } from './rowActions';
import { errorText, openRowWith } from './table';

export type MasterStatusAction = 'activate' | 'inactivate' | 'delete';

/**
 * The spec's row actions of a master record (ACTIVE: Edit, Inactivate; anything else: Activate only; Delete where a
 * page offers it), each change asked for in a confirmation, run, announced and followed by a reload. Every master
 * list (lookup values, product fields, content, quick links, organisations) uses this one.
 */
export function useMasterRows<R extends { status?: string | null }>(options: {
  onEdit: (row: R) => void;
  run: (row: R, action: MasterStatusAction) => Promise<unknown>;
  onDone: () => Promise<unknown>;
  withDelete?: boolean;
  /** The question the confirmation asks; "Activate this record?" and its kin by default. */
  describe?: (row: R, action: MasterStatusAction) => string;
}): {
  rowActions: (row: R) => ReactNode;
  /** The DataTable's `openRow`: the first column opens the record's dialog wherever the row menu offers Edit. */
  openRow: (row: R, content: ReactNode) => ReactNode;
  confirmDialog: ReactNode;
} {
  const { t } = useLingui();
  const toast = useToast();
  const [confirm, setConfirm] = useState<{ row: R; action: MasterStatusAction } | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = { edit: t`Edit`, inactivate: t`Inactivate`, activate: t`Activate`, delete: t`Delete` };
  const questions = {
    activate: t`Activate this record?`,
    inactivate: t`Inactivate this record?`,
    delete: t`Delete this record?`,
  };

  async function runConfirmed() {
    if (!confirm) return;
    setBusy(true);
    try {
      await options.run(confirm.row, confirm.action);
      toast.success(confirm.action === 'delete' ? t`Deleted successfully.` : t`Status updated.`);
      await options.onDone();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setConfirm(null);
      setBusy(false);
    }
  }

  const open = openRowWith(options.onEdit);
  return {
    openRow: (row, content) => (masterRowActions(row.status).includes('edit') ? open(row, content) : content),
    rowActions: (row) => (
      <RowActionsMenu
        label={t`Actions`}
        actions={masterRowActions(row.status)
          .filter((a) => options.withDelete || a !== 'delete')
          .map((a) => ({
            id: a,
            label: labels[a],
            onSelect: () => (a === 'edit' ? options.onEdit(row) : setConfirm({ row, action: a })),
          }))}
      />
    ),
    confirmDialog: (
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        onConfirm={() => void runConfirmed()}
        title={t`Are you sure?`}
        description={
          confirm ? (options.describe?.(confirm.row, confirm.action) ?? questions[confirm.action]) : undefined
        }
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        loading={busy}
      />
    ),
  };
}
