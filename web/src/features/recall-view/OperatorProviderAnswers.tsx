import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '@portal/design-system';
import { useOperatorResponseDetail } from '../../api/operator';
import { AnswerWithFiles } from '../../shared/answers/AnswerFiles';
import { formatDate } from '../../shared/lists/table';

/**
 * One receiver's answers on the operator's View Recall (GET /notisphere/communications/responses/{id}/{pcId}, read-only
 * and audited): each action with its answer in words and its files by name, with preview and download.
 */
export function OperatorProviderAnswers({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const { data, error } = useOperatorResponseDetail(id, pcId);
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (!data) return <Spinner label={t`Loading...`} />;
  if (data.actions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    // Title and answer on their own lines: a title ending in "?" reads badly followed by a colon.
    <dl className="max-h-[70vh] space-y-2 overflow-auto text-sm" data-testid="operator-provider-answers">
      {data.actions.map((a) => (
        <div key={a.action_id}>
          <dt className="font-medium">{a.title}</dt>
          <dd className="text-muted-foreground">
            {a.value && a.status !== 'NA' ? (
              <>
                <AnswerWithFiles value={a.value} files={a.files} />
                <span className="text-xs">
                  {[
                    a.status === 'DRAFT' ? t`Draft` : null,
                    a.responder_email,
                    formatDate(a.submitted_at ?? a.updated_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </>
            ) : (
              t`No answer yet`
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
