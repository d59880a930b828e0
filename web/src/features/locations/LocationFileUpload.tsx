import { useRef, useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import { uploadFile } from '../../api/client';
import type { LocationFileDetail } from '../../api/supplier';
import { errorText } from '../../shared/lists/table';

/** The rows a location file import skipped, with the file's line numbers. */
export function LocationFileErrors({ file }: { file: LocationFileDetail }) {
  const { t } = useLingui();
  const inserted = file.inserted_count ?? 0;
  const updated = file.updated_count ?? 0;
  const errorCount = file.error_count;
  const fileName = file.name;
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm" data-testid="location-file-result">
      <p>
        <Trans>
          {fileName}: {inserted} added, {updated} updated, {errorCount} rows with errors.
        </Trans>
      </p>
      {file.errors?.length ? (
        <table className="w-full text-left">
          <caption className="sr-only">{t`Rows with errors`}</caption>
          <thead>
            <tr className="text-muted-foreground">
              <th>
                <Trans>Line</Trans>
              </th>
              <th>
                <Trans>Location ID</Trans>
              </th>
              <th>
                <Trans>Error</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {file.errors.map((e) => (
              <tr key={`${e.line}-${e.message}`} className="border-t">
                <td>{e.line}</td>
                <td>{e.location_id}</td>
                <td className="text-destructive">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Upload of a .csv or .xlsx location file (POST /supplier/location-files); the answer lists the rows it skipped. */
export function LocationFileUpload({ onUploaded }: { onUploaded: (file: LocationFileDetail) => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (!/\.(csv|xlsx)$/i.test(file.name)) {
      toast.danger(t`The location file must be a .csv or .xlsx file.`);
      return;
    }
    if (file.size === 0) {
      toast.danger(t`Documented failed to upload. Please try again.`);
      return;
    }
    setBusy(true);
    try {
      const result = await uploadFile<LocationFileDetail>(store, '/supplier/location-files', file);
      toast.success(t`Location file imported.`);
      onUploaded(result);
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx"
        className="sr-only"
        aria-label={t`Location file`}
        data-testid="location-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button variant="outline" loading={busy} loadingLabel={t`Uploading...`} onClick={() => input.current?.click()}>
        <Trans>Upload location file</Trans>
      </Button>
    </>
  );
}
