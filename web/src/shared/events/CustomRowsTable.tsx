import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type DataTableColumn, Label, SimpleSelect } from '@portal/design-system';
import { listQueryParams } from '../../api/communications';
import { type CustomRowView, useCustomRowCustomers, useCustomRows } from '../../api/customContent';
import { answerText } from '../answers/answers';
import { useAnswerWords } from '../answers/useAnswerWords';
import { formatDate, listTableProps, useListState, useTableTexts } from '../lists/table';

const ALL = 'all';

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * A custom-content event's customer rows: paged, searchable, narrowed to one customer by the filter above
 * the table, with a column per per-unit action holding each row's answer once given. The wizard shows it without
 * answers; the supplier's event view and the operator's View Recall (read-only) with them.
 */
export function CustomRowsTable({
  rowsBase,
  fields = [],
  unitActions = [],
  listKey,
}: {
  /** `…/custom-content` of the supplier's event, or of the operator's. */
  rowsBase: string;
  /** Product field names by id, for the field values column. */
  fields?: { id: number; name: string }[];
  /** The event's per-unit actions: one answer column each. */
  unitActions?: { id: number; title: string }[];
  listKey: string;
}) {
  const { t } = useLingui();
  const answerWords = useAnswerWords();
  const texts = useTableTexts();
  const list = useListState(listKey, ['customer_name', 'product_name', 'lot_number', 'serial_number', 'udi']);
  const [customer, setCustomer] = useState(ALL);
  const { data: customers } = useCustomRowCustomers(rowsBase);
  const { data, isLoading } = useCustomRows(rowsBase, {
    ...listQueryParams(list.query),
    provider_organization_id: customer === ALL ? undefined : customer,
  });
  const fieldName = new Map(fields.map((f) => [String(f.id), f.name]));
  const columns: DataTableColumn<CustomRowView>[] = [
    { field: 'customer_name', header: t`Customer`, sortable: true },
    { field: 'customer_key', header: t`Customer Key` },
    { field: 'product_name', header: t`Product Name`, sortable: true },
    { field: 'lot_number', header: t`Lot Number`, sortable: true },
    { field: 'serial_number', header: t`Serial Number`, sortable: true },
    { field: 'udi', header: t`UDI`, sortable: true },
    { field: 'quantity', header: t`Quantity` },
    { field: 'expiration_date', header: t`Expiration Date`, cell: (r) => formatDate(r.expiration_date) },
    {
      field: 'custom_fields',
      header: t`Product fields`,
      cell: (r) =>
        Object.entries(r.custom_fields ?? {})
          .filter(([, v]) => fieldText(v) !== '')
          .map(([id, v]) => (fieldName.has(id) ? `${fieldName.get(id)}: ${fieldText(v)}` : fieldText(v)))
          .join('; '),
    },
    ...unitActions.map(
      (a): DataTableColumn<CustomRowView> => ({
        field: `answer_${a.id}`,
        header: a.title,
        cell: (r) => {
          const answer = r.unit_answers?.find((u) => u.action_id === a.id);
          return answer ? answerText(answer.value as Record<string, unknown>, answerWords) : '';
        },
      }),
    ),
  ];
  const customerOptions = [
    { value: ALL, label: t`All customers` },
    ...(customers ?? []).map((c) => {
      const name = c.customer_name;
      const rows = c.rows;
      return { value: String(c.provider_organization_id), label: t`${name} (${rows} rows)` };
    }),
  ];
  return (
    <div className="space-y-2" data-testid="custom-rows">
      <div className="grid max-w-sm gap-1">
        <Label htmlFor={`${listKey}-customer`}>
          <Trans>Customer</Trans>
        </Label>
        <SimpleSelect
          id={`${listKey}-customer`}
          aria-label={t`Customer`}
          options={customerOptions}
          value={customer}
          onValueChange={(v) => {
            setCustomer(v);
            list.setPage(1);
          }}
        />
      </div>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(r) => String(r.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Customer rows`}
      />
    </div>
  );
}
