import { checkGtin } from './normalise.js';
import { GS, parseGs1Hri, parseGs1Raw } from './gs1.js';
import { parseHibcc } from './hibcc.js';
import type { UdiParse, UdiRefused } from './types.js';

/**
 * What keyboard-wedge scanners type for the group separator when they cannot type ASCII 29: "^]" (its caret
 * notation), "{GS}", "<GS>", "[GS]", "\x1d" spelt out, and "~" (a common configured substitute). None is in GS1's
 * character set 82 or HIBC's, so replacing them changes no real data.
 */
export function restoreSeparators(text: string): string {
  return text.replace(/\^\]|\{GS\}|<GS>|\[GS\]|\\x1d|\\u001d|~/gi, GS);
}

/** AIM symbology identifiers that announce GS1 data (GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar, GS1 DotCode). */
const GS1_SYMBOLOGIES = /^\](C1|d2|Q3|e0|J1)/;

/**
 * One scanned or typed UDI: GS1 (human-readable "(01)…(17)…", or raw with GS separators and an optional symbology
 * identifier; a bare GTIN-8/12/13/14 too) or HIBCC ("+…"). Every refusal names its reason (and the AI or field).
 */
export function parseUdi(input: string): UdiParse {
  const text = restoreSeparators(input.replace(/[\r\n]+$/, ''));
  if (text.trim() === '') return { ok: false, kind: null, reason: 'EMPTY' };
  let s = text.trim();
  const symbology = /^\][A-Za-z]\d/.exec(s)?.[0];
  if (symbology) s = s.slice(3);
  if (s.startsWith(GS)) s = s.slice(1);
  if (s.startsWith('*+') || s.startsWith('+')) return parseHibcc(s);
  if (s.startsWith('=') || s.startsWith('&'))
    return { ok: false, kind: null, reason: 'UNSUPPORTED', value: s.slice(0, 1) } satisfies UdiRefused;
  if (s.startsWith('(')) return parseGs1Hri(s);
  if (symbology && !GS1_SYMBOLOGIES.test(symbology) && !/^\d{2}/.test(s))
    return { ok: false, kind: null, reason: 'UNKNOWN_FORMAT' };
  // A linear product barcode (EAN-8, UPC-A, EAN-13, ITF-14): its GTIN alone. Behind a GS1 symbology identifier the
  // digits are an element string instead, so "]C1" and 14 digits is AI 01 cut short, not a bare GTIN.
  const gs1ElementString = symbology !== undefined && GS1_SYMBOLOGIES.test(symbology);
  if (!gs1ElementString && /^\d+$/.test(s) && [8, 12, 13, 14].includes(s.length)) {
    const g = checkGtin(s);
    if (!g.ok)
      return g.reason === 'GTIN_CHECK_DIGIT'
        ? { ok: false, kind: 'GS1', reason: 'BAD_CHECK_DIGIT', ai: '01', value: s, expected: String(g.expected) }
        : { ok: false, kind: 'GS1', reason: 'BAD_CHARACTER', ai: '01', value: s };
    return {
      ok: true,
      kind: 'GS1',
      raw: s,
      elements: [{ ai: '01', title: 'GTIN', value: g.gtin }],
      gtin: g.gtin,
      di: g.gtin,
    };
  }
  if (/^\d{2}/.test(s)) return parseGs1Raw(s, s);
  return { ok: false, kind: null, reason: 'UNKNOWN_FORMAT' };
}

/** English sentence for a refusal (the server's files and logs; the web words each reason itself). */
export function udiProblemText(p: UdiRefused): string {
  const at = p.ai ? ` (AI ${p.ai})` : p.field ? ` (${p.field})` : '';
  switch (p.reason) {
    case 'EMPTY':
      return 'Nothing was scanned.';
    case 'UNKNOWN_FORMAT':
      return 'Not a GS1 or HIBCC barcode.';
    case 'UNKNOWN_AI':
      return `Unknown application identifier ${p.ai ?? ''}.`.replace(' .', '.');
    case 'TRUNCATED':
      return `The barcode is cut short${at}.`;
    case 'TOO_LONG':
      return `A value is too long${at}: at most ${p.max ?? ''} characters.`;
    case 'BAD_CHARACTER':
      return `A character is not allowed here${at}.`;
    case 'BAD_CHECK_DIGIT':
      return `Wrong check digit${at}: expected ${p.expected ?? ''}.`;
    case 'BAD_DATE':
      return `Not a real date${at}.`;
    case 'BAD_LABELER':
      return 'The HIBC labeler code must be a letter and three letters or digits.';
    case 'BAD_CHECK_CHARACTER':
      return `Wrong HIBC check character: expected ${p.expected ?? ''}.`;
    case 'UNSUPPORTED':
      return 'ISBT 128 (ICCBBA) barcodes are not read.';
  }
}
