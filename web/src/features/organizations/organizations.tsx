import { useState, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { vocabularyOptions } from '@portal/vocabulary';
import {
  DataTable,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  StatusLabel,
  useToast,
  type DataTableColumn,
  type FilterModel,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import {
  activateOrganization,
  deactivateOrganization,
  PROVIDER_ACCOUNT_DOWNLOADS,
  providerListParams,
  type OrganizationKind,
  type SupplierRow,
} from '../../api/operatorOrganizations';
import { DownloadActions, type DownloadFormat } from '../../shared/lists/downloads';
import { vocabularyLocale } from '../../shared/words/labels';
import { useMasterRows } from '../../shared/lists/masterRows';
import {
  formatDate,
  type ListState,
  listTableProps,
  PageHeader,
  pageTableProps,
  useListState,
  useGridTexts,
} from '../../shared/lists/table';

/**
 * The pieces the operator's Suppliers and Providers pages share (spec 000 §2 shared list screen, operator grid of 50 to
 * 500 rows; §4: an ACTIVE organisation gives Edit and Inactivate, any other status Activate only).
 */

/** The flag filters of /filters-meta (SSO, status, Notisphere-managed) sit above the grid and travel in filterModel. */
export interface FlagFilters {
  status: string;
  is_sso: string;
  is_notisphere_managed: string;
}

const ALL = 'ALL';

const NO_FLAGS: FlagFilters = { status: ALL, is_sso: ALL, is_notisphere_managed: ALL };

/** The grid's filter model plus the chosen flag filters (exact matches on the server). */
export function withFlags(model: FilterModel, flags: FlagFilters): FilterModel {
  const out: FilterModel = { ...model };
  for (const [field, value] of Object.entries(flags))
    if (value !== ALL) out[field] = { filterType: 'text', type: 'contains', filter: value };
  return out;
}

export function useOrganizationStatusLabels(): Record<string, string> {
  const { i18n } = useLingui();
  return Object.fromEntries(
    vocabularyOptions('organizationStatus', vocabularyLocale(i18n.locale)).map((o) => [o.value, o.label]),
  );
}

function FlagFilterBar({ flags, onChange }: { flags: FlagFilters; onChange: (flags: FlagFilters) => void }) {
  const { t } = useLingui();
  const statuses = useOrganizationStatusLabels();
  const yesNo = [
    { value: ALL, label: t`All` },
    { value: 'true', label: t`Yes` },
    { value: 'false', label: t`No` },
  ];
  const select = (field: keyof FlagFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <SimpleSelect
        aria-label={label}
        className="w-44"
        value={flags[field]}
        onValueChange={(value) => onChange({ ...flags, [field]: value })}
        options={options}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap gap-3" data-testid="organization-filters">
      {select('status', t`Status`, [
        { value: ALL, label: t`All` },
        ...Object.entries(statuses).map(([value, label]) => ({ value, label })),
      ])}
      {select('is_sso', t`SSO`, yesNo)}
      {select('is_notisphere_managed', t`Notisphere managed`, yesNo)}
    </div>
  );
}

/** Columns of both lists; providers add their sites. */
export function useOrganizationColumns<T extends SupplierRow>(): DataTableColumn<T>[] {
  const { t } = useLingui();
  const statuses = useOrganizationStatusLabels();
  const userStatuses = {
    VERIFIED: t`Verified`,
    VERIFICATION: t`Verification Email Sent`,
    NONVERIFIED: t`Non Verified`,
    DEACTIVATED: t`Deactivated`,
    LOCKED: t`Locked`,
    PENDING: t`Pending`,
    SSO: t`SSO`,
  };
  const yesNo = (v: boolean) => (v ? t`Yes` : t`No`);
  return [
    { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
    { field: 'notisphere_id', header: t`Notisphere ID`, sortable: true, filterable: true },
    { field: 'address1', header: t`Address 1`, filterable: true },
    { field: 'address2', header: t`Address 2`, filterable: true, defaultHidden: true },
    { field: 'city', header: t`City`, sortable: true, filterable: true },
    { field: 'state', header: t`State`, sortable: true, filterable: true },
    { field: 'zip', header: t`Zip`, sortable: true, filterable: true },
    {
      field: 'admin_email',
      header: t`Administrator`,
      filterable: true,
      cell: (row) => (row.admin_email ? `${row.admin_name ?? ''} <${row.admin_email}>` : ''),
    },
    {
      field: 'admin_status',
      header: t`Administrator status`,
      cell: (row) => <StatusLabel kind="user" status={row.admin_status} labels={userStatuses} />,
    },
    { field: 'is_sso', header: t`SSO`, cell: (row) => yesNo(row.is_sso) },
    { field: 'is_notisphere_managed', header: t`Notisphere managed`, cell: (row) => yesNo(row.is_notisphere_managed) },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel kind="organisation" status={row.status} labels={statuses} />,
    },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (row) => formatDate(row.updated_at) },
  ];
}

export interface OrganizationListProps<T extends SupplierRow> {
  kind: OrganizationKind;
  title: string;
  addText: string;
  pageKey: string;
  extraColumns?: DataTableColumn<T>[];
  /** The page's data hook over the list state and flag filters. */
  usePage: (
    list: ListState,
    flags: FlagFilters,
  ) => {
    data?: { items: T[]; total: number; totalCapped?: boolean; sortCapped?: boolean; lastUpdated: string | null };
    error?: Error;
    isLoading: boolean;
    mutate: () => Promise<unknown>;
  };
  /** The create/edit dialog: `id` null creates. */
  dialog: (props: { id: number | null; onClose: () => void; onSaved: () => void }) => ReactNode;
  downloads?: boolean;
}

/** An operator organisation list: flag filters, grid (50–500 rows), row actions by status, dialog, downloads. */
export function OrganizationList<T extends SupplierRow>(props: OrganizationListProps<T>) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const texts = useGridTexts();
  const base = useOrganizationColumns<T>();
  const columns = [...base.slice(0, 7), ...(props.extraColumns ?? []), ...base.slice(7)];
  const list = useListState(
    props.pageKey,
    columns.map((c) => c.field),
  );
  const [flags, setFlags] = useState<FlagFilters>(NO_FLAGS);
  const { data, error, isLoading, mutate } = props.usePage(list, flags);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  const { rowActions, openRow, confirmDialog } = useMasterRows<T>({
    onEdit: (row) => setEditing({ id: row.id }),
    run: (row, action) =>
      action === 'inactivate' ? deactivateOrganization(props.kind, row.id) : activateOrganization(props.kind, row.id),
    onDone: mutate,
    describe: (row, action) => {
      const name = row.name;
      return action === 'inactivate'
        ? t`Deactivate ${name}? Its users are signed out at once; nothing is deleted.`
        : t`Activate ${name}?`;
    },
  });

  const download = (format: DownloadFormat) =>
    downloadFile(
      store,
      PROVIDER_ACCOUNT_DOWNLOADS[format],
      providerListParams({ ...list.query, filterModel: withFlags(list.filterModel, flags) }),
      `${PROVIDER_ACCOUNT_DOWNLOADS.name}.${format}`,
    );

  return (
    <section className="space-y-4" data-testid={props.pageKey}>
      <PageHeader title={props.title}>
        <DownloadActions
          onAdd={() => setEditing({ id: null })}
          addText={props.addText}
          download={props.downloads ? download : undefined}
        />
      </PageHeader>
      <FlagFilterBar
        flags={flags}
        onChange={(next) => {
          list.setPage(1);
          setFlags(next);
        }}
      />
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        columnChooser
        columnState={list.columns}
        onColumnStateChange={list.setColumns}
        caption={props.title}
        texts={texts}
        rowActions={rowActions}
        openRow={openRow}
      />
      {editing
        ? props.dialog({
            id: editing.id,
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              toast.success(t`Saved successfully.`);
              void mutate();
            },
          })
        : null}
      {confirmDialog}
    </section>
  );
}
