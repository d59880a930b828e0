import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useRecallOrganizationMeta } from '../../api/operatorOrganizations';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ConfirmDialog,
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
  type DataTableColumn,
  type RowAction,
} from '@portal/design-system';
import {
  copyOperatorRecall,
  deleteOperatorRecall,
  downloadEventSummary,
  downloadRecallsReport,
  useOperatorRecalls,
  type OperatorRecallFilters,
  type OperatorRecallRow,
} from '../../api/operatorRecalls';
import { listStateProps } from '../../shared/lists/listState';
import { ALL, FilterBar } from '../../shared/lists/filters';
import { useLabels } from '../../shared/words/labels';
import { DownloadActions } from '../../shared/lists/downloads';
import { errorText, formatDate, openRowAt, pageTableProps, SavedFilters, useGridTexts } from '../../shared/lists/table';
import { reconcileColumns } from '../../shared/lists/preferences';
import { useSavedListState } from '../../shared/lists/savedList';
import { listDefaults } from '../../shared/lists/listDefaults';

type Category = NonNullable<OperatorRecallFilters['category']>;

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => list.find((v) => v === value);

/** The saved filters (spec 000 §3: category, status, provider status, supplier), each checked again. */
export function readOperatorRecallFilters(saved: Record<string, unknown>): OperatorRecallFilters {
  const organizationId = saved.organizationId;
  return {
    category: oneOf(['RECALL', 'PRODUCT DISRUPTION'] as const, saved.category),
    status: oneOf(['DRAFT', 'OPEN', 'CLOSED'] as const, saved.status),
    statusProvider: oneOf(['NOTCOMPLETED', 'COMPLETED'] as const, saved.statusProvider),
    organizationId:
      typeof organizationId === 'number' && Number.isSafeInteger(organizationId) && organizationId > 0
        ? organizationId
        : undefined,
  };
}

/**
 * Every supplier's recalls and supply advisories (/notisphere/recalls, Notisphere_ManageRecalls): type tabs, status,
 * provider-status and supplier filters, the Recalls Report and Event Summary Report downloads, and per row View, Copy
 * (a new draft of the supplier) and, for a draft only, Delete (docs/decisions.md, "Operator side: recalls").
 */
export default function RecallsPage() {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useGridTexts();
  const toast = useToast();
  const store = useStore();
  const [, navigate] = useLocation();
  // A supplier can be preselected by link (?organizationId=…), e.g. from the supplier's own page.
  const supplierParam = Number(new URLSearchParams(useSearch()).get('organizationId'));
  // Saved per user (spec 000 §3) from the operator's defaults: every filter on "All", the server's order (newest change
  // first), which it serves off an index across every supplier. A supplier named by the link wins over the saved one.
  const saved = useSavedListState<OperatorRecallFilters>('operator-recalls', listDefaults('operator-recalls'), {
    readFilters: (values) => {
      const read = readOperatorRecallFilters(values);
      return Number.isSafeInteger(supplierParam) && supplierParam > 0
        ? { ...read, organizationId: supplierParam }
        : read;
    },
  });
  const { state, setState } = saved;
  const filters = saved.filters;
  const { category, status, statusProvider, organizationId } = filters;
  const setFilter = (patch: Partial<OperatorRecallFilters>) => saved.setFilters({ ...filters, ...patch });
  const organizations = useRecallOrganizationMeta();
  const supplierOptions = [
    { value: ALL, label: t`All suppliers` },
    ...(organizations.data?.suppliers ?? []).map((o) => ({ value: String(o.id), label: o.name })),
    // A supplier preselected by link shows by its id until the names arrive.
    ...(organizationId !== undefined && !organizations.data?.suppliers.some((o) => o.id === organizationId)
      ? [{ value: String(organizationId), label: String(organizationId) }]
      : []),
  ];
  const { data, error, isLoading, mutate } = useOperatorRecalls(state, filters);
  const [toDelete, setToDelete] = useState<OperatorRecallRow | null>(null);
  const [busy, setBusy] = useState(false);
  const title = t`Recalls`;

  const columns: DataTableColumn<OperatorRecallRow>[] = [
    { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
    { field: 'event_id', header: t`Event ID`, sortable: true, filterable: true, cell: (row) => row.event_id ?? '' },
    { field: 'supplier_name', header: t`Supplier`, sortable: true, filterable: true },
    {
      field: 'type',
      header: t`Type`,
      sortable: true,
      cell: (row) => labels.communicationTypes[row.type] ?? row.type,
    },
    {
      field: 'subtype',
      header: t`Subtype`,
      sortable: true,
      cell: (row) => (row.subtype ? (labels.subtypes[row.subtype] ?? row.subtype) : ''),
    },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel status={row.status} kind="communication" labels={labels.statuses} />,
    },
    {
      field: 'classification',
      header: t`Classification`,
      cell: (row) => (row.classification ? (labels.classifications[row.classification] ?? row.classification) : ''),
    },
    {
      // The FDA's word on each recall number the event names, beside the event's own classification and status.
      field: 'fda',
      header: t`FDA Recalls`,
      cell: (row) => (
        <ul className="grid gap-0.5" data-testid="recall-fda">
          {row.fda.map((f) => (
            <li key={f.recall_number}>
              <span className="font-medium">{f.recall_number}</span>{' '}
              {f.found ? (
                [
                  f.classification ? (labels.fdaClassifications[f.classification] ?? f.classification) : null,
                  f.status ? (labels.fdaStatuses[f.status] ?? f.status) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              ) : (
                <span className="text-muted-foreground">{t`Not in the imported FDA data yet`}</span>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    {
      field: 'status_provider',
      header: t`Provider Status`,
      cell: (row) =>
        row.status_provider ? (
          <StatusLabel status={row.status_provider} kind="response" labels={labels.statuses} />
        ) : (
          ''
        ),
    },
    {
      field: 'acknowledged_count',
      header: t`Acknowledged`,
      cell: (row) => `${row.acknowledged_count} / ${row.sent_count}`,
    },
    { field: 'event_date', header: t`Event Date`, sortable: true, cell: (row) => formatDate(row.event_date) },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (row) => formatDate(row.updated_at) },
  ];

  async function copy(row: OperatorRecallRow) {
    try {
      const created = await copyOperatorRecall(row.id);
      const name = created.name;
      toast.success(t`Copied to a new draft of the supplier: ${name}`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  function rowActions(row: OperatorRecallRow) {
    const actions: RowAction[] = [
      { id: 'view', label: t`View`, onSelect: () => navigate(`/notisphere/recalls/view/${row.id}`) },
      { id: 'copy', label: t`Copy`, onSelect: () => void copy(row) },
    ];
    // A sent event is kept for the record: only a draft can be deleted.
    if (row.status === 'DRAFT')
      actions.push({ id: 'delete', label: t`Delete`, destructive: true, onSelect: () => setToDelete(row) });
    return <RowActionsMenu label={t`Actions`} actions={actions} />;
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteOperatorRecall(toDelete.id, toDelete.organization_id);
      toast.success(t`Deleted successfully.`);
      setToDelete(null);
      await mutate();
    } catch (err) {
      setToDelete(null);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    ...(['DRAFT', 'OPEN', 'CLOSED'] as const).map((s) => ({ value: s, label: labels.statuses[s] ?? s })),
  ];
  const providerOptions = [
    { value: ALL, label: t`All provider statuses` },
    ...(['NOTCOMPLETED', 'COMPLETED'] as const).map((s) => ({ value: s, label: labels.statuses[s] ?? s })),
  ];
  const deleteName = toDelete?.name ?? '';

  return (
    <section className="grid gap-4" data-testid="operator-recalls">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadActions
            download={(format) => downloadRecallsReport(store, format, state, filters)}
            csvText={t`Recalls Report (CSV)`}
            xlsxText={t`Recalls Report (XLSX)`}
          />
          <DownloadActions
            download={(format) => downloadEventSummary(store, format, filters)}
            csvText={t`Event Summary (CSV)`}
            xlsxText={t`Event Summary (XLSX)`}
          />
        </div>
      </div>
      <Tabs
        value={category ?? ALL}
        onValueChange={(v) => {
          setFilter({ category: v === ALL ? undefined : (v as Category) });
        }}
      >
        <TabsList>
          <TabsTrigger value={ALL}>
            <Trans>All</Trans>
          </TabsTrigger>
          <TabsTrigger value="RECALL">{labels.communicationTypes.RECALL}</TabsTrigger>
          <TabsTrigger value="PRODUCT DISRUPTION">{labels.communicationTypes['PRODUCT DISRUPTION']}</TabsTrigger>
        </TabsList>
        {/* The list is the selected tab's panel (a tab must control an element that exists). */}
        <TabsContent value={category ?? ALL} className="space-y-4">
          <FilterBar>
            <FormField id="recalls-status" label={t`Status`}>
              <SimpleSelect
                className="w-48"
                options={statusOptions}
                value={status ?? ALL}
                onValueChange={(v) => {
                  setFilter({ status: v === ALL ? undefined : (v as OperatorRecallFilters['status']) });
                }}
              />
            </FormField>
            <FormField id="recalls-provider-status" label={t`Provider Status`}>
              <SimpleSelect
                className="w-48"
                options={providerOptions}
                value={statusProvider ?? ALL}
                onValueChange={(v) => {
                  setFilter({
                    statusProvider: v === ALL ? undefined : (v as OperatorRecallFilters['statusProvider']),
                  });
                }}
              />
            </FormField>
            <FormField id="recalls-supplier" label={t`Supplier`}>
              <SimpleSelect
                className="w-64"
                options={supplierOptions}
                value={organizationId !== undefined ? String(organizationId) : ALL}
                onValueChange={(v) => {
                  setFilter({ organizationId: v === ALL ? undefined : Number(v) });
                }}
              />
            </FormField>
          </FilterBar>
          <SavedFilters
            filterModel={state.filters}
            headers={Object.fromEntries(columns.map((c) => [c.field, c.header]))}
            onClear={() => setState((s) => ({ ...s, filters: {}, pageNumber: 1 }))}
          />
          <DataTable
            caption={title}
            columns={columns}
            columnChooser
            columnState={
              reconcileColumns(
                saved.columns ?? null,
                columns.map((c) => c.field),
              ) ?? undefined
            }
            onColumnStateChange={saved.setColumns}
            {...pageTableProps({ data, error, isLoading })}
            {...listStateProps(state, setState)}
            pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
            rowActions={rowActions}
            openRow={openRowAt((row) => `/notisphere/recalls/view/${row.id}`)}
            texts={texts}
          />
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        onConfirm={() => void confirmDelete()}
        title={t`Are you sure?`}
        description={t`Delete "${deleteName}"? This cannot be undone.`}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive
        loading={busy}
      />
    </section>
  );
}
