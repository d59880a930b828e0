import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  DEFAULT_PAGE_SIZE,
  formatDate,
  RowActionsMenu,
  StatusLabel,
  type DataTableColumn,
  type RowAction,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { useProviderCommunications, type ListState, type ProviderListRow } from '../../api/provider';
import { editPath, openPath, providerBasePath, providerRowActions } from './rowActions';

export type ProviderListKind = CommunicationType | 'RESPONDER';

/** Recalls, supply advisories and eR responses of the provider (spec 000 §2 shared list screen, §4 row actions). */
export function ProviderListPage({ kind }: { kind: ProviderListKind }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: [{ field: 'sent_at', direction: 'desc' }],
    search: '',
    filters: {},
  });
  const type = kind === 'RESPONDER' ? null : kind;
  const { data, error, isLoading } = useProviderCommunications(type, state);
  const title = kind === 'RECALL' ? t`Recalls` : kind === 'PRODUCT DISRUPTION' ? t`Supply Advisories` : t`eR Responses`;

  const columns: DataTableColumn<ProviderListRow>[] = [
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
    ...(kind === 'RESPONDER'
      ? [{ field: 'type', header: t`Type`, sortable: true, cell: (row: ProviderListRow) => (row.type === 'RECALL' ? t`Recall` : t`Supply Advisory`) }]
      : []),
    { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true },
    { field: 'site_name', header: t`Site`, sortable: true, filterable: true, defaultHidden: true },
    { field: 'status', header: t`Status`, sortable: true, cell: (row) => <StatusLabel kind="communication" status={row.status} /> },
    {
      field: 'response_status',
      header: t`Response`,
      sortable: true,
      cell: (row) => <StatusLabel kind="response" status={row.response_status} />,
    },
    {
      field: 'acknowledged_at',
      header: t`Acknowledged`,
      sortable: true,
      cell: (row) => (row.acknowledged_at ? formatDate(row.acknowledged_at, 'datetime') : ''),
    },
    { field: 'sent_at', header: t`Received`, sortable: true, cell: (row) => formatDate(row.sent_at, 'datetime') },
  ];

  const actionsOf = (row: ProviderListRow): RowAction[] =>
    providerRowActions(row).map((a) =>
      a.id === 'view'
        ? { id: 'view', label: t`View`, onSelect: () => navigate(openPath(row)) }
        : { id: 'edit', label: t`Edit`, disabled: a.disabled, onSelect: () => navigate(editPath(row)) },
    );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        {type ? (
          <Button asChild>
            <Link href={`${providerBasePath(type)}/new`}>{type === 'RECALL' ? <Trans>New Recall</Trans> : <Trans>New Supply Advisory</Trans>}</Link>
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(row) => String(row.id)}
        total={data?.total ?? 0}
        pageNumber={state.pageNumber}
        pageSize={state.pageSize}
        onPageChange={(pageNumber) => setState((s) => ({ ...s, pageNumber }))}
        onPageSizeChange={(pageSize) => setState((s) => ({ ...s, pageSize, pageNumber: 1 }))}
        sortModel={state.sort}
        onSortChange={(sort) => setState((s) => ({ ...s, sort, pageNumber: 1 }))}
        onSearchChange={(search) => setState((s) => ({ ...s, search, pageNumber: 1 }))}
        onFilterChange={(filters) => setState((s) => ({ ...s, filters, pageNumber: 1 }))}
        loading={isLoading}
        error={error ? error.message : null}
        lastUpdated={data?.lastUpdated ? formatDate(data.lastUpdated, 'datetime') : undefined}
        rowActions={(row) => <RowActionsMenu actions={actionsOf(row)} label={t`Actions`} />}
        texts={{
          loading: t`Loading...`,
          empty: t`No record found`,
          total: (n) => t`Total ${n} record(s)`,
          lastUpdated: t`Last Updated`,
          search: t`Search`,
          searchPlaceholder: t`Search`,
          rowsPerPage: t`Rows per page`,
          filter: t`Filter`,
          actions: t`Actions`,
        }}
      />
    </div>
  );
}
