import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DEFAULT_PAGE_SIZE,
  formatDate,
  RowActionsMenu,
  StatusLabel,
  type DataTableColumn,
  type RowAction,
  useOptionalToast,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import {
  deleteResponseRow,
  useProviderRows,
  type ListState,
  type ProviderListRow,
  type ResponderListRow,
} from '../../api/provider';
import { authAtom } from '../../state/auth';
import { listStateProps, useResponseColumns } from '../../shared/lists/listState';
import { ProviderListDownloads } from '../../shared/reports/ProviderReports';
import { pageTableProps, useTableTexts } from '../../shared/lists/table';
import {
  editPath,
  openPath,
  providerBasePath,
  providerRowActions,
  respondPath,
  responseRowActions,
} from '../../shared/lists/providerRowActions';

export type ProviderListKind = CommunicationType | 'RESPONDER';

/** A list row; the eR responses list adds the responding person's fields. */
type Row = ProviderListRow & Partial<ResponderListRow>;

/** Recalls, supply advisories and eR responses of the provider (spec 000 §2 shared list screen, §4 row actions). */
export function ProviderListPage({ kind }: { kind: ProviderListKind }) {
  const { t } = useLingui();
  const tableTexts = useTableTexts();
  const [, navigate] = useLocation();
  const [state, setState] = useState<ListState>({
    pageNumber: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: [{ field: 'sent_at', direction: 'desc' }],
    search: '',
    filters: {},
  });
  const type = kind === 'RESPONDER' ? null : kind;
  const responder = kind === 'RESPONDER';
  const { data, error, isLoading, mutate } = useProviderRows(type, state, responder);
  const title = kind === 'RECALL' ? t`Recalls` : kind === 'PRODUCT DISRUPTION' ? t`Supply Advisories` : t`eR Responses`;
  const { userId } = useAtomValue(authAtom);
  const currentUserId = userId === null ? null : Number(userId);
  const toast = useOptionalToast();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const shared = useResponseColumns();

  const removeResponse = async () => {
    if (!deleting || deleting.userid == null) return;
    setBusy(true);
    try {
      const result = await deleteResponseRow(deleting.communication_id, deleting.id, deleting.userid);
      toast?.success(
        result.dismissed ? t`The response has been removed from your list.` : t`Your draft response has been deleted.`,
      );
      setDeleting(null);
      await mutate();
    } catch (err) {
      toast?.danger(err instanceof Error && err.message ? err.message : t`Unknown error`);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<Row>[] = [
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
    { field: 'site_name', header: t`Site`, sortable: true, filterable: true, defaultHidden: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel kind="communication" status={row.status} />,
    },
    shared.responseStatus,
    {
      field: 'acknowledged_at',
      header: t`Acknowledged`,
      sortable: true,
      cell: (row) => (row.acknowledged_at ? formatDate(row.acknowledged_at, 'datetime') : ''),
    },
    { field: 'sent_at', header: t`Received`, sortable: true, cell: (row) => formatDate(row.sent_at, 'datetime') },
  ];

  const responseActionsOf = (row: Row): RowAction[] =>
    responseRowActions(
      {
        userid: row.userid ?? null,
        responder_email: row.responder_email ?? null,
        response_status: row.response_status,
      },
      currentUserId,
    ).map((id) => {
      if (id === 'edit') return { id, label: t`Edit`, onSelect: () => navigate(respondPath(row)) };
      if (id === 'respond') return { id, label: t`Respond`, onSelect: () => navigate(respondPath(row)) };
      if (id === 'delete') return { id, label: t`Delete`, onSelect: () => setDeleting(row) };
      return { id, label: t`View`, onSelect: () => navigate(openPath(row)) };
    });

  const actionsOf = (row: Row): RowAction[] =>
    responder
      ? responseActionsOf(row)
      : providerRowActions(row).map((a) =>
          a.id === 'view'
            ? { id: 'view', label: t`View`, onSelect: () => navigate(openPath(row)) }
            : { id: 'edit', label: t`Edit`, disabled: a.disabled, onSelect: () => navigate(editPath(row)) },
        );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ProviderListDownloads state={state} type={type} responses={responder} />
          {type ? (
            <Button asChild>
              <Link href={`${providerBasePath(type)}/new`}>
                {type === 'RECALL' ? <Trans>New Recall</Trans> : <Trans>New Supply Advisory</Trans>}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <DataTable
        caption={title}
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        getRowId={(row) => row.row_key ?? String(row.id)}
        {...listStateProps(state, setState)}
        rowActions={(row) => <RowActionsMenu actions={actionsOf(row)} label={t`Actions`} />}
        texts={{ ...tableTexts, searchPlaceholder: t`Search`, filter: t`Filter` }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        onConfirm={() => void removeResponse()}
        title={t`Are you sure?`}
        description={
          deleting?.response_status === 'DRAFT' || deleting?.response_status === 'ERROR'
            ? t`Your draft answers and the files you uploaded for them will be deleted.`
            : t`Your submitted response is kept; it is only removed from your list.`
        }
        confirmText={t`Delete`}
        cancelText={t`Cancel`}
        destructive
        loading={busy}
      />
    </div>
  );
}
