import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import { downloadFile } from '../../api/client';
import { answerFilesZipPath } from '../../api/answerFiles';
import { errorText } from '../../shared/lists/table';

/**
 * "Download all files": every file the providers uploaded to answer the event, as one zip with a manifest of who
 * uploaded what and when. Disabled with a spinner while the zip streams in; a refusal (too many files) shows its words.
 */
export function DownloadAllFiles({ id, reader }: { id: number; reader: 'supplier' | 'operator' }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="download-all-files"
      loading={busy}
      loadingLabel={t`Preparing the files...`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadFile(store, answerFilesZipPath(reader, id), undefined, 'Answer Files.zip')
          .then(() => toast.success(t`Download started.`))
          .catch((err: unknown) => toast.danger(errorText(err, t`Unknown error`)))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Trans>Preparing the files...</Trans> : <Trans>Download all files</Trans>}
    </Button>
  );
}
