/** File rules of spec §5 (action uploads) and helpers for the file preview. */

export type UploadKind = 'Image' | 'Document';

export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  Image: ['png', 'jpg'],
  Document: ['pdf', 'docx', 'xlsx', 'mp4', 'png', 'jpg'],
};

export interface UploadMessages {
  imageType: string;
  documentType: string;
  zeroSize: string;
}

export const defaultUploadMessages: UploadMessages = {
  imageType: 'The document types should be either of .png, .jpg',
  documentType: 'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
  zeroSize: 'Documented failed to upload. Please try again.',
};

/** Lower-case extension without the dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Type check of a selection: as in the product, only the first file's extension is checked
 * (case-insensitively). Returns the error message or null.
 */
export function checkUploadType(
  files: readonly { name: string }[],
  kind: UploadKind,
  messages: Partial<UploadMessages> = {},
): string | null {
  const first = files[0];
  if (!first) return null;
  if (UPLOAD_EXTENSIONS[kind].includes(fileExtension(first.name))) return null;
  const m = { ...defaultUploadMessages, ...messages };
  return kind === 'Image' ? m.imageType : m.documentType;
}

/** Bytes in 1024 units with 2 decimals (spec 000), whole bytes without: 193 → '193 B', 1536 → '1.50 KB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const exponent = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  // A byte count has no fractions: "193.00 Bytes" read as a measurement error.
  const value = exponent === 0 ? String(bytes) : (bytes / 1024 ** exponent).toFixed(2);
  return `${value} ${units[exponent]}`;
}

export type PreviewKind = 'image' | 'pdf' | 'text' | 'csv' | 'video' | 'docx' | 'xlsx' | 'unsupported';

const KIND_BY_EXTENSION: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  bmp: 'image',
  pdf: 'pdf',
  txt: 'text',
  log: 'text',
  json: 'text',
  md: 'text',
  xml: 'text',
  csv: 'csv',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  ogg: 'video',
  docx: 'docx',
  xlsx: 'xlsx',
};

/** How a file is previewed, from its extension, else its MIME type. */
export function previewKind(name: string, mimeType?: string): PreviewKind {
  const byExtension = KIND_BY_EXTENSION[fileExtension(name)];
  if (byExtension) return byExtension;
  const mime = (mimeType ?? '').toLowerCase();
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'text/csv') return 'csv';
  if (mime.startsWith('text/')) return 'text';
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'docx';
  if (mime === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return 'unsupported';
}
