/**
 * Normal forms of product identifiers, shared by the item master's import, the matching of recalls and the web's
 * scan field: what two spellings of the same identifier have in common.
 */

/** The GS1 check digit (mod 10, weights 3 and 1 from the right) of the digits before it. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type GtinProblem = 'GTIN_NOT_DIGITS' | 'GTIN_LENGTH' | 'GTIN_CHECK_DIGIT';

export type GtinResult = { ok: true; gtin: string } | { ok: false; reason: GtinProblem; expected?: number };

/**
 * A GTIN-8, -12 (UPC-A), -13 or -14, with or without leading zeros, spaces or dashes, as 14 digits: refused when it
 * holds anything but digits, has more than 14, fewer than 8, or a wrong check digit (`expected` is the right one).
 */
export function checkGtin(text: string): GtinResult {
  const digits = text.trim().replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'GTIN_NOT_DIGITS' };
  if (digits.length > 14 || digits.length < 8) return { ok: false, reason: 'GTIN_LENGTH' };
  const gtin = digits.padStart(14, '0');
  const expected = gs1CheckDigit(gtin.slice(0, 13));
  if (expected !== Number(gtin[13])) return { ok: false, reason: 'GTIN_CHECK_DIGIT', expected };
  return { ok: true, gtin };
}

/** The 14-digit GTIN of a valid one, or null. */
export function normaliseGtin(text: string | null | undefined): string | null {
  if (!text) return null;
  const r = checkGtin(text);
  return r.ok ? r.gtin : null;
}

/**
 * A catalogue (reference), model, lot or serial number as compared: upper case, without spaces, dashes, dots,
 * slashes and underscores ("REF 12-345.A" → "12345A"); a leading "REF", "CAT", "LOT" or "SN" label is not removed
 * (it may be part of the code), so callers strip what they know is a label. Null for nothing left.
 */
export function normaliseCode(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const n = String(text)
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-./_]/g, '');
  return n === '' ? null : n;
}

/** A manufacturer's name as compared: upper case letters and digits, without the usual company suffixes. */
export function normaliseManufacturer(text: string | null | undefined): string | null {
  if (!text) return null;
  const n = String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(/\b(INC|INCORPORATED|LLC|LTD|LIMITED|CORP|CORPORATION|CO|COMPANY|GMBH|AG|SA|PLC|LP|USA|US)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return n === '' ? null : n;
}
