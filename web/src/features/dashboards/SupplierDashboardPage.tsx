import { useLocation } from 'wouter';
import { useAtomValue, useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner, StatusLabel, useToast } from '@portal/design-system';
import {
  dashboardReportPath,
  useCommunications,
  useCommunicationSummary,
  type CommunicationRow,
  type CommunicationType,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { authAtom } from '../../state/auth';
import { hasAnyPermission } from '../../shared/session/permissions';
import { basePath, useLabels } from '../../shared/words/labels';
import { errorText, formatDate, PageHeader } from '../../shared/lists/table';
import { NewsCards } from './NewsCards';
import { TenantMetrics } from './TenantMetrics';
import { SupplierWorklist } from './SupplierWorklist';

const STATUSES = ['DRAFT', 'OPEN', 'CLOSED'] as const;
const filter = (status: string) => ({
  status: { filterType: 'text' as const, type: 'contains' as const, filter: status },
});

/** One count of events in a status, from the list total (pageSize 1). */
function useStatusCount(type: CommunicationType, status: string) {
  const { data } = useCommunications(
    type,
    { pageNumber: 1, pageSize: 1, filterModel: filter(status) },
    { errorModal: false },
  );
  return data?.total;
}

function StatusCounts({ type }: { type: CommunicationType }) {
  const labels = useLabels();
  const draft = useStatusCount(type, 'DRAFT');
  const open = useStatusCount(type, 'OPEN');
  const closed = useStatusCount(type, 'CLOSED');
  const counts: Record<(typeof STATUSES)[number], number | undefined> = { DRAFT: draft, OPEN: open, CLOSED: closed };
  return (
    <dl className="grid grid-cols-3 gap-2">
      {STATUSES.map((s) => (
        <div key={s} className="rounded-md border p-3 text-center" data-testid={`count-${type}-${s}`}>
          <dt className="text-xs text-muted-foreground">{labels.statuses[s]}</dt>
          <dd className="text-2xl font-semibold">{counts[s] ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Rates({ row }: { row: CommunicationRow }) {
  const { data } = useCommunicationSummary(row.status === 'DRAFT' ? null : row.id);
  if (!data) {
    const ack = row.sent_count ? Math.round((row.acknowledged_count / row.sent_count) * 100) : 0;
    const done = row.sent_count ? Math.round((row.completed_count / row.sent_count) * 100) : 0;
    return (
      <span className="text-muted-foreground">
        {ack}% / {done}%
      </span>
    );
  }
  const ack = data.acknowledgement_rate;
  const done = data.completion_rate;
  return (
    <span>
      {ack}% / {done}%
    </span>
  );
}

function Recent({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const labels = useLabels();
  const [, navigate] = useLocation();
  const { data, isLoading } = useCommunications(
    type,
    { pageNumber: 1, pageSize: 5, sort: [{ field: 'updated_at', direction: 'desc' }] },
    { errorModal: false },
  );
  if (isLoading) return <Spinner label={t`Loading...`} />;
  if (!data?.items.length) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    // Long names wrap inside their own cell; badges, rates and dates never wrap into their neighbours.
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-3 font-medium">
              <Trans>Name</Trans>
            </th>
            <th className="py-1 pr-3 font-medium whitespace-nowrap">
              <Trans>Status</Trans>
            </th>
            <th className="py-1 pr-3 font-medium">
              <Trans>Acknowledged / Completed</Trans>
            </th>
            <th className="py-1 pr-3 font-medium whitespace-nowrap">
              <Trans>Last Updated</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <tr key={row.id} className="border-t">
              <td className="py-1 pr-3 align-top">
                <Button
                  variant="link"
                  className="h-auto p-0 text-left whitespace-normal break-words"
                  onClick={() => navigate(`${basePath(type)}/view/${row.id}`)}
                >
                  {row.name}
                </Button>
              </td>
              <td className="py-1 pr-3 align-top whitespace-nowrap">
                <StatusLabel status={row.status} kind="communication" labels={labels.statuses} />
              </td>
              <td className="py-1 pr-3 align-top whitespace-nowrap">
                <Rates row={row} />
              </td>
              <td className="py-1 align-top whitespace-nowrap">{formatDate(row.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Panel({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  return (
    // min-w-0: a grid item is otherwise as wide as its table, which then widens the page on a phone instead of scrolling.
    <section
      className="min-w-0 space-y-3 rounded-md border p-4"
      aria-label={type === 'RECALL' ? t`Recalls` : t`Supply Advisories`}
    >
      <h2 className="text-lg font-semibold">{type === 'RECALL' ? t`Recalls` : t`Supply Advisories`}</h2>
      <StatusCounts type={type} />
      <h3 className="text-sm font-semibold">
        <Trans>Recent events</Trans>
      </h3>
      <Recent type={type} />
    </section>
  );
}

/**
 * Supplier dashboard: what needs attention, events by status, recent events with acknowledgement and completion rates,
 * summary downloads.
 */
export default function DashboardPage() {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const { permissions } = useAtomValue(authAtom);
  const recalls = hasAnyPermission(permissions, ['Supplier_ManageRecalls']);
  const advisories = hasAnyPermission(permissions, ['Supplier_ManageDisruption']);
  const download = (format: 'csv' | 'xlsx') =>
    downloadFile(store, dashboardReportPath('ALL', format), undefined, `Recall Events Summary Report.${format}`).catch(
      (err: unknown) => toast.danger(errorText(err, t`Nothing to download`)),
    );
  return (
    <section className="space-y-4" data-testid="supplier-dashboard">
      <PageHeader title={t`Dashboard`}>
        <Button variant="outline" onClick={() => void download('csv')}>
          <Trans>Summary report (CSV)</Trans>
        </Button>
        <Button variant="outline" onClick={() => void download('xlsx')}>
          <Trans>Summary report (XLSX)</Trans>
        </Button>
      </PageHeader>
      <NewsCards />
      {recalls || advisories ? <SupplierWorklist /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {recalls ? <Panel type="RECALL" /> : null}
        {advisories ? <Panel type="PRODUCT DISRUPTION" /> : null}
      </div>
      <TenantMetrics side="supplier" />
    </section>
  );
}
