import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import { ApiError, downloadFile } from '../../api/client';
import { translateServerMessage } from '../../api/messages';
import { importPaperResponses, paperTemplatePath } from '../../api/paper';
import { errorText } from '../../shared/lists/table';

/**
 * Download the Paper Response Template, fill it in from the paper forms, upload it back: every row with a responder or an
 * answer becomes a paper response. A bad row rejects the whole file; its rows and reasons are listed here.
 */
export function PaperImport({ communicationId, onImported }: { communicationId: number; onImported: () => void }) {
  const { t, i18n } = useLingui();
  const store = useStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ row: number; message: string }[]>([]);
  const inputId = `paper-import-${communicationId}`;

  async function upload(file: File) {
    setBusy(true);
    setProblems([]);
    try {
      const result = await importPaperResponses(store, communicationId, file);
      toast.success(t`${result.created} paper response(s) imported.`);
      onImported();
    } catch (err) {
      const rows =
        err instanceof ApiError && Array.isArray(err.details)
          ? (err.details as { row: number; message: string; code?: string }[])
          : [];
      // A row that broke one rule carries its code: said in the reader's language, else as the server wrote it.
      setProblems(rows.map((r) => ({ row: r.row, message: translateServerMessage(i18n, r, r.message) })));
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        onClick={() =>
          void downloadFile(store, paperTemplatePath(communicationId), undefined, 'Paper Response Template.xlsx').catch(
            (err: unknown) => toast.danger(errorText(err, t`Unknown error`)),
          )
        }
      >
        <Trans>Download template</Trans>
      </Button>
      <Button variant="outline" disabled={busy} onClick={() => document.getElementById(inputId)?.click()}>
        {busy ? <Trans>Importing...</Trans> : <Trans>Import filled template</Trans>}
      </Button>
      <input
        id={inputId}
        type="file"
        accept=".xlsx"
        className="sr-only"
        aria-label={t`Filled Paper Response Template`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {problems.length ? (
        <ul className="basis-full list-disc pl-5 text-sm text-destructive" data-testid="paper-import-problems">
          {problems.map((p) => (
            <li key={`${p.row}-${p.message}`}>
              <Trans>
                Row {p.row}: {p.message}
              </Trans>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
