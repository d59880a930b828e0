import * as React from 'react';
import { DownloadIcon } from 'lucide-react';
import { previewKind, type PreviewKind } from '../lib/files';
import { sanitizeHtml } from '../lib/sanitize';
import { Button } from './Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './Dialog';
import { Spinner } from './Spinner';
import { useOptionalToast } from './Toast';

export interface PreviewFile {
  name: string;
  /** Signed link of the file; without it Download reports 'Nothing to download'. */
  url?: string | null;
  mimeType?: string;
}

export interface FilePreviewTexts {
  title: string;
  download: string;
  loading: string;
  unsupported: string;
  nothingToDownload: string;
  failed: string;
}

export const defaultFilePreviewTexts: FilePreviewTexts = {
  title: 'File Preview',
  download: 'Download',
  loading: 'Loading...',
  unsupported: 'Preview for this file format is not supported. Please download file to view.',
  nothingToDownload: 'Nothing to download',
  failed: 'The file could not be displayed. Please download file to view.',
};

/** Reads a file's bytes; the default uses fetch on the (signed) URL. */
export type FileLoader = (url: string) => Promise<ArrayBuffer>;

/**
 * Reads the first rows of a spreadsheet (.csv, .xlsx) from the (signed) URL, header first, as text. The server reads
 * them (it detects a CSV's encoding, and no spreadsheet parser runs on another tenant's upload in the browser); the
 * app passes a loader that calls it. Without one, spreadsheets say "download to view".
 */
export type SheetLoader = (url: string) => Promise<string[][]>;

const defaultLoader: FileLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
};

export interface FilePreviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  file: PreviewFile | null;
  /** Custom download; by default the browser downloads `file.url`. */
  onDownload?: (file: PreviewFile) => void;
  /** Called with 'Nothing to download' when there is no link (also a danger toast inside a ToastProvider). */
  onNothingToDownload?: (message: string) => void;
  loadFile?: FileLoader;
  loadSheet?: SheetLoader;
  texts?: Partial<FilePreviewTexts>;
}

type Rendered =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'text'; text: string }
  | { state: 'table'; rows: string[][] }
  | { state: 'html'; html: string };

const SHEET_KINDS: readonly PreviewKind[] = ['csv', 'xlsx'];

/** Converts the bytes of text and docx files (mammoth loads only when needed); spreadsheets come as rows. */
async function renderContent(kind: PreviewKind, bytes: ArrayBuffer): Promise<Rendered> {
  switch (kind) {
    case 'text':
      return { state: 'text', text: new TextDecoder().decode(bytes) };
    case 'docx': {
      const mammoth = await import('mammoth');
      const result = await mammoth.convertToHtml({ arrayBuffer: bytes });
      // A document's links and markup are the uploader's: never render them unsanitised.
      return { state: 'html', html: sanitizeHtml(result.value) };
    }
    default:
      return { state: 'idle' };
  }
}

function PreviewTable({ rows }: { rows: string[][] }) {
  const [head, ...body] = rows;
  return (
    <div className="max-h-[60vh] overflow-auto rounded-md border">
      <table className="w-full border-collapse text-sm">
        {head ? (
          <thead className="sticky top-0 bg-muted">
            <tr>
              {head.map((cell, i) => (
                <th key={i} scope="col" className="border-b px-2 py-1 text-left font-medium">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, r) => (
            <tr key={r} className="border-b last:border-b-0">
              {row.map((cell, c) => (
                <td key={c} className="px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'File Preview' modal: image, pdf, text, video and docx rendered in the browser; csv and xlsx as rows from `loadSheet`. */
export function FilePreview({
  open,
  onOpenChange,
  file,
  onDownload,
  onNothingToDownload,
  loadFile = defaultLoader,
  loadSheet,
  texts,
}: FilePreviewProps) {
  const t = { ...defaultFilePreviewTexts, ...texts };
  const toast = useOptionalToast();
  const detected = file ? previewKind(file.name, file.mimeType) : 'unsupported';
  // A spreadsheet is previewed only from rows the app's loader brings; without one it says "download to view".
  const kind: PreviewKind = SHEET_KINDS.includes(detected) && !loadSheet ? 'unsupported' : detected;
  const url = file?.url ?? null;
  const [content, setContent] = React.useState<Rendered>({ state: 'idle' });

  React.useEffect(() => {
    if (!open || !url || !['text', 'csv', 'docx', 'xlsx'].includes(kind)) {
      setContent({ state: 'idle' });
      return;
    }
    let cancelled = false;
    setContent({ state: 'loading' });
    const rendered: Promise<Rendered> =
      SHEET_KINDS.includes(kind) && loadSheet
        ? loadSheet(url).then((rows) => ({ state: 'table', rows }))
        : loadFile(url).then((bytes) => renderContent(kind, bytes));
    rendered.then(
      (result) => {
        if (!cancelled) setContent(result);
      },
      () => {
        if (!cancelled) setContent({ state: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, url, kind, loadFile, loadSheet]);

  function download() {
    if (!file) return;
    if (!file.url) {
      onNothingToDownload?.(t.nothingToDownload);
      toast?.danger(t.nothingToDownload);
      return;
    }
    if (onDownload) {
      onDownload(file);
      return;
    }
    const link = document.createElement('a');
    link.href = file.url;
    link.download = file.name;
    link.rel = 'noopener';
    link.click();
  }

  let body: React.ReactNode;
  if (!url || kind === 'unsupported') {
    body = <p className="text-sm text-muted-foreground">{t.unsupported}</p>;
  } else if (kind === 'image') {
    body = <img src={url} alt={file?.name ?? ''} className="mx-auto max-h-[60vh] max-w-full object-contain" />;
  } else if (kind === 'pdf') {
    body = <iframe src={url} title={file?.name ?? 'PDF'} className="h-[60vh] w-full rounded-md border" />;
  } else if (kind === 'video') {
    body = (
      <video src={url} controls className="max-h-[60vh] w-full" aria-label={file?.name}>
        <track kind="captions" />
      </video>
    );
  } else if (content.state === 'loading' || content.state === 'idle') {
    body = (
      <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label={t.loading} />
        <span aria-hidden="true">{t.loading}</span>
      </span>
    );
  } else if (content.state === 'error') {
    body = <p className="text-sm text-destructive">{t.failed}</p>;
  } else if (content.state === 'text') {
    body = (
      <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
        {content.text}
      </pre>
    );
  } else if (content.state === 'table') {
    body = <PreviewTable rows={content.rows} />;
  } else {
    body = (
      <div
        data-slot="file-preview-document"
        className="prose max-h-[60vh] max-w-none overflow-auto rounded-md border p-4 text-sm"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: converted documents are sanitised by sanitizeHtml (DOMPurify) when loaded
        dangerouslySetInnerHTML={{ __html: content.html }}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-preview-kind={kind}>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription className="truncate">{file?.name}</DialogDescription>
        </DialogHeader>
        <div data-slot="file-preview-body">{body}</div>
        <DialogFooter>
          <Button onClick={download}>
            <DownloadIcon />
            {t.download}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
