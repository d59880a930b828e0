import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { DataTable, StatusLabel, type DataTableColumn } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import type { ListState } from '../../api/provider';
import { useProviderByRecall, type ByRecallRow, type ProviderListFilters } from '../../api/worklist';
import { listStateProps } from '../../shared/lists/listState';
import { pageTableProps, useTableTexts } from '../../shared/lists/table';
import { useLabels } from '../../shared/words/labels';
import { DueDate } from '../../shared/worklist/DueDate';
import { RecallSitesDialog } from './RecallSitesDialog';

/** "2 of 5": how many of the recall's sites are so. */
function OfSites({ n, of, danger = false }: { n: number; of: number; danger?: boolean }) {
  const { t } = useLingui();
  return <span className={danger && n > 0 ? 'font-medium text-destructive' : undefined}>{t`${n} of ${of}`}</span>;
}

/**
 * One row per recall across the organisation and its sites (/provider/communications/by-recall): how many sites
 * acknowledged, answered, are not affected or overdue. A row's name opens how each site stands. Sorted by one field at
 * a time (name or due date; the newest notice by default), as the server offers.
 */
export function ByRecallTable({
  type,
  state,
  setState,
  filters,
  searchPlaceholder,
}: {
  type: CommunicationType;
  state: ListState;
  setState: React.Dispatch<React.SetStateAction<ListState>>;
  filters: ProviderListFilters;
  searchPlaceholder: string;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const tableTexts = useTableTexts();
  const [opened, setOpened] = useState<ByRecallRow | null>(null);
  const { data, error, isLoading } = useProviderByRecall(type, state, filters);
  const page = pageTableProps({
    data: data && { ...data, items: data.items.map((row) => ({ ...row, id: row.communication_id })) },
    error,
    isLoading,
  });

  const columns: DataTableColumn<ByRecallRow & { id: number }>[] = [
    {
      field: 'name',
      header: t`Name`,
      sortable: true,
      hideable: false,
      cell: (row) => (
        <button
          type="button"
          onClick={() => setOpened(row)}
          className="text-left text-primary underline-offset-4 hover:underline"
        >
          {row.name}
        </button>
      ),
    },
    { field: 'event_id', header: t`Event ID` },
    {
      field: 'classification',
      header: t`Classification`,
      cell: (row) => (row.classification ? (labels.classifications[row.classification] ?? row.classification) : ''),
    },
    { field: 'supplier_name', header: t`Supplier` },
    {
      field: 'due_date',
      header: t`Due date`,
      sortable: true,
      cell: (row) => (
        <DueDate
          dueDate={row.due_date}
          daysLeft={row.days_left}
          overdue={row.overdue_sites > 0}
          settled={row.status !== 'OPEN'}
        />
      ),
    },
    {
      field: 'acknowledged_sites',
      header: t`Sites acknowledged`,
      cell: (row) => <OfSites n={row.acknowledged_sites} of={row.sites} />,
    },
    {
      field: 'answered_sites',
      header: t`Sites answered`,
      cell: (row) => <OfSites n={row.answered_sites} of={row.sites} />,
    },
    { field: 'not_affected_sites', header: t`Not affected`, cell: (row) => String(row.not_affected_sites) },
    {
      field: 'overdue_sites',
      header: t`Overdue`,
      cell: (row) => <OfSites n={row.overdue_sites} of={row.sites} danger />,
    },
    {
      field: 'status',
      header: t`Status`,
      cell: (row) => <StatusLabel kind="communication" status={row.status} />,
    },
  ];

  return (
    <>
      <DataTable
        caption={t`One row per recall`}
        columns={columns}
        {...page}
        {...listStateProps(state, setState)}
        onFilterChange={undefined}
        // The server sorts this view by one field: name, due date or (by default) the newest notice.
        multiSort={false}
        texts={{ ...tableTexts, searchPlaceholder }}
      />
      {opened ? <RecallSitesDialog recall={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
