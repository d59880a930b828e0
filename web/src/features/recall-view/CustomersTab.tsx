import { useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type DataTableColumn } from '@portal/design-system';
import { useOverdueCount, useSupplierCustomers, type SupplierCustomer } from '../../api/supplierAttention';
import { useLabels } from '../../shared/words/labels';
import { formatDate, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';
import { OverdueBadge, ResponseWords } from './CustomerResponse';
import { HealthSystemsPanel } from './HealthSystemsPanel';
import { removeRecipients } from '../../api/supplierFollowUp';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { type InventoryCheck, useInventoryChecks } from '../../api/inventoryMatches';

/**
 * The event's customers: each one's notice progress, due date and answer ("not affected" with its reason), the
 * health systems rolled up above them, and a filter to the overdue ones (a link opens it with ?overdue=1).
 */
export function CustomersTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-customers', [
    'name',
    'emails',
    'source',
    'sent_at',
    'acknowledged_at',
    'due_date',
    'status',
  ]);
  const linked = new URLSearchParams(useSearch()).get('overdue') === '1';
  const [overdueOnly, setOverdueOnly] = useState(linked);
  const overdueCount = useOverdueCount(id);
  const { data, isLoading, error, mutate } = useSupplierCustomers(id, list.query, { overdue: overdueOnly });
  const { data: inventoryChecks } = useInventoryChecks(id);
  const checks = new Map((inventoryChecks ?? []).map((c) => [c.provider_communication_id, c.state] as const));
  const checkWords: Record<InventoryCheck['state'], string> = {
    FOUND: t`Product found`,
    NOT_FOUND: t`Not found`,
    NOT_CHECKED: t`Not checked`,
  };
  const removing = useConfirmedAction(() => mutate());

  // Issue 33: a customer not notified yet may be removed (asks first); a notified one keeps its notice.
  function askRemove(c: SupplierCustomer) {
    const name = c.name;
    removing.ask({
      description: t`Remove ${name} from this event's customers? They will not be notified.`,
      confirmText: t`Remove`,
      destructive: true,
      run: async () => {
        await removeRecipients(id, { customer_ids: [c.id] });
        return t`${name} removed.`;
      },
    });
  }

  function choose(next: boolean) {
    setOverdueOnly(next);
    list.setPage(1);
  }

  const columns: DataTableColumn<SupplierCustomer>[] = [
    { field: 'name', header: t`Customer`, sortable: true, filterable: true },
    { field: 'emails', header: t`Emails`, cell: (c) => c.emails.join(', ') },
    { field: 'source', header: t`Source`, sortable: true, cell: (c) => labels.recipientSources[c.source] ?? c.source },
    { field: 'sent_at', header: t`Sent`, cell: (c) => formatDate(c.sent_at) },
    { field: 'acknowledged_at', header: t`Acknowledged`, cell: (c) => formatDate(c.acknowledged_at) },
    {
      field: 'due_date',
      header: t`Due date`,
      sortable: true,
      cell: (c) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {formatDate(c.due_date)}
          <OverdueBadge overdue={c.overdue} />
        </span>
      ),
    },
    {
      // Issue 38: whether the customer's own records (item master, purchases) found the product; nothing more.
      field: 'inventory',
      header: t`Own records`,
      cell: (c) => {
        const state = c.provider_communication_id === null ? null : checks.get(c.provider_communication_id);
        return state ? checkWords[state] : '—';
      },
    },
    {
      field: 'status',
      header: t`Response`,
      sortable: true,
      cell: (c) => <ResponseWords customer={c} labels={labels.statuses} />,
    },
    {
      field: 'remove',
      header: t`Actions`,
      hideable: false,
      cell: (c) =>
        c.provider_communication_id === null ? (
          <Button size="sm" variant="outline" onClick={() => askRemove(c)}>
            <Trans>Remove</Trans>
          </Button>
        ) : null,
    },
  ];
  const overdueLabel = overdueCount === undefined ? t`Overdue` : t`Overdue (${overdueCount})`;
  return (
    <div className="grid min-w-0 gap-4" data-testid="customers-tab">
      <HealthSystemsPanel id={id} />
      <fieldset className="flex min-w-0 flex-wrap gap-1.5">
        <legend className="sr-only">{t`Filter customers`}</legend>
        <Button
          size="sm"
          variant={overdueOnly ? 'outline' : 'default'}
          aria-pressed={!overdueOnly}
          onClick={() => choose(false)}
        >
          {t`All`}
        </Button>
        <Button
          size="sm"
          variant={overdueOnly ? 'default' : 'outline'}
          aria-pressed={overdueOnly}
          onClick={() => choose(true)}
        >
          {overdueLabel}
        </Button>
      </fieldset>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(c) => String(c.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        error={error ? error.message : null}
        texts={texts}
        caption={t`Customers`}
      />
      {removing.dialog}
    </div>
  );
}
