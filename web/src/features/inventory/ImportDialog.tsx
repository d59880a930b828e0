import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogTitle,
  Label,
  SimpleSelect,
} from '@portal/design-system';
import { proposeMapping } from '@portal/vocabulary';
import {
  type ColumnMapping,
  downloadRefusals,
  type InventoryKind,
  type InventoryUpload,
  isRunning,
  startInventoryImport,
  uploadInventoryFile,
  useInventoryImport,
} from '../../api/inventory';
import { translateServerMessage } from '../../api/messages';
import { FormError } from '../../shared/forms/FormStates';
import { useDownload } from '../../shared/lists/downloads';
import { errorText } from '../../shared/lists/table';
import { Bar } from '../../shared/progress';
import { useFieldWords, useKindWords } from './words';

const NONE = '-';
type Field = InventoryUpload['fields'][number];

/**
 * Import of an item master or purchase history (issue 38): the file and its kind, then the header row and the column
 * mapping (proposed by the server: the last mapping first, then the headers' synonyms), a confirmation, and the
 * background import's progress and result (created, updated, unchanged, refused with reasons; the refused rows
 * download).
 */
export function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const store = useStore();
  const fieldWords = useFieldWords();
  const kindWords = useKindWords();
  const [kind, setKind] = useState<InventoryKind>('items');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<InventoryUpload | null>(null);
  const [headerRow, setHeaderRow] = useState(1);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [importId, setImportId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: progress } = useInventoryImport(importId);
  const { busy: downloading, run } = useDownload();

  async function send() {
    if (!file) {
      setProblem(t`Choose a .csv or .xlsx file to import.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await uploadInventoryFile(file, kind);
      setUpload(answer);
      setHeaderRow(answer.header_row);
      setMapping(answer.mapping);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!upload) return;
    setBusy(true);
    setProblem(null);
    try {
      const started = await startInventoryImport(upload.import.id, { header_row: headerRow, mapping });
      setImportId(started.id);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const headers = upload?.preview[headerRow - 1] ?? [];
  const columnOptions = [
    { value: NONE, label: t`Not in this file` },
    ...headers.map((h, i) => {
      const column = i + 1;
      return { value: String(i), label: h.trim() || t`Column ${column}` };
    }),
  ];
  const finished = progress && !isRunning(progress);
  const closeAfter = () => {
    if (finished) onDone();
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : closeAfter())}>
      <DialogContent
        closeLabel={t`Close`}
        className="max-h-[90vh] overflow-auto sm:max-w-2xl"
        data-testid="import-dialog"
      >
        <DialogTitle>
          <Trans>Import</Trans>
        </DialogTitle>
        {problem ? <FormError>{problem}</FormError> : null}

        {!upload ? (
          <div className="grid gap-3">
            <div className="grid gap-1">
              <Label htmlFor="inventory-kind">
                <Trans>What the file holds</Trans>
              </Label>
              <SimpleSelect
                id="inventory-kind"
                value={kind}
                onValueChange={(v) => setKind(v as InventoryKind)}
                options={(['items', 'purchases'] as const).map((k) => ({ value: k, label: kindWords[k] }))}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="inventory-file">
                <Trans>File (.csv or .xlsx)</Trans>
              </Label>
              <input
                id="inventory-file"
                type="file"
                accept=".csv,.xlsx"
                data-testid="inventory-file-input"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="button" loading={busy} loadingLabel={t`Uploading...`} onClick={() => void send()}>
                <Trans>Next</Trans>
              </Button>
            </DialogFooter>
          </div>
        ) : importId === null ? (
          <div className="grid gap-3" data-testid="import-mapping">
            <div className="grid w-fit gap-1">
              <Label htmlFor="inventory-header-row">
                <Trans>Header row</Trans>
              </Label>
              <SimpleSelect
                id="inventory-header-row"
                value={String(headerRow)}
                onValueChange={(v) => {
                  const row = Number(v);
                  setHeaderRow(row);
                  setMapping(proposeMapping(kind, upload.preview[row - 1] ?? [], upload.remembered ?? null));
                }}
                options={upload.preview.map((_, i) => {
                  const row = i + 1;
                  return { value: String(row), label: t`Row ${row}` };
                })}
              />
            </div>
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">{t`The first rows of the file`}</caption>
                <tbody>
                  {upload.preview.slice(0, 6).map((row, r) => (
                    <tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows have no key but their place
                      key={r}
                      className={r + 1 === headerRow ? 'bg-muted font-semibold' : 'border-t'}
                    >
                      {row.map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a cell's key is its column
                        <td key={c} className="max-w-40 truncate px-2 py-1">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 font-medium text-sm">
                <Trans>Columns</Trans>
              </legend>
              {upload.fields.map((field: Field) => (
                <div key={field} className="grid gap-1">
                  <Label htmlFor={`map-${field}`}>{fieldWords[field]}</Label>
                  <SimpleSelect
                    id={`map-${field}`}
                    value={mapping[field] === undefined ? NONE : String(mapping[field])}
                    onValueChange={(v) => {
                      const next = { ...mapping };
                      if (v === NONE) delete next[field];
                      else next[field] = Number(v);
                      setMapping(next);
                    }}
                    options={columnOptions}
                  />
                </div>
              ))}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="button" onClick={() => setConfirming(true)} data-testid="import-confirm">
                <Trans>Import</Trans>
              </Button>
            </DialogFooter>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              onConfirm={() => void start()}
              loading={busy}
              title={t`Import this file?`}
              description={t`Rows are added or updated by GTIN or catalogue number, lot and serial, site and department. Rows already imported stay.`}
              confirmText={t`Import`}
              cancelText={t`Cancel`}
            />
          </div>
        ) : (
          <ImportProgress
            id={importId}
            progress={progress}
            downloading={downloading !== null}
            onDownload={() => run('refusals', () => downloadRefusals(store, importId, 'csv'))}
            onClose={closeAfter}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ImportProgress({
  progress,
  downloading,
  onDownload,
  onClose,
}: {
  id: number;
  progress: ReturnType<typeof useInventoryImport>['data'];
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  if (!progress) return <p className="text-sm">{t`Starting the import...`}</p>;
  const done = progress.processed_rows;
  const total = Math.max(progress.total_rows, done);
  const text = t`${done} of ${total} rows`;
  const created = progress.created_rows;
  const updated = progress.updated_rows;
  const unchanged = progress.unchanged_rows;
  const refused = progress.refused_rows;
  const reason = (r: (typeof progress.refusals)[number]) => translateServerMessage(i18n, r.reason, r.reason.message);
  return (
    <div className="grid gap-3" data-testid="import-progress">
      <div className="grid gap-1">
        <span className="text-sm tabular-nums">{text}</span>
        <Bar value={total ? done / total : isRunning(progress) ? 0 : 1} label={text} />
      </div>
      {progress.status === 'FAILED' ? (
        <FormError>
          <Trans>The import failed. The rows already read are kept; try the file again.</Trans>
        </FormError>
      ) : null}
      {isRunning(progress) ? null : (
        <p className="text-sm" data-testid="import-result" role="status">
          <Trans>
            {created} created, {updated} updated, {unchanged} unchanged, {refused} refused.
          </Trans>
        </p>
      )}
      {progress.refusals.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t`Refused rows`}</caption>
          <thead>
            <tr className="text-muted-foreground">
              <th>
                <Trans>Row</Trans>
              </th>
              <th>
                <Trans>Reason</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {progress.refusals.map((r) => (
              <tr key={`${r.row_number}-${r.reason.reason}`} className="border-t">
                <td className="pr-2 align-top tabular-nums">{r.row_number}</td>
                <td className="text-destructive">{reason(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <DialogFooter>
        {refused > 0 && !isRunning(progress) ? (
          <Button type="button" variant="outline" loading={downloading} onClick={onDownload}>
            <Trans>Download refused rows</Trans>
          </Button>
        ) : null}
        <Button type="button" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogFooter>
    </div>
  );
}
