import { mkdtempSync, rmSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Router } from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Config,
  type FileStore,
  LocalFileStore,
  loadConfig,
  S3FileStore,
  s3Settings,
  signFileToken,
} from '@portal/core';
import { startTestS3, type TestS3 } from '@portal/testing/s3';
import { serveSignedFile } from './file-download.js';

/** The /api/files route alone, over real HTTP, on a given store. */
async function serve(files: FileStore, config: Config): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  const router = new Router({ prefix: '/api' });
  router.get('/files/:token', (ctx) => serveSignedFile(ctx, files, config, ctx.params.token ?? ''));
  app.use(router.routes());
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A GET with exactly these headers (fetch adds Sec-Fetch-Mode: cors of its own), never following a redirect. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const CONTENT = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const NAVIGATE = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };

describe('signed file links from the local disk: byte ranges', () => {
  let dir: string;
  let config: Config;
  let app: Awaited<ReturnType<typeof serve>>;
  let link: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-range-'));
    config = loadConfig({ DATA_DIR: dir, FILE_STORE: 'local' });
    const store = new LocalFileStore(path.join(dir, 'files'));
    await store.put('documents/2026/11/clip.mp4', CONTENT);
    app = await serve(store, config);
    const token = signFileToken(config.jwtSecret, {
      key: 'documents/2026/11/clip.mp4',
      name: 'Recall clip.mp4',
      disposition: 'inline',
    });
    link = `${app.url}/api/files/${token}`;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the whole file with Accept-Ranges, and one range with 206 and its Content-Range', async () => {
    const whole = await get(link);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(CONTENT)).toBe(true);

    const part = await get(link, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-disposition']).toMatch(/^inline; filename="Recall clip.mp4"/);
    expect(part.body.equals(CONTENT.subarray(100, 200))).toBe(true);

    // A suffix (the player reading the file's end) and an open end are cut to the file.
    const tail = await get(link, { Range: 'bytes=-10' });
    expect([tail.status, tail.headers['content-range']]).toEqual([206, 'bytes 990-999/1000']);
    expect(tail.body.equals(CONTENT.subarray(990))).toBe(true);
    const open = await get(link, { Range: 'bytes=995-5000' });
    expect([open.status, open.headers['content-range']]).toEqual([206, 'bytes 995-999/1000']);
    expect(open.body.length).toBe(5);
  });

  it('answers 416 for a range outside the file, and ignores a malformed or multiple one', async () => {
    const outside = await get(link, { Range: 'bytes=1000-1100' });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expect(outside.body.length).toBe(0);

    for (const range of ['bytes=abc', 'items=0-10', 'bytes=0-1,5-6']) {
      const res = await get(link, { Range: range });
      expect(res.status, range).toBe(200);
      expect(res.body.equals(CONTENT), range).toBe(true);
    }
  });
});

describe('signed file links from S3: a presigned redirect for downloads', () => {
  let s3: TestS3;
  let store: S3FileStore;
  let config: Config;
  let app: Awaited<ReturnType<typeof serve>>;
  let dir: string;
  const name = 'Lot list 11-28-2026.pdf';
  const sign = (disposition: 'inline' | 'attachment', fileName = name) =>
    `${app.url}/api/files/${signFileToken(config.jwtSecret, { key: 'documents/2026/11/lots.pdf', name: fileName, disposition })}`;

  beforeAll(async () => {
    s3 = await startTestS3();
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-presign-'));
    config = loadConfig({ DATA_DIR: dir, ...s3.env });
    store = new S3FileStore(s3Settings(s3.env));
    await store.put('documents/2026/11/lots.pdf', CONTENT);
    app = await serve(store, config);
  });
  afterAll(async () => {
    await app.close();
    store.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a browser's download and an API client to a short-lived presigned URL that names the file", async () => {
    for (const headers of [NAVIGATE, {}]) {
      const res = await get(sign('attachment'), headers);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location!);
      expect(location.origin).toBe(s3.endpoint);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(location.searchParams.get('response-content-disposition')).toBe(`attachment; filename="${name}"`);

      // The store answers the presigned URL itself: the bytes, under our name.
      const direct = await get(location.toString());
      expect(direct.status).toBe(200);
      expect(direct.body.equals(CONTENT)).toBe(true);
      expect(direct.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    }
    // A name beyond ASCII keeps its RFC 5987 form (s3rver cannot check that signature, so it is not followed here).
    const accented = await get(sign('attachment', 'Lot list — März.pdf'), NAVIGATE);
    expect(new URL(accented.headers.location!).searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Lot list _ M_rz.pdf"; filename*=UTF-8''${encodeURIComponent('Lot list — März.pdf')}`,
    );
  });

  it('refuses a presigned URL whose file name was changed', async () => {
    const res = await get(sign('attachment'), NAVIGATE);
    const forged = new URL(res.headers.location!);
    forged.searchParams.set('response-content-disposition', 'inline');
    expect((await get(forged.toString())).status).toBe(403);
  });

  it('streams what the page itself shows or reads (preview, media, fetch), with ranges from S3 too', async () => {
    const preview = await get(sign('inline'), NAVIGATE);
    expect(preview.status).toBe(200);
    expect(preview.body.equals(CONTENT)).toBe(true);
    for (const headers of [
      { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' },
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'video' },
    ]) {
      const res = await get(sign('attachment'), headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    }
    const part = await get(sign('inline'), { Range: 'bytes=10-19' });
    expect([part.status, part.headers['content-range']]).toEqual([206, 'bytes 10-19/1000']);
    expect(part.body.equals(CONTENT.subarray(10, 20))).toBe(true);
  });

  it('streams everything when S3_DOWNLOAD_REDIRECT is off (a bucket that does not face browsers)', async () => {
    const off = await serve(store, loadConfig({ DATA_DIR: dir, ...s3.env, S3_DOWNLOAD_REDIRECT: 'false' }));
    try {
      const token = signFileToken(config.jwtSecret, {
        key: 'documents/2026/11/lots.pdf',
        name,
        disposition: 'attachment',
      });
      const res = await get(`${off.url}/api/files/${token}`, NAVIGATE);
      expect(res.status).toBe(200);
      expect(res.body.equals(CONTENT)).toBe(true);
    } finally {
      await off.close();
    }
  });
});
