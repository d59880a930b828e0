import { useState } from 'react';
import { useLocation } from 'wouter';
import { useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import {
  ConfirmDialog,
  DataTable,
  RowActionsMenu,
  StatusLabel,
  useToast,
  type DataTableColumn,
  type RowAction,
} from '@portal/design-system';
import {
  dashboardReportPath,
  deleteCommunication,
  useCommunications,
  type CommunicationRow,
  type CommunicationType,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { DownloadActions, type DownloadFormat } from '../../shared/lists/downloads';
import { basePath, useLabels } from '../../shared/words/labels';
import { communicationRowActions } from '../../shared/lists/rowActions';
import {
  errorText,
  formatDate,
  listTableProps,
  openRowAt,
  pageTableProps,
  PageHeader,
  SavedFilters,
  useListState,
  useTableTexts,
} from '../../shared/lists/table';

const FIELDS = [
  'name',
  'event_id',
  'subtype',
  'classification',
  'status',
  'event_date',
  'response_due_date',
  'customers_count',
  'acknowledged_count',
  'updated_at',
];

/** Recall list (/supplier/recalls) and advisory list (/supplier/product-disruption): spec §2 shared list screen, §4 row actions. */
export function CommunicationListPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const toast = useToast();
  const store = useStore();
  const [, navigate] = useLocation();
  const base = basePath(type);
  const list = useListState(type === 'RECALL' ? 'supplier-recalls' : 'supplier-advisories', FIELDS, [
    { field: 'updated_at', direction: 'desc' },
  ]);
  const { data, error, isLoading, mutate } = useCommunications(type, list.query);
  const [toDelete, setToDelete] = useState<CommunicationRow | null>(null);
  const [busy, setBusy] = useState(false);
  const deleteName = toDelete?.name ?? null;

  const columns: DataTableColumn<CommunicationRow>[] = [
    { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
    { field: 'event_id', header: t`Event ID`, sortable: true, filterable: true },
    {
      field: 'subtype',
      header: type === 'RECALL' ? t`Recall Type` : t`Advisory Type`,
      sortable: true,
      cell: (row) => (row.subtype ? (labels.subtypes[row.subtype] ?? row.subtype) : t`Supply Advisory`),
    },
    ...(type === 'RECALL'
      ? [
          {
            field: 'classification',
            header: t`Classification`,
            sortable: true,
            cell: (row: CommunicationRow) => (
              <StatusLabel status={row.classification} kind="classification" labels={labels.classifications} />
            ),
          },
        ]
      : []),
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      filterable: true,
      cell: (row) => <StatusLabel status={row.status} kind="communication" labels={labels.statuses} />,
    },
    { field: 'event_date', header: t`Event Date`, sortable: true, cell: (row) => formatDate(row.event_date) },
    {
      field: 'response_due_date',
      header: t`Response Due`,
      sortable: true,
      cell: (row) => formatDate(row.response_due_date),
    },
    { field: 'customers_count', header: t`Customers` },
    {
      field: 'acknowledged_count',
      header: t`Acknowledged`,
      cell: (row) => `${row.acknowledged_count} / ${row.sent_count}`,
    },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (row) => formatDate(row.updated_at) },
  ];
  const headers = Object.fromEntries(columns.map((c) => [c.field, c.header]));

  function rowActions(row: CommunicationRow) {
    const all: Record<string, RowAction> = {
      view: { id: 'view', label: t`View`, onSelect: () => navigate(`${base}/view/${row.id}`) },
      edit: { id: 'edit', label: t`Edit`, onSelect: () => navigate(`${base}/edit/${row.id}`) },
      delete: { id: 'delete', label: t`Delete`, destructive: true, onSelect: () => setToDelete(row) },
    };
    return (
      <RowActionsMenu
        label={t`Actions`}
        actions={communicationRowActions(row.status).map((a) => all[a] as RowAction)}
      />
    );
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteCommunication(toDelete.id, type);
      toast.success(t`Deleted successfully.`);
      setToDelete(null);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const download = (format: DownloadFormat) =>
    downloadFile(store, dashboardReportPath('ALL', format), undefined, `Recall Events Summary Report.${format}`);

  return (
    <section className="space-y-4" data-testid={type === 'RECALL' ? 'supplier-recall-list' : 'supplier-advisory-list'}>
      <PageHeader title={type === 'RECALL' ? t`Recalls` : t`Supply Advisories`}>
        <DownloadActions
          onAdd={() => navigate(`${base}/new`)}
          addText={type === 'RECALL' ? t`New Recall` : t`New Supply Advisory`}
          download={download}
        />
      </PageHeader>
      <SavedFilters filterModel={list.filterModel} headers={headers} onClear={list.clearFilters} />
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        columnChooser
        columnState={list.columns}
        onColumnStateChange={list.setColumns}
        rowActions={rowActions}
        openRow={openRowAt((row) => `${base}/view/${row.id}`)}
        caption={type === 'RECALL' ? t`Recalls` : t`Supply Advisories`}
        texts={texts}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        onConfirm={() => void confirmDelete()}
        title={t`Are you sure?`}
        description={deleteName !== null ? t`Delete "${deleteName}"? This cannot be undone.` : undefined}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive
        loading={busy}
      />
    </section>
  );
}
