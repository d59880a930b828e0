import { useRef, useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Switch, useToast } from '@portal/design-system';
import { ApiError } from '../../../api/client';
import { setCustomContent, uploadCustomRows, useCustomContent } from '../../../api/customContent';
import { errorText } from './table';

type LineError = { line: number; message: string };

/**
 * Step 1's custom content (issue 16): a switch per event, and a product file with a Customer Key column giving each
 * affected customer its own rows. A file with any bad row is refused whole; its lines and reasons are listed.
 */
export function CustomContentPanel({ id }: { id: number | null }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const { data, mutate } = useCustomContent(id);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<LineError[]>([]);
  if (!id) return null;
  const enabled = data?.custom_content ?? false;

  async function toggle(on: boolean) {
    if (!id) return;
    setBusy(true);
    try {
      await setCustomContent(id, on);
      setProblems([]);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function read(file: File) {
    if (!id) return;
    setBusy(true);
    try {
      const saved = await uploadCustomRows(store, id, file);
      setProblems([]);
      const rows = saved.rows;
      const customers = saved.customers;
      toast.success(t`${rows} rows saved for ${customers} customers.`);
      await mutate();
    } catch (err) {
      const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as LineError[]) : [];
      setProblems(details);
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
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
          <Button
            variant="outline"
            loading={busy}
            loadingLabel={t`Uploading...`}
            onClick={() => input.current?.click()}
          >
            <Trans>Upload customer rows</Trans>
          </Button>
          <p className="text-sm" data-testid="custom-row-count">
            <Trans>Customer rows: {total}</Trans>
          </p>
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
        </>
      ) : null}
    </section>
  );
}
