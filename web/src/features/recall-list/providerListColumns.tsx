import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { formatDate, StatusLabel, type DataTableColumn } from '@portal/design-system';
import type { ProviderListRow, ResponderListRow } from '../../api/provider';
import { useResponseColumns } from '../../shared/lists/listState';
import { openPath } from '../../shared/lists/providerRowActions';
import { DueDate } from '../../shared/worklist/DueDate';
import { OwnerName } from '../../shared/worklist/OwnerDialogs';

/** A list row; the eR responses list adds the responding person's fields. */
export type ProviderRow = ProviderListRow & Partial<ResponderListRow>;

/**
 * The columns of the provider's per-site list: name (opening the notice), event id, supplier, site (shown when the
 * organisation has sites), status, response ("Not affected" when so answered), due date, owner, acknowledged, received.
 */
export function useProviderListColumns({
  responder,
  hasSites,
}: {
  responder: boolean;
  hasSites: boolean;
}): DataTableColumn<ProviderRow>[] {
  const { t } = useLingui();
  const shared = useResponseColumns();
  const notAffected = { ...shared.responseLabels, COMPLETED: t`Not affected` };
  return [
    {
      field: 'name',
      header: t`Name`,
      sortable: true,
      filterable: true,
      hideable: false,
      cell: (row) => (
        <Link href={openPath(row)} className="text-primary underline-offset-4 hover:underline">
          {row.name}
        </Link>
      ),
    },
    { field: 'event_id', header: t`Event ID`, sortable: true, filterable: true },
    ...(responder ? [shared.type, shared.responder] : []),
    { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true },
    ...(hasSites ? [{ field: 'site_name', header: t`Site`, sortable: true, filterable: true }] : []),
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel kind="communication" status={row.status} />,
    },
    responseColumn(shared.responseStatus, notAffected),
    {
      field: 'due_date',
      header: t`Due date`,
      sortable: true,
      cell: (row) => (
        <DueDate
          dueDate={row.due_date}
          daysLeft={row.days_left}
          overdue={row.overdue}
          settled={row.status !== 'OPEN' || row.response_status === 'COMPLETED'}
        />
      ),
    },
    { field: 'owner_name', header: t`Owner`, sortable: true, cell: (row) => <OwnerName name={row.owner_name} /> },
    {
      field: 'acknowledged_at',
      header: t`Acknowledged`,
      sortable: true,
      cell: (row) => (row.acknowledged_at ? formatDate(row.acknowledged_at, 'datetime') : ''),
    },
    { field: 'sent_at', header: t`Received`, sortable: true, cell: (row) => formatDate(row.sent_at, 'datetime') },
  ];
}

/** The response column, saying "Not affected" (with the reason on hover) for a notice so answered. */
function responseColumn(
  base: ReturnType<typeof useResponseColumns>['responseStatus'],
  notAffected: Record<string, string>,
): DataTableColumn<ProviderRow> {
  return {
    ...base,
    cell: (row) =>
      row.not_affected_reason ? (
        <StatusLabel
          kind="response"
          status={row.response_status}
          labels={notAffected}
          title={row.not_affected_reason}
          data-testid="not-affected"
        />
      ) : (
        base.cell(row)
      ),
  };
}
