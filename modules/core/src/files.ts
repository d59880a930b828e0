import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MessageKey } from '@portal/vocabulary';
import { AppError, ValidationError } from './errors.js';

/** Where uploaded files live (DESIGN §5). Local disk by default; an S3-compatible driver can implement the same. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!/^[\w./-]+$/.test(key) || key.includes('..')) throw new ValidationError('FILE_KEY_INVALID');
    return path.join(this.root, key);
  }

  /** Readable by the server's user only: files 0600, the folders it creates 0700 (never the other users of the host). */
  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, data, { flag: 'wx', mode: 0o600 });
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  stream(key: string): Readable {
    return createReadStream(this.resolve(key));
  }

  async size(key: string): Promise<number | null> {
    const file = this.resolve(key);
    if (!existsSync(file)) return null;
    return (await stat(file)).size;
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}

/** A storage key that never reuses a client's name: `<area>/<yyyy>/<mm>/<uuid><.ext>`. */
export function newFileKey(area: string, filename: string): string {
  const now = new Date();
  const ext = path
    .extname(filename)
    .toLowerCase()
    .replace(/[^.\w]/g, '');
  return `${area}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}${ext}`;
}

/** A client file name made safe to store and to send back in Content-Disposition. */
export function sanitizeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).normalize('NFC');
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a file name must not keep
    .replace(/[\x00-\x1f<>:"/\\|?*]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

// ---- upload rules (spec §5) ----

/** The message of a file of the wrong type: which types the upload takes. */
export type WrongFileType = Extract<MessageKey, `UNSUPPORTED_FILE_TYPE.${string}`>;

export const IMAGE_EXTENSIONS = ['png', 'jpg'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'mp4', 'png', 'jpg'] as const;

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
};

export function mimeOf(extension: string): string {
  return MIME[extension.toLowerCase()] ?? 'application/octet-stream';
}

export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** True when the first bytes are what the extension claims (magic numbers). */
export function contentMatches(extension: string, data: Buffer): boolean {
  const startsWith = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  switch (extension) {
    case 'png':
      return startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'jpg':
    case 'jpeg':
      return startsWith(0xff, 0xd8, 0xff);
    case 'pdf':
      return data.subarray(0, 1024).includes('%PDF-');
    case 'docx':
      return startsWith(0x50, 0x4b, 0x03, 0x04) && data.includes('word/');
    case 'xlsx':
      return startsWith(0x50, 0x4b, 0x03, 0x04) && data.includes('xl/');
    case 'mp4':
      return data.subarray(4, 8).toString('latin1') === 'ftyp';
    case 'csv':
    case 'txt':
      return !data.subarray(0, 8192).includes(0);
    default:
      return false;
  }
}

export interface UploadedFile {
  /** The client's name, sanitised. */
  name: string;
  extension: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

/**
 * Checks an upload against an allow-list by extension and by content; zero-size files are refused with the
 * spec's message. Throws 415 for a wrong type, 400 for an empty file.
 */
export function checkUpload(
  file: { name: string; data: Buffer },
  allowed: readonly string[],
  wrongType: WrongFileType,
  maxBytes = 25 * 1024 * 1024,
): UploadedFile {
  const name = sanitizeFileName(file.name);
  const extension = extensionOf(name);
  if (file.data.length === 0) throw new ValidationError('UPLOAD_FAILED');
  if (!allowed.includes(extension)) throw new AppError(415, wrongType);
  if (file.data.length > maxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE.file');
  if (!contentMatches(extension, file.data)) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE.content');
  return { name, extension, mimetype: mimeOf(extension), size: file.data.length, data: file.data };
}

// ---- signed URLs ----

export interface SignedFile {
  key: string;
  name: string;
  /** 'inline' for previews (signed_url_review), 'attachment' for downloads (signed_url). */
  disposition: 'inline' | 'attachment';
  exp: number;
}

/** Signs a download: the token names the file and expires; the /api/files route trusts nothing else. */
export function signFileToken(secret: string, file: Omit<SignedFile, 'exp'>, ttlSeconds = 900): string {
  const payload = Buffer.from(JSON.stringify({ ...file, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString(
    'base64url',
  );
  const mac = createHmac('sha256', `files:${secret}`).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** Verifies with every key of the keyring, so links signed just before a key rotation still open. */
export function verifyFileToken(secrets: string | readonly string[], token: string): SignedFile | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const given = Buffer.from(mac, 'base64url');
  const signed = (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = createHmac('sha256', `files:${secret}`).update(payload).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return null;
  const file = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedFile;
  return file.exp > Date.now() / 1000 ? file : null;
}

/** The two links of a document (spec §3), relative to the API's origin: download and preview. */
export function signedUrls(
  secret: string,
  key: string,
  name: string,
): { signed_url: string; signed_url_review: string } {
  return {
    signed_url: `/api/files/${signFileToken(secret, { key, name, disposition: 'attachment' })}`,
    signed_url_review: `/api/files/${signFileToken(secret, { key, name, disposition: 'inline' })}`,
  };
}
