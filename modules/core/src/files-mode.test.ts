import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { LocalFileStore } from './files.js';
import { createFileStore } from './s3-files.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-file-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('the local file store keeps files to the server user', () => {
  it('writes files 0600 and the folders it creates 0700, whatever the umask lets through', async () => {
    const store = new LocalFileStore(path.join(root, 'files'));
    await store.put('documents/2026/11/a.pdf', Buffer.from('%PDF-1.7\n'));
    expect(modeOf(path.join(root, 'files/documents/2026/11/a.pdf'))).toBe(0o600);
    for (const dir of ['files', 'files/documents', 'files/documents/2026', 'files/documents/2026/11'])
      expect(modeOf(path.join(root, dir)), dir).toBe(0o700);
    expect((await store.read('documents/2026/11/a.pdf')).toString()).toBe('%PDF-1.7\n');
  });

  it("closes an older install's open folder at start, so its 0644 files are out of other users' reach", () => {
    const dataDir = path.join(root, 'older');
    mkdirSync(path.join(dataDir, 'files/logos'), { recursive: true, mode: 0o755 });
    chmodSync(path.join(dataDir, 'files'), 0o755);
    writeFileSync(path.join(dataDir, 'files/logos/old.png'), 'x', { mode: 0o644 });
    createFileStore(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }));
    expect(modeOf(path.join(dataDir, 'files'))).toBe(0o700);
  });
});
