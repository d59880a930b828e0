import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TableHeaderActions, type TableHeaderActionsProps, useOptionalToast } from '@portal/design-system';
import { errorText } from './table';

export type DownloadFormat = 'csv' | 'xlsx';

/**
 * Runs downloads, remembering which one is under way (`busy`, by the caller's key); a failure is a toast ("Nothing to
 * download" when the server gave no reason).
 */
export function useDownload() {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, save: () => Promise<unknown>) => {
    setBusy(key);
    save()
      .catch((err: unknown) => toast?.danger(errorText(err, t`Nothing to download`)))
      .finally(() => setBusy(null));
  };
  return { busy, run };
}

/**
 * A list header's buttons (TableHeaderActions) with CSV and XLSX downloads of `download(format)`, each button busy while
 * its file is prepared. Without `download` only the other buttons show.
 */
export function DownloadActions({
  download,
  csvText,
  xlsxText,
  ...actions
}: Omit<TableHeaderActionsProps, 'onDownloadCsv' | 'onDownloadXlsx' | 'downloading'> & {
  download?: (format: DownloadFormat) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const { busy, run } = useDownload();
  const save = download ? (format: DownloadFormat) => () => run('file', () => download(format)) : undefined;
  return (
    <TableHeaderActions
      {...actions}
      onDownloadCsv={save?.('csv')}
      onDownloadXlsx={save?.('xlsx')}
      csvText={csvText ?? t`CSV`}
      xlsxText={xlsxText ?? t`XLSX`}
      downloading={busy !== null}
    />
  );
}
