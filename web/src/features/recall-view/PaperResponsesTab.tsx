import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  StatusLabel,
  useToast,
  type DataTableColumn,
} from '@portal/design-system';
import type { Communication } from '../../api/communications';
import { deletePaperResponse, usePaperResponses, type PaperResponseRow } from '../../api/paper';
import { useLabels } from '../../shared/words/labels';
import { errorText, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';
import { PaperResponseForm } from './PaperResponseForm';
import { PaperImport } from './PaperImport';

/** Paper responses of a sent event (spec 001 §7.5): answers that came back by fax or mail, keyed in by the supplier. */
export function PaperResponsesTab({ event }: { event: Communication }) {
  const { t } = useLingui();
  const labels = useLabels();
  const texts = useTableTexts();
  const toast = useToast();
  const list = useListState('supplier-paper-responses', [
    'customer_name',
    'location_name',
    'responder_name',
    'response_date',
    'response_status',
  ]);
  const sent = event.status === 'OPEN' || event.status === 'CLOSED';
  const { data, isLoading, mutate } = usePaperResponses(event.id, list.query);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaperResponseRow | null>(null);
  const [busy, setBusy] = useState(false);
  if (!sent) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="paper-responses-tab">
        <Trans>Paper responses can be recorded once the event has been sent.</Trans>
      </p>
    );
  }
  const columns: DataTableColumn<PaperResponseRow>[] = [
    { field: 'customer_name', header: t`Customer`, sortable: true },
    { field: 'location_name', header: t`Location`, sortable: true, cell: (r) => r.location_name ?? '' },
    { field: 'responder_name', header: t`Responder Name`, sortable: true },
    { field: 'response_date', header: t`Response Date`, sortable: true },
    { field: 'answers', header: t`Answered` },
    {
      field: 'response_status',
      header: t`Response`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.response_status} kind="response" labels={labels.statuses} />,
    },
  ];
  return (
    <div className="grid gap-3" data-testid="paper-responses-tab">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing('new')}>
          <Trans>Add paper response</Trans>
        </Button>
        <PaperImport communicationId={event.id} onImported={() => void mutate()} />
      </div>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(r) => String(r.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        loading={isLoading}
        texts={texts}
        caption={t`Paper Responses`}
        rowActions={(r) => (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(r.id)}>
              <Trans>Edit</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeleting(r)}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        )}
      />
      <Dialog open={editing !== null} onOpenChange={(o) => (o ? undefined : setEditing(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            {editing === 'new' ? <Trans>Add paper response</Trans> : <Trans>Edit paper response</Trans>}
          </DialogTitle>
          {editing !== null ? (
            <PaperResponseForm
              communicationId={event.id}
              paperResponseId={editing === 'new' ? null : editing}
              onSaved={() => {
                setEditing(null);
                void mutate();
                toast.success(t`The paper response has been saved.`);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        onConfirm={() => {
          if (!deleting) return;
          setBusy(true);
          deletePaperResponse(deleting.id)
            .then(() => {
              toast.success(t`The paper response has been deleted.`);
              void mutate();
            })
            .catch((err: unknown) => toast.danger(errorText(err, t`Unknown error`)))
            .finally(() => {
              setBusy(false);
              setDeleting(null);
            });
        }}
        title={t`Are you sure?`}
        description={
          deleting ? t`Delete the paper response of ${deleting.customer_name}? Its answers are removed.` : undefined
        }
        confirmText={t`Confirm`}
        cancelText={t`Cancel`}
        destructive
        loading={busy}
      />
    </div>
  );
}
