import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, fileResult, LocalFileStore, type ModuleDeps, route } from '@portal/core';
import { createTestDatabase, type TestDatabase, type TestApp, startTestApp } from '@portal/testing';
import { createApp } from './app.js';
import { createModules } from './modules.js';

// A built web app in miniature: one hashed asset with the .br and .gz copies the build writes beside it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(script));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would decode it), or rejects when the transfer is cut. */
function raw(base: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('aborted')));
      })
      .on('error', reject);
  });
}

const CSV = `Name,Count\n${Array.from({ length: 2000 }, (_, i) => `row ${i},${i}`).join('\n')}\n`;

let t: TestApp;
let database: TestDatabase;
let server: http.Server;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ webDist: dist }, { seed: false });
  database = await createTestDatabase();
  const deps: ModuleDeps = {
    db: database.db,
    config: { ...t.config, webDist: dist },
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: new LocalFileStore(os.tmpdir()),
  };
  const downloads = {
    name: 'downloads',
    routes: [
      route({
        method: 'GET',
        path: '/test-csv',
        access: 'public',
        summary: 'a streamed CSV',
        handler: () =>
          fileResult('rows.csv', 'text/csv; charset=utf-8', Readable.from([CSV.slice(0, 5000), CSV.slice(5000)])),
      }),
      route({
        method: 'GET',
        path: '/test-rows',
        access: 'public',
        summary: 'a JSON answer of 2,000 rows',
        handler: () => ({ rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}` })) }),
      }),
      route({
        method: 'GET',
        path: '/test-broken-csv',
        access: 'public',
        summary: 'a CSV whose rows fail half way',
        handler: () => {
          async function* rows() {
            yield CSV.slice(0, 5000);
            await new Promise((r) => setTimeout(r, 20));
            throw new Error('connection lost');
          }
          return fileResult('rows.csv', 'text/csv; charset=utf-8', Readable.from(rows()));
        },
      }),
    ],
  };
  const app = createApp({ deps, modules: [...createModules(deps), downloads] });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.close();
  await database.drop();
  await t.close();
});

describe('static files', () => {
  it('serve the pre-compressed br or gz copy the client accepts, with Vary and a year-long immutable cache', async () => {
    const br = await raw(base, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await raw(base, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(script);

    const plain = await raw(base, '/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('never let a browser keep index.html without asking again, at / or any app path', async () => {
    for (const p of ['/', '/supplier/recalls', '/index.html']) {
      const res = await raw(base, p, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.body.toString('utf8'), p).toContain('<div id="root">');
    }
  });
});

describe('API answers', () => {
  it('compress JSON above 1 kB as br or gzip when asked, and leave small answers alone', async () => {
    const br = await raw(base, '/api/openapi.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
    const gz = await raw(base, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
    const none = await raw(base, '/api/openapi.json');
    expect(none.headers['content-encoding']).toBeUndefined();
    const small = await raw(base, '/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ ok: true });
  });

  it("compress a handler's envelope in one piece, with its length, as br or gzip as the client prefers", async () => {
    const expected = {
      ok: true,
      m: '',
      d: { rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}` })) },
    };
    const br = await raw(base, '/api/test-rows', { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toMatchObject(expected);
    const gz = await raw(base, '/api/test-rows', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toMatchObject(expected);
    const none = await raw(base, '/api/test-rows', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString('utf8'))).toMatchObject(expected);
  });

  it('compress a streamed CSV download on the fly, whole', async () => {
    const res = await raw(base, '/api/test-csv', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-disposition']).toContain('rows.csv');
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(CSV);
  });

  it('cut a download whose rows fail after its headers went out, compressed or not', async () => {
    await expect(raw(base, '/api/test-broken-csv', { 'accept-encoding': 'gzip' })).rejects.toThrow();
    await expect(raw(base, '/api/test-broken-csv')).rejects.toThrow();
  });
});
