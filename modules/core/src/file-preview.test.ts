import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore, loadConfig, previewSignedFile, signedUrls } from './index.js';
import { startTestApp, type TestApp } from '@portal/testing';

/** Issue 36, items 1-3: spreadsheet previews from the server, file types by content, rich text cleaned on write. */

let t: TestApp;
let supplier = '';
let operator = '';
beforeAll(async () => {
  t = await startTestApp();
  supplier = (await t.signIn('recalls@acme.demo')).access_token;
  operator = (await t.signIn('admin@operator.demo')).access_token;
});
afterAll(() => t.close());

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

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Units');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const draft = async (name: string) =>
  (
    await t.call('POST', '/api/supplier/communications/step0', {
      token: supplier,
      body: { type: 'RECALL', name, classification: 'CLASSI' },
    })
  ).body.d as { id: number; description: string | null };

const uploadDocument = (id: number, name: string, data: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return t.call('POST', `/api/supplier/communications/${id}/documents`, { token: supplier, form });
};

describe('spreadsheet previews served by the server', () => {
  it('answers the first rows of an .xlsx behind its signed link, bounded, and nothing without a good link', async () => {
    const { id } = await draft('Preview');
    const up = await uploadDocument(
      id,
      'units.xlsx',
      await workbook([
        ['Product', 'Units', 'Site'],
        ['Pump X-200', 42, 'Zürich'],
        ['Pump X-300', 7, 'Hà Nội'],
      ]),
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const doc = up.body.d[0] as { signed_url: string; signed_url_review: string };
    for (const link of [doc.signed_url_review, doc.signed_url]) {
      const preview = await t.call('GET', `${link}/preview`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.d).toEqual({
        name: 'units.xlsx',
        kind: 'xlsx',
        rows: [
          ['Product', 'Units', 'Site'],
          ['Pump X-200', '42', 'Zürich'],
          ['Pump X-300', '7', 'Hà Nội'],
        ],
        truncated: false,
      });
    }
    const two = await t.call('GET', `${doc.signed_url_review}/preview?rows=2`);
    expect(two.body.d).toMatchObject({
      rows: [
        ['Product', 'Units', 'Site'],
        ['Pump X-200', '42', 'Zürich'],
      ],
    });
    expect(two.body.d.truncated).toBe(true);
    // Bounded: the query is checked, never a 500.
    expect((await t.call('GET', `${doc.signed_url_review}/preview?rows=100000`)).status).toBe(400);
    // The link is the only authority: a forged or tampered token opens nothing.
    const [payload, mac] = doc.signed_url_review.slice('/api/files/'.length).split('.');
    const forged = Buffer.from(
      JSON.stringify({ key: 'documents/other.xlsx', name: 'o.xlsx', disposition: 'inline', exp: 9e9 }),
    ).toString('base64url');
    const refused = await t.call('GET', `/api/files/${forged}.${mac}/preview`);
    expect(refused.status).toBe(404);
    expect(refused.body.error!.code).toBe('INVALID_LINK');
    expect((await t.call('GET', `/api/files/${payload}.x${mac}/preview`)).status).toBe(404);
    expect((await t.call('GET', '/api/files/not-a-token/preview')).status).toBe(404);
    // A file that is no spreadsheet has no row preview.
    const pdf = await uploadDocument(id, 'letter.pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n'));
    const notSheet = await t.call('GET', `${pdf.body.d[0].signed_url_review}/preview`);
    expect(notSheet.status).toBe(415);
    expect(notSheet.body.error!.code).toBe('PREVIEW_NOT_SPREADSHEET');
  });

  it('reads a Windows-1252 CSV with é and ü right (the same reader as the imports)', async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'preview-')),
      JWT_SECRET: 'k'.repeat(40),
    });
    const files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'preview-files-')));
    await files.put('locations/2026/01/a.csv', iconv.encode('Name,City\nCafé Zürich,Genève\n', 'windows-1252'));
    const { signed_url_review } = signedUrls(config.jwtSecret, 'locations/2026/01/a.csv', 'sites.csv');
    const token = signed_url_review.slice('/api/files/'.length);
    expect(await previewSignedFile({ config, files }, token, 100)).toEqual({
      name: 'sites.csv',
      kind: 'csv',
      rows: [
        ['Name', 'City'],
        ['Café Zürich', 'Genève'],
      ],
      truncated: false,
    });
  });

  it('leaves no SheetJS (xlsx) in the lockfile or in any package', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const lock = readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8');
    expect(lock).not.toMatch(/^\s+xlsx[@:]/m);
    const designSystem = JSON.parse(readFileSync(path.join(root, 'design-system/package.json'), 'utf8'));
    expect({ ...designSystem.dependencies, ...designSystem.devDependencies }).not.toHaveProperty('xlsx');
  });
});

describe('file types by content', () => {
  it('refuses a zip named .xlsx or .docx without the Office parts, saying why', async () => {
    const { id } = await draft('Types');
    const plain = await zipOf({ 'xl/readme.txt': 'no workbook here' });
    const xlsx = await uploadDocument(id, 'fake.xlsx', plain);
    expect(xlsx.status).toBe(415);
    expect(xlsx.body.error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', reason: 'officeParts' });
    expect(xlsx.body.m).toBe(
      'The .xlsx file is a zip without the parts of an Office document: [Content_Types].xml is missing.',
    );
    const docx = await uploadDocument(id, 'fake.docx', await zipOf({ '[Content_Types].xml': '<Types/>' }));
    expect(docx.status).toBe(415);
    expect(docx.body.m).toContain('word/document.xml is missing.');
    expect((await t.call('GET', `/api/supplier/communications/${id}/documents`, { token: supplier })).body.d).toEqual(
      [],
    );
  });

  it("answers the fuzzer's zip named .xlsx on the paper import with a 4xx that says why, never a 500", async () => {
    // An event past its draft (the import refuses drafts before it reads the file): a draft marked open.
    const sent = await draft('Paper import');
    await t.db('communications').where({ id: sent.id }).update({ status: 'OPEN' });
    const admin = (await t.signIn('admin@acme.demo')).access_token;
    const importing = (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'Paper Response Template.xlsx');
      return t.call('POST', `/api/supplier/communications/${sent.id}/paper-response-import`, { token: admin, form });
    };
    const plain = await importing(await zipOf({ 'xl/a.txt': 'a', 'b.txt': 'b' }));
    expect(plain.status, JSON.stringify(plain.body)).toBe(415);
    expect(plain.body.error).toMatchObject({ reason: 'officeParts' });
    // The parts are there but the workbook is not one: the reader's failure is the client's, 400.
    const broken = await importing(
      await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': 'not xml at all <<<' }),
    );
    expect(broken.status, JSON.stringify(broken.body)).toBe(400);
    expect(broken.body.error!.code).toBe('SPREADSHEET_UNREADABLE');
  });
});

describe('rich text cleaned on write', () => {
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script><p onclick="steal()">Remove <b>lot 42</b></p>';

  it("stores an event's description cleaned, whichever call wrote it", async () => {
    const created = await t.call('POST', '/api/supplier/communications/step0', {
      token: supplier,
      body: { type: 'RECALL', name: 'Rich', classification: 'CLASSI', description: hostile },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.d.description).toBe('<p>Remove <b>lot 42</b></p>');
    const read = await t.call('GET', `/api/supplier/communications/${created.body.d.id}`, { token: supplier });
    expect(read.body.d.description).toBe('<p>Remove <b>lot 42</b></p>');
    expect(
      (await t.db('communications').where({ id: created.body.d.id }).first('description')).description,
    ).not.toContain('onerror');
  });

  it('stores an FAQ answer cleaned, and refuses one that is nothing once cleaned', async () => {
    const add = (body: object) => t.call('POST', '/api/notisphere/content/faqs', { token: operator, body });
    const faq = await add({ user_type: 'PROV', title: 'Hostile?', body: hostile });
    expect(faq.status, JSON.stringify(faq.body)).toBe(200);
    expect(faq.body.d.body).toBe('<p>Remove <b>lot 42</b></p>');
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    const read = (await t.call('GET', '/api/content/faqs', { token: provider })).body.d as {
      id: number;
      body: string;
    }[];
    expect(read.find((f) => f.id === faq.body.d.id)?.body).toBe('<p>Remove <b>lot 42</b></p>');
    const empty = await add({ user_type: 'PROV', title: 'Only a script', body: '<script>alert(1)</script>' });
    expect(empty.status).toBe(400);
  });
});
