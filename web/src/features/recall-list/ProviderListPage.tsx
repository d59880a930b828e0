import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DEFAULT_PAGE_SIZE,
  Label,
  RowActionsMenu,
  Switch,
  type RowAction,
  useOptionalToast,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { deleteResponseRow, useMetaSites, useProviderRows, type ListState } from '../../api/provider';
import { filterQuery, type ProviderListFilters } from '../../api/worklist';
import { authAtom } from '../../state/auth';
import { listStateProps } from '../../shared/lists/listState';
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
import { BulkActions } from '../../shared/worklist/BulkActions';
import { ByRecallTable } from './ByRecallTable';
import { ProviderListFilterBar } from './ProviderListFilters';
import { useProviderListColumns, type ProviderRow as Row } from './providerListColumns';

export type ProviderListKind = CommunicationType | 'RESPONDER';

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
  const [filters, setFilters] = useState<ProviderListFilters>({});
  // An organisation with sites (meta-sites names more than itself) gets the Site column and filter, and may see one
  // row per recall across its sites (the default there).
  const { data: sites, error: sitesError } = useMetaSites();
  const hasSites = (sites?.length ?? 0) > 1;
  // Which list to read is known once the sites are (or could not be read).
  const sitesKnown = sites !== undefined || sitesError !== undefined || responder;
  const [perRecall, setPerRecall] = useState(true);
  const byRecall = hasSites && perRecall && type !== null;
  const [selected, setSelected] = useState<string[]>([]);
  const { data, error, isLoading, mutate } = useProviderRows(
    type,
    state,
    responder,
    filterQuery(filters),
    sitesKnown && !byRecall,
  );
  const title = kind === 'RECALL' ? t`Recalls` : kind === 'PRODUCT DISRUPTION' ? t`Supply Advisories` : t`eR Responses`;
  const { userId } = useAtomValue(authAtom);
  const currentUserId = userId === null ? null : Number(userId);
  const toast = useOptionalToast();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useProviderListColumns({ responder, hasSites });
  const changeFilters = (next: ProviderListFilters) => {
    setFilters(next);
    setSelected([]);
    setState((s) => ({ ...s, pageNumber: 1 }));
  };
  const searchPlaceholder = t`Search name, event ID, product, lot, serial number or UDI`;

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
          <ProviderListDownloads state={state} type={type} responses={responder} filters={filterQuery(filters)} />
          {type ? (
            <Button asChild>
              <Link href={`${providerBasePath(type)}/new`}>
                {type === 'RECALL' ? <Trans>New Recall</Trans> : <Trans>New Supply Advisory</Trans>}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {type ? (
        <ProviderListFilterBar
          type={type}
          filters={filters}
          onChange={changeFilters}
          sites={hasSites ? (sites ?? []) : []}
        />
      ) : null}
      {hasSites && type ? (
        <div className="flex items-center gap-2">
          <Switch
            id="provider-list-per-recall"
            checked={perRecall}
            onCheckedChange={(on) => {
              setPerRecall(on);
              setSelected([]);
              // Each view sorts and filters by its own fields: each starts on its default order, with no column
              // filters (the filters above and the search apply to both).
              setState((s) => ({
                ...s,
                pageNumber: 1,
                sort: on ? [] : [{ field: 'sent_at', direction: 'desc' }],
                filters: {},
              }));
            }}
          />
          <Label htmlFor="provider-list-per-recall">
            <Trans>One row per recall</Trans>
          </Label>
        </div>
      ) : null}
      {byRecall && type ? (
        <ByRecallTable
          type={type}
          state={state}
          setState={setState}
          filters={filters}
          searchPlaceholder={searchPlaceholder}
        />
      ) : (
        <>
          {type ? <BulkActions ids={selected.map(Number)} type={type} onDone={() => setSelected([])} /> : null}
          <DataTable
            caption={title}
            columns={columns}
            columnState={columns.map((c) => ({ field: c.field, visible: true }))}
            {...pageTableProps({ data, error, isLoading })}
            getRowId={(row) => (responder ? (row.row_key ?? String(row.id)) : String(row.id))}
            {...listStateProps(state, setState)}
            {...(responder ? {} : { selectedIds: selected, onSelectionChange: setSelected })}
            rowActions={(row) => <RowActionsMenu actions={actionsOf(row)} label={t`Actions`} />}
            texts={{ ...tableTexts, searchPlaceholder: responder ? t`Search` : searchPlaceholder, filter: t`Filter` }}
          />
        </>
      )}
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
