import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import {
  checkUpload,
  DOCUMENT_EXTENSIONS,
  officeProblem,
  IMAGE_EXTENSIONS,
  LocalFileStore,
  newFileKey,
  sanitizeFileName,
  signFileToken,
  verifyFileToken,
} from './files.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n');

/** A zip holding the named entries (yazl, as the answer-files zip is written). */
function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('upload rules (spec §5)', () => {
  it('accepts an allowed type whose content matches, whatever the case of the extension', async () => {
    await expect(
      checkUpload({ name: 'Photo.PNG', data: PNG }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).resolves.toMatchObject({
      extension: 'png',
      mimetype: 'image/png',
      size: 16,
    });
    expect(
      (await checkUpload({ name: 'notice.pdf', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'))
        .mimetype,
    ).toBe('application/pdf');
  });

  it("refuses a wrong type with the spec's message, an empty file, and content that lies about its type", async () => {
    await expect(
      checkUpload({ name: 'a.pdf', data: PDF }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).rejects.toThrow('The document types should be either of .png, .jpg');
    await expect(
      checkUpload({ name: 'a.exe', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'),
    ).rejects.toThrow('The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4');
    await expect(
      checkUpload({ name: 'a.png', data: Buffer.alloc(0) }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).rejects.toThrow('Documented failed to upload. Please try again.');
    await expect(
      checkUpload({ name: 'evil.png', data: PDF }, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image'),
    ).rejects.toThrow('The file content does not match its type.');
    await expect(
      checkUpload({ name: 'fake.docx', data: PDF }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document'),
    ).rejects.toThrow('The file content does not match its type.');
    // The old check took any PK header with "xl/" somewhere in it: file-type and the zip reader do not.
    await expect(
      checkUpload(
        { name: 'fuzz.xlsx', data: Buffer.from('PK\u0003\u0004xl/ garbage') },
        DOCUMENT_EXTENSIONS,
        'UNSUPPORTED_FILE_TYPE.document',
      ),
    ).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_FILE_TYPE', reason: 'content' });
  });

  it('checks Office files by their parts: a zip named .docx or .xlsx without them is refused, saying which', async () => {
    const check = (name: string, data: Buffer) =>
      checkUpload({ name, data }, DOCUMENT_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.document');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Units').addRow(['Lot', 'Units']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await expect(check('units.xlsx', xlsx)).resolves.toMatchObject({ extension: 'xlsx' });
    const docx = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    await expect(check('letter.docx', docx)).resolves.toMatchObject({ extension: 'docx' });

    const plain = await zipOf({ 'xl/readme.txt': 'not a workbook', 'word/notes.txt': 'nor a document' });
    await expect(check('plain.xlsx', plain)).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      reason: 'officeParts',
      message: 'The .xlsx file is a zip without the parts of an Office document: [Content_Types].xml is missing.',
    });
    await expect(check('plain.docx', plain)).rejects.toMatchObject({ reason: 'officeParts' });
    // The content types alone are not enough: the kind's main part must be there.
    const noBody = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/styles.xml': '<w:styles/>' });
    await expect(check('letter.docx', noBody)).rejects.toThrow('word/document.xml is missing.');
    // A workbook named as a document (and the reverse) is what file-type names it: not the type it claims.
    await expect(check('units.docx', xlsx)).rejects.toMatchObject({ reason: 'content' });
    await expect(check('letter.xlsx', docx)).rejects.toThrow('xl/workbook.xml is missing.');
    expect(await officeProblem('pptx', await zipOf({ '[Content_Types].xml': '', 'ppt/presentation.xml': '' }))).toBe(
      null,
    );
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
