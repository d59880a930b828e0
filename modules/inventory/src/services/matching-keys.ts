import {
  gs1CheckDigit,
  normaliseCode as normaliseStoredCode,
  normaliseGtin,
  normaliseManufacturer as normaliseStoredManufacturer,
} from '@portal/vocabulary';

/*
 * Match keys (issue 38, item 4): what a recall's products and an FDA record's free text say about the devices they
 * cover, reduced to the forms an item master is searched by. Pure: no database, no clock.
 *
 * - GTIN: 14 digits with a good GS1 check digit (8, 12 and 13 digits are padded with leading zeros). A GS1 UDI string
 *   ("(01)…(17)…(10)…", or the raw form) gives its GTIN, lot and serial; a HIBCC one ("+H123PROD1…") its labeller and
 *   product number as the DI.
 * - Catalogue and model numbers: upper case without spaces, dashes, dots, slashes or underscores, leading zeros kept;
 *   the form without leading zeros is tried too (`codeVariants`).
 * - Lots and serials: listed ones exactly, and ranges ("Lots 1234 through 1300", "1234-1300", "A0100 to A0199") as an
 *   alphanumeric prefix with a numeric tail between two bounds.
 * - Manufacturer: upper case, punctuation and legal forms (Inc, LLC, Corp, Ltd, GmbH, …) dropped.
 */

/** A run of lots or serials: `prefix` then a number of `width` digits (or more) between `from` and `to`. */
export interface CodeRange {
  prefix: string;
  from: number;
  to: number;
  /** Digits of the lower bound as written ("0100" is 4): a tail written shorter is not in the range. */
  width: number;
}

/** What one recalled product (or one FDA record) is matched by. Every list is normalised and without duplicates. */
export interface MatchKeys {
  /** GS1 GTIN-14s. */
  gtins: string[];
  /** Other UDI device identifiers (HIBCC labeller + product number), normalised like codes. */
  dis: string[];
  catalogues: string[];
  models: string[];
  lots: string[];
  lotRanges: CodeRange[];
  serials: string[];
  serialRanges: CodeRange[];
  /** The recalling firm or manufacturer, normalised (`normaliseManufacturer`); null when not known. */
  manufacturer: string | null;
  /** Identifier-like words of the free text (at least one digit, 4+ characters), normalised: "token found in text". */
  tokens: string[];
}

export const MAX_RANGE_SPAN = 1_000_000;
const MAX_TOKENS = 500;

export function emptyKeys(manufacturer: string | null = null): MatchKeys {
  return {
    gtins: [],
    dis: [],
    catalogues: [],
    models: [],
    lots: [],
    lotRanges: [],
    serials: [],
    serialRanges: [],
    manufacturer,
    tokens: [],
  };
}

/**
 * A catalogue, model, lot or serial number as compared: the item master's form (`@portal/vocabulary`'s
 * `normaliseCode`: upper case, no spaces, dashes, dots, slashes, underscores), and no "#" or typographic dashes.
 */
export function normaliseCode(value: string | null | undefined): string {
  if (!value) return '';
  return normaliseStoredCode(value.replace(/[#‐-―]+/g, '')) ?? '';
}

/** The forms a code is looked up by: as written (normalised), and without its leading zeros when it has some. */
export function codeVariants(value: string | null | undefined): string[] {
  const code = normaliseCode(value);
  if (!code) return [];
  const bare = code.replace(/^0+(?=.)/, '');
  return bare === code ? [code] : [code, bare];
}

/** A manufacturer's name as compared ("Arrow International, Inc." and "ARROW INTERNATIONAL" are the same). */
export const normaliseManufacturer = normaliseStoredManufacturer;

/**
 * Whether two normalised manufacturer names name the same firm: equal, or one is the other's leading words
 * ("MEDTRONIC" and "MEDTRONIC MINIMED"). Unknown on either side is not a contradiction (`null`).
 */
export function sameManufacturer(a: string | null, b: string | null): boolean | null {
  if (!a || !b) return null;
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(`${short} `);
}

export { gs1CheckDigit, normaliseGtin };

/** What a UDI string gives the matcher. */
export interface UdiKeys {
  gtin: string | null;
  di: string | null;
  lot: string | null;
  serial: string | null;
}

const GS = '\x1d';
/** Fixed-length GS1 application identifiers (the ones a device label carries), and their data lengths. */
const FIXED_AI: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};

/**
 * The GTIN, lot and serial of a UDI as a recall or an item master writes it: a bare GTIN, a GS1 element string in
 * the human-readable ("(01)…(10)…") or raw form ("01…17…10…<GS>21…", symbology prefix allowed), or a HIBCC string
 * ("+H123ABC1…"). Lenient: whatever cannot be read is null (the import's parser gives reasons; this only matches).
 */
export function udiKeys(value: string | null | undefined): UdiKeys {
  const none: UdiKeys = { gtin: null, di: null, lot: null, serial: null };
  if (!value) return none;
  const text = value.trim().replace(/^\][A-Za-z]\d/, '');
  const bare = normaliseGtin(text);
  if (bare) return { ...none, gtin: bare };
  if (text.startsWith('+')) return hibccKeys(text);
  const ais = new Map<string, string>();
  if (text.startsWith('(')) {
    for (const m of text.matchAll(/\((\d{2,4})\)([^(]*)/g)) ais.set(m[1] as string, (m[2] as string).trim());
  } else if (/^\d{16}/.test(text)) {
    let rest = text;
    while (rest.length > 2) {
      const ai = rest.slice(0, 2);
      const fixed = FIXED_AI[ai];
      if (fixed !== undefined) {
        ais.set(ai, rest.slice(2, 2 + fixed));
        rest = rest.slice(2 + fixed);
        if (rest.startsWith(GS)) rest = rest.slice(1);
      } else if (ai === '10' || ai === '21') {
        const end = rest.indexOf(GS, 2);
        ais.set(ai, end < 0 ? rest.slice(2) : rest.slice(2, end));
        rest = end < 0 ? '' : rest.slice(end + 1);
      } else break;
    }
  }
  const gtin = normaliseGtin(ais.get('01'));
  if (!gtin) return none;
  return { gtin, di: null, lot: ais.get('10') || null, serial: ais.get('21') || null };
}

function hibccKeys(text: string): UdiKeys {
  // Primary: + labeller (4: a letter then 3 alphanumerics) + product number (1-18) + unit of measure (1 digit) + check.
  // Alone, the primary ends with its check character; combined ("primary/secondary"), the check ends the secondary.
  const [first, secondary] = text.slice(1).split('/', 2) as [string, string | undefined];
  const primary = secondary === undefined ? first.slice(0, -1) : first;
  const m = /^([A-Z][A-Z0-9]{3})([A-Z0-9]{1,18})(\d)$/i.exec(primary);
  if (!m) return { gtin: null, di: null, lot: null, serial: null };
  const di = `+${normaliseCode(`${m[1]}${m[2]}${m[3]}`)}`;
  let lot: string | null = null;
  let serial: string | null = null;
  const data = secondary;
  if (data) {
    // "$$" + expiry (MMYY or a format digit and date) then the lot; "$+" a serial; a bare "$" the lot.
    const s = data.replace(/.$/, ''); // the link character
    if (s.startsWith('$$+')) serial = s.slice(3).replace(/^[2-7]?\d{4,8}/, '') || null;
    else if (s.startsWith('$+')) serial = s.slice(2) || null;
    else if (s.startsWith('$$')) lot = s.slice(2).replace(/^([2-7]\d{4,8}|\d{4})/, '') || null;
    else if (s.startsWith('$')) lot = s.slice(1) || null;
  }
  return { gtin: null, di, lot: lot ? normaliseCode(lot) : null, serial: serial ? normaliseCode(serial) : null };
}

/** Splits a code into an alphanumeric prefix and its numeric tail ("13F18C0374" → "13F18C", 374, 4 digits). */
export function splitTail(code: string): { prefix: string; tail: number; width: number } | null {
  const m = /^(.*?)(\d+)$/.exec(code);
  if (!m || (m[2] as string).length > 12) return null;
  return { prefix: m[1] as string, tail: Number(m[2]), width: (m[2] as string).length };
}

/** A range from two written bounds, when both share a prefix and rise by at most MAX_RANGE_SPAN; otherwise null. */
export function codeRange(fromText: string, toText: string): CodeRange | null {
  const a = splitTail(normaliseCode(fromText));
  let b = splitTail(normaliseCode(toText));
  if (!a) return null;
  // "A0100-0199": the upper bound may leave out the prefix.
  if (b && b.prefix === '' && a.prefix !== '') b = { ...b, prefix: a.prefix };
  if (!b || a.prefix !== b.prefix || b.tail < a.tail || b.tail - a.tail > MAX_RANGE_SPAN) return null;
  if (b.tail === a.tail) return null;
  return { prefix: a.prefix, from: a.tail, to: b.tail, width: a.width };
}

/** Whether a normalised code lies inside a range (same prefix, numeric tail between the bounds, as wide). */
export function inRange(code: string, range: CodeRange): boolean {
  const s = splitTail(code);
  if (!s || s.prefix !== range.prefix) return false;
  return (
    s.tail >= range.from &&
    s.tail <= range.to &&
    s.width >= range.width &&
    s.width <= String(range.to).length + range.width
  );
}

/** Whether a normalised code is one of `listed` or inside one of `ranges`. */
export function codeListed(code: string, listed: readonly string[], ranges: readonly CodeRange[]): boolean {
  if (!code) return false;
  if (listed.includes(code)) return true;
  return ranges.some((r) => inRange(code, r));
}

// ---------------------------------------------------------------------------------------------------------------
// Free text: FDA `code_info` and `product_description`, and a product's own lot and serial fields.

type Label = 'lot' | 'serial' | 'model' | 'catalogue' | 'udi' | 'expiry' | 'other';

/** A label: its words, an optional plural, then "Number(s)", "No.", "#", "Code(s)" and a colon, as written. */
const label = (words: string): RegExp =>
  new RegExp(
    `(?:${words})s?(?![A-Za-z0-9])(?:\\s*(?:numbers?|nos?\\.?|#|codes?|ids?)(?![A-Za-z]))?\\.?\\s*[:#]?`,
    'iy',
  );

/** The labels that introduce a list of values, in the order they are tried. */
const LABELS: readonly [RegExp, Label][] = [
  [label('lot\\s*\\/\\s*batch|lot|batch'), 'lot'],
  [label('serial|ser\\.|s\\s*\\/\\s*n|sn'), 'serial'],
  [label('model|mod\\.'), 'model'],
  [
    label(
      'catalog(?:ue)?|cat\\.|cat(?=\\s*(?:#|nos?\\b|numbers?))|ref(?:erence)?|p\\s*\\/\\s*n|(?:part|product|item|article)(?=\\s*(?:#|nos?\\b|numbers?))',
    ),
    'catalogue',
  ],
  [label('udi-di|udi|gtin|primary\\s+di|di|device\\s+identifiers?|upc'), 'udi'],
  [label('exp(?:iration|iry)?(?:\\s+dates?)?|use\\s+by|mfg(?:\\s+dates?)?|manufacture\\s+dates?'), 'expiry'],
  [label('distributed|manufactured|labeled|product\\s+usage|product\\s+code|intended|size|sz|qty|quantity'), 'other'],
];

const RANGE_WORDS = /^(?:through|thru|to|till|until|-|–|—)$/i;
const IDENT = /^[A-Z0-9][A-Z0-9\-./]*[A-Z0-9]$|^[A-Z0-9]$/i;

/** Splits text into [label, value text] runs: each value runs until the next label or the end. */
function labelledRuns(text: string): { label: Label; value: string }[] {
  const runs: { label: Label; value: string }[] = [];
  let label: Label | null = null;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const prev = i === 0 ? ' ' : (text[i - 1] as string);
    if (/[A-Za-z]/.test(text[i] as string) && !/[A-Za-z0-9]/.test(prev)) {
      let hit: [Label, number] | null = null;
      for (const [re, l] of LABELS) {
        re.lastIndex = i;
        const m = re.exec(text);
        if (m?.[0].trim()) {
          hit = [l, m[0].length];
          break;
        }
      }
      if (hit) {
        if (label) runs.push({ label, value: text.slice(start, i) });
        label = hit[0];
        i += hit[1];
        start = i;
        continue;
      }
    }
    i++;
  }
  if (label) runs.push({ label, value: text.slice(start) });
  return runs;
}

/** Identifier-like words of a value list, with ranges ("A through B", "A-B" where both read as one run). */
function valuesOf(value: string, allowDashRange: boolean): { codes: string[]; ranges: CodeRange[] } {
  const codes: string[] = [];
  const ranges: CodeRange[] = [];
  // Cut at a sentence end (". " followed by a capital word that is no identifier), keep the list.
  const clipped = value.split(/\.\s+(?=[A-Z][a-z])|\n\s*\n/)[0] ?? '';
  const words = clipped
    .replace(/[,;()[\]{}"'*]+/g, ' ')
    .replace(/\s+(?:and|&|or)\s+/gi, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^[:#.]+|[:.]+$/g, ''))
    .filter(Boolean);
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    const next = words[k + 1];
    const after = words[k + 2];
    if (next && after && RANGE_WORDS.test(next) && IDENT.test(w) && IDENT.test(after)) {
      const r = codeRange(w, after);
      if (r) {
        ranges.push(r);
        k += 2;
        continue;
      }
    }
    if (!IDENT.test(w) || !/\d/.test(w) || looksLikeDate(w)) continue;
    if (allowDashRange) {
      const dash = /^([A-Z0-9]*\d)\s*[-–]\s*([A-Z0-9]*\d)$/i.exec(w);
      const r = dash && (dash[1] as string).length >= 2 ? codeRange(dash[1] as string, dash[2] as string) : null;
      if (r) {
        ranges.push(r);
        continue;
      }
    }
    codes.push(normaliseCode(w));
  }
  return { codes: codes.filter((c) => c.length >= 2), ranges };
}

/** A date, not an identifier: "01/19/2012", "2012-07-16", "10/15". */
function looksLikeDate(word: string): boolean {
  return (
    /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/.test(word) || /^\d{4}-\d{2}-\d{2}$/.test(word) || /^\d{1,2}\/\d{2,4}$/.test(word)
  );
}

/** A date or a quantity, not an identifier: "01/19/2012", "2012-07-16", "25mm", "6.5". */
function looksLikeNoise(word: string): boolean {
  return (
    looksLikeDate(word) ||
    /^\d+(?:\.\d+)?(?:MM|CM|ML|L|MG|G|KG|FR|F|GA|G|IN|OZ|IU|%|X)$/i.test(word) ||
    /^\d{1,3}(?:\.\d+)?$/.test(word) ||
    /^(?:19|20)\d{2}$/.test(word)
  );
}

function addUnique(list: string[], values: Iterable<string>): void {
  for (const v of values) if (v && !list.includes(v)) list.push(v);
}

/**
 * Every GTIN written in the text: after "(01)", or a 14-digit number (also as "0 0884 5211 2345 6"-style groups
 * is not attempted) with a valid check digit, or 12-13 digits after a UDI/GTIN/UPC label.
 */
function gtinsInText(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\(01\)\s*(\d{14})/g)) addUnique(found, [normaliseGtin(m[1]) ?? '']);
  for (const m of text.matchAll(/(?<![\d(])(\d{14})(?!\d)/g)) addUnique(found, [normaliseGtin(m[1]) ?? '']);
  for (const m of text.matchAll(/\b(?:UDI(?:-DI)?|GTIN|DI|UPC)\s*[:#]?\s*(\d{12,13})(?!\d)/gi)) {
    addUnique(found, [normaliseGtin(m[1]) ?? '']);
  }
  // Raw element strings: "01" + 14 digits followed by 17/10/11/21.
  for (const m of text.matchAll(/(?<!\d)01(\d{14})(?:1[017]|21)/g)) addUnique(found, [normaliseGtin(m[1]) ?? '']);
  return found;
}

/**
 * Match keys of free text (an FDA record's `code_info` and `product_description`, a product's description): labelled
 * lists of lots, serials, models and catalogue numbers, GTINs anywhere, and every identifier-like word as a token.
 */
export function keysOfText(texts: readonly (string | null | undefined)[], manufacturer: string | null): MatchKeys {
  const keys = emptyKeys(normaliseManufacturer(manufacturer));
  for (const text of texts) {
    if (!text) continue;
    addUnique(keys.gtins, gtinsInText(text));
    for (const { label, value } of labelledRuns(text)) {
      if (label === 'expiry' || label === 'other') continue;
      const { codes, ranges } = valuesOf(value, label === 'lot' || label === 'serial');
      // A lot or serial may be short ("Lot 555"); other codes of one to three digits are sizes and counts.
      const kept = codes.filter((c) =>
        label === 'lot' || label === 'serial' ? !looksLikeDate(c) : !looksLikeNoise(c),
      );
      if (label === 'lot') {
        addUnique(keys.lots, kept);
        keys.lotRanges.push(...ranges);
      } else if (label === 'serial') {
        addUnique(keys.serials, kept);
        keys.serialRanges.push(...ranges);
      } else if (label === 'model') addUnique(keys.models, kept);
      else if (label === 'catalogue') addUnique(keys.catalogues, kept);
      else if (label === 'udi') {
        for (const c of kept) {
          const u = udiKeys(c);
          if (u.gtin) addUnique(keys.gtins, [u.gtin]);
          else if (u.di) addUnique(keys.dis, [u.di]);
        }
      }
    }
    for (const word of text.split(/[\s,;:()[\]{}"'*]+/)) {
      const w = word.replace(/^[#.]+|[.]+$/g, '');
      if (w.length < 4 || !/\d/.test(w) || !IDENT.test(w) || looksLikeNoise(w)) continue;
      const code = normaliseCode(w);
      if (code.length >= 4 && keys.tokens.length < MAX_TOKENS) addUnique(keys.tokens, [code]);
    }
  }
  return keys;
}

/** A recalled product as the communications module holds it, with its custom fields by field name. */
export interface RecallProduct {
  product_name: string | null;
  catalog_number: string | null;
  lot_number: string | null;
  udi: string | null;
  description: string | null;
  /** Custom field values by the field's name ("Model Number", "Serial Numbers", "GTIN", …). */
  fields?: Record<string, unknown>;
}

const FIELD_KIND: readonly [RegExp, Label][] = [
  [/\b(udi|gtin|di|device identifier)\b/i, 'udi'],
  [/\b(serial|s\/n|sn)\b/i, 'serial'],
  [/\b(lot|batch)\b/i, 'lot'],
  [/\bmodel\b/i, 'model'],
  [/\b(cat|catalog|catalogue|ref|reference|part|item)\b/i, 'catalogue'],
];

function fieldTexts(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(fieldTexts);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(fieldTexts);
  return [String(value)];
}

/** A list field ("1234, 1240-1250, A7 through A9"): its codes and ranges, whatever the separator. */
function listField(value: string, ranges: boolean): { codes: string[]; ranges: CodeRange[] } {
  const out = valuesOf(value, ranges);
  return { codes: out.codes.length || out.ranges.length ? out.codes : [normaliseCode(value)], ranges: out.ranges };
}

/** The match keys of one recalled product: its UDI, catalogue, lot, custom fields, and its texts' tokens. */
export function keysOfProduct(product: RecallProduct, manufacturer: string | null): MatchKeys {
  const keys = keysOfText([product.description, product.product_name], manufacturer);
  const addUdi = (text: string) => {
    for (const part of text.split(/[,;\s]+/).filter(Boolean)) {
      const u = udiKeys(part);
      if (u.gtin) addUnique(keys.gtins, [u.gtin]);
      if (u.di) addUnique(keys.dis, [u.di]);
      if (u.lot) addUnique(keys.lots, [normaliseCode(u.lot)]);
      if (u.serial) addUnique(keys.serials, [normaliseCode(u.serial)]);
    }
  };
  const addLots = (text: string) => {
    const l = listField(text, true);
    addUnique(keys.lots, l.codes);
    keys.lotRanges.push(...l.ranges);
  };
  if (product.udi) addUdi(product.udi);
  if (product.catalog_number) {
    for (const part of product.catalog_number.split(/[,;]+|\s+(?:and|or)\s+/))
      addUnique(keys.catalogues, [normaliseCode(part)]);
  }
  if (product.lot_number) addLots(product.lot_number);
  for (const [name, raw] of Object.entries(product.fields ?? {})) {
    const kind = FIELD_KIND.find(([re]) => re.test(name))?.[1];
    if (!kind) continue;
    for (const text of fieldTexts(raw)) {
      if (kind === 'udi') addUdi(text);
      else if (kind === 'lot') addLots(text);
      else if (kind === 'serial') {
        const l = listField(text, true);
        addUnique(keys.serials, l.codes);
        keys.serialRanges.push(...l.ranges);
      } else if (kind === 'model') addUnique(keys.models, listField(text, false).codes);
      else addUnique(keys.catalogues, listField(text, false).codes);
    }
  }
  keys.catalogues = keys.catalogues.filter(Boolean);
  return keys;
}

/** The union of several products' keys (what to fetch candidates by). */
export function mergeKeys(all: readonly MatchKeys[]): MatchKeys {
  const out = emptyKeys();
  for (const k of all) {
    addUnique(out.gtins, k.gtins);
    addUnique(out.dis, k.dis);
    addUnique(out.catalogues, k.catalogues);
    addUnique(out.models, k.models);
    addUnique(out.lots, k.lots);
    addUnique(out.serials, k.serials);
    addUnique(out.tokens, k.tokens);
    out.lotRanges.push(...k.lotRanges);
    out.serialRanges.push(...k.serialRanges);
  }
  return out;
}
