/**
 * The parts of a streamed workbook (SpreadsheetML), written as text: the fixed parts, and per column a cell writer
 * that turns a value into its `<c>` element without building cell objects. The cells are those exceljs wrote before
 * (text as `t="str"`, numbers and dates as `<v>` numbers with a date format), so files read back the same.
 */
import { type ColumnKind, plain, type ReportColumn } from './columns.js';
import { excelCalendarDate, excelDateTime, zoneClock } from './dates.js';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Cell styles (cellXfs): 0 plain, 1 bold (the header row), 2 date and time, 3 date. */
const STYLE = { bold: 1, datetime: 2, date: 3 } as const;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="mm/dd/yyyy hh:mm"/><numFmt numFmtId="165" formatCode="mm/dd/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 cannot hold are what it finds
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const XML_SPECIALS = /[<>&'"\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

/** Text for XML: the five entities escaped, and the control characters XML cannot hold dropped (as exceljs does). */
export function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_SPECIALS, (c) => XML_ESCAPES[c] ?? '');
}

/** The fixed parts of a workbook of sheets named `names` (Excel takes 31 characters at most), as [path in the zip, XML]. */
export function workbookParts(names: string[]): [string, string][] {
  const sheets = names.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${names.map((name, i) => `<sheet sheetId="${i + 1}" name="${xmlText(name.slice(0, 31))}" state="visible" r:id="rId${i + 2}"/>`).join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/>${sheets.map((n) => `<Relationship Id="rId${n + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}</Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A sheet's XML up to its first data row: column widths and the bold header row. */
export function sheetStart(columns: ReportColumn<unknown>[]): string {
  const cols = columns
    .map((c, i) => {
      const width = c.width ?? (c.kind === 'datetime' ? 18 : 22);
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const header = columns
    .map((c, i) => `<c r="${columnLetters(i)}1" s="${STYLE.bold}" t="str"><v>${xmlText(c.header)}</v></c>`)
    .join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0"/>${columns.length ? `<cols>${cols}</cols>` : ''}<sheetData><row r="1" s="${STYLE.bold}" customFormat="1">${header}</row>`;
}

export function sheetEnd(): string {
  return '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
}

/** An Excel serial date (days since 1899-12-30) of a Date whose UTC fields are the wall clock, as exceljs writes it. */
const DAY_MS = 24 * 3600 * 1000;
const serial = (d: Date) => 25569 + d.getTime() / DAY_MS;

/**
 * The cell writer of a column of `kind` at `index`: (value, row number) → `<c>` element, '' for an empty plain cell.
 * Text is always a string cell, never a formula, so a value starting with = stays text in a spreadsheet.
 */
export function xlsxCellWriter(
  kind: ColumnKind,
  index: number,
  timeZone: string,
): (value: unknown, row: string) => string {
  const ref = `<c r="${columnLetters(index)}`;
  const text = (t: string, row: string) => `${ref}${row}" t="str"><v>${xmlText(t)}</v></c>`;
  switch (kind) {
    case 'datetime':
    case 'date': {
      const style = `" s="${STYLE[kind]}"`;
      const clock = zoneClock(timeZone);
      return (value, row) => {
        // Milliseconds since the epoch (what reports select) skip the Date.
        if (kind === 'datetime' && typeof value === 'number' && Number.isFinite(value)) {
          return `${ref}${row}${style}><v>${25569 + clock.wallMs(value) / DAY_MS}</v></c>`;
        }
        const d =
          kind === 'datetime'
            ? excelDateTime(value as Date | string | number | null, timeZone)
            : excelCalendarDate(value as string | null);
        return d ? `${ref}${row}${style}><v>${serial(d)}</v></c>` : `${ref}${row}${style}/>`;
      };
    }
    case 'yesno':
      return (value, row) => text(value ? 'Yes' : 'No', row);
    case 'json':
      return (value, row) => (value === null || value === undefined ? '' : text(JSON.stringify(value), row));
    default:
      return (value, row) => {
        const v = plain(value);
        if (v === null) return '';
        return typeof v === 'number' ? `${ref}${row}"><v>${v}</v></c>` : text(v, row);
      };
  }
}
