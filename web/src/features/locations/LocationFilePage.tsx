import { useState } from 'react';
import { useStore } from 'jotai';
import { useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  GRID_PAGE_SIZE_OPTIONS,
  Label,
  RowActionsMenu,
  SimpleSelect,
  StatusLabel,
  TextInput,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import {
  bulkAccept,
  completeJob,
  type Decision,
  DECISIONS,
  decideRow,
  isMatching,
  isReviewable,
  PRE_PROCESSOR_PATH,
  type PreProcessorRow,
  useKnownProviders,
  usePreProcessorJob,
} from '../../api/locationPreProcessor';
import { identifierText, useLabels } from '../../shared/words/labels';
import { errorText, formatDate, PageHeader, useGridTexts } from '../../shared/lists/table';
import { Confidence, DecisionLabel, JobProgress, percent, useDecisionWords } from './preProcessorParts';
import { NotFound, RecordError, recordId } from '../../shared/NotFound';

const ALL = 'ALL';
const BASE = '/notisphere/location-pre-processor';

/** /notisphere/location-pre-processor/view/:id: the job, its progress and its rows (read-only). */
export default function LocationFileViewPage() {
  return <LocationFilePage editable={false} />;
}

const place = (r: { address: string | null; city: string | null; state: string | null; zip: string | null }) =>
  [r.address, r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * A pre-processor job with its rows, filtered by decision and searched. `editable` (/edit/:id) adds the review: accept a
 * candidate, pick another known provider by search, mark unmatched, bulk-accept REVIEW rows at or above a confidence,
 * and complete the job (its matched rows become the supplier's locations, unverified). Every decision is audited by
 * the server.
 */
export function LocationFilePage({ editable }: { editable: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const texts = useGridTexts();
  const words = useDecisionWords();
  const [, navigate] = useLocation();
  // 0: the address names no job (the not-found page below).
  const id = recordId(useParams<{ id: string }>().id) ?? 0;
  const [decision, setDecision] = useState<string>(editable ? 'REVIEW' : ALL);
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [threshold, setThreshold] = useState(90);
  const [busy, setBusy] = useState(false);
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [picking, setPicking] = useState<PreProcessorRow | null>(null);
  const { data, error, isLoading, mutate } = usePreProcessorJob(id || null, {
    pageNumber,
    pageSize,
    decision: decision === ALL ? undefined : (decision as Decision),
    search,
  });
  const job = data?.job;
  const canDecide = editable && isReviewable(job);

  async function run<T>(work: () => Promise<T>, done: (result: T) => string) {
    setBusy(true);
    try {
      const result = await work();
      toast.success(done(result));
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const decide = (row: PreProcessorRow, body: { knownProviderId: number } | { decision: 'UNMATCHED' }) =>
    run(
      () => decideRow(id, row.id, body),
      () => t`Row ${row.rowNumber} saved.`,
    );

  const columns: DataTableColumn<PreProcessorRow>[] = [
    { field: 'rowNumber', header: t`Row`, hideable: false },
    { field: 'name', header: t`Name`, cell: (r) => r.input.name ?? '' },
    { field: 'address', header: t`Address`, cell: (r) => place(r.input) },
    { field: 'phone', header: t`Phone`, cell: (r) => r.input.phone ?? '' },
    { field: 'decision', header: t`Decision`, cell: (r) => <DecisionLabel decision={r.decision} /> },
    { field: 'confidence', header: t`Confidence`, cell: (r) => <Confidence value={r.confidence} /> },
    { field: 'knownProviderName', header: t`Provider`, cell: (r) => r.knownProviderName ?? '' },
    {
      field: 'candidates',
      header: t`Candidates`,
      cell: (r) =>
        r.candidates.length ? (
          <ol className="grid gap-1 text-xs">
            {r.candidates.map((c) => (
              <li key={c.knownProviderId} className="flex flex-wrap items-center gap-2">
                <span>
                  <span className="font-medium">{c.name}</span> · {place(c)}
                  {c.externalId ? ` · ${c.externalId}` : ''} · <span className="tabular-nums">{percent(c.score)}</span>
                </span>
                {canDecide && c.knownProviderId !== r.knownProviderId ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={t`Accept ${c.name} for row ${r.rowNumber}`}
                    onClick={() => void decide(r, { knownProviderId: c.knownProviderId })}
                  >
                    <Trans>Accept</Trans>
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null,
    },
    {
      field: 'decidedBy',
      header: t`Decided By`,
      defaultHidden: !editable,
      cell: (r) => (r.decidedBy ? `${r.decidedBy} ${formatDate(r.decidedAt)}` : ''),
    },
  ];

  if (id === 0) return <NotFound />;
  if (error) return <RecordError error={error} fallback={t`Unknown error`} />;
  const decisionOptions = [
    { value: ALL, label: t`All decisions` },
    ...DECISIONS.map((d) => ({ value: d, label: words[d] })),
  ];

  return (
    <section className="space-y-4" data-testid={editable ? 'location-file-edit' : 'location-file-view'}>
      <PageHeader title={job ? job.fileName : editable ? t`Edit Location File` : t`View Location File`}>
        {job ? (
          <Button
            variant="outline"
            onClick={() =>
              void downloadFile(store, `${PRE_PROCESSOR_PATH}/document/${job.id}`, undefined, job.fileName).catch(
                (err: unknown) => toast.danger(errorText(err, t`Nothing to download`)),
              )
            }
          >
            <Trans>Download file</Trans>
          </Button>
        ) : null}
        {!editable && isReviewable(job) ? (
          <Button onClick={() => navigate(`${BASE}/edit/${id}`)}>
            <Trans>Review</Trans>
          </Button>
        ) : null}
        {canDecide ? (
          <Button disabled={busy} onClick={() => setConfirmComplete(true)}>
            <Trans>Complete job</Trans>
          </Button>
        ) : null}
      </PageHeader>
      {job ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4" data-testid="job-summary">
          <div>
            <dt className="text-muted-foreground">
              <Trans>Supplier</Trans>
            </dt>
            <dd>{job.supplierName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Status</Trans>
            </dt>
            <dd>
              <StatusLabel status={job.status} kind="job" labels={labels.statuses} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Progress</Trans>
            </dt>
            <dd>
              <JobProgress job={job} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Decisions</Trans>
            </dt>
            <dd>
              {words.MATCHED}: {job.matchedRows} · {words.REVIEW}: {job.reviewRows} · {words.UNMATCHED}:{' '}
              {job.unmatchedRows}
            </dd>
          </div>
          {job.errorMessage ? (
            <p role="alert" className="col-span-full text-destructive">
              {job.errorMessage}
            </p>
          ) : null}
          {isMatching(job) ? (
            <p className="col-span-full text-muted-foreground" aria-live="polite">
              <Trans>Matching in progress: the page refreshes by itself.</Trans>
            </p>
          ) : null}
        </dl>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="lpp-decision">
            <Trans>Decision</Trans>
          </Label>
          <SimpleSelect
            id="lpp-decision"
            className="w-48"
            options={decisionOptions}
            value={decision}
            onValueChange={(v) => {
              setDecision(v);
              setPageNumber(1);
            }}
          />
        </div>
        {canDecide ? (
          <fieldset className="m-0 flex flex-wrap items-end gap-2 border-0 p-0" data-testid="bulk-accept">
            <legend className="sr-only">{t`Accept the best candidate of every REVIEW row at or above`}</legend>
            <div className="grid gap-1">
              <Label htmlFor="lpp-threshold">
                <Trans>Minimum confidence (%)</Trans>
              </Label>
              <div className="flex items-center gap-2">
                <input
                  type="range"
                  min={0}
                  max={100}
                  step={1}
                  value={threshold}
                  aria-label={t`Minimum confidence slider`}
                  onChange={(e) => setThreshold(Number(e.target.value))}
                />
                <TextInput
                  id="lpp-threshold"
                  type="number"
                  min={0}
                  max={100}
                  className="w-20"
                  value={String(threshold)}
                  onChange={(e) => setThreshold(Math.max(0, Math.min(100, Number(e.target.value) || 0)))}
                />
              </div>
            </div>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                void run(
                  () => bulkAccept(id, threshold / 100),
                  (r) => t`${r.accepted} rows accepted.`,
                )
              }
            >
              <Trans>Accept all at or above {threshold}%</Trans>
            </Button>
          </fieldset>
        ) : null}
      </div>
      <DataTable
        columns={columns}
        rows={data?.rows?.items ?? []}
        getRowId={(r) => String(r.id)}
        total={data?.rows?.total ?? 0}
        pageNumber={pageNumber}
        pageSize={pageSize}
        onPageChange={setPageNumber}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPageNumber(1);
        }}
        onSearchChange={(text) => {
          setSearch(text);
          setPageNumber(1);
        }}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        loading={isLoading}
        texts={texts}
        caption={t`Rows`}
        rowActions={
          canDecide
            ? (row) => (
                <RowActionsMenu
                  label={t`Actions`}
                  actions={[
                    { id: 'pick', label: t`Pick another provider`, onSelect: () => setPicking(row) },
                    ...(row.decision !== 'UNMATCHED'
                      ? [
                          {
                            id: 'unmatched',
                            label: t`Mark unmatched`,
                            onSelect: () => void decide(row, { decision: 'UNMATCHED' }),
                          },
                        ]
                      : []),
                  ]}
                />
              )
            : undefined
        }
      />
      {picking ? (
        <ProviderPicker
          row={picking}
          onClose={() => setPicking(null)}
          onPick={(providerId) => {
            const row = picking;
            setPicking(null);
            void decide(row, { knownProviderId: providerId });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirmComplete}
        onOpenChange={setConfirmComplete}
        onConfirm={() => {
          setConfirmComplete(false);
          void run(
            () => completeJob(id),
            (r) => t`Job completed: ${r.created} locations created, ${r.updated} updated, ${r.skipped} rows left out.`,
          );
        }}
        title={t`Are you sure?`}
        description={t`The matched rows become the supplier's locations, to be verified by their providers. Rows still in review are left out.`}
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        loading={busy}
      />
    </section>
  );
}

/** Picks any known provider for a row, searched by name, city, ZIP or identifier. */
function ProviderPicker({
  row,
  onClose,
  onPick,
}: {
  row: PreProcessorRow;
  onClose: () => void;
  onPick: (knownProviderId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState(row.input.name ?? '');
  const { data, isLoading } = useKnownProviders({ pageNumber: 1, pageSize: 10, search });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`}>
        <DialogTitle>{t`Pick a provider for row ${row.rowNumber}`}</DialogTitle>
        <div className="grid gap-1">
          <Label htmlFor="lpp-provider-search">
            <Trans>Search known providers</Trans>
          </Label>
          <TextInput id="lpp-provider-search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {isLoading ? (
          <p>
            <Trans>Loading results...</Trans>
          </p>
        ) : (
          <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label={t`Known providers`}>
            {(data?.items ?? []).map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 rounded border p-2 text-sm">
                <span>
                  <span className="font-medium">{p.name}</span> · {place(p)}
                  {p.externalIds[0] ? ` · ${identifierText(p.externalIds[0], i18n.locale)}` : ''}
                </span>
                <Button size="sm" aria-label={t`Choose ${p.name}`} onClick={() => onPick(p.id)}>
                  <Trans>Choose</Trans>
                </Button>
              </li>
            ))}
            {data && data.items.length === 0 ? (
              <li className="text-muted-foreground">
                <Trans>No record found</Trans>
              </li>
            ) : null}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
