import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type DataTableColumn } from '@portal/design-system';
import type { Communication } from '../../api/communications';
import { resendToRecipient, useDeliveries, useReminders, type Delivery, type DeliveryFilter } from '../../api/delivery';
import { useLabels } from '../../shared/words/labels';
import { formatDate, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { DeliveryActions } from './DeliveryActions';
import { DeliveryStatusCell } from './DeliveryStatusCell';
import { DeliveryTotals } from './DeliveryTotals';
import { DELIVERY_FILTERS } from './deliveryStatus';

const FIELDS = [
  'email',
  'customer_name',
  'status',
  'attempts',
  'last_attempt_at',
  'reminders_sent',
  'next_reminder_at',
] as const;

/**
 * Delivery of a sent event: the recipients per delivery status (a bar whose legend filters), the filters
 * All, Bounced, Not opened and Not acknowledged with a search, each recipient's email with its status (the relay's
 * reason under a bounce or an error), attempts and reminders, a Resend per row, and the actions on the whole event.
 * Every action asks first, reports in a toast and refreshes what the event shows.
 */
export function DeliveryTab({
  event,
  initialFilter = null,
}: {
  event: Communication;
  /** A link's filter (the spec's nonAck opens the non-acknowledged). */
  initialFilter?: DeliveryFilter | null;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-deliveries', FIELDS);
  const [filter, setFilter] = useState<DeliveryFilter | null>(initialFilter);
  const { data, error, isLoading } = useDeliveries(event.id, list.query, filter);
  const { data: reminders } = useReminders(event.id);
  const { mutate } = useSWRConfig();
  // Every answer about this event (its recipients, counts, reminders, customers) is read again after an action.
  const prefix = `/supplier/communications/${event.id}`;
  const refresh = () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(prefix));
  const { ask, dialog } = useConfirmedAction(refresh);
  const open = event.status === 'OPEN';

  function choose(next: DeliveryFilter | null) {
    setFilter(next);
    list.setPage(1);
  }

  const filterLabel = (f: DeliveryFilter | null) => (f === null ? t`All` : (labels.deliveryStatuses[f] ?? f));
  const filters = filter && !DELIVERY_FILTERS.includes(filter) ? [...DELIVERY_FILTERS, filter] : DELIVERY_FILTERS;

  const columns: DataTableColumn<Delivery>[] = [
    { field: 'email', header: t`Email`, sortable: true, className: 'min-w-44 break-all' },
    { field: 'customer_name', header: t`Customer`, sortable: true },
    { field: 'status', header: t`Status`, sortable: true, cell: (d) => <DeliveryStatusCell delivery={d} /> },
    { field: 'attempts', header: t`Attempts`, sortable: true },
    { field: 'last_attempt_at', header: t`Last attempt`, sortable: true, cell: (d) => formatDate(d.last_attempt_at) },
    { field: 'reminders_sent', header: t`Reminders sent`, sortable: true },
    {
      field: 'next_reminder_at',
      header: t`Next reminder`,
      sortable: true,
      cell: (d) => (reminders?.paused && d.next_reminder_at ? t`Paused` : formatDate(d.next_reminder_at)),
    },
  ];

  return (
    <div className="grid min-w-0 gap-4" data-testid="delivery-tab">
      <DeliveryActions event={event} reminders={reminders} ask={ask} />
      <DeliveryTotals totals={data?.totals} filter={filter} onFilter={choose} />
      <fieldset className="flex min-w-0 flex-wrap gap-1.5">
        <legend className="sr-only">{t`Filter recipients`}</legend>
        {filters.map((f) => (
          <Button
            key={f ?? 'ALL'}
            size="sm"
            variant={filter === f ? 'default' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => choose(f)}
          >
            {filterLabel(f)}
          </Button>
        ))}
      </fieldset>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(d) => d.row_key}
        total={data?.total ?? 0}
        lastUpdated={data?.lastUpdated ? formatDate(data.lastUpdated) : undefined}
        {...listTableProps(list)}
        onFilterChange={undefined}
        loading={isLoading}
        error={error ? error.message : null}
        texts={texts}
        caption={t`Recipients`}
        rowActions={
          open
            ? (d) => {
                const email = d.email;
                return (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t`Resend to ${email}`}
                    onClick={() => {
                      ask({
                        description: t`Send the notice again to ${email}? The links sent to this address before stop working.`,
                        confirmText: t`Resend`,
                        run: async () => {
                          await resendToRecipient(event.id, d.provider_communication_id, email);
                          return t`The notice has been sent again to ${email}.`;
                        },
                      });
                    }}
                  >
                    <Trans>Resend</Trans>
                  </Button>
                );
              }
            : undefined
        }
      />
      {dialog}
    </div>
  );
}
