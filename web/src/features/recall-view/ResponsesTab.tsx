import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  Spinner,
  StatusLabel,
  type DataTableColumn,
} from '@portal/design-system';
import { useProviderCommunicationView, useProviderResponses, type ProviderResponse } from '../../api/communications';
import { AnswerWithFiles } from '../../shared/answers/AnswerFiles';
import { useLabels } from '../../shared/words/labels';
import { formatDate, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';
import { ResponseWords } from './CustomerResponse';
import { Row } from './DetailsTab';
import { DownloadAllFiles } from './DownloadAllFiles';

export function ResponsesTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-provider-responses', [
    'name',
    'status',
    'response_status',
    'sent_at',
    'acknowledged_at',
  ]);
  const { data, isLoading } = useProviderResponses(id, list.query);
  const [open, setOpen] = useState<number | null>(null);
  const columns: DataTableColumn<ProviderResponse>[] = [
    { field: 'name', header: t`Customer`, sortable: true, filterable: true, cell: (r) => r.customer_name },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.status} kind="communication" labels={labels.statuses} />,
    },
    {
      field: 'response_status',
      header: t`Response`,
      sortable: true,
      cell: (r) => <ResponseWords customer={r} labels={labels.statuses} />,
    },
    { field: 'sent_at', header: t`Sent`, sortable: true, cell: (r) => formatDate(r.sent_at) },
    { field: 'acknowledged_at', header: t`Acknowledged`, sortable: true, cell: (r) => formatDate(r.acknowledged_at) },
    { field: 'answered', header: t`Answered` },
  ];
  return (
    <>
      <div className="flex flex-wrap justify-end gap-2">
        <DownloadAllFiles id={id} reader="supplier" />
      </div>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(r) => String(r.provider_communication_id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Provider Responses`}
        rowActions={(r) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(r.provider_communication_id)}>
            <Trans>View</Trans>
          </Button>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Provider response</Trans>
          </DialogTitle>
          {open !== null ? <ProviderResponseDetail id={id} pcId={open} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ProviderResponseDetail({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data } = useProviderCommunicationView(id, pcId);
  if (!data) return <Spinner label={t`Loading...`} />;
  const pc = data.provider_communication;
  return (
    <div className="max-h-[70vh] space-y-3 overflow-auto text-sm">
      <dl>
        <Row label={t`Customer`}>{pc.customer_name}</Row>
        <Row label={t`Response`}>
          <ResponseWords customer={pc} labels={labels.statuses} />
        </Row>
        <Row label={t`Sent`}>{formatDate(pc.sent_at)}</Row>
        <Row label={t`Acknowledged`}>
          {[formatDate(pc.acknowledged_at), pc.acknowledged_by].filter(Boolean).join(' · ')}
        </Row>
      </dl>
      {data.actions?.length ? (
        // Title and answer on their own lines: a title ending in "?" reads badly followed by a colon.
        <dl className="space-y-2">
          {data.actions.map((a) => (
            <div key={a.id}>
              <dt className="font-medium">{a.title}</dt>
              <dd className="text-muted-foreground">
                {a.response?.status === 'SUBMITTED' ? (
                  <AnswerWithFiles value={a.response.value} files={a.files} />
                ) : (
                  t`No answer yet`
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
