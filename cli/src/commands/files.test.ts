import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3FileStore, s3Settings } from '@portal/core';
import { startTestS3, type TestS3 } from '@portal/testing/s3';
import { buildProgram } from '../program.js';
import { migrateFiles } from './files.js';

let s3: TestS3;
let store: S3FileStore;
let dataDir: string;
const files: Record<string, Buffer> = {
  'documents/2026/11/a.pdf': Buffer.from('%PDF-1.7 first'),
  'documents/2026/11/b.pdf': Buffer.from('%PDF-1.7 second'),
  'answers/2026/10/c.png': Buffer.alloc(3 * 1024 * 1024, 9),
};

beforeAll(async () => {
  s3 = await startTestS3();
  store = new S3FileStore(s3Settings(s3.env));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-files-migrate-'));
  for (const [key, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, 'files', key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', key), data);
  }
});
afterAll(async () => {
  store.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('files migrate --to s3', () => {
  it('stops at a file whose stored copy does not match its checksum, and resumes after the verified ones', async () => {
    const journal = path.join(dataDir, 'journal-1');
    // A store that hands back other bytes for one key: what a corrupted transfer looks like.
    const corrupting = {
      put: (key: string, data: PassThrough) => store.put(key, data),
      stream: (key: string) => {
        if (!key.startsWith('documents/2026/11/a')) return store.stream(key);
        const out = new PassThrough();
        out.end('%PDF-1.7 tampered');
        return out;
      },
    };
    await expect(migrateFiles({ from: path.join(dataDir, 'files'), to: corrupting, journal })).rejects.toThrow(
      /Checksum mismatch for documents\/2026\/11\/a\.pdf/,
    );
    // Keys go in order: answers/... was verified before the failure, and is the only one in the journal.
    expect(readFileSync(journal, 'utf8')).toBe('answers/2026/10/c.png\n');

    const progress: string[] = [];
    const resumed = await migrateFiles({
      from: path.join(dataDir, 'files'),
      to: store,
      journal,
      onProgress: (done, total, key) => progress.push(`${done}/${total} ${key}`),
    });
    expect(resumed).toEqual({ total: 3, copied: 2, skipped: 1, bytes: 14 + 15 });
    expect(progress).toEqual([
      '1/3 answers/2026/10/c.png',
      '2/3 documents/2026/11/a.pdf',
      '3/3 documents/2026/11/b.pdf',
    ]);
    // Buffer.equals: a deep toEqual walks a 3 MB buffer byte by byte.
    for (const [key, data] of Object.entries(files)) expect((await store.read(key)).equals(data)).toBe(true);
    // Run again: nothing left to copy.
    expect(await migrateFiles({ from: path.join(dataDir, 'files'), to: store, journal })).toMatchObject({
      copied: 0,
      skipped: 3,
    });
  });

  it('runs as `portal files migrate --to s3` with progress, from the environment', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((c) => out.push(String(c)) > 0);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((c) => err.push(String(c)) > 0);
    const saved = { ...process.env };
    Object.assign(process.env, s3.env, { S3_PREFIX: 'second', DATA_DIR: dataDir, FILE_STORE: 'local' });
    try {
      await buildProgram().parseAsync(['node', 'portal', 'files', 'migrate', '--to', 's3']);
      await buildProgram().parseAsync(['node', 'portal', 'files', 'migrate', '--to', 'ftp']);
    } finally {
      process.env = saved;
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(out.join('')).toContain('3 files copied and verified (3145757 bytes), 0 already done, 3 in all.');
    expect(err.join('')).toContain('files: 3/3 (100%)');
    // Resumable: its journal in DATA_DIR, one per bucket and prefix.
    expect(
      readFileSync(path.join(dataDir, 'files-migrated-to-s3-portal-files-second.journal'), 'utf8').split('\n'),
    ).toHaveLength(4);
    expect(err.join('')).toContain('error: --to must be s3\n');
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
  });
});
