import { Link } from 'wouter';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, formatDate, Spinner, StatusLabel } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { useProviderCount, useRecentProviderCommunications } from '../../api/provider';
import { authAtom } from '../../state/auth';
import { hasAnyPermission } from '../../shared/session/permissions';
import { containsFilter, percent, responseProgress } from './responseProgress';
import { openPath, providerBasePath } from '../../shared/lists/providerRowActions';
import { NewsCards } from './NewsCards';
import { TenantMetrics } from './TenantMetrics';
import { FdaRecallsCard } from './FdaRecallsCard';

const NO_FILTER = {};

function Count({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded-md border p-3 text-center" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value ?? '–'}</dd>
    </div>
  );
}

/** Counts of one type from list totals: event status, the provider's complete flag and response progress. */
function Counts({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const total = useProviderCount(type, NO_FILTER).data?.total;
  const open = useProviderCount(type, containsFilter('status', 'OPEN')).data?.total;
  const closed = useProviderCount(type, containsFilter('status', 'CLOSED')).data?.total;
  const flaggedComplete = useProviderCount(type, containsFilter('status_provider', 'COMPLETED')).data?.total;
  const containsCompleted = useProviderCount(type, containsFilter('response_status', 'COMPLETED')).data?.total;
  const notCompleted = useProviderCount(type, containsFilter('response_status', 'NOTCOMPLETED')).data?.total;
  const progress = responseProgress(total, containsCompleted, notCompleted);
  const key = type === 'RECALL' ? 'recall' : 'advisory';
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={t`Total`} value={total} testId={`count-${key}-total`} />
        <Count label={t`Open`} value={open} testId={`count-${key}-open`} />
        <Count label={t`Closed`} value={closed} testId={`count-${key}-closed`} />
        <Count label={t`Marked complete`} value={flaggedComplete} testId={`count-${key}-marked-complete`} />
      </dl>
      <div className="space-y-1" data-testid={`progress-${key}`}>
        <h3 className="text-sm font-semibold">
          <Trans>Response progress</Trans>
        </h3>
        {progress ? (
          <>
            <div
              className="h-2 w-full overflow-hidden rounded bg-muted"
              role="progressbar"
              aria-label={t`Responses completed`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent(progress.completed, progress.total)}
            >
              <div className="h-full bg-primary" style={{ width: `${percent(progress.completed, progress.total)}%` }} />
            </div>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Completed: {progress.completed} · In Progress: {progress.inProgress}
              </Trans>
            </p>
          </>
        ) : (
          <Spinner label={t`Loading...`} />
        )}
      </div>
    </div>
  );
}

function Recent({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const { data, isLoading, error } = useRecentProviderCommunications(type);
  if (isLoading) return <Spinner label={t`Loading...`} />;
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (!data?.items.length) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1">
            <Trans>Name</Trans>
          </th>
          <th>
            <Trans>Status</Trans>
          </th>
          <th>
            <Trans>Response</Trans>
          </th>
          <th>
            <Trans>Last Updated</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {data.items.map((row) => (
          <tr key={row.id} className="border-t">
            <td className="py-1">
              <Link href={openPath(row)} className="text-primary underline-offset-4 hover:underline">
                {row.name}
              </Link>
              {row.isProviderCreated ? (
                <span className="ml-2 text-xs text-muted-foreground">
                  <Trans>(internal)</Trans>
                </span>
              ) : null}
            </td>
            <td>
              <StatusLabel kind="communication" status={row.status} />
            </td>
            <td>
              <StatusLabel kind="response" status={row.response_status} />
            </td>
            <td>{formatDate(row.updated_at, 'datetime')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Panel({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const title = type === 'RECALL' ? t`Recalls` : t`Supply Advisories`;
  const base = providerBasePath(type);
  return (
    <section className="space-y-3 rounded-md border p-4" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link href={base} className="hover:underline">
            {title}
          </Link>
        </h2>
        <Button asChild size="sm" variant="outline">
          <Link href={`${base}/new`}>
            {type === 'RECALL' ? <Trans>New Recall</Trans> : <Trans>New Supply Advisory</Trans>}
          </Link>
        </Button>
      </div>
      <Counts type={type} />
      <h3 className="text-sm font-semibold">
        <Trans>Recent items</Trans>
      </h3>
      <Recent type={type} />
    </section>
  );
}

/** Provider dashboard: the provider's recalls and advisories by status and response progress, recent items. */
export default function DashboardPage() {
  const { t } = useLingui();
  const { permissions } = useAtomValue(authAtom);
  const recalls = hasAnyPermission(permissions, ['Provider_ManageRecalls']);
  const advisories = hasAnyPermission(permissions, ['Provider_ManageDisruption']);
  return (
    <section className="space-y-4" data-testid="provider-dashboard">
      <h1 className="text-2xl font-semibold">{t`Dashboard`}</h1>
      <NewsCards />
      {recalls || advisories ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {recalls ? <Panel type="RECALL" /> : null}
          {advisories ? <Panel type="PRODUCT DISRUPTION" /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Your role does not manage recalls or supply advisories.</Trans>
        </p>
      )}
      <FdaRecallsCard />
      <TenantMetrics side="provider" />
    </section>
  );
}
