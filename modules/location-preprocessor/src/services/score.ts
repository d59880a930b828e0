import { distance } from 'fastest-levenshtein';

/**
 * The matcher's scoring (docs/decisions.md, "Location pre-processor"): every candidate gets a confidence in 0..1 from
 * name, street address, ZIP, city/state and phone; a row is MATCHED, REVIEW (three best shown) or UNMATCHED.
 */

export type Decision = 'MATCHED' | 'REVIEW' | 'UNMATCHED';

/** A row of a supplier file, normalised (see normalize.ts). */
export interface NormalizedInput {
  name: string;
  tokens: string[];
  address: string;
  city: string;
  state: string;
  zip5: string;
  phone: string;
  customerNumber: string;
}

/** A known provider as the scorer sees it: its name and aliases normalised. */
export interface ScoredCandidate {
  id: number;
  names: string[][];
  /** Names (token lists) learnt for this supplier from the operator's decisions: an exact one is a name match. */
  supplierAliases: string[];
  address: string;
  city: string;
  state: string;
  zip5: string;
  phone: string;
  /** The supplier's own customer number names this provider. */
  customerNumbers: string[];
}

/** At or above: MATCHED, when the runner-up is at least MARGIN behind. */
export const AUTO_THRESHOLD = 0.8;
/** Below: UNMATCHED; between: REVIEW. */
export const REVIEW_THRESHOLD = 0.4;
/** Two candidates this close are for a person to tell apart. */
export const MARGIN = 0.1;

/** Words that say what kind of place it is, not which one: they weigh less in a name comparison. */
const WEAK: Record<string, number> = {
  hospital: 0.2,
  hospitals: 0.2,
  medical: 0.2,
  center: 0.2,
  centers: 0.2,
  health: 0.25,
  healthcare: 0.25,
  care: 0.25,
  system: 0.2,
  clinic: 0.4,
  campus: 0.3,
  regional: 0.4,
  community: 0.5,
  memorial: 0.5,
  general: 0.4,
  county: 0.5,
  saint: 0.5,
  university: 0.5,
  children: 0.6,
  rehabilitation: 0.5,
  specialty: 0.4,
  surgical: 0.4,
  behavioral: 0.5,
};
const weight = (token: string) => WEAK[token] ?? 1;

/** The distinctive words of a name (all of them when it has none): what the trigram look-up compares. */
export function coreName(tokens: string[]): string {
  const strong = tokens.filter((t) => weight(t) >= 0.9);
  return (strong.length ? strong : tokens).join(' ');
}

/** Levenshtein similarity of two strings, 0..1 (fastest-levenshtein's distance). */
export function levRatio(a: string, b: string): number {
  if (a === b) return 1;
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - distance(a, b) / max;
}

/** Whether two name tokens are the same word: equal, a typo of a long word, or one abbreviating the other. */
function sameToken(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 5 && b.length >= 5 && Math.abs(a.length - b.length) <= 2 && levRatio(a, b) >= 0.8) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/**
 * Name similarity: the weighted overlap of tokens (weak words count less) as the mean of Dice and containment, so a
 * name inside a longer one ("ST MARY'S" in "ASCENSION ST MARY'S HOSPITAL") scores high; or the edit similarity of the
 * distinctive words (typos), whichever is higher.
 */
export function nameSimilarity(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const used = new Array<boolean>(b.length).fill(false);
  let overlap = 0;
  let wa = 0;
  for (const x of a) {
    const w = weight(x);
    wa += w;
    for (let j = 0; j < b.length; j++) {
      if (!used[j] && sameToken(x, b[j]!)) {
        used[j] = true;
        overlap += (w + weight(b[j]!)) / 2;
        break;
      }
    }
  }
  let wb = 0;
  for (const y of b) wb += weight(y);
  const dice = (2 * overlap) / (wa + wb);
  const containment = overlap / Math.min(wa, wb);
  // Containment of a name made only of weak words ("MEDICAL CENTER") says nothing.
  const strong = Math.min(wa, wb) >= 0.9 ? containment : dice;
  const tokens = (dice + strong) / 2;
  // Edit similarity of the distinctive words only: "ST JOSEPH'S MEDICAL CENTER" is not "ST MARY'S MEDICAL CENTER".
  const sa = a.filter((x) => weight(x) >= 0.9);
  const sb = b.filter((y) => weight(y) >= 0.9);
  const edit = sa.length && sb.length ? levRatio(sa.join(' '), sb.join(' ')) : levRatio(a.join(' '), b.join(' ')) * 0.8;
  return Math.max(tokens, edit * 0.95);
}

/** Street address similarity: the house number must agree; the rest by edit similarity. */
export function addressSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const na = /^\d+/.exec(a)?.[0];
  const nb = /^\d+/.exec(b)?.[0];
  const rest = levRatio(a.replace(/^\d+\s*/, ''), b.replace(/^\d+\s*/, ''));
  if (na && nb && na !== nb) return rest * 0.4;
  return rest;
}

export interface Score {
  score: number;
  name: number;
}

/**
 * One candidate's confidence. A weighted mean of the evidence the row has (weights: name 0.5, address 0.2, phone 0.15,
 * ZIP 0.1, city/state 0.05; a field the row lacks is left out of the mean), then: an exact customer number is 1; an
 * agreeing phone and a fair name lift it (a phone number is nearly an identifier); a weak name caps it (a place at
 * the same address is not the same provider when the name differs); a name the operator tied to it for this supplier,
 * in the same ZIP or city, makes it 0.95 at least.
 */
export function scoreCandidate(input: NormalizedInput, c: ScoredCandidate): Score {
  if (input.customerNumber && c.customerNumbers.includes(input.customerNumber)) return { score: 1, name: 1 };
  let name = 0;
  for (const n of c.names) name = Math.max(name, nameSimilarity(input.tokens, n));
  const learnt = c.supplierAliases.includes(input.name);
  if (learnt) name = 1;
  let sum = 0.5 * name;
  let weights = 0.5;
  const address = input.address ? addressSimilarity(input.address, c.address) : null;
  if (address !== null) {
    sum += 0.2 * address;
    weights += 0.2;
  }
  const phone = input.phone && c.phone ? (input.phone === c.phone ? 1 : 0) : null;
  if (phone !== null) {
    sum += 0.15 * phone;
    weights += 0.15;
  }
  if (input.zip5) {
    sum += 0.1 * (input.zip5 === c.zip5 ? 1 : input.zip5.slice(0, 3) === c.zip5.slice(0, 3) ? 0.5 : 0);
    weights += 0.1;
  }
  if (input.state) {
    sum += 0.05 * (input.state === c.state ? (input.city && input.city === c.city ? 1 : 0.5) : 0);
    weights += 0.05;
  }
  let score = sum / weights;
  if (phone === 1 && name >= 0.55) score = Math.max(score, 0.8 + 0.2 * name * (address ?? 0.5));
  if (name < 0.5) score = Math.min(score, 0.3 + name);
  // The operator already tied this name to this provider for this supplier, in the same place.
  if (learnt && (input.zip5 === c.zip5 || (input.state === c.state && input.city === c.city)))
    score = Math.max(score, 0.95);
  return { score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000, name };
}

export interface Ranked {
  id: number;
  score: number;
}

/** The decision from the ranked candidates (best first). */
export function decide(ranked: Ranked[]): { decision: Decision; confidence: number; knownProviderId: number | null } {
  const best = ranked[0];
  if (!best || best.score < REVIEW_THRESHOLD)
    return { decision: 'UNMATCHED', confidence: best?.score ?? 0, knownProviderId: null };
  const second = ranked[1]?.score ?? 0;
  if (best.score >= AUTO_THRESHOLD && best.score - second >= MARGIN)
    return { decision: 'MATCHED', confidence: best.score, knownProviderId: best.id };
  return { decision: 'REVIEW', confidence: best.score, knownProviderId: null };
}

/** Scores every candidate of a row and keeps the best three (score, then id for a stable order). */
export function rank(input: NormalizedInput, candidates: Iterable<ScoredCandidate>): Ranked[] {
  const scored: Ranked[] = [];
  for (const c of candidates) scored.push({ id: c.id, score: scoreCandidate(input, c).score });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  return scored.slice(0, 3);
}
