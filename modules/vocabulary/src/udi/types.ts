/** One element of a GS1 string: its Application Identifier, GS1's short title and the value as read. */
export interface UdiElement {
  ai: string;
  title: string;
  value: string;
}

/** Why a scanned or typed string is not a UDI (each has a sentence in both languages: `udiProblemText`, the web's). */
export const UDI_PROBLEMS = [
  'EMPTY',
  'UNKNOWN_FORMAT',
  'UNKNOWN_AI',
  'TRUNCATED',
  'TOO_LONG',
  'BAD_CHARACTER',
  'BAD_CHECK_DIGIT',
  'BAD_DATE',
  'BAD_LABELER',
  'BAD_CHECK_CHARACTER',
  'UNSUPPORTED',
] as const;
export type UdiProblem = (typeof UDI_PROBLEMS)[number];

export interface UdiParsed {
  ok: true;
  kind: 'GS1' | 'HIBCC';
  /** The string as parsed (separators as GS, symbology identifier removed). */
  raw: string;
  /** GS1: every element in order; HIBCC: none. */
  elements: UdiElement[];
  /** The device identifier: the GTIN (GS1) or "+" labeller, product and unit of measure (HIBCC). */
  di?: string;
  gtin?: string;
  lot?: string;
  serial?: string;
  /** YYYY-MM-DD. */
  expiry?: string;
  production?: string;
  /** HIBCC. */
  labeler?: string;
  product?: string;
  unitOfMeasure?: number;
  quantity?: number;
  /** HIBCC: a secondary barcode alone (lot, serial, expiry) and the primary's check character it links to. */
  secondaryOnly?: boolean;
  link?: string;
}

export interface UdiRefused {
  ok: false;
  kind: 'GS1' | 'HIBCC' | null;
  reason: UdiProblem;
  /** The AI (GS1) or field (HIBCC) at fault. */
  ai?: string;
  field?: string;
  value?: string;
  /** The right check digit or character. */
  expected?: string;
  max?: number;
  position?: number;
}

export type UdiParse = UdiParsed | UdiRefused;
