import { useState } from 'react';
import { useStore } from 'jotai';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  useToast,
  type DataTableColumn,
  type RowAction,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import {
  isMatching,
  isReviewable,
  JOB_STATUSES,
  type JobStatus,
  PRE_PROCESSOR_PATH,
  type PreProcessorJob,
  removeJob,
  usePreProcessorJobs,
  usePreProcessorSuppliers,
} from '../../api/locationPreProcessor';
import { ALL, FilterBar } from '../../shared/lists/filters';
import { useLabels } from '../../shared/words/labels';
import {
  errorText,
  formatDate,
  listTableProps,
  openRowAt,
  PageHeader,
  useListState,
  useGridTexts,
} from '../../shared/lists/table';
import { JobProgress } from './preProcessorParts';

const BASE = '/notisphere/location-pre-processor';

/**
 * /notisphere/location-pre-processor: the operator's location files (jobs) with their matching progress, filtered by
 * status and supplier name (saved per user, spec 000 §3) and searched. A job is viewed, reviewed while it has rows to
 * decide, its original file downloaded, or removed (soft).
 */
export default function LocationPreProcessorPage() {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const texts = useGridTexts();
  const [, navigate] = useLocation();
  // The two filters live in the list's saved filterModel (this list has no column filters), so they are kept per user.
  const list = useListState('notisphere-location-pre-processor', [
    'fileName',
    'supplierName',
    'status',
    'progress',
    'matchedRows',
    'reviewRows',
    'unmatchedRows',
    'createdAt',
    'createdBy',
  ]);
  const status = list.filterModel.status?.filter as JobStatus | undefined;
  const suppliername = list.filterModel.suppliername?.filter;
  const setFilter = (field: 'status' | 'suppliername', value: string) => {
    const { [field]: _old, ...rest } = list.filterModel;
    list.setFilterModel(
      value === ALL ? rest : { ...rest, [field]: { filterType: 'text', type: 'contains', filter: value } },
    );
  };
  const { filterModel: _saved, ...query } = list.query;
  const { data, error, isLoading, mutate } = usePreProcessorJobs(query, { status, suppliername });
  const { data: suppliers } = usePreProcessorSuppliers();
  const [toRemove, setToRemove] = useState<PreProcessorJob | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!toRemove) return;
    setBusy(true);
    try {
      await removeJob(toRemove.id);
      toast.success(t`Deleted successfully.`);
      setToRemove(null);
      await mutate();
    } catch (err) {
      setToRemove(null);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function downloadOriginal(job: PreProcessorJob) {
    try {
      await downloadFile(store, `${PRE_PROCESSOR_PATH}/document/${job.id}`, undefined, job.fileName);
    } catch (err) {
      toast.danger(errorText(err, t`Nothing to download`));
    }
  }

  function actions(job: PreProcessorJob) {
    const items: RowAction[] = [{ id: 'view', label: t`View`, onSelect: () => navigate(`${BASE}/view/${job.id}`) }];
    // Rows are decided once the matcher is done, until the job is completed.
    if (isReviewable(job))
      items.push({ id: 'edit', label: t`Review`, onSelect: () => navigate(`${BASE}/edit/${job.id}`) });
    items.push({ id: 'download', label: t`Download file`, onSelect: () => void downloadOriginal(job) });
    if (job.status !== 'DEACTIVATED')
      items.push({ id: 'delete', label: t`Delete`, destructive: true, onSelect: () => setToRemove(job) });
    return <RowActionsMenu label={t`Actions`} actions={items} />;
  }

  const columns: DataTableColumn<PreProcessorJob>[] = [
    { field: 'fileName', header: t`File`, sortable: true, hideable: false },
    { field: 'supplierName', header: t`Supplier`, sortable: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (job) => <StatusLabel status={job.status} kind="job" labels={labels.statuses} />,
    },
    { field: 'progress', header: t`Progress`, cell: (job) => <JobProgress job={job} /> },
    { field: 'matchedRows', header: t`Matched`, sortable: true },
    { field: 'reviewRows', header: t`Review`, sortable: true },
    { field: 'unmatchedRows', header: t`Unmatched`, sortable: true },
    { field: 'createdAt', header: t`Uploaded`, sortable: true, cell: (job) => formatDate(job.createdAt) },
    { field: 'createdBy', header: t`Uploaded By`, cell: (job) => job.createdBy ?? '' },
  ];
  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    ...JOB_STATUSES.map((s) => ({ value: s, label: labels.statuses[s] ?? s })),
  ];
  const supplierOptions = [
    { value: ALL, label: t`All suppliers` },
    ...(suppliers ?? []).map((s) => ({ value: s.name, label: s.name })),
  ];
  const running = data?.items.some(isMatching);

  return (
    <section className="space-y-4" data-testid="location-pre-processor">
      <PageHeader title={t`Location Pre-Processor`}>
        <Button variant="outline" onClick={() => navigate(`${BASE}/known-providers`)}>
          <Trans>Known Providers</Trans>
        </Button>
        <Button onClick={() => navigate(`${BASE}/new`)}>
          <Trans>Upload location file</Trans>
        </Button>
      </PageHeader>
      <FilterBar>
        <FormField id="lpp-status" label={t`Status`}>
          <SimpleSelect
            className="w-48"
            options={statusOptions}
            value={status ?? ALL}
            onValueChange={(v) => setFilter('status', v)}
          />
        </FormField>
        <FormField id="lpp-supplier" label={t`Supplier`}>
          <SimpleSelect
            className="w-64"
            options={supplierOptions}
            value={suppliername ?? ALL}
            onValueChange={(v) => setFilter('suppliername', v)}
          />
        </FormField>
        {running ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            <Trans>Matching in progress: the list refreshes by itself.</Trans>
          </p>
        ) : null}
      </FilterBar>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(job) => String(job.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        {...listTableProps(list)}
        onFilterChange={undefined}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        loading={isLoading}
        error={error ? error.message : null}
        texts={texts}
        caption={t`Location Pre-Processor`}
        rowActions={actions}
        openRow={openRowAt((job) => `${BASE}/view/${job.id}`)}
      />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => (open ? undefined : setToRemove(null))}
        onConfirm={() => void remove()}
        title={t`Are you sure?`}
        description={toRemove ? t`Delete the location file ${toRemove.fileName}?` : undefined}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive
        loading={busy}
      />
    </section>
  );
}
