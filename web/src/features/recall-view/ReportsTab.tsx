import { useState } from 'react';
import { useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import { COMMUNICATION_REPORTS, reportPath, type CommunicationReport } from '../../api/communications';
import { downloadFile } from '../../api/client';
import { errorText } from '../../shared/lists/table';

export function ReportsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  const names: Record<CommunicationReport, string> = {
    'actions/provider/statusreport': t`Provider Status Report (XLSX)`,
    'actions/provider/statusreport/csv': t`Provider Status Report (CSV)`,
    'recalleventstatusreport/csv': t`Event Status Report (CSV)`,
    eventstatusbylocation: t`Event Status by Location (XLSX)`,
    summeryreport: t`Recall Events Summary Report (XLSX)`,
    auditreport: t`Audit Report (XLSX)`,
    'auditreport/csv': t`Audit Report (CSV)`,
    notificationreport: t`Notification Report (XLSX)`,
    fdareport: t`FDA Effectiveness Report (XLSX)`,
    'change-history-download': t`Change History Report (XLSX)`,
    'product-template': t`Product Template (XLSX)`,
    'locations-csv-download': t`Affected Locations (CSV)`,
  };
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="reports-tab">
      {COMMUNICATION_REPORTS.map((report) => (
        <li key={report}>
          <Button
            variant="outline"
            className="w-full justify-start"
            loading={busy === report}
            loadingLabel={t`Loading...`}
            onClick={() => {
              setBusy(report);
              downloadFile(store, reportPath(id, report), undefined, names[report])
                .catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
                .finally(() => setBusy(null));
            }}
          >
            {names[report]}
          </Button>
        </li>
      ))}
    </ul>
  );
}
