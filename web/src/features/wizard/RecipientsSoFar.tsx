import { useSWRConfig } from 'swr';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type DataTableColumn } from '@portal/design-system';
import { removeRecipients, useCustomers, type Customer } from '../../api/communications';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useLabels } from '../../shared/words/labels';
import { listTableProps, pageTableProps, useListState, useTableTexts } from '../../shared/lists/table';

/** The SWR keys of an event's customers (every page and size): read again after recipients are added or removed. */
export function useReloadRecipients(id: number) {
  const { mutate } = useSWRConfig();
  const path = `/supplier/communications/${id}/customers`;
  return () => mutate((key) => Array.isArray(key) && key[0] === path);
}

/**
 * Step 3's "Recipients so far": the event's customers, paged, each with a Remove that asks first. A customer already
 * notified keeps its notice, so it has no Remove (the server refuses it too).
 */
export function RecipientsSoFar({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('wizard-recipients', ['name', 'emails', 'source']);
  const page = useCustomers(id, list.query);
  const reload = useReloadRecipients(id);
  const removing = useConfirmedAction(reload);

  const columns: DataTableColumn<Customer>[] = [
    { field: 'name', header: t`Customer`, sortable: true },
    { field: 'emails', header: t`Emails`, cell: (c) => c.emails.join(', ') },
    { field: 'source', header: t`Source`, sortable: true, cell: (c) => labels.recipientSources[c.source] ?? c.source },
  ];

  function remove(customer: Customer) {
    const name = customer.name;
    removing.ask({
      description: t`${name} will be removed from this event's recipients and will not be notified.`,
      confirmText: t`Remove`,
      destructive: true,
      run: async () => {
        await removeRecipients(id, { customer_ids: [customer.id] });
        return t`Recipient removed.`;
      },
    });
  }

  const existing = page.data?.total ?? 0;
  return (
    <div className="grid min-w-0 gap-2" data-testid="recipients-so-far">
      <p className="text-sm font-semibold" data-testid="recipient-count">
        <Trans>Recipients so far: {existing}</Trans>
      </p>
      {existing > 0 ? (
        <DataTable
          columns={columns}
          {...pageTableProps(page)}
          {...listTableProps(list)}
          onSearchChange={undefined}
          onFilterChange={undefined}
          texts={texts}
          caption={t`Recipients so far`}
          rowActions={(c) => {
            if (c.provider_communication_id !== null) return null;
            const customer = c.name;
            return (
              <Button size="sm" variant="outline" aria-label={t`Remove ${customer}`} onClick={() => remove(c)}>
                <Trans>Remove</Trans>
              </Button>
            );
          }}
        />
      ) : null}
      {removing.dialog}
    </div>
  );
}
