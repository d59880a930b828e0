import { useCallback, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FilePreview, type PreviewFile } from '@portal/design-system';
import { fetchSheetRows } from '../../api/files';
import type { NoticeFile } from '../../api/notices';

/** The 'File Preview' modal for notice documents and answer files (signed links). */
export function useFilePreview(): [ReactNode, (file: NoticeFile) => void] {
  const { t } = useLingui();
  const [file, setFile] = useState<PreviewFile | null>(null);
  const open = useCallback(
    (f: NoticeFile) => setFile({ name: f.name, url: f.signed_url_review || f.signed_url, mimeType: f.type }),
    [],
  );
  const element = (
    <FilePreview
      open={file !== null}
      onOpenChange={(o) => {
        if (!o) setFile(null);
      }}
      file={file}
      loadSheet={fetchSheetRows}
      texts={{
        title: t`File Preview`,
        download: t`Download`,
        loading: t`Loading...`,
        unsupported: t`Preview for this file format is not supported. Please download file to view.`,
        nothingToDownload: t`Nothing to download`,
        failed: t`Unknown error`,
      }}
    />
  );
  return [element, open];
}
