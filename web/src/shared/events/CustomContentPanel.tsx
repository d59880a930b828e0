import { useRef, useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Switch, useToast } from '@portal/design-system';
import { ApiError } from '../../api/client';
import {
  customRowsBase,
  downloadCustomContentTemplate,
  setCustomContent,
  uploadCustomRows,
  useCustomContent,
} from '../../api/customContent';
import type { ProductField } from '../../api/communications';
import { CustomRowsTable } from './CustomRowsTable';
import { errorText } from '../lists/table';

type LineError = { line: number; message: string };

/**
 * Step 1's custom content: a switch per event, and a product file with a Customer Key column giving each
 * affected customer its own rows. A file with any bad row is refused whole; its lines and reasons are listed.
 */
export function CustomContentPanel({ id, fields = [] }: { id: number | null; fields?: ProductField[] }) {
  const { t } = useLingui();
  const toast = useToast();
  const { data, mutate } = useCustomContent(id);
  const [busy, setBusy] = useState(false);
  // Bumped after each saved file, so the rows grid reads its pages again.
  const [version, setVersion] = useState(0);
  if (!id) return null;
  const enabled = data?.custom_content ?? false;

  async function toggle(on: boolean) {
    if (!id) return;
    setBusy(true);
    try {
      await setCustomContent(id, on);
      setVersion((v) => v + 1);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const total = data?.total ?? 0;
  return (
    <section className="space-y-2 rounded-md border p-4" data-testid="custom-content">
      <label className="flex items-center gap-2 text-sm font-medium">
        <Switch checked={enabled} disabled={busy} onCheckedChange={(on) => void toggle(on)} />
        <Trans>Custom content: each customer sees only its own rows</Trans>
      </label>
      {enabled ? (
        <>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Upload a product file with a Customer Key column (the provider's Notisphere ID or one of your location
              ids) and the columns Product Name, Lot Number, Serial Number, UDI, Quantity and Expiration Date.
            </Trans>
          </p>
          <CustomRowsUpload
            key={`upload-${version}`}
            id={id}
            onSaved={async () => {
              setVersion((v) => v + 1);
              await mutate();
            }}
          />
          <p className="text-sm" data-testid="custom-row-count">
            <Trans>Customer rows: {total}</Trans>
          </p>
          {total > 0 ? (
            <CustomRowsTable
              key={version}
              rowsBase={customRowsBase(id, 'supplier')}
              fields={fields}
              listKey="supplier-wizard-custom-rows"
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * The customer product file: upload (all or nothing; a refused file's bad lines listed with their reasons) and the
 * template (CSV or XLSX) with the header row the reader accepts. Step 1 of a draft, and the event view of an approved
 * event not yet sent (a correction).
 */
export function CustomRowsUpload({
  id,
  onSaved,
  label,
}: {
  id: number;
  onSaved: () => Promise<unknown> | void;
  label?: string;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<LineError[]>([]);

  async function read(file: File) {
    setBusy(true);
    try {
      const saved = await uploadCustomRows(store, id, file);
      setProblems([]);
      const rows = saved.rows;
      const customers = saved.customers;
      toast.success(t`${rows} rows saved for ${customers} customers.`);
      await onSaved();
    } catch (err) {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as LineError[]) : [];
      setProblems(details);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function template(format: 'csv' | 'xlsx') {
    try {
      await downloadCustomContentTemplate(store, id, format);
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx"
        className="sr-only"
        aria-label={t`Customer product file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" loading={busy} loadingLabel={t`Uploading...`} onClick={() => input.current?.click()}>
          {label ?? <Trans>Upload customer rows</Trans>}
        </Button>
        <Button variant="link" onClick={() => void template('csv')}>
          <Trans>Download template (CSV)</Trans>
        </Button>
        <Button variant="link" onClick={() => void template('xlsx')}>
          <Trans>Download template (XLSX)</Trans>
        </Button>
      </div>
      {problems.length ? (
        <ul className="space-y-1 rounded-md border p-2 text-sm text-destructive" data-testid="custom-file-errors">
          {problems.map((p) => {
            const line = p.line;
            const message = p.message;
            return (
              <li key={`${line}-${message}`}>
                <Trans>
                  Line {line}: {message}
                </Trans>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
