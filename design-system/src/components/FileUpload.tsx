import * as React from 'react';
import { EyeIcon, FileIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import {
  checkUploadType,
  defaultUploadMessages,
  formatBytes,
  UPLOAD_EXTENSIONS,
  type UploadKind,
  type UploadMessages,
} from '../lib/files';
import { Button, IconButton } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { useOptionalToast } from './Toast';

export interface UploadedFile {
  id: string | number;
  name: string;
  size?: number;
  url?: string | null;
  mimeType?: string;
}

export interface FileUploadTexts {
  upload: string;
  uploading: string;
  dropHint: string;
  preview: string;
  delete: string;
  deleteConfirm: string;
  confirm: string;
  cancel: string;
}

export const defaultFileUploadTexts: FileUploadTexts = {
  upload: 'Upload',
  uploading: 'Uploading...',
  dropHint: 'or drop files here',
  preview: 'Preview',
  delete: 'Delete',
  deleteConfirm: 'Confirm delete file?',
  confirm: 'Confirm',
  cancel: 'Cancel',
};

export interface FileUploadProps {
  /** Image accepts .png/.jpg; Document accepts .pdf, .docx, .xlsx, .mp4, .png, .jpg. */
  kind: UploadKind;
  files: readonly UploadedFile[];
  /** Receives each selected file in turn; the next starts when the previous promise settles. */
  onUpload: (file: File) => Promise<void> | void;
  onDelete?: (file: UploadedFile) => Promise<void> | void;
  onPreview?: (file: UploadedFile) => void;
  /** Called with every rejection message (also shown as a danger toast inside a ToastProvider). */
  onError?: (message: string) => void;
  disabled?: boolean;
  multiple?: boolean;
  label?: string;
  messages?: Partial<UploadMessages>;
  texts?: Partial<FileUploadTexts>;
  className?: string;
}

export function FileUpload({
  kind,
  files,
  onUpload,
  onDelete,
  onPreview,
  onError,
  disabled = false,
  multiple = true,
  label,
  messages,
  texts,
  className,
}: FileUploadProps) {
  const t = { ...defaultFileUploadTexts, ...texts };
  const m = { ...defaultUploadMessages, ...messages };
  const toast = useOptionalToast();
  const inputRef = React.useRef<HTMLInputElement | null>(null);
  const inputId = React.useId();
  const [uploading, setUploading] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = React.useState<UploadedFile | null>(null);
  const [deleting, setDeleting] = React.useState(false);
  const [dragOver, setDragOver] = React.useState(false);

  function reject(message: string) {
    setError(message);
    onError?.(message);
    toast?.danger(message);
  }

  async function handleFiles(list: FileList | null) {
    const selected = list ? Array.from(list) : [];
    if (selected.length === 0) return;
    setError(null);
    const typeError = checkUploadType(selected, kind, m);
    if (typeError) {
      reject(typeError);
      return;
    }
    setUploading(true);
    try {
      for (const file of selected) {
        if (file.size === 0) {
          reject(m.zeroSize);
          continue;
        }
        await onUpload(file);
      }
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function confirmDelete() {
    if (!pendingDelete || !onDelete) return;
    setDeleting(true);
    try {
      await onDelete(pendingDelete);
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  }

  const busy = disabled || uploading;
  const accept = UPLOAD_EXTENSIONS[kind].map((ext) => `.${ext}`).join(',');

  return (
    <div data-slot="file-upload" className={cn('grid gap-2', className)}>
      <div
        data-slot="file-upload-dropzone"
        data-drag-over={dragOver || undefined}
        onDragOver={(event) => {
          if (busy) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragOver(false);
          if (!busy) void handleFiles(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-md border border-dashed border-input p-3 text-sm text-muted-foreground',
          dragOver && 'border-ring bg-accent',
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          className="sr-only"
          accept={accept}
          multiple={multiple}
          disabled={busy}
          aria-label={label ?? t.upload}
          onChange={(event) => void handleFiles(event.target.files)}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          loading={uploading}
          loadingLabel={t.uploading}
          onClick={() => inputRef.current?.click()}
        >
          {uploading ? null : <UploadIcon />}
          {uploading ? t.uploading : (label ?? t.upload)}
        </Button>
        <span>{t.dropHint}</span>
        <span className="text-xs">{accept.replaceAll(',', ', ')}</span>
      </div>
      {error ? (
        <p role="alert" data-slot="file-upload-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul data-slot="file-upload-list" className="grid gap-1" aria-label={label ?? t.upload}>
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
              <FileIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              {file.size !== undefined ? (
                <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
              ) : null}
              {onPreview ? (
                <IconButton size="icon-sm" label={`${t.preview} ${file.name}`} onClick={() => onPreview(file)}>
                  <EyeIcon />
                </IconButton>
              ) : null}
              {onDelete ? (
                <IconButton
                  size="icon-sm"
                  label={`${t.delete} ${file.name}`}
                  disabled={disabled}
                  onClick={() => setPendingDelete(file)}
                >
                  <Trash2Icon />
                </IconButton>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setPendingDelete(null);
        }}
        title={t.deleteConfirm}
        description={pendingDelete?.name}
        confirmText={t.confirm}
        cancelText={t.cancel}
        destructive
        loading={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
