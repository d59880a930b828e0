import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type DataTableColumn, Dialog, DialogContent, DialogTitle } from '@portal/design-system';
import { useOperatorProviders, type OperatorProvider } from '../../api/supplierAttention';
import { useLabels } from '../../shared/words/labels';
import { formatDate, listTableProps, pageTableProps, useListState, useTableTexts } from '../../shared/lists/table';
import { OverdueBadge, ResponseWords } from './CustomerResponse';
import { DownloadAllFiles } from './DownloadAllFiles';
import { OperatorProviderAnswers } from './OperatorProviderAnswers';

const FIELDS = [
  'provider_name',
  'site_name',
  'acknowledged_at',
  'acknowledged_by',
  'response_status',
  'due_date',
  'completed_at',
] as const;

/**
 * The operator's Responses tab of View Recall: every provider communication of the event, one row per receiver with
 * its health system (provider) and site, when and by whom it was acknowledged, its answer in words ("not affected"
 * with the reason), due date and whether it is overdue. Read-only.
 */
export function OperatorProvidersTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('operator-recall-providers', FIELDS);
  const answer = useOperatorProviders(id, list.query);
  const [open, setOpen] = useState<number | null>(null);
  const columns: DataTableColumn<OperatorProvider>[] = [
    { field: 'provider_name', header: t`Provider`, sortable: true, filterable: true },
    { field: 'site_name', header: t`Site`, sortable: true, filterable: true, cell: (r) => r.site_name ?? '' },
    {
      field: 'acknowledged_at',
      header: t`Acknowledged`,
      sortable: true,
      cell: (r) => formatDate(r.acknowledged_at),
    },
    {
      field: 'acknowledged_by',
      header: t`Acknowledged by`,
      sortable: true,
      className: 'break-all',
      cell: (r) => r.acknowledged_by ?? '',
    },
    {
      field: 'response_status',
      header: t`Response`,
      sortable: true,
      cell: (r) => <ResponseWords customer={r} labels={labels.statuses} />,
    },
    {
      field: 'due_date',
      header: t`Due date`,
      sortable: true,
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {formatDate(r.due_date)}
          <OverdueBadge overdue={r.overdue} />
        </span>
      ),
    },
    { field: 'completed_at', header: t`Completed`, sortable: true, cell: (r) => formatDate(r.completed_at) },
  ];
  return (
    <div className="grid min-w-0 gap-4" data-testid="operator-providers-tab">
      <div className="flex flex-wrap justify-end gap-2">
        <DownloadAllFiles id={id} reader="operator" />
      </div>
      <DataTable
        columns={columns}
        {...pageTableProps(answer)}
        {...listTableProps(list)}
        texts={texts}
        caption={t`Responses by provider`}
        // The receiver's answers, files by name (a provider organisation's notice; typed-in customers answer by link).
        rowActions={(r) =>
          r.provider_id !== null ? (
            <Button size="sm" variant="outline" onClick={() => setOpen(r.id)}>
              <Trans>View</Trans>
            </Button>
          ) : null
        }
      />
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Provider response</Trans>
          </DialogTitle>
          {open !== null ? <OperatorProviderAnswers id={id} pcId={open} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
