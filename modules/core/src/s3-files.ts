import path from 'node:path';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config, S3Settings } from './config.js';
import { ValidationError } from './errors.js';
import { type ByteRange, type FileStore, LocalFileStore } from './files.js';

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The S3-compatible driver of DESIGN §5. Every replica reads and writes the same bucket, so a file uploaded through
 * one is downloaded through any other. Downloads go through the product's own signed links (/api/files/...): an
 * attachment opened by a browser is redirected to a presigned URL of the bucket (`downloadUrl`, S3_DOWNLOAD_REDIRECT),
 * anything else is streamed from here (docs/architecture.md §8).
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer CRC trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    // The same rule as the local store: a key is ours (newFileKey), never a client's path.
    if (!/^[\w./-]+$/.test(key) || key.includes('..')) throw new ValidationError('FILE_KEY_INVALID');
    return this.settings.prefix ? path.posix.join(this.settings.prefix, key) : key;
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    // lib-storage sends a stream in 5 MB parts (multipart upload), so nothing past one part is held in memory.
    await new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: data },
    }).done();
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  stream(key: string, range?: ByteRange): Readable {
    // The interface hands back a stream at once; the object's body is piped in when S3 answers.
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((answer) => {
        const body = answer.Body as Readable;
        body.once('error', (err) => out.destroy(err));
        body.pipe(out);
      })
      .catch((err: unknown) => out.destroy(err as Error));
    return out;
  }

  /**
   * A presigned GET of the object that answers with our Content-Disposition (file name, attachment): the signature
   * covers `response-content-disposition`, so the link cannot be turned into an inline page of the bucket's origin.
   */
  downloadUrl(key: string, file: { contentDisposition: string; expiresInSeconds: number }): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        ResponseContentDisposition: file.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: file.expiresInSeconds },
    );
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** The file store the configuration names: the local disk under DATA_DIR by default, or S3 (FILE_STORE=s3). */
export function createFileStore(config: Config): FileStore & { close?(): void } {
  if (config.fileStore.kind === 's3') return new S3FileStore(config.fileStore);
  const root = path.join(config.dataDir, 'files');
  // Files written before they were 0600 (an older install's 0644) stay out of other users' reach: the folder is 0700.
  // Best effort: a folder another user owns is left as it is.
  try {
    if (existsSync(root) && (statSync(root).mode & 0o077) !== 0) chmodSync(root, 0o700);
  } catch {
    // not ours to change
  }
  return new LocalFileStore(root);
}
