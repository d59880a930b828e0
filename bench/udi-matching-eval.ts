/**
 * Issue 38's matching evaluation (bench/udi-eval.ts runs it): recalls and item masters generated with their ground
 * truth, matched by the product's matcher; precision and recall of "likely affected".
 */
import { readFileSync } from 'node:fs';
import {
  type CandidateRow,
  keysOfProduct,
  keysOfText,
  LIKELY_AFFECTED,
  type MatchKeys,
  matchRows,
} from '../modules/inventory/src/index.js';
import { gs1CheckDigit, normaliseGtin, parseUdi } from '../modules/vocabulary/src/index.js';

// ---------------------------------------------------------------------------------------------------------------
// A seeded generator, so every run evaluates the same cases.
export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}

export const gtinOf = (body13: string) => body13 + gs1CheckDigit(body13);

/**
 * Real device identifiers: the GS1 DIs of the FDA's and HL7's published UDI examples (FHIR US Core's implantable
 * device, the FDA's GUDID guidance examples), each in the GUDID, and the full label strings those examples print.
 */
export const REAL_DIS = ['00643169007222', '00643169001763', '00844588003288', '09504000059118', '08717648200274'];
export const REAL_LABELS = [
  '(01)00643169007222(17)160128(21)BLC200461H',
  '(01)00643169001763(17)160712(21)21A11F4855',
  '(01)00844588003288(17)141120(10)7654321D(21)10987654321',
  '(01)09504000059118',
  '08717648200274',
];
/**
 * HL7's HIBCC example (FHIR Device): its last character "C" is not the mod-43 check character of what precedes it
 * ("H"), so a conforming parser refuses it; the same string with "H" is valid.
 */
export const HL7_HIBCC = '+H123PARTNO1234567890120/$$420020216LOT123456789012345/SXYZ456789012345678/16D20130202';

// ---------------------------------------------------------------------------------------------------------------
// 2. Matching accuracy.

interface Product {
  id: number;
  manufacturer: string;
  gtin: string;
  catalogue: string;
  model: string;
  lotPrefix: string;
  lotWidth: number;
}

interface Recall {
  id: number;
  style: string;
  /** Products as communications hold them, or FDA texts. */
  keys: MatchKeys[];
  /** Truth: product id → lots covered (null: every lot). */
  covers: Map<number, { lots: Set<string> | null; range: [string, number, number] | null }>;
}

interface HospitalRow extends CandidateRow {
  product: number;
  lotTruth: string | null;
}

const FIRMS: [string, string[]][] = [
  ['Arrow International, Inc.', ['ARROW INTERNATIONAL', 'Arrow International Inc', 'arrow international llc']],
  ['Encore Medical, Lp', ['ENCORE MEDICAL', 'Encore Medical L.P.', 'Encore Medical']],
  ['Medtronic, Inc.', ['MEDTRONIC', 'Medtronic Inc', 'Medtronic, Inc']],
  ['Becton Dickinson & Co.', ['BECTON DICKINSON AND CO', 'Becton Dickinson and Company', 'becton dickinson & co']],
  ['Baxter Healthcare Corporation', ['BAXTER HEALTHCARE', 'Baxter Healthcare Corp.', 'Baxter Healthcare Corp']],
  ['Smiths Medical ASD, Inc.', ['SMITHS MEDICAL ASD', 'Smiths Medical ASD Inc', 'Smiths Medical ASD']],
  ['Teleflex LLC', ['TELEFLEX', 'Teleflex, LLC', 'Teleflex Llc']],
  ['Cardinal Health 200, LLC', ['CARDINAL HEALTH 200', 'Cardinal Health 200 LLC', 'cardinal health 200']],
  ['Stryker Corporation', ['STRYKER', 'Stryker Corp', 'Stryker Corp.']],
  ['Zimmer Biomet, Inc.', ['ZIMMER BIOMET', 'Zimmer Biomet Inc.', 'Zimmer Biomet']],
];

/** A catalogue number in one of the formats manufacturers print. */
function catalogueOf(r: ReturnType<typeof rng>, i: number): string {
  const n = 10000 + i * 37;
  switch (i % 5) {
    case 0:
      return `AK-${n}`;
    case 1:
      return `0${String(n).slice(0, 2)}-${String(n).slice(2, 4)}-${String(n).slice(4)}`;
    case 2:
      return `${r.pick(['CV', 'PX', 'ST'])}${n}.${r.int(1, 9)}`;
    case 3:
      return `${n}-${r.int(10, 99)}`;
    default:
      return `REF${n}B`;
  }
}

/** How a hospital writes a catalogue number: dashes, dots and spaces dropped or changed, lower case. */
function hospitalCode(r: ReturnType<typeof rng>, code: string): string {
  const v = r.int(0, 4);
  if (v === 0) return code;
  if (v === 1) return code.replace(/[-.]/g, '');
  if (v === 2) return code.replace(/[-.]/g, ' ');
  if (v === 3) return code.toLowerCase();
  return code.replace(/-/g, '.');
}

function lotOf(p: Product, n: number): string {
  return `${p.lotPrefix}${String(n).padStart(p.lotWidth, '0')}`;
}

export function matchingEvaluation(): { rows: string[][]; byStyle: string[][]; precision: number; recall: number } {
  const r = rng(2026);
  const products: Product[] = [];
  for (let i = 0; i < 300; i++) {
    const [firm] = FIRMS[i % FIRMS.length]!;
    products.push({
      id: i,
      manufacturer: firm,
      gtin:
        i < REAL_DIS.length
          ? REAL_DIS[i]!
          : gtinOf(`00${String(884521000 + i * 131).padStart(9, '0')}${r.int(10, 99)}`.slice(0, 13)),
      catalogue: catalogueOf(r, i),
      model: `${r.pick(['M', 'X', 'PX'])}${r.int(100, 999)}-${r.int(10, 99)}`,
      lotPrefix: r.pick(['', 'L', '13F18C', 'A', 'K2']),
      lotWidth: r.pick([4, 5, 6]),
    });
  }
  // A catalogue number collision at another manufacturer (distractor).
  products[299] = {
    ...products[299]!,
    catalogue: products[10]!.catalogue,
    manufacturer: FIRMS[(10 + 3) % FIRMS.length]![0],
  };
  products[298] = { ...products[298]!, model: products[20]!.model, manufacturer: FIRMS[(20 + 5) % FIRMS.length]![0] };

  // The openFDA samples, as products of their firms (the records' own identifiers).
  const fdaSamples = ['device-recall-examples.json', 'device-enforcement-examples.json']
    .map((f) => JSON.parse(readFileSync(new URL(`../../shared/data/openfda/${f}`, import.meta.url), 'utf8')))
    .flatMap((d) => [d.record, d.result, ...(d.results ?? []), ...(d.anatomy?.results ?? [])])
    .filter((x) => x?.code_info && x.product_description) as {
    code_info: string;
    product_description: string;
    recalling_firm: string;
  }[];

  const recalls: Recall[] = [];
  const styles = [
    'notice: udi+ref+lots',
    'udi+range',
    'catalogue+lots',
    'fda-text',
    'gtin-only',
    'model only',
    'fda-range-text',
  ];
  for (let i = 0; i < 180; i++) {
    const style = styles[i % styles.length]!;
    const picked = [...new Set([r.int(0, 297), ...(r.chance(0.3) ? [r.int(0, 297)] : [])])].map((k) => products[k]!);
    const covers: Recall['covers'] = new Map();
    const keys: MatchKeys[] = [];
    for (const p of picked) {
      const from = r.int(100, 5000);
      const to = from + r.int(5, 300);
      const listed = Array.from({ length: r.int(1, 6) }, () => lotOf(p, r.int(100, 9000)));
      switch (style) {
        case 'notice: udi+ref+lots':
          covers.set(p.id, { lots: new Set(listed), range: null });
          keys.push(
            keysOfProduct(
              {
                product_name: 'Device',
                catalog_number: p.catalogue,
                lot_number: listed.join('; '),
                udi: p.gtin,
                description: null,
              },
              p.manufacturer,
            ),
          );
          break;
        case 'udi+range':
          covers.set(p.id, { lots: null, range: [p.lotPrefix, from, to] });
          keys.push(
            keysOfProduct(
              {
                product_name: 'Device',
                catalog_number: null,
                lot_number: `${lotOf(p, from)} through ${lotOf(p, to)}`,
                udi: `(01)${p.gtin}`,
                description: null,
              },
              p.manufacturer,
            ),
          );
          break;
        case 'catalogue+lots':
          covers.set(p.id, { lots: new Set(listed), range: null });
          keys.push(
            keysOfProduct(
              {
                product_name: 'Device',
                catalog_number: p.catalogue,
                lot_number: listed.join(', '),
                udi: null,
                description: null,
              },
              p.manufacturer,
            ),
          );
          break;
        case 'fda-text':
          covers.set(p.id, { lots: new Set(listed), range: null });
          keys.push(
            keysOfText(
              [
                `Lot/Batch Numbers: ${listed.join(', ')}`,
                `Kit, sterile, REF ${p.catalogue}\n\nProduct Usage: for single use.`,
              ],
              p.manufacturer,
            ),
          );
          break;
        case 'gtin-only':
          covers.set(p.id, { lots: null, range: null });
          keys.push(
            keysOfProduct(
              {
                product_name: 'Device',
                catalog_number: null,
                lot_number: null,
                udi: p.gtin.slice(r.int(0, 2)),
                description: null,
              },
              p.manufacturer,
            ),
          );
          break;
        case 'model only':
          covers.set(p.id, { lots: null, range: null });
          keys.push(keysOfText([`Model ${p.model}, all lots. Distributed nationwide.`], p.manufacturer));
          break;
        default:
          covers.set(p.id, { lots: null, range: [p.lotPrefix, from, to] });
          keys.push(
            keysOfText(
              [
                `Catalog No. ${p.catalogue}; lot numbers from ${lotOf(p, from)} through ${lotOf(p, to)}. Expiration dates from 01/19/2027 through 05/02/2028.`,
              ],
              p.manufacturer,
            ),
          );
      }
    }
    recalls.push({ id: i, style, keys, covers });
  }
  // The real openFDA records: their firms' products carry exactly the identifiers the FDA wrote.
  for (const rec of fdaSamples) {
    const keys = keysOfText([rec.code_info, rec.product_description], rec.recalling_firm);
    const ref = /REF\s+([A-Z0-9-]+)/i.exec(rec.product_description)?.[1] ?? /Ref\s+([0-9-]+)/i.exec(rec.code_info)?.[1];
    const lots = [...rec.code_info.matchAll(/\b(\d{2}[A-Z]\d{2}[A-Z]\d{4}|\d{3}A\d{4})\b/g)].map((m) => m[1]!);
    const p: Product = {
      id: products.length,
      manufacturer: rec.recalling_firm,
      gtin: gtinOf(`00${String(700000000 + products.length).padStart(11, '0')}`.slice(0, 13)),
      catalogue: (ref ?? 'NONE').replace(/\.$/, ''),
      model: 'NONE',
      lotPrefix: '',
      lotWidth: 4,
    };
    products.push(p);
    recalls.push({
      id: recalls.length,
      style: 'openfda-sample',
      keys: [keys],
      covers: new Map([[p.id, { lots: new Set(lots), range: null }]]),
    });
  }

  // Item masters: 25 hospitals, each holding about 120 products in a few lots.
  let truePos = 0;
  let falsePos = 0;
  let falseNeg = 0;
  // Affected rows that carry no identifier the recall names (a GTIN-only recall, a row without GTIN): no matcher can
  // find them from the two records alone; counted apart.
  let unfindable = 0;
  let unfindableFound = 0;
  const styleCounts = new Map<string, { tp: number; fp: number; fn: number }>();
  for (let h = 0; h < 25; h++) {
    const rows: HospitalRow[] = [];
    let id = 0;
    const held = new Set<number>();
    while (held.size < 120) held.add(r.int(0, products.length - 1));
    for (const k of held) {
      const p = products[k]!;
      const variants = FIRMS.find(([f]) => f === p.manufacturer)?.[1] ?? [p.manufacturer.toUpperCase()];
      for (let n = r.int(1, 3); n > 0; n--) {
        // Lots near the recalled ones: inside, next to, and under another prefix.
        const lotNumber = r.chance(0.5) ? r.int(100, 5400) : r.int(100, 9000);
        const lot = r.chance(0.05) ? null : lotOf(p, lotNumber);
        const style = r.int(0, 9);
        const gtinCol = style < 4 ? p.gtin.replace(/^0+/, '') : style < 6 ? p.gtin : null;
        const udiCol = style === 6 && lot ? `(01)${p.gtin}(17)271231(10)${lot}` : null;
        rows.push({
          source: 'ITEM',
          id: ++id,
          product: p.id,
          lotTruth: lot,
          // The import's normalisation: GTIN to 14 digits; a UDI column read by the parser.
          gtin: normaliseGtin(gtinCol) ?? (udiCol ? ((parseUdi(udiCol) as { gtin?: string }).gtin ?? null) : null),
          udi_di: null,
          manufacturer: r.chance(0.9) ? r.pick(variants) : null,
          catalogue_number: style === 9 ? null : hospitalCode(r, p.catalogue),
          model: r.chance(0.4) ? p.model : null,
          lot: lot && r.chance(0.2) ? lot.toLowerCase() : lot,
          serial: null,
          quantity: r.int(1, 20),
          department: r.pick(['ICU', 'OR', 'ER', 'Cath Lab', 'Central Supply']),
          site_id: r.int(1, 3),
          site_name: null,
        });
        // Distractor: a lot whose number lies in a range, under another prefix.
        if (r.chance(0.1))
          rows.push({
            ...rows.at(-1)!,
            id: ++id,
            lot: `Z${String(lotNumber).padStart(p.lotWidth, '0')}`,
            lotTruth: `Z${lotNumber}`,
          });
        // Distractor: a code one character apart, no GTIN.
        if (r.chance(0.05))
          rows.push({
            ...rows.at(-1)!,
            id: ++id,
            product: -1,
            gtin: null,
            catalogue_number: `${p.catalogue}9`,
            model: null,
          });
      }
    }
    for (const recall of recalls) {
      const predicted = new Set(
        matchRows(rows, recall.keys)
          .filter((m) => m.confidence >= LIKELY_AFFECTED)
          .map((m) => m.row.id),
      );
      for (const row of rows) {
        const cover = recall.covers.get(row.product);
        let truth = false;
        if (cover && row.product >= 0) {
          const lot = row.lotTruth;
          const p = products[row.product]!;
          if (!lot || (!cover.lots && !cover.range)) truth = true;
          else if (cover.lots?.has(lot)) truth = true;
          else if (cover.range) {
            const m = new RegExp(`^${p.lotPrefix}(\\d{${p.lotWidth}})$`).exec(lot);
            truth = !!m && Number(m[1]) >= cover.range[1] && Number(m[1]) <= cover.range[2];
          }
        }
        const guess = predicted.has(row.id);
        if (truth && !findable(recall.keys, row)) {
          unfindable++;
          if (guess) unfindableFound++;
          continue;
        }
        const s = styleCounts.get(recall.style) ?? { tp: 0, fp: 0, fn: 0 };
        if (guess && truth) {
          truePos++;
          s.tp++;
        } else if (guess) {
          falsePos++;
          s.fp++;
        } else if (truth) {
          falseNeg++;
          s.fn++;
        }
        styleCounts.set(recall.style, s);
      }
    }
  }
  const precision = truePos / Math.max(1, truePos + falsePos);
  const recall = truePos / Math.max(1, truePos + falseNeg);
  return {
    precision,
    recall,
    rows: [
      ['recalls', String(recalls.length), `${fdaSamples.length} of them the openFDA samples as written`],
      ['item masters × rows', '25 hospitals', `${truePos + falseNeg} affected (recall, row) pairs in truth`],
      ['precision of "likely affected" (goal ≥ 0.98)', precision.toFixed(3), `${truePos} right, ${falsePos} wrong`],
      ['recall (goal ≥ 0.95)', recall.toFixed(3), `${falseNeg} affected rows missed`],
      [
        'affected rows sharing no identifier kind with the recall (left out above)',
        String(unfindable),
        `${unfindableFound} found anyway; e.g. a GTIN-only recall and a row with only a catalogue number`,
      ],
    ],
    byStyle: [...styleCounts].map(([style, c]) => [
      style,
      (c.tp / Math.max(1, c.tp + c.fp)).toFixed(3),
      (c.tp / Math.max(1, c.tp + c.fn)).toFixed(3),
      String(c.tp),
      String(c.fp),
      String(c.fn),
    ]),
  };
}

/** Whether the row carries an identifier of a kind the recall names (GTIN, catalogue or model number). */
function findable(keys: readonly MatchKeys[], row: CandidateRow): boolean {
  return keys.some(
    (k) =>
      (row.gtin !== null && (k.gtins.length > 0 || k.dis.length > 0)) ||
      (row.catalogue_number !== null && k.catalogues.length > 0) ||
      (row.model !== null && k.models.length > 0),
  );
}
