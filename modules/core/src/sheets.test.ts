import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { cellText, decodeText, detectEncoding, parseDate, readSheet } from './sheets.js';

const rows = async (extension: 'csv' | 'xlsx', data: Buffer) => {
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
    expect(read[1]!.cells.map((c) => cellText(c as never))).toEqual(['Rich text', '2026-02-03', '7', 'true']);
    expect(read[1]!.cells[1]).toBeInstanceOf(Date);
  });

  it('parses dates as YYYY-MM-DD or MM/DD/YYYY and refuses impossible ones', () => {
    expect(parseDate('2026-02-03')).toBe('2026-02-03');
    expect(parseDate('2/3/2026')).toBe('2026-02-03');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('tomorrow')).toBeNull();
  });
});
