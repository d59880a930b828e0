import {
  type CodeRange,
  codeListed,
  codeVariants,
  type MatchKeys,
  normaliseCode,
  normaliseGtin,
  normaliseManufacturer,
  sameManufacturer,
  udiKeys,
} from './matching-keys.js';

/*
 * The matcher (issue 38, item 4): given a recall's products as match keys and the item master or purchase rows found
 * by those keys, which rows are the recalled product, why, and how sure. Pure: the job fetches, this decides.
 *
 * Confidence by reason (the most specific wins; a row takes its best product):
 *   DI_LOT 0.99         the same UDI-DI (GTIN or HIBCC) and the row's lot or serial listed or inside a listed range
 *   DI 0.90             the same DI; the recall lists no lots, or the row has none
 *   CATALOGUE_LOT 0.95  the same catalogue number, the same manufacturer, lot or serial listed or in range
 *   MODEL_LOT 0.92      the same model number, the same manufacturer, lot or serial listed or in range
 *   CATALOGUE 0.80      the same catalogue number and manufacturer (no lots listed, or the row has none)
 *   MODEL 0.75          the same model number and manufacturer
 *   LOT 0.70            the row's lot listed or in a range, the same manufacturer, nothing else in common
 *   TEXT_TOKEN 0.50     the row's catalogue or model number appears in the recall's text, unlabelled
 * A catalogue or model number of another manufacturer (both known, different) keeps its reason at 0.55 (shown, not
 * counted); an unknown manufacturer on either side costs 0.1. A row whose lot (or serial) the recall does not list,
 * when the recall lists lots (or serials), is not a match: the recall names which lots it covers.
 * "Likely affected" is confidence ≥ LIKELY_AFFECTED.
 */

export const MATCH_REASONS = [
  'DI_LOT',
  'DI',
  'CATALOGUE_LOT',
  'MODEL_LOT',
  'CATALOGUE',
  'MODEL',
  'LOT',
  'TEXT_TOKEN',
] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const LIKELY_AFFECTED = 0.75;

const CONFIDENCE: Record<MatchReason, number> = {
  DI_LOT: 0.99,
  DI: 0.9,
  CATALOGUE_LOT: 0.95,
  MODEL_LOT: 0.92,
  CATALOGUE: 0.8,
  MODEL: 0.75,
  LOT: 0.7,
  TEXT_TOKEN: 0.5,
};
const OTHER_MANUFACTURER = 0.55;
const UNKNOWN_MANUFACTURER_COST = 0.1;

/** An item master or purchase row as the matcher reads it (the job maps the tables' columns to this). */
export interface CandidateRow {
  source: 'ITEM' | 'PURCHASE';
  id: number;
  gtin: string | null;
  udi_di: string | null;
  manufacturer: string | null;
  catalogue_number: string | null;
  model: string | null;
  lot: string | null;
  serial: string | null;
  quantity: number | null;
  department: string | null;
  site_id: number | null;
  site_name: string | null;
}

export interface RowMatch {
  row: CandidateRow;
  /** Which of the recall's products (0-based, in the order given). */
  product: number;
  reason: MatchReason;
  confidence: number;
  /** What matched, for people: "DI 00884521123451, lot 13F18C0374 listed". */
  evidence: string;
}

function fmtRange(r: CodeRange): string {
  const pad = (n: number) => String(n).padStart(r.width, '0');
  return `${r.prefix}${pad(r.from)}–${r.prefix}${pad(r.to)}`;
}

/** Whether the row's lot or serial passes the product's lists: 'listed', 'excluded' (lists exist, not on them), or 'open'. */
function productionCheck(row: CandidateRow, keys: MatchKeys): { state: 'listed' | 'excluded' | 'open'; note: string } {
  const lotRule = keys.lots.length > 0 || keys.lotRanges.length > 0;
  const serialRule = keys.serials.length > 0 || keys.serialRanges.length > 0;
  const lot = normaliseCode(row.lot);
  const serial = normaliseCode(row.serial);
  if (lotRule && lot) {
    if (keys.lots.includes(lot)) return { state: 'listed', note: `lot ${lot} listed` };
    const range = keys.lotRanges.find((r) => codeListed(lot, [], [r]));
    if (range) return { state: 'listed', note: `lot ${lot} in ${fmtRange(range)}` };
  }
  if (serialRule && serial) {
    if (keys.serials.includes(serial)) return { state: 'listed', note: `serial ${serial} listed` };
    const range = keys.serialRanges.find((r) => codeListed(serial, [], [r]));
    if (range) return { state: 'listed', note: `serial ${serial} in ${fmtRange(range)}` };
  }
  // Lists exist and the row carries what they list by, but is on none of them.
  if ((lotRule && lot) || (serialRule && serial)) return { state: 'excluded', note: '' };
  return { state: 'open', note: '' };
}

/** The row's DI as keys hold it: its GTIN-14, or a HIBCC DI read from udi_di. */
function rowDis(row: CandidateRow): { gtin: string | null; di: string | null } {
  const gtin = normaliseGtin(row.gtin) ?? udiKeys(row.udi_di).gtin ?? normaliseGtin(row.udi_di);
  // A HIBCC DI is stored as "+" labeller, product number and unit of measure, as the keys hold it.
  const di = row.udi_di && !gtin ? normaliseCode(row.udi_di) : null;
  return { gtin, di };
}

function intersects(a: readonly string[], b: readonly string[]): string | null {
  for (const x of a) if (b.includes(x)) return x;
  return null;
}

/** All forms of a list of codes (as written and without leading zeros). */
function allVariants(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((c) => codeVariants(c)))];
}

/** The best match of one row against one product's keys, or null. */
export function matchRow(row: CandidateRow, keys: MatchKeys, product = 0): RowMatch | null {
  const check = productionCheck(row, keys);
  const withLot = (base: string) => (check.note ? `${base}, ${check.note}` : base);
  const { gtin, di } = rowDis(row);
  if ((gtin && keys.gtins.includes(gtin)) || (di && keys.dis.includes(di))) {
    if (check.state === 'excluded') return null;
    const reason: MatchReason = check.state === 'listed' ? 'DI_LOT' : 'DI';
    return { row, product, reason, confidence: CONFIDENCE[reason], evidence: withLot(`DI ${gtin ?? di}`) };
  }
  const mfr = sameManufacturer(normaliseManufacturer(row.manufacturer), keys.manufacturer);
  const catalogues = allVariants(keys.catalogues);
  const models = allVariants(keys.models);
  const rowCodes = [...codeVariants(row.catalogue_number), ...codeVariants(row.model)];
  const byCatalogue = intersects(codeVariants(row.catalogue_number), catalogues) ?? intersects(rowCodes, catalogues);
  const byModel = byCatalogue ? null : intersects(rowCodes, models);
  if (byCatalogue || byModel) {
    if (check.state === 'excluded') return null;
    const listed = check.state === 'listed';
    const reason: MatchReason = byCatalogue ? (listed ? 'CATALOGUE_LOT' : 'CATALOGUE') : listed ? 'MODEL_LOT' : 'MODEL';
    let confidence = CONFIDENCE[reason];
    if (mfr === false) confidence = OTHER_MANUFACTURER;
    else if (mfr === null) confidence -= UNKNOWN_MANUFACTURER_COST;
    const what = byCatalogue ? `catalogue ${byCatalogue}` : `model ${byModel}`;
    const who = mfr === true ? ' and manufacturer' : mfr === false ? ', another manufacturer' : '';
    return { row, product, reason, confidence: round(confidence), evidence: withLot(`${what}${who}`) };
  }
  if (check.state === 'listed' && mfr === true) {
    return { row, product, reason: 'LOT', confidence: CONFIDENCE.LOT, evidence: `${check.note}, same manufacturer` };
  }
  if (mfr !== false && check.state !== 'excluded') {
    const token = intersects(
      rowCodes.filter((c) => c.length >= 5),
      keys.tokens,
    );
    if (token) {
      return {
        row,
        product,
        reason: 'TEXT_TOKEN',
        confidence: CONFIDENCE.TEXT_TOKEN,
        evidence: `${token} in the text`,
      };
    }
  }
  return null;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Each row's best match across the recall's products (ties: the earlier product), rows without one left out. */
export function matchRows(rows: readonly CandidateRow[], products: readonly MatchKeys[]): RowMatch[] {
  const out: RowMatch[] = [];
  for (const row of rows) {
    let best: RowMatch | null = null;
    products.forEach((keys, i) => {
      const m = matchRow(row, keys, i);
      if (m && (!best || m.confidence > best.confidence)) best = m;
    });
    if (best) out.push(best);
  }
  return out;
}

export interface MatchSummary {
  /** Units of item master rows likely affected (a row without a quantity counts one). */
  units: number;
  /** Item master and purchase rows likely affected. */
  rows: number;
  departments: number;
  sites: number;
  /** Units bought (purchase history rows likely affected). */
  purchased_units: number;
  /** Rows below the threshold (shown as possible). */
  possible: number;
}

/** "Likely affected: 14 units in 3 departments at 2 sites". */
export function summarise(matches: readonly Pick<RowMatch, 'row' | 'confidence'>[]): MatchSummary {
  const likely = matches.filter((m) => m.confidence >= LIKELY_AFFECTED);
  const items = likely.filter((m) => m.row.source === 'ITEM');
  const departments = new Set(likely.map((m) => m.row.department?.trim().toUpperCase()).filter(Boolean));
  const sites = new Set(
    likely
      .map((m) => m.row.site_id ?? m.row.site_name?.trim().toUpperCase())
      .filter((s) => s !== null && s !== undefined && s !== ''),
  );
  return {
    units: items.reduce((n, m) => n + (m.row.quantity ?? 1), 0),
    rows: likely.length,
    departments: departments.size,
    sites: sites.size,
    purchased_units: likely.filter((m) => m.row.source === 'PURCHASE').reduce((n, m) => n + (m.row.quantity ?? 1), 0),
    possible: matches.length - likely.length,
  };
}
