import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Label,
  RowActionsMenu,
  Switch,
  type RowAction,
  useOptionalToast,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { deleteResponseRow, useProviderRows } from '../../api/provider';
import { filterQuery, type ProviderListFilters } from '../../api/worklist';
import { authAtom } from '../../state/auth';
import { listStateProps } from '../../shared/lists/listState';
import { ProviderListDownloads } from '../../shared/reports/ProviderReports';
import { pageTableProps, SavedFilters, useTableTexts } from '../../shared/lists/table';
import { reconcileColumns } from '../../shared/lists/preferences';
import { useSavedListState } from '../../shared/lists/savedList';
import { listDefaults } from '../../shared/lists/listDefaults';
import { useWorkingSite } from '../../shared/session/workingSite';
import { readProviderFilters } from './providerListPrefs';
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
  const type = kind === 'RESPONDER' ? null : kind;
  const responder = kind === 'RESPONDER';
  // Paging, sort, search, column filters and choice, and the filters above the table are saved per user and page
  // (spec 000 §3), starting from the provider's defaults; the site is the working site (the header's switcher).
  const page =
    kind === 'RECALL'
      ? 'provider-recalls'
      : kind === 'PRODUCT DISRUPTION'
        ? 'provider-advisories'
        : 'provider-er-responses';
  const saved = useSavedListState<ProviderListFilters>(page, listDefaults(page), { readFilters: readProviderFilters });
  const { state, setState } = saved;
  // An organisation with sites (meta-sites names more than itself) gets the Site column and filter, and may see one
  // row per recall across its sites (the default there).
  const { sites, sitesError, siteId, setSiteId } = useWorkingSite();
  const filters: ProviderListFilters = { ...saved.filters, siteId: siteId ?? undefined };
  const hasSites = (sites?.length ?? 0) > 1;
  // Which list to read is known once the sites are (or could not be read).
  const sitesKnown = sites !== undefined || sitesError !== undefined || responder;
  const [perRecall, setPerRecall] = useState(true);
  const byRecall = hasSites && perRecall && type !== null;
  const [selected, setSelected] = useState<string[]>([]);
  // The eR responses list has no filter bar: it follows the working site only.
  const listFilters = filterQuery(responder ? { siteId: filters.siteId } : filters);
  const { data, error, isLoading, mutate } = useProviderRows(
    type,
    state,
    responder,
    listFilters,
    sitesKnown && !byRecall,
  );
  const title = kind === 'RECALL' ? t`Recalls` : kind === 'PRODUCT DISRUPTION' ? t`Supply Advisories` : t`eR Responses`;
  const { userId } = useAtomValue(authAtom);
  const currentUserId = userId === null ? null : Number(userId);
  const toast = useOptionalToast();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useProviderListColumns({ responder, hasSites });
  const changeFilters = ({ siteId: nextSite, ...next }: ProviderListFilters) => {
    if (nextSite !== filters.siteId) setSiteId(nextSite ?? null);
    saved.setFilters(next);
    setSelected([]);
  };
  const headers = Object.fromEntries(columns.map((c) => [c.field, c.header]));
  const columnState =
    reconcileColumns(
      saved.columns ?? null,
      columns.map((c) => c.field),
    ) ?? undefined;
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
          <ProviderListDownloads state={state} type={type} responses={responder} filters={listFilters} />
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
          <SavedFilters
            filterModel={state.filters}
            headers={headers}
            onClear={() => setState((s) => ({ ...s, filters: {}, pageNumber: 1 }))}
          />
          <DataTable
            caption={title}
            columns={columns}
            columnChooser
            columnState={columnState}
            onColumnStateChange={saved.setColumns}
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
