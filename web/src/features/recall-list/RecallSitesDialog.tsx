import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogTitle, formatDate, StatusLabel } from '@portal/design-system';
import { useRecallSites, type ByRecallRow, type RecallSiteRow } from '../../api/worklist';
import { viewPath } from '../../shared/lists/providerRowActions';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { useResponseColumns } from '../../shared/lists/listState';
import { DueDate } from '../../shared/worklist/DueDate';
import { OwnerName } from '../../shared/worklist/OwnerDialogs';

/** One site's notice: acknowledged or not, its answers, overdue, owner, and a link to it. */
function SiteCard({ recall, site }: { recall: ByRecallRow; site: RecallSiteRow }) {
  const { t } = useLingui();
  const { responseLabels } = useResponseColumns();
  const labels = site.not_affected_reason ? { ...responseLabels, COMPLETED: t`Not affected` } : responseLabels;
  const siteName = site.site_name ?? t`Our organization`;
  const acknowledgedAt = site.acknowledged_at ? formatDate(site.acknowledged_at, 'datetime') : '';
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="recall-site">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={viewPath({ type: recall.type, communication_id: recall.communication_id, id: site.id })}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {siteName}
        </Link>
        <span className="flex flex-wrap items-center gap-1">
          <StatusLabel kind="response" status={site.response_status} labels={labels} />
          {site.overdue ? (
            <span className="text-xs font-medium text-destructive">
              <Trans>Overdue</Trans>
            </span>
          ) : null}
        </span>
      </div>
      <p className="text-muted-foreground">
        {site.acknowledged_at ? (
          <Trans>Acknowledged on {acknowledgedAt}</Trans>
        ) : (
          <span className="text-destructive">
            <Trans>Not acknowledged</Trans>
          </span>
        )}
      </p>
      {site.not_affected_reason ? (
        <p className="break-words text-muted-foreground">
          <Trans>Not affected:</Trans> {site.not_affected_reason}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-3 text-muted-foreground">
        <span>
          <Trans>Owner:</Trans> <OwnerName name={site.owner_name} />
        </span>
        <DueDate
          dueDate={site.due_date}
          daysLeft={site.days_left}
          overdue={site.overdue}
          settled={site.response_status === 'COMPLETED'}
        />
      </p>
    </li>
  );
}

/** How each site stands on one recall (by-recall/:communicationId/sites), with a link to each site's notice. */
export function RecallSitesDialog({ recall, onClose }: { recall: ByRecallRow; onClose: () => void }) {
  const { t } = useLingui();
  const { data, error } = useRecallSites(recall.communication_id);
  const name = recall.name;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto sm:max-w-2xl">
        <DialogTitle>{name}</DialogTitle>
        <DialogDescription>
          <Trans>How each site stands on this notice.</Trans>
        </DialogDescription>
        {error ? (
          <FormError>{error.message || t`Unknown error`}</FormError>
        ) : !data ? (
          <FormLoading />
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No record found</Trans>
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t`Sites`}>
            {data.map((site) => (
              <SiteCard key={site.id} recall={recall} site={site} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
