import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import type { PlainMessageKey } from '@portal/vocabulary';
import { AppError, ValidationError } from './errors.js';

/** Where uploaded files live (DESIGN §5). Local disk by default; an S3-compatible driver can implement the same. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The file, or only bytes `range.start` to `range.end` (inclusive, both within the file) of it. */
  stream(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL of the store itself that answers the file with this `Content-Disposition` (a presigned S3
   * URL), for stores a browser may reach directly; absent for the local disk.
   */
  downloadUrl?(key: string, file: { contentDisposition: string; expiresInSeconds: number }): Promise<string>;
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
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

  stream(key: string, range?: ByteRange): Readable {
    return createReadStream(this.resolve(key), range ? { start: range.start, end: range.end } : undefined);
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
export type WrongFileType = Extract<PlainMessageKey, `UNSUPPORTED_FILE_TYPE.${string}`>;

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

/** What file-type may call a file of each extension (a zip where it cannot tell an Office file's kind). */
const DETECTED: Record<string, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  // An Illustrator file is a PDF with extra data: every PDF reader opens it.
  pdf: ['pdf', 'ai'],
  mp4: ['mp4', 'm4v'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
};

/** The parts an Office Open XML file of each kind must hold, besides `[Content_Types].xml`. */
export const OFFICE_PARTS: Record<string, string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
};

/** More entries than any Office file a person uploads holds: a zip past it is not read further. */
const MAX_ZIP_ENTRIES = 20_000;

/** The entry names of a zip, read from its central directory (nothing is inflated); null when it is no zip. */
export function zipEntryNames(data: Buffer): Promise<Set<string> | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: false }, (error, zip) => {
      if (error || !zip) return resolve(null);
      const names = new Set<string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        if (names.size >= MAX_ZIP_ENTRIES) {
          zip.close();
          resolve(names);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/**
 * Why an Office file is not one, or null when it is: it must be a zip whose central directory names
 * `[Content_Types].xml` and the kind's main part (`word/document.xml`, `xl/workbook.xml`, `ppt/presentation.xml`).
 */
export async function officeProblem(extension: string, data: Buffer): Promise<'notZip' | { missing: string } | null> {
  const main = OFFICE_PARTS[extension];
  if (!main) return null;
  const names = await zipEntryNames(data);
  if (!names) return 'notZip';
  const missing = ['[Content_Types].xml', main].find((part) => !names.has(part));
  return missing ? { missing } : null;
}

/** The type file-type reads in the bytes (undefined when it knows none, or the file is too short to tell). */
async function detectedType(data: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(data))?.ext;
  } catch {
    return undefined;
  }
}

/**
 * True when the content is what the extension claims: file-type's detection for binary types, the Office parts for
 * .docx/.xlsx/.pptx, and no NUL byte for text.
 */
export async function contentMatches(extension: string, data: Buffer): Promise<boolean> {
  return (await contentProblem(extension, data)) === null;
}

async function contentProblem(extension: string, data: Buffer): Promise<'content' | { missing: string } | null> {
  if (extension === 'csv' || extension === 'txt') return data.subarray(0, 8192).includes(0) ? 'content' : null;
  const accepted = DETECTED[extension];
  if (!accepted) return 'content';
  const detected = await detectedType(data);
  if (!detected || !accepted.includes(detected)) return 'content';
  if (!OFFICE_PARTS[extension]) return null;
  const office = await officeProblem(extension, data);
  // A zip the reader cannot open is not the type it claims; one that opens without the parts says what is missing.
  return office === 'notZip' ? 'content' : office;
}

/**
 * Throws 415 when the content is not what the extension claims: `UNSUPPORTED_FILE_TYPE.officeParts` for a zip named
 * as an Office file without its parts (saying which part), `UNSUPPORTED_FILE_TYPE.content` otherwise.
 */
export async function checkContent(extension: string, data: Buffer): Promise<void> {
  const problem = await contentProblem(extension, data);
  if (problem === 'content') throw new AppError(415, 'UNSUPPORTED_FILE_TYPE.content');
  if (problem) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE.officeParts', { extension, part: problem.missing });
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
 * spec's message. Throws 415 for a wrong type (an Office file without its parts says so), 400 for an empty file.
 */
export async function checkUpload(
  file: { name: string; data: Buffer },
  allowed: readonly string[],
  wrongType: WrongFileType,
  maxBytes = 25 * 1024 * 1024,
): Promise<UploadedFile> {
  const name = sanitizeFileName(file.name);
  const extension = extensionOf(name);
  if (file.data.length === 0) throw new ValidationError('UPLOAD_FAILED');
  if (!allowed.includes(extension)) throw new AppError(415, wrongType);
  if (file.data.length > maxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE.file');
  await checkContent(extension, file.data);
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
