import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  DOCUMENT_EXTENSIONS,
  IMAGE_EXTENSIONS,
  LocalFileStore,
  newFileKey,
  sanitizeFileName,
  signFileToken,
  verifyFileToken,
} from './files.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n');

describe('upload rules (spec §5)', () => {
  it('accepts an allowed type whose content matches, whatever the case of the extension', () => {
    expect(
      checkUpload({ name: 'Photo.PNG', data: PNG }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).toMatchObject({
      extension: 'png',
      mimetype: 'image/png',
      size: 12,
    });
    expect(
      checkUpload({ name: 'notice.pdf', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document').mimetype,
    ).toBe('application/pdf');
  });

  it("refuses a wrong type with the spec's message, an empty file, and content that lies about its type", () => {
    expect(() => checkUpload({ name: 'a.pdf', data: PDF }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image')).toThrow(
      'The document types should be either of .png, .jpg',
    );
    expect(() =>
      checkUpload({ name: 'a.exe', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'),
    ).toThrow('The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4');
    expect(() =>
      checkUpload({ name: 'a.png', data: Buffer.alloc(0) }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).toThrow('Documented failed to upload. Please try again.');
    expect(() => checkUpload({ name: 'evil.png', data: PDF }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image')).toThrow(
      'The file content does not match its type.',
    );
    expect(() =>
      checkUpload({ name: 'fake.docx', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'),
    ).toThrow('The file content does not match its type.');
  });

  it('sanitises names and never reuses them as storage keys', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\report "final".pdf')).toBe('report _final_.pdf');
    expect(newFileKey('documents', 'x/../../a.PDF')).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
  });
});

describe('signed file links', () => {
  it('verifies its own tokens and refuses tampered, foreign and expired ones', () => {
    const token = signFileToken('secret-a', { key: 'documents/x.pdf', name: 'x.pdf', disposition: 'attachment' });
    expect(verifyFileToken('secret-a', token)).toMatchObject({ key: 'documents/x.pdf', name: 'x.pdf' });
    expect(verifyFileToken('secret-b', token)).toBeNull();
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ key: 'documents/other.pdf', name: 'o.pdf', disposition: 'attachment', exp: 9e9 }),
    ).toString('base64url');
    expect(verifyFileToken('secret-a', `${forged}.${mac}`)).toBeNull();
    expect(verifyFileToken('secret-a', `${payload}`)).toBeNull();
    expect(
      verifyFileToken('secret-a', signFileToken('secret-a', { key: 'k', name: 'n', disposition: 'inline' }, -1)),
    ).toBeNull();
  });

  it('opens a link signed by any key of the keyring, so a rotation does not break links already handed out', () => {
    const token = signFileToken('old-key', { key: 'k', name: 'n.pdf', disposition: 'inline' });
    expect(verifyFileToken(['new-key', 'old-key'], token)).toMatchObject({ key: 'k' });
    expect(verifyFileToken(['new-key'], token)).toBeNull();
  });
});

describe('local file store', () => {
  it('stores, reads, sizes and removes files, refusing keys that escape its folder', async () => {
    const store = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'store-')));
    await store.put('a/b/c.pdf', PDF);
    expect((await store.read('a/b/c.pdf')).equals(PDF)).toBe(true);
    expect(await store.size('a/b/c.pdf')).toBe(PDF.length);
    await expect(store.put('a/b/c.pdf', PDF)).rejects.toThrow(); // never overwritten
    await expect(store.put('../escape.pdf', PDF)).rejects.toThrow('Invalid file key.');
    await store.remove('a/b/c.pdf');
    expect(await store.size('a/b/c.pdf')).toBeNull();
  });
});
