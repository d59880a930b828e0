import { useLingui } from '@lingui/react/macro';
import { cn, formatBytes } from '@portal/design-system';
import type { NoticeFile } from '../../api/notices';
import { useFilePreview } from '../forms/Preview';
import { answerText } from './answers';
import { useAnswerWords } from './useAnswerWords';

/** A file of an answer as every answer call sends it: its name, size, type and signed links (download, preview). */
export type AnswerFile = Pick<NoticeFile, 'id' | 'name' | 'signed_url' | 'signed_url_review'> &
  Partial<Pick<NoticeFile, 'size' | 'type'>>;

export interface AnswerFilesProps {
  files: readonly AnswerFile[];
  /** The page's own File Preview, when it has one; otherwise the list opens its own. */
  onPreview?: (file: AnswerFile) => void;
  className?: string;
}

/**
 * The one way an answer's files are shown (issue 33): each by name, which opens the File Preview (PDFs, images, text,
 * CSV, video, .docx and .xlsx in place; others say "download to view"), with its size and a Download link. Used by
 * every place that shows answers: the supplier's response dialog and Actions tab, the operator's responses, and the
 * read-only answers of the provider's notice and the public forms.
 */
export function AnswerFiles({ files, onPreview, className }: AnswerFilesProps) {
  const { t } = useLingui();
  const [preview, openOwn] = useFilePreview();
  if (files.length === 0) return null;
  const open = (file: AnswerFile) =>
    onPreview ? onPreview(file) : openOwn({ ...file, type: file.type ?? '', extension: '', size: file.size ?? 0 });
  return (
    <>
      <ul data-slot="answer-files" className={cn('grid gap-1', className)} aria-label={t`Files`}>
        {files.map((file) => {
          const name = file.name;
          return (
            <li
              key={file.id}
              data-slot="answer-file"
              className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1 text-sm"
            >
              <button
                type="button"
                className="min-w-0 flex-1 truncate text-left text-primary underline-offset-4 hover:underline"
                title={t`Preview ${name}`}
                onClick={() => open(file)}
              >
                {file.name}
              </button>
              {file.size !== undefined ? (
                <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
              ) : null}
              <a
                href={file.signed_url}
                download={file.name}
                className="shrink-0 rounded-md px-1.5 py-0.5 text-xs font-medium text-primary underline-offset-4 hover:underline"
                aria-label={t`Download ${name}`}
              >
                {t`Download`}
              </a>
            </li>
          );
        })}
      </ul>
      {onPreview ? null : preview}
    </>
  );
}

/** The ids a file answer lists (valueDocument and valueImage hold file ids; an older answer may hold file objects). */
function listedIds(value: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const field of ['valueDocument', 'valueImage'] as const) {
    const list = value[field];
    if (!Array.isArray(list)) continue;
    for (const x of list) ids.push(typeof x === 'object' && x !== null && 'id' in x ? Number(x.id) : Number(x));
  }
  return ids;
}

/**
 * An answer as its reader sees it: its values in words, and the files it lists by name (AnswerFiles). A listed file
 * whose links are not at hand (removed since) is counted ("1 file(s)"), never dropped silently.
 */
export function AnswerWithFiles({
  value,
  files,
  onPreview,
}: {
  value: Record<string, unknown>;
  files: readonly AnswerFile[];
  onPreview?: (file: AnswerFile) => void;
}) {
  const words = useAnswerWords();
  const { valueDocument: _documents, valueImage: _images, ...rest } = value;
  const ids = listedIds(value);
  const shown = files.filter((f) => ids.includes(f.id));
  const missing = ids.length - shown.length;
  const text = [answerText(rest, words), missing > 0 ? words.files(missing) : ''].filter(Boolean).join('; ');
  return (
    <div className="grid min-w-0 gap-1">
      {text ? <span>{text}</span> : null}
      <AnswerFiles files={shown} onPreview={onPreview} />
    </div>
  );
}
