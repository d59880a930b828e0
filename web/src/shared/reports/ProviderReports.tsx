import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  TableHeaderActions,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import type { Query } from '../../api/client';
import type { ListState } from '../../api/provider';
import {
  downloadDelegateSummary,
  downloadProviderEventReport,
  downloadProviderSummary,
  PROVIDER_EVENT_REPORTS,
  type ProviderEventReport,
  type ReportFormat,
} from '../../api/providerReports';
import { useDownload } from '../lists/downloads';

/**
 * The list page's downloads (spec 000 §2): CSV and XLSX of the Provider Recall Summary Report of the list as it stands
 * (the eR responses rows on that list), and on the recall and advisory lists the Delegate Summary Report.
 */
export function ProviderListDownloads({
  state,
  type,
  responses,
  filters,
}: {
  state: ListState;
  type: CommunicationType | null;
  responses: boolean;
  /** The list's own filters as query values, sent with the download. */
  filters?: Query;
}) {
  const { t } = useLingui();
  const store = useStore();
  const { busy, run } = useDownload();
  const summary = (format: ReportFormat) =>
    run('summary', () => downloadProviderSummary(store, state, type, responses, format, filters));
  return (
    <TableHeaderActions
      onDownloadCsv={() => summary('csv')}
      onDownloadXlsx={() => summary('xlsx')}
      csvText={t`CSV`}
      xlsxText={t`XLSX`}
      downloading={busy === 'summary'}
    >
      {responses ? null : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" loading={busy === 'delegates'}>
              <Trans>Delegate Summary</Trans>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {(['csv', 'xlsx'] as const).map((format) => (
              <DropdownMenuItem
                key={format}
                onSelect={() => run('delegates', () => downloadDelegateSummary(store, format))}
              >
                {format === 'csv' ? t`Delegate Summary (CSV)` : t`Delegate Summary (XLSX)`}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </TableHeaderActions>
  );
}

/** The view page's Reports menu: the per-notice reports (XLSX). */
export function ProviderReportsMenu({ id, pcId }: { id: number; pcId: number }) {
  const { t } = useLingui();
  const store = useStore();
  const { busy, run } = useDownload();
  const names: Record<ProviderEventReport, string> = {
    provideraffectedlocation: t`Affected Locations Report`,
    provideraffectedproducts: t`Affected Products Report`,
    customizedcontent: t`Customized Content Report`,
    'change-history-report': t`Change History Report`,
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={busy !== null}>
          <Trans>Reports</Trans>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {PROVIDER_EVENT_REPORTS.map(({ path }) => (
          <DropdownMenuItem
            key={path}
            onSelect={() => run(path, () => downloadProviderEventReport(store, id, pcId, path))}
          >
            {names[path]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
