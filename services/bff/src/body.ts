import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { assertSafeInput, type Config, type Logger } from '@portal/core';
import { bodyError } from './envelope.js';

export const MAX_UPLOAD_FILES = 10;

type ReadBody = (multipart: boolean) => Promise<void>;

/**
 * Runs a body parser alone (not around the rest of the chain), so whatever it throws is the client's body: bad JSON,
 * a `__proto__` key, a truncated or garbage multipart form, too many files. The parsed body may not nest too deeply.
 */
async function parseBody(ctx: Context, parser: Middleware, multipart: boolean): Promise<void> {
  try {
    await parser(ctx, async () => undefined);
  } catch (error) {
    throw bodyError(error, multipart, MAX_UPLOAD_FILES);
  }
  assertSafeInput((ctx.request as { body?: unknown }).body);
}

/**
 * Reads the request's body, once: JSON (or a form) for most routes, multipart where the route accepts files. Called by
 * the route (mount.ts) only after its access rule, path and owner check passed, so a refused caller costs no parsing
 * and no upload is written to disk for a record it may not reach; and by the rate limit for the token call's grant.
 */
export function readBody(ctx: Context, multipart: boolean): Promise<void> {
  const read = ctx.state.readBody as ReadBody | undefined;
  if (!read) throw new Error('readBody outside the body reader');
  return read(multipart);
}

/**
 * Gives each /api request a lazy body reader (`readBody`), rather than parsing every body before routing: the reader
 * runs when the route asks, after its checks. Uploads stream to a temporary folder of this request, bounded in size and
 * count, created on the first read and removed when the request ends, whatever happened (a refusal, a truncated form).
 * A body left unread whose bytes are still arriving (an upload refused before it was read) closes the connection after
 * the answer, so the rest is not pulled off the wire to keep the connection alive.
 */
export function bodyReader(config: Config, logger: Logger): Middleware {
  const jsonBody = koaBody({
    jsonLimit: config.bodyLimitBytes,
    formLimit: config.bodyLimitBytes,
    textLimit: config.bodyLimitBytes,
    multipart: false,
  });
  const multipartBody = (uploadDir: string) =>
    koaBody({
      multipart: true,
      formLimit: config.bodyLimitBytes,
      formidable: {
        uploadDir,
        maxFileSize: 25 * 1024 * 1024,
        maxFiles: MAX_UPLOAD_FILES,
        allowEmptyFiles: true,
        minFileSize: 0,
      },
    });
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api')) return next();
    let reading: Promise<void> | undefined;
    let uploadDir: string | undefined;
    // A refused form (too many files, a cut) can leave formidable writing a file while the folder is removed: the
    // removal retries, never replaces the answer, and runs again once the response is closed to catch a late file.
    const cleanUp = (dir: string) =>
      rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch((err: unknown) =>
        logger.warn({ err, uploadDir: dir }, 'upload folder not removed'),
      );
    const read = async (multipart: boolean) => {
      if (!multipart) return parseBody(ctx, jsonBody, false);
      const dir = await mkdtemp(path.join(os.tmpdir(), `portal-upload-${process.pid}-`));
      uploadDir = dir;
      ctx.res.once('close', () => void cleanUp(dir));
      await parseBody(ctx, multipartBody(dir), true);
    };
    ctx.state.readBody = ((multipart) => {
      reading ??= read(multipart);
      return reading;
    }) satisfies ReadBody;
    try {
      await next();
    } finally {
      if (uploadDir) await cleanUp(uploadDir);
      if (!reading && !ctx.req.complete && !ctx.headerSent) ctx.set('Connection', 'close');
    }
  };
}
