import type { Context } from 'koa';
import rangeParser from 'range-parser';
import {
  type Config,
  extensionOf,
  type FileStore,
  mimeOf,
  NotFoundError,
  type SignedFile,
  verifyFileToken,
} from '@portal/core';
import { contentDisposition } from './mount.js';

/** How long a presigned URL of the bucket opens: long enough to start a download, too short to be passed around. */
export const PRESIGNED_SECONDS = 60;

/**
 * Fetch destinations that may not leave the origin: the CSP keeps frames, media and fetches on 'self', so a file
 * shown in the app (preview, image, video) or read by script is streamed here even from S3.
 */
const NAVIGATION_DESTS = new Set(['', 'document']);

/**
 * A browser's own download (a link opened or followed as a page) or an API client's request: the only callers sent
 * to the bucket. `Sec-Fetch-*` are set by the browser, never by script; a client without them is not a browser page.
 */
function mayRedirect(ctx: Context, file: SignedFile): boolean {
  if (file.disposition !== 'attachment') return false;
  const mode = ctx.get('Sec-Fetch-Mode');
  return (mode === '' || mode === 'navigate') && NAVIGATION_DESTS.has(ctx.get('Sec-Fetch-Dest'));
}

/**
 * The Content-Disposition a presigned URL asks the store for. A plain ASCII name needs no RFC 5987 `filename*`,
 * whose `'` and `*` some S3-compatible servers canonicalise wrongly when they check the signature (s3rver does; AWS and
 * MinIO do not): such names then work everywhere, and others carry both forms as the streamed answer does.
 */
function presignedDisposition(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) && !/["\\%]/.test(name)
    ? `attachment; filename="${name}"`
    : contentDisposition(name);
}

/**
 * GET /api/files/<token>: the product's signed, expiring link is the only authority. From S3 (S3_DOWNLOAD_REDIRECT),
 * a download is a 302 to a presigned URL of the bucket carrying our file name; otherwise the file is streamed, with
 * single byte ranges honoured (206, `Accept-Ranges`, 416 for a range outside the file) so a video can seek.
 */
export async function serveSignedFile(ctx: Context, files: FileStore, config: Config, token: string): Promise<void> {
  const file = verifyFileToken(
    config.jwtKeys.map((k) => k.secret),
    token,
  );
  if (!file) throw new NotFoundError('INVALID_LINK');
  const size = await files.size(file.key);
  if (size === null) throw new NotFoundError('FILE_NOT_FOUND');
  const disposition = contentDisposition(file.name).replace(/^attachment/, file.disposition);
  ctx.set('Cache-Control', 'private, no-store');

  const redirect = config.fileStore.kind === 's3' && config.fileStore.downloadRedirect && files.downloadUrl;
  if (redirect && mayRedirect(ctx, file)) {
    ctx.redirect(
      await files.downloadUrl!(file.key, {
        contentDisposition: presignedDisposition(file.name),
        expiresInSeconds: PRESIGNED_SECONDS,
      }),
    );
    return;
  }

  ctx.set('Accept-Ranges', 'bytes');
  const header = ctx.get('Range');
  // A Range on a request that is not a GET, or of another unit, is ignored (RFC 9110 §14.2): the whole file.
  const ranges = header && ctx.method === 'GET' ? rangeParser(size, header, { combine: true }) : undefined;
  if (ranges === -1) {
    // Unsatisfiable: no byte of the range is in the file.
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.body = '';
    return;
  }
  ctx.set('Content-Disposition', disposition);
  ctx.type = mimeOf(extensionOf(file.name));
  // Several ranges would need a multipart/byteranges answer, which no player asks for: the whole file, as the RFC
  // allows. A malformed header (-2) is ignored the same way.
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    ctx.status = 206;
    // The range counts the file's own bytes: never a compressed copy of them.
    ctx.compress = false;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    ctx.length = end - start + 1;
    ctx.body = files.stream(file.key, { start, end });
    return;
  }
  ctx.length = size;
  ctx.body = files.stream(file.key);
}
