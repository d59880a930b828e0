import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  excelDateTime,
  fileDate,
  formatDateTime,
  keysetBatches,
  reportFileName,
  sheet,
  streamCsv,
  streamXlsx,
  ZoneClock,
} from './index.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** What Intl says, the slow way the clock replaces. */
function intlText(instant: Date, timeZone: string): string {
  const format =
    intlFormats.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
  intlFormats.set(timeZone, format);
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}`;
}

describe("dates in the caller's zone", () => {
  it('crosses a DST change in New York and none in Ho Chi Minh City', () => {
    // 2026-03-08 02:00 EST -> 03:00 EDT (07:00 UTC); 2026-11-01 02:00 EDT -> 01:00 EST (06:00 UTC).
    expect(formatDateTime(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('03/08/2026 01:59');
    expect(formatDateTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('03/08/2026 03:00');
    expect(formatDateTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('11/01/2026 01:30');
    expect(formatDateTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('11/01/2026 01:30');
    expect(formatDateTime(new Date('2026-03-08T07:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('03/08/2026 14:00');
    expect(formatDateTime(new Date('2026-11-01T20:15:00Z'), 'Asia/Ho_Chi_Minh')).toBe('11/02/2026 03:15');
    expect(formatDateTime('not a date', 'UTC')).toBe('NA');
    expect(formatDateTime(null, 'UTC')).toBe('');
  });

  it('agrees with Intl minute by minute around transitions and at random instants, in odd zones too', () => {
    const zones = [
      'America/New_York',
      'Asia/Ho_Chi_Minh',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Europe/London',
      'America/St_Johns',
      'Pacific/Chatham',
      'UTC',
    ];
    for (const zone of zones) {
      const clock = new ZoneClock(zone);
      const check = (ms: number) => {
        const d = new Date(ms);
        const w = clock.wallClock(d);
        const text = `${String(w.month).padStart(2, '0')}/${String(w.day).padStart(2, '0')}/${w.year} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
        expect(text, `${zone} ${d.toISOString()}`).toBe(intlText(d, zone));
        // The report path: epoch milliseconds to text through the zone's offset table.
        expect(clock.text(ms), `${zone} ${d.toISOString()} as text`).toBe(text);
      };
      // Every minute of the two days around each 2026 transition of the northern and southern hemispheres.
      for (const day of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01']) {
        const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
        for (let m = 0; m < 3 * 24 * 60; m += 11) check(start + m * 60_000 + 13_000);
      }
      let seed = 42;
      for (let i = 0; i < 500; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        check(Date.parse('1990-01-01T00:00:00Z') + (seed / 2_147_483_648) * 50 * 365 * 86_400_000);
      }
    }
  });

  it('formats epoch milliseconds like Dates, across a DST change in the caller zone (Chicago)', () => {
    // 2026-03-08 02:00 CST -> 03:00 CDT (08:00 UTC); 2026-11-01 02:00 CDT -> 01:00 CST (07:00 UTC).
    const cases: [string, string][] = [
      ['2026-03-08T07:59:59.999Z', '03/08/2026 01:59'],
      ['2026-03-08T08:00:00.000Z', '03/08/2026 03:00'],
      ['2026-11-01T06:30:00.000Z', '11/01/2026 01:30'],
      ['2026-11-01T07:30:00.000Z', '11/01/2026 01:30'],
      ['2026-11-01T05:59:00.000Z', '11/01/2026 00:59'],
      ['2026-12-31T23:59:00.000Z', '12/31/2026 17:59'],
      ['1969-12-31T23:59:00.000Z', '12/31/1969 17:59'],
    ];
    for (const [iso, text] of cases) {
      const ms = Date.parse(iso);
      expect(formatDateTime(ms, 'America/Chicago'), iso).toBe(text);
      expect(formatDateTime(new Date(ms), 'America/Chicago'), iso).toBe(text);
      expect(excelDateTime(ms, 'America/Chicago')?.toISOString()).toBe(
        excelDateTime(new Date(ms), 'America/Chicago')?.toISOString(),
      );
    }
    // Lord Howe moves its clock by half an hour, mid-day in UTC: 2026-04-05 02:00 +11 -> 01:30 +10:30 (15:00 UTC).
    expect(formatDateTime(Date.parse('2026-04-04T14:59:00Z'), 'Australia/Lord_Howe')).toBe('04/05/2026 01:59');
    expect(formatDateTime(Date.parse('2026-04-04T15:00:00Z'), 'Australia/Lord_Howe')).toBe('04/05/2026 01:30');
    expect(formatDateTime(Number.NaN, 'UTC')).toBe('NA');
    expect(excelDateTime(Date.parse('2026-07-01T03:04:05.678Z'), 'UTC')?.toISOString()).toBe(
      '2026-07-01T03:04:05.000Z',
    );
  });

  it("gives Excel the wall-clock time and file names today's date in the zone", () => {
    expect(excelDateTime('2026-07-01T03:04:05.678Z', 'America/New_York')?.toISOString()).toBe(
      '2026-06-30T23:04:05.000Z',
    );
    const now = new Date('2026-12-31T23:30:00Z');
    expect(fileDate(now, 'Asia/Ho_Chi_Minh')).toBe('01-01-2027');
    expect(reportFileName('Users Report', 'csv', 'America/New_York', now)).toBe('Users Report 12-31-2026.csv');
  });
});

describe('the report writer', () => {
  const rows = [
    { id: 1, name: '=HYPERLINK("http://evil")', n: -5, at: new Date('2026-03-08T07:00:00Z'), tags: ['a', 'b'] },
    { id: 2, name: '+1, "quoted"\nline', n: 3, at: null, tags: [] },
    { id: 3, name: '@SUM(A1)', n: 0, at: '2026-01-01T00:00:00Z', tags: ['-x'] },
  ];
  const people = () =>
    sheet<(typeof rows)[number]>({
      name: 'People',
      columns: [
        { header: 'Name', value: (r) => r.name },
        { header: 'Count', value: (r) => r.n, kind: 'number' },
        { header: 'At', value: (r) => r.at, kind: 'datetime' },
        { header: 'Tags', value: (r) => r.tags },
      ],
      rows: [rows.slice(0, 2), rows.slice(2)],
    });

  it('writes CSV with a BOM, RFC 4180 quoting, dates in the zone, and formulas defused', async () => {
    const text = (await bytesOf(streamCsv(people(), 'America/New_York', () => undefined))).toString('utf8');
    expect(text).toBe(
      '\ufeffName,Count,At,Tags\n' +
        `"'=HYPERLINK(""http://evil"")",-5,03/08/2026 03:00,a; b\n` +
        `"'+1, ""quoted""\nline",3,,\n` +
        `'@SUM(A1),0,12/31/2025 19:00,'-x\n`,
    );
    expect(csvField('-12', true)).toBe('-12');
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('writes XLSX whose formula-looking text stays text, with real date cells in the zone', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await bytesOf(streamXlsx([people()], 'Asia/Ho_Chi_Minh', () => undefined))) as unknown as ExcelJS.Buffer,
    );
    const ws = book.getWorksheet('People')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Count', 'At', 'Tags']);
    const cell = ws.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe('=HYPERLINK("http://evil")');
    expect(ws.getCell('B2').value).toBe(-5);
    expect((ws.getCell('C2').value as Date).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(ws.getCell('C2').numFmt).toBe('mm/dd/yyyy hh:mm');
    expect(ws.getCell('A4').value).toBe('@SUM(A1)');
  });

  it('writes every column kind in XLSX and CSV alike: past column Z, epoch-ms dates, escaping, several sheets', async () => {
    interface Wide {
      at: number | null;
      day: string | null;
      ok: boolean;
      meta: unknown;
      text: string;
      n: number | string;
    }
    const wide: Wide[] = [
      {
        at: Date.parse('2026-03-08T08:00:00Z'),
        day: '2026-02-28',
        ok: true,
        meta: { a: 1 },
        text: '-1+2 <b>&</b> \'q\' "Q"\u0001',
        n: 2.5,
      },
      // Text in a number column takes the text path: defused in CSV, a string cell in XLSX.
      { at: null, day: null, ok: false, meta: null, text: ' lead and trail ', n: '=1+2' },
    ];
    const filler = Array.from({ length: 24 }, (_, i) => ({ header: `F${i}`, value: () => i }));
    const columns = [
      ...filler,
      { header: 'At', value: (r: Wide) => r.at, kind: 'datetime' as const },
      { header: 'Day', value: (r: Wide) => r.day, kind: 'date' as const },
      { header: 'Ok', value: (r: Wide) => r.ok, kind: 'yesno' as const },
      { header: 'Meta', value: (r: Wide) => r.meta, kind: 'json' as const },
      { header: 'Text <&>', value: (r: Wide) => r.text },
      { header: 'N', value: (r: Wide) => r.n, kind: 'number' as const },
    ];
    const sheets = () => [
      sheet<Wide>({ name: 'Wide & tall', columns, rows: [wide] }),
      sheet<{ id: number }>({ name: 'Second', columns: [{ header: 'Id', value: (r) => r.id }], rows: [[{ id: 7 }]] }),
    ];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await bytesOf(streamXlsx(sheets(), 'America/Chicago', () => undefined))) as unknown as ExcelJS.Buffer,
    );
    const ws = book.getWorksheet('Wide & tall')!;
    expect(ws.getCell('Y1').value).toBe('At');
    expect([ws.getCell('AC1').value, ws.getCell('AD1').value]).toEqual(['Text <&>', 'N']);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('X2').value).toBe(23);
    expect((ws.getCell('Y2').value as Date).toISOString()).toBe('2026-03-08T03:00:00.000Z');
    expect(ws.getCell('Y2').numFmt).toBe('mm/dd/yyyy hh:mm');
    expect((ws.getCell('Z2').value as Date).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(ws.getCell('Z2').numFmt).toBe('mm/dd/yyyy');
    expect([ws.getCell('AA2').value, ws.getCell('AB2').value]).toEqual(['Yes', '{"a":1}']);
    // Formula-looking text stays text; the control character XML cannot hold is dropped.
    expect(ws.getCell('AC2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('AC2').value).toBe('-1+2 <b>&</b> \'q\' "Q"');
    expect(ws.getCell('AD2').value).toBe(2.5);
    expect([ws.getCell('Y3').value, ws.getCell('Z3').value, ws.getCell('AB3').value]).toEqual([null, null, null]);
    expect([ws.getCell('AA3').value, ws.getCell('AC3').value, ws.getCell('AD3').value]).toEqual([
      'No',
      ' lead and trail ',
      '=1+2',
    ]);
    expect(ws.getCell('AD3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getColumn(25).width).toBe(18);
    expect(book.getWorksheet('Second')!.getCell('A2').value).toBe(7);

    const csv = (await bytesOf(streamCsv(sheets()[0]!, 'America/Chicago', () => undefined))).toString('utf8');
    const lines = csv.split('\n');
    expect(lines[0]!.endsWith(',At,Day,Ok,Meta,Text <&>,N')).toBe(true);
    expect(lines[1]!.split(',').slice(23).join(',')).toBe(
      `23,03/08/2026 03:00,02/28/2026,Yes,"{""a"":1}","'-1+2 <b>&</b> 'q' ""Q""\u0001",2.5`,
    );
    expect(lines[2]!.split(',').slice(24).join(',')).toBe(",,No,, lead and trail ,'=1+2");
  });

  it('cuts the download when reading rows fails half way (never a silently short file)', async () => {
    async function* failing(): AsyncGenerator<{ id: number }[]> {
      yield [{ id: 1 }];
      throw new Error('connection lost');
    }
    const errors: unknown[] = [];
    const broken = () =>
      sheet<{ id: number }>({ name: 'S', columns: [{ header: 'Id', value: (r) => r.id }], rows: failing() });
    await expect(bytesOf(streamCsv(broken(), 'UTC', (e) => errors.push(e)))).rejects.toThrow('connection lost');
    await expect(bytesOf(streamXlsx([broken()], 'UTC', (e) => errors.push(e)))).rejects.toThrow('connection lost');
    expect(errors).toHaveLength(2);
  });

  it('reads no further rows while the client is not taking the XLSX (bounded memory)', async () => {
    let fetched = 0;
    const rowsOf = keysetBatches<{ id: number; text: string }>(async (after, size) => {
      fetched += 1;
      await new Promise((resolve) => setTimeout(resolve, 1)); // a query's round trip
      return Array.from({ length: size }, (_, i) => ({
        id: after + i + 1,
        text: `row ${after + i} ${'x'.repeat(1000)}`,
      }));
    }, 1000);
    const out = streamXlsx(
      [sheet({ name: 'S', columns: [{ header: 'Text', value: (r: { text: string }) => r.text }], rows: rowsOf })],
      'UTC',
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Nobody reads `out`: the writer must stall once the sheet's stream, the deflater and the response buffer are full
    // (a few batches: this text compresses a hundredfold, so several batches fit in the compressed buffers, more when
    // the deflater's thread pool lags), not go on reading the endless table into memory (some 1,000 batches in 1.5 s).
    expect(fetched).toBeLessThanOrEqual(8);
    out.destroy();
  });

  it('stops reading rows once the client went away', async () => {
    let fetched = 0;
    const rowsOf = keysetBatches<{ id: number; text: string }>(async (after, size) => {
      fetched += 1;
      return Array.from({ length: size }, (_, i) => ({ id: after + i + 1, text: 'x'.repeat(200) }));
    }, 1000);
    const out = streamXlsx(
      [sheet({ name: 'S', columns: [{ header: 'Text', value: (r: { text: string }) => r.text }], rows: rowsOf })],
      'UTC',
      () => undefined,
    );
    for await (const _chunk of out) {
      out.destroy();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = fetched;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetched).toBe(after);
    expect(fetched).toBeLessThan(50);
  });
});
