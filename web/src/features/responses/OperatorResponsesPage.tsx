import { useState, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  formatDate,
  RowActionsMenu,
  Spinner,
  StatusLabel,
  type DataTableColumn,
} from '@portal/design-system';
import {
  downloadOperatorResponses,
  useOperatorResponseDetail,
  useOperatorResponses,
  type OperatorActionAnswer,
  type OperatorResponseRow,
} from '../../api/operator';
import { answerText } from '../../shared/answers/answers';
import { AnswerFiles } from '../../shared/answers/AnswerFiles';
import { useAnswerWords } from '../../shared/answers/useAnswerWords';
import { listStateProps, useResponseColumns } from '../../shared/lists/listState';
import { openRowWith, PageHeader, pageTableProps, SavedFilters, useTableTexts } from '../../shared/lists/table';
import { DownloadActions } from '../../shared/lists/downloads';
import { reconcileColumns } from '../../shared/lists/preferences';
import { useSavedListState } from '../../shared/lists/savedList';
import { listDefaults } from '../../shared/lists/listDefaults';

/**
 * The operator's eR responses (NotiSphere_ResponderRole): every provider's responses, read-only. Rows of other users give
 * View only (spec 000 §4), which opens the answers of that provider communication in a dialog.
 */
export default function ResponsesPage() {
  const { t } = useLingui();
  const store = useStore();
  // Saved per user (spec 000 §3), from the operator's defaults: the server's order (newest change first), which it
  // serves off an index at any size.
  const saved = useSavedListState('operator-er-responses', listDefaults('operator-er-responses'));
  const { state, setState } = saved;
  const { data, error, isLoading } = useOperatorResponses(state);
  const shared = useResponseColumns();
  const texts = useTableTexts();
  const [open, setOpen] = useState<OperatorResponseRow | null>(null);
  const title = t`eR Responses`;

  const columns: DataTableColumn<OperatorResponseRow>[] = [
    { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
    shared.type,
    {
      field: 'supplier_name',
      header: t`Supplier`,
      sortable: true,
      filterable: true,
      cell: (row) => row.supplier_name ?? '',
    },
    { field: 'provider_name', header: t`Provider`, sortable: true, filterable: true },
    { field: 'site_name', header: t`Site`, sortable: true, filterable: true, cell: (row) => row.site_name ?? '' },
    shared.responder,
    shared.responseStatus,
    {
      field: 'responded_at',
      header: t`Responded`,
      sortable: true,
      cell: (row) => (row.responded_at ? formatDate(row.responded_at, 'datetime') : ''),
    },
  ];

  const headers = Object.fromEntries(columns.map((c) => [c.field, c.header]));

  return (
    <div className="grid gap-4">
      <PageHeader title={title}>
        {/* The file holds what the screen shows: the list's search, column filters and sort, every page. */}
        <DownloadActions download={(format) => downloadOperatorResponses(store, state, format)} />
      </PageHeader>
      <SavedFilters
        filterModel={state.filters}
        headers={headers}
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
        getRowId={(row) => row.row_key}
        {...listStateProps(state, setState)}
        openRow={openRowWith(setOpen)}
        rowActions={(row) => (
          <RowActionsMenu actions={[{ id: 'view', label: t`View`, onSelect: () => setOpen(row) }]} label={t`Actions`} />
        )}
        texts={texts}
      />
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Provider response</Trans>
          </DialogTitle>
          {open ? <ResponseDetail id={open.communication_id} pcId={open.id} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ResponseDetail({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const shared = useResponseColumns();
  const { data, error } = useOperatorResponseDetail(id, pcId);
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (!data) return <Spinner label={t`Loading...`} />;
  const c = data.communication;
  const facts: [string, ReactNode][] = [
    [t`Name`, c.name],
    [t`Event ID`, c.event_id ?? ''],
    [t`Type`, shared.type.cell(c)],
    [t`Supplier`, c.supplier_name ?? ''],
    [t`Provider`, data.provider.name],
    [t`Site`, data.site?.name ?? ''],
    [t`Status`, <StatusLabel key="status" kind="communication" status={data.status} />],
    [t`Response`, shared.responseStatus.cell(data)],
    [
      t`Acknowledged`,
      data.acknowledged
        ? [formatDate(data.acknowledged_at, 'datetime'), data.acknowledged_by].filter(Boolean).join(' · ')
        : t`No`,
    ],
  ];
  return (
    <div className="max-h-[70vh] space-y-3 overflow-auto text-sm">
      <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1">
        {facts.map(([label, value]) => [
          <dt key={`${label}-t`} className="text-muted-foreground">
            {label}
          </dt>,
          <dd key={`${label}-d`}>{value}</dd>,
        ])}
      </dl>
      {data.actions.length ? (
        <ol className="list-inside list-decimal space-y-2" aria-label={t`Actions`}>
          {data.actions.map((a) => (
            <li key={a.action_id}>
              <span className="font-medium">{a.title}</span>: <Answer action={a} />
              {a.responder_email ? (
                <div className="text-muted-foreground">
                  {a.responder_email} · {formatDate(a.submitted_at ?? a.updated_at, 'datetime')}
                </div>
              ) : null}
              <AnswerFiles files={a.files} className="mt-1" />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** An action's answer in words; files are listed as links beside it. A draft is marked as such. */
function Answer({ action }: { action: OperatorActionAnswer }) {
  const { t } = useLingui();
  const words = useAnswerWords();
  if (!action.value || action.status === 'NA') return <span className="text-muted-foreground">{t`No answer yet`}</span>;
  const { valueImage: _images, valueDocument: _documents, ...value } = action.value;
  const text =
    action.action_type === 'Acknowledge' ? (value.valueAcknowledge ? t`Acknowledged` : '') : answerText(value, words);
  return (
    <span className="text-muted-foreground">
      {text}
      {action.status === 'DRAFT' ? ` (${t`Draft`})` : ''}
    </span>
  );
}
