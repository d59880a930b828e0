import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '@portal/testing/s3';
import { loadConfig } from './config.js';
import { createFileStore, S3FileStore } from './s3-files.js';
import { LocalFileStore } from './files.js';

let s3: TestS3;
let store: S3FileStore;

beforeAll(async () => {
  s3 = await startTestS3();
  const config = loadConfig({ ...s3.env, DATA_DIR: '/tmp', S3_PREFIX: 'portal' });
  store = createFileStore(config) as S3FileStore;
});
afterAll(async () => {
  store.close();
  await s3.close();
});

describe('the S3-compatible file store', () => {
  it('is chosen by FILE_STORE=s3 and refuses to start without a bucket; the local disk stays the default', () => {
    expect(store).toBeInstanceOf(S3FileStore);
    expect(createFileStore(loadConfig({ DATA_DIR: '/tmp' }))).toBeInstanceOf(LocalFileStore);
    expect(() => loadConfig({ FILE_STORE: 's3', DATA_DIR: '/tmp' })).toThrow(/S3_BUCKET must be set/);
    expect(() => loadConfig({ FILE_STORE: 'ftp', DATA_DIR: '/tmp' })).toThrow(/FILE_STORE must be/);
  });

  it('writes, sizes, reads, streams and removes a file; a missing one has no size', async () => {
    await store.put('documents/2026/11/a.pdf', Buffer.from('%PDF-1.7 hello'));
    expect(await store.size('documents/2026/11/a.pdf')).toBe(14);
    expect((await store.read('documents/2026/11/a.pdf')).toString()).toBe('%PDF-1.7 hello');
    expect(await text(store.stream('documents/2026/11/a.pdf'))).toBe('%PDF-1.7 hello');
    await store.remove('documents/2026/11/a.pdf');
    expect(await store.size('documents/2026/11/a.pdf')).toBeNull();
    await expect(text(store.stream('documents/2026/11/a.pdf'))).rejects.toThrow();
  });

  it('uploads a stream larger than one part without holding it whole (multipart upload)', async () => {
    const part = Buffer.alloc(1024 * 1024, 7);
    const hash = createHash('sha256');
    async function* chunks() {
      for (let i = 0; i < 6; i++) {
        hash.update(part);
        yield part;
      }
    }
    await store.put('answers/big.bin', Readable.from(chunks()));
    expect(await store.size('answers/big.bin')).toBe(6 * 1024 * 1024);
    const back = createHash('sha256');
    for await (const chunk of store.stream('answers/big.bin')) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid file key/);
    expect(() => store.stream('a/../../b')).toThrow(/Invalid file key/);
  });
});
