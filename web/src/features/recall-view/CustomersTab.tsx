import { useLingui } from '@lingui/react/macro';
import { DataTable, StatusLabel, type DataTableColumn } from '@portal/design-system';
import { useCustomers, type Customer } from '../../api/communications';
import { useLabels } from '../../shared/words/labels';
import { formatDate, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';

export function CustomersTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-customers', ['name', 'emails', 'source', 'sent_at', 'acknowledged_at', 'status']);
  const { data, isLoading } = useCustomers(id, list.query);
  const columns: DataTableColumn<Customer>[] = [
    { field: 'name', header: t`Customer`, sortable: true, filterable: true },
    { field: 'emails', header: t`Emails`, cell: (c) => c.emails.join(', ') },
    { field: 'source', header: t`Source`, sortable: true, cell: (c) => labels.recipientSources[c.source] ?? c.source },
    { field: 'sent_at', header: t`Sent`, cell: (c) => formatDate(c.sent_at) },
    { field: 'acknowledged_at', header: t`Acknowledged`, cell: (c) => formatDate(c.acknowledged_at) },
    {
      field: 'status',
      header: t`Response`,
      sortable: true,
      cell: (c) => <StatusLabel status={c.response_status} kind="response" labels={labels.statuses} />,
    },
  ];
  return (
    <div data-testid="customers-tab">
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(c) => String(c.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Customers`}
      />
    </div>
  );
}
