import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSWRConfig } from 'swr';
import { Dialog, DialogContent, DialogTitle, Spinner, StatusLabel, useToast } from '@portal/design-system';
import { downloadFile } from '../../api/client';
import { useLocationFile, type LocationFile, type LocationFileDetail } from '../../api/supplier';
import { useLabels } from '../../shared/words/labels';
import { LocationFileErrors, LocationFileUpload } from './LocationFileUpload';
import { MasterListPage, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { errorText, formatDate } from '../../shared/lists/table';

function FileDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const { data } = useLocationFile(id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto">
        <DialogTitle>
          <Trans>Location file</Trans>
        </DialogTitle>
        {data ? <LocationFileErrors file={data} /> : <Spinner label={t`Loading...`} />}
      </DialogContent>
    </Dialog>
  );
}

/** /supplier/location-files: uploaded location files with their import results. */
export default function LocationFilesPage() {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const { mutate } = useSWRConfig();
  const [result, setResult] = useState<LocationFileDetail | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const config: MasterListConfig<LocationFile> = {
    pageKey: 'supplier-location-files',
    title: t`Location Files`,
    path: '/supplier/location-files',
    columns: [
      { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
      {
        field: 'status',
        header: t`Status`,
        sortable: true,
        cell: (r) => <StatusLabel status={r.status} kind="job" labels={labels.statuses} />,
      },
      { field: 'row_count', header: t`Rows`, sortable: true },
      { field: 'error_count', header: t`Errors`, sortable: true },
      { field: 'uploaded_by_name', header: t`Uploaded by` },
      { field: 'created_at', header: t`Uploaded`, sortable: true, cell: (r) => formatDate(r.created_at) },
    ],
    toolbar: (
      <LocationFileUpload
        onUploaded={(file) => {
          setResult(file);
          void mutate((key) => Array.isArray(key) && key[0] === '/supplier/location-files');
        }}
      />
    ),
    extraRowActions: (row) => [
      { id: 'view', label: t`View`, onSelect: () => setOpen(row.id) },
      {
        id: 'download',
        label: t`Download`,
        onSelect: () =>
          void downloadFile(store, `/supplier/location-files/${row.id}/download`, undefined, row.name).catch(
            (err: unknown) => toast.danger(errorText(err, t`Nothing to download`)),
          ),
      },
    ],
    children: (
      <>
        {result ? <LocationFileErrors file={result} /> : null}
        {open !== null ? <FileDetail id={open} onClose={() => setOpen(null)} /> : null}
      </>
    ),
  };
  return <MasterListPage config={config} />;
}
