import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogTitle, Spinner } from '@portal/design-system';
import { useActionAnswers, useActionCounts } from '../../api/communications';
import { AnswerWithFiles } from '../../shared/answers/AnswerFiles';
import { useLabels } from '../../shared/words/labels';
import { formatDate } from '../../shared/lists/table';
import { DownloadAllFiles } from './DownloadAllFiles';

export function ActionsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data } = useActionCounts(id);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap justify-end gap-2">
        <DownloadAllFiles id={id} reader="supplier" />
      </div>
      <ol className="divide-y rounded-md border">
        {(data ?? []).map((a) => {
          const submitted = a.submitted;
          const drafts = a.drafts;
          const due = a.due_date ? formatDate(a.due_date) : null;
          return (
            <li key={a.id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 p-3 text-left text-sm hover:bg-accent"
                onClick={() => setOpen(a.id)}
              >
                <span>
                  {a.title}{' '}
                  <span className="text-muted-foreground">({labels.actionTypes[a.action_type] ?? a.action_type})</span>
                  {due ? (
                    <span className="block text-xs text-muted-foreground">
                      <Trans>Due {due}</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="text-muted-foreground">
                  <Trans>
                    {submitted} submitted, {drafts} drafts
                  </Trans>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent closeLabel={t`Close`}>
          <DialogTitle>
            <Trans>Answers</Trans>
          </DialogTitle>
          {open !== null ? <ActionAnswersList id={id} actionId={open} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ActionAnswersList({ id, actionId }: { id: number; actionId: number }) {
  const { t } = useLingui();
  const { data } = useActionAnswers(id, actionId);
  if (!data) return <Spinner label={t`Loading...`} />;
  if (data.responses.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <ul className="max-h-96 space-y-2 overflow-auto text-sm">
      {data.responses.map((r) => (
        <li key={r.id} className="rounded-md border p-2">
          <strong>{r.customer_name}</strong> · {r.responder_email} · {formatDate(r.submitted_at)}
          <AnswerWithFiles value={r.value} files={r.files} />
        </li>
      ))}
    </ul>
  );
}
