import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  cellText,
  decodeText,
  detectEncoding,
  PREVIEW_LIMITS,
  parseDate,
  previewSheet,
  readSheet,
  type SheetSource,
  scanCsv,
} from './sheets.js';

const rows = async (extension: 'csv' | 'xlsx', data: SheetSource) => {
  const out: { line: number; cells: unknown[] }[] = [];
  for await (const r of readSheet(extension, data)) out.push(r);
  return out;
};

describe('the spreadsheet reader', () => {
  const text = 'Name,City\n"Hôpital Saint-Jérôme – Nord",Montréal\n';

  it('reads UTF-8, UTF-8 with a BOM, Windows-1252 and UTF-16 alike', async () => {
    const utf8 = Buffer.from(text, 'utf8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    const ansi = iconv.encode(text, 'windows-1252');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
    expect([utf8, bom, ansi, utf16].map(detectEncoding)).toEqual(['UTF-8', 'UTF-8', 'windows-1252', 'UTF-16LE']);
    for (const data of [utf8, bom, ansi, utf16]) {
      expect(decodeText(data)).toBe(text);
      expect(await rows('csv', data)).toEqual([
        { line: 1, cells: ['Name', 'City'] },
        { line: 2, cells: ['Hôpital Saint-Jérôme – Nord', 'Montréal'] },
      ]);
    }
    // The dash (0x96) is where Windows-1252 and ISO-8859-1 differ: read as the dash people typed.
    expect(ansi.includes(0x96)).toBe(true);
  });

  it('reads a file larger than one parser chunk: a quoted line break and a surrogate pair across the cut', async () => {
    // The text is handed to the parser 65,536 characters at a time.
    let csv = 'Name,Note\n';
    let line = 1;
    while (csv.length < 65_536 - 40) {
      csv += `row ${line},plain\n`;
      line++;
    }
    const prefix = '"quoted\nacross",';
    const filler = 'x'.repeat(65_535 - csv.length - prefix.length);
    csv += `${prefix}${filler}😀end\nlast,row\n`;
    // The pair's high half ends the first chunk; its low half would start the second.
    expect(csv.indexOf('😀')).toBe(65_535);
    const read = await rows('csv', Buffer.from(csv, 'utf8'));
    expect(read).toHaveLength(line + 2);
    expect(read.at(-2)).toEqual({ line: line + 2, cells: ['quoted\nacross', `${filler}😀end`] });
    expect(read.at(-1)).toEqual({ line: line + 3, cells: ['last', 'row'] });
  });

  it('reads a stored file as a stream in small pieces, never whole, exactly as the same bytes in memory', async () => {
    // 5-byte pieces cut through every multi-byte character and the BOMs.
    const pieces = (data: Buffer) => () =>
      Readable.from(Array.from({ length: Math.ceil(data.length / 5) }, (_, i) => data.subarray(i * 5, i * 5 + 5)));
    const utf8 = Buffer.from(text, 'utf8');
    const files = [
      utf8,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]),
      iconv.encode(text, 'windows-1252'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]),
      Buffer.from(`${text}last,line without a break`, 'utf8'),
    ];
    for (const data of files) {
      const scan = await scanCsv(pieces(data)());
      expect(scan.encoding).toBe(detectEncoding(data));
      expect(scan.lines).toBe(data === files[4] ? 3 : 2);
      expect(await rows('csv', { open: pieces(data) })).toEqual(await rows('csv', data));
      expect(await rows('csv', { open: pieces(data), encoding: scan.encoding })).toEqual(await rows('csv', data));
    }
    // A UTF-8 file cut inside its last character is not UTF-8.
    const cut = Buffer.concat([Buffer.from('a,b\nMontr', 'utf8'), Buffer.from([0xc3])]);
    expect((await scanCsv(Readable.from([cut]))).encoding).toBe('windows-1252');
    expect(detectEncoding(cut)).toBe('windows-1252');
    // A stream that fails mid-file is an unreadable file, not the stream's own error.
    const failing = () =>
      new Readable({
        read() {
          this.push(Buffer.from('a,b\n1,2\n'));
          this.destroy(new Error('disk gone'));
        },
      });
    await expect(rows('csv', { open: failing, encoding: 'UTF-8' })).rejects.toMatchObject({
      status: 400,
      code: 'SPREADSHEET_UNREADABLE',
    });
  });

  it('skips blank rows and keeps line numbers pointing at the file', async () => {
    expect((await rows('csv', Buffer.from('a,b\n,\n\n1,2\n'))).map((r) => r.line)).toEqual([1, 4]);
  });

  it('streams the first worksheet of an XLSX with typed cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('One');
    ws.addRow(['Name', 'When', 'Qty', 'Ok']);
    ws.addRow([]);
    ws.addRow([{ richText: [{ text: 'Rich ' }, { text: 'text' }] }, new Date(Date.UTC(2026, 1, 3)), 7, true]);
    wb.addWorksheet('Two').addRow(['ignored']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await rows('xlsx', data);
    expect(read.map((r) => r.line)).toEqual([1, 3]);
    expect(await rows('xlsx', { open: () => Readable.from([data.subarray(0, 100), data.subarray(100)]) })).toEqual(
      read,
    );
    expect(read[1]!.cells.map((c) => cellText(c as never))).toEqual(['Rich text', '2026-02-03', '7', 'true']);
    expect(read[1]!.cells[1]).toBeInstanceOf(Date);
  });

  it('reads a workbook whose zip holds the worksheet before the workbook part', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('One').addRow(['Name', 'Qty']);
    wb.getWorksheet('One')!.addRow(['Pump', 3]);
    const original = Buffer.from(await wb.xlsx.writeBuffer());
    // The same parts, re-zipped with xl/workbook.xml last.
    const parts = await new Promise<Map<string, Buffer>>((resolve, reject) => {
      const out = new Map<string, Buffer>();
      yauzl.fromBuffer(original, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        zip.on('entry', (entry: yauzl.Entry) =>
          zip.openReadStream(entry, async (err, stream) => {
            if (err || !stream) return reject(err);
            out.set(entry.fileName, await buffer(stream));
            zip.readEntry();
          }),
        );
        zip.on('end', () => resolve(out));
        zip.readEntry();
      });
    });
    const files = [...parts.keys()].filter((n) => !n.endsWith('/')); // directory entries carry nothing
    // The relationships and the shared strings first (the reader then reads a worksheet as it comes), the workbook last.
    const first = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];
    expect(first.every((n) => files.includes(n))).toBe(true);
    const names = [...first, ...files.filter((n) => !first.includes(n) && n !== 'xl/workbook.xml'), 'xl/workbook.xml'];
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));
    const zip = new yazl.ZipFile();
    for (const name of names) zip.addBuffer(parts.get(name)!, name);
    zip.end();
    const reordered = await buffer(zip.outputStream);
    expect((await rows('xlsx', reordered)).map((r) => r.cells)).toEqual([
      ['Name', 'Qty'],
      ['Pump', 3],
    ]);
  });

  it('parses dates as YYYY-MM-DD or MM/DD/YYYY and refuses impossible ones', () => {
    expect(parseDate('2026-02-03')).toBe('2026-02-03');
    expect(parseDate('2/3/2026')).toBe('2026-02-03');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('tomorrow')).toBeNull();
  });
});

describe('the spreadsheet preview', () => {
  it('answers a Windows-1252 CSV with é and ü as the text people typed, header first', async () => {
    const ansi = iconv.encode('Lot,Site,Note\nL-1,Zürich,Café crème\nL-2,Genève,"a, b"\n', 'windows-1252');
    expect(ansi.includes(0xe9) && ansi.includes(0xfc)).toBe(true); // é and ü as single Windows-1252 bytes
    expect(await previewSheet('csv', ansi)).toEqual({
      rows: [
        ['Lot', 'Site', 'Note'],
        ['L-1', 'Zürich', 'Café crème'],
        ['L-2', 'Genève', 'a, b'],
      ],
      truncated: false,
    });
  });

  it('is bounded in rows, columns and cell length, and says when it cut', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Big');
    ws.addRow(Array.from({ length: PREVIEW_LIMITS.columns + 5 }, (_, i) => `C${i + 1}`));
    for (let r = 0; r < 20; r += 1) ws.addRow([`row ${r}`, 'x'.repeat(PREVIEW_LIMITS.cellLength + 100), r]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = await previewSheet('xlsx', data, 5);
    expect(preview.truncated).toBe(true);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toHaveLength(PREVIEW_LIMITS.columns);
    expect(preview.rows[1]![1]).toHaveLength(PREVIEW_LIMITS.cellLength);
    expect(preview.rows[1]![1]!.endsWith('…')).toBe(true);
    expect(preview.rows[4]).toEqual(['row 3', expect.any(String), '3']);
    // Never past the bound, whatever the caller asks.
    expect((await previewSheet('xlsx', data, 10_000)).rows).toHaveLength(21);
  });

  it('answers 400 SPREADSHEET_UNREADABLE for a file the reader cannot read, never the parser error', async () => {
    const notAWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/ not a zip')]);
    await expect(previewSheet('xlsx', notAWorkbook)).rejects.toMatchObject({
      status: 400,
      code: 'SPREADSHEET_UNREADABLE',
    });
    await expect(rows('csv', Buffer.from('a,b\n"open quote,1\n'))).rejects.toMatchObject({
      code: 'SPREADSHEET_UNREADABLE',
    });
  });

  it('gives up on a workbook whose compressed data is damaged instead of waiting forever (400, not a hung call)', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Items');
    for (let i = 0; i < 2000; i++) sheet.addRow([`GTIN ${i}`, `Lot ${i}`, i]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    // The zip's directory stays intact; bytes inside the largest compressed entry (the sheet) are overwritten.
    const at = Math.floor(data.length / 2);
    data.fill(0x41, at, at + 40);
    const read = async () => {
      for await (const _ of readSheet('xlsx', data, { stallMs: 1500 })) void _;
    };
    await expect(read()).rejects.toMatchObject({ status: 400, code: 'SPREADSHEET_UNREADABLE' });
  });
});
