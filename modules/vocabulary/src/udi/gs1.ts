import { gs1CheckDigit } from './normalise.js';
import type { UdiElement, UdiParse } from './types.js';

/** The group separator (FNC1 inside a GS1 element string, ASCII 29). */
export const GS = '\u001d';

interface AiSpec {
  title: string;
  /** Fixed length of the value, or null for a variable one of at most `max`. */
  fixed: number | null;
  max: number;
  numeric?: boolean;
  /** A YYMMDD date; `dayZero`: DD = 00 means the month's last day. */
  date?: 'YYMMDD' | 'YYMMDDHHMM';
  dayZero?: boolean;
  /** Ends with a GS1 check digit. */
  check?: boolean;
}

const n = (title: string, fixed: number, extra: Partial<AiSpec> = {}): AiSpec => ({
  title,
  fixed,
  max: fixed,
  numeric: true,
  ...extra,
});
const v = (title: string, max: number, extra: Partial<AiSpec> = {}): AiSpec => ({ title, fixed: null, max, ...extra });
const d = (title: string): AiSpec => n(title, 6, { date: 'YYMMDD', dayZero: true });

/**
 * The GS1 Application Identifiers read here (GS1 General Specifications §3.2): the healthcare ones in full and the
 * common logistic ones passed through with their fixed or maximal lengths, so a string holding them still parses.
 */
const AIS: Record<string, AiSpec> = {
  '00': n('SSCC', 18, { check: true }),
  '01': n('GTIN', 14, { check: true }),
  '02': n('CONTENT', 14, { check: true }),
  '10': v('BATCH/LOT', 20),
  '11': d('PROD DATE'),
  '12': d('DUE DATE'),
  '13': d('PACK DATE'),
  '15': d('BEST BEFORE'),
  '16': d('SELL BY'),
  '17': d('USE BY'),
  '20': n('VARIANT', 2),
  '21': v('SERIAL', 20),
  '22': v('CPV', 20),
  '235': v('TPX', 28),
  '240': v('ADDITIONAL ID', 30),
  '241': v('CUST. PART No.', 30),
  '242': v('MTO VARIANT', 6, { numeric: true }),
  '243': v('PCN', 20),
  '250': v('SECONDARY SERIAL', 30),
  '251': v('REF. TO SOURCE', 30),
  '253': v('GDTI', 30),
  '254': v('GLN EXTENSION COMPONENT', 20),
  '30': v('VAR. COUNT', 8, { numeric: true }),
  '37': v('COUNT', 8, { numeric: true }),
  '400': v('ORDER NUMBER', 30),
  '401': v('GINC', 30),
  '402': n('GSIN', 17, { check: true }),
  '403': v('ROUTE', 30),
  '410': n('SHIP TO LOC', 13, { check: true }),
  '411': n('BILL TO', 13, { check: true }),
  '412': n('PURCHASE FROM', 13, { check: true }),
  '413': n('SHIP FOR LOC', 13, { check: true }),
  '414': n('LOC No.', 13, { check: true }),
  '415': n('PAY TO', 13, { check: true }),
  '416': n('PROD/SERV LOC', 13, { check: true }),
  '417': n('PARTY', 13, { check: true }),
  '420': v('SHIP TO POST', 20),
  '421': v('SHIP TO POST', 12),
  '422': n('ORIGIN', 3),
  '423': v('COUNTRY - INITIAL PROCESS', 15, { numeric: true }),
  '424': n('COUNTRY - PROCESS', 3),
  '425': v('COUNTRY - DISASSEMBLY', 15, { numeric: true }),
  '426': n('COUNTRY - FULL PROCESS', 3),
  '427': v('ORIGIN SUBDIVISION', 3),
  '7001': n('NSN', 13),
  '7002': v('MEAT CUT', 30),
  '7003': n('EXPIRY TIME', 10, { date: 'YYMMDDHHMM' }),
  '7004': v('ACTIVE POTENCY', 4, { numeric: true }),
  '7005': v('CATCH AREA', 12),
  '7006': n('FIRST FREEZE DATE', 6, { date: 'YYMMDD' }),
  '7007': v('HARVEST DATE', 12, { numeric: true }),
  '7008': v('AQUATIC SPECIES', 3),
  '7009': v('FISHING GEAR TYPE', 10),
  '7010': v('PROD METHOD', 2),
  '7020': v('REFURB LOT', 20),
  '7021': v('FUNC STAT', 20),
  '7022': v('REV STAT', 20),
  '7023': v('GIAI - ASSEMBLY', 30),
  '7240': v('PROTOCOL', 20),
  '8001': n('DIMENSIONS', 14),
  '8002': v('CMT No.', 20),
  '8003': v('GRAI', 30),
  '8004': v('GIAI', 30),
  '8005': n('PRICE PER UNIT', 6),
  '8006': n('ITIP', 18),
  '8007': v('IBAN', 34),
  '8008': v('PROD TIME', 12, { numeric: true }),
  '8009': v('OPTSEN', 50),
  '8010': v('CPID', 30),
  '8011': v('CPID SERIAL', 12, { numeric: true }),
  '8012': v('VERSION', 20),
  '8013': v('GMN', 25),
  '8017': n('GSRN - PROVIDER', 18, { check: true }),
  '8018': n('GSRN - RECIPIENT', 18, { check: true }),
  '8019': v('SRIN', 10, { numeric: true }),
  '8020': v('REF No.', 25),
  '8026': n('ITIP CONTENT', 18),
  '8200': v('PRODUCT URL', 70),
  '90': v('INTERNAL', 30),
};
for (let i = 91; i <= 99; i++) AIS[String(i)] = v('INTERNAL', 90);
// Measures (310n-369n): six digits, n = the decimal point's position.
for (let p = 310; p <= 369; p++) for (let i = 0; i <= 9; i++) AIS[`${p}${i}`] = n('MEASURE', 6);
for (const p of ['390', '391', '392', '393', '394', '395'])
  for (let i = 0; i <= 9; i++) AIS[`${p}${i}`] = v('AMOUNT', 18);
for (let i = 0; i <= 9; i++) AIS[`703${i}`] = v('PROCESSOR', 30);
for (let p = 710; p <= 717; p++) AIS[String(p)] = v('NHRN', 20);

/** GS1's character set 82 (the characters an element string may hold). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

export function aiSpec(ai: string): AiSpec | undefined {
  return Object.hasOwn(AIS, ai) ? AIS[ai] : undefined;
}

/** The AI at the start of `s` (2, 3 or 4 digits: GS1's AIs are prefix-free), or null. */
function aiAt(s: string, pos: number): string | null {
  for (const len of [2, 3, 4]) {
    const ai = s.slice(pos, pos + len);
    if (ai.length === len && aiSpec(ai)) return ai;
  }
  return null;
}

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The four-digit year of a two-digit one, by GS1's sliding window (−49 to +50 years around `now`). */
export function gs1Year(yy: number, now: Date = new Date()): number {
  const current = now.getUTCFullYear();
  const century = Math.floor(current / 100) * 100;
  const diff = yy - (current % 100);
  if (diff >= 51) return century - 100 + yy;
  if (diff <= -50) return century + 100 + yy;
  return century + yy;
}

/** YYYY-MM-DD of a YYMMDD value, or null when it names no day (DD = 00 is the month's last day where allowed). */
export function gs1Date(value: string, dayZero: boolean): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})/.exec(value);
  if (!m) return null;
  const year = gs1Year(Number(m[1]));
  const month = Number(m[2]);
  let day = Number(m[3]);
  if (month < 1 || month > 12) return null;
  if (day === 0) {
    if (!dayZero) return null;
    day = lastDay(year, month);
  }
  if (day > lastDay(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function checkElement(ai: string, spec: AiSpec, value: string): UdiParse | null {
  const fail = (reason: 'BAD_CHARACTER' | 'BAD_CHECK_DIGIT' | 'BAD_DATE', expected?: string): UdiParse => ({
    ok: false,
    kind: 'GS1',
    reason,
    ai,
    value,
    ...(expected === undefined ? {} : { expected }),
  });
  if (spec.numeric && !/^\d+$/.test(value)) return fail('BAD_CHARACTER');
  if (!CSET82.test(value)) return fail('BAD_CHARACTER');
  if (spec.check) {
    const expected = gs1CheckDigit(value.slice(0, -1));
    if (expected !== Number(value[value.length - 1])) return fail('BAD_CHECK_DIGIT', String(expected));
  }
  if (spec.date) {
    if (!gs1Date(value, spec.dayZero ?? false)) return fail('BAD_DATE');
    if (spec.date === 'YYMMDDHHMM') {
      const hh = Number(value.slice(6, 8));
      const mm = Number(value.slice(8, 10));
      if (hh > 23 || mm > 59) return fail('BAD_DATE');
    }
  }
  return null;
}

function result(elements: UdiElement[], raw: string): UdiParse {
  const one = (ai: string) => elements.find((e) => e.ai === ai)?.value;
  const date = (ai: string) => {
    const value = one(ai);
    return value === undefined ? undefined : (gs1Date(value, true) ?? undefined);
  };
  const gtin = one('01') ?? one('02');
  return {
    ok: true,
    kind: 'GS1',
    raw,
    elements,
    ...(gtin ? { gtin, di: gtin } : {}),
    ...(one('10') !== undefined ? { lot: one('10') } : {}),
    ...(one('21') !== undefined ? { serial: one('21') } : {}),
    ...(date('17') ? { expiry: date('17') } : {}),
    ...(date('11') ? { production: date('11') } : {}),
  };
}

/**
 * A GS1 element string in its raw form: AIs and values, variable-length values ended by GS (FNC1) unless last; the
 * symbology identifier (]C1, ]d2, ]Q3, ]e0) and a leading FNC1 already removed by the caller.
 */
export function parseGs1Raw(s: string, raw: string = s): UdiParse {
  const elements: UdiElement[] = [];
  let pos = 0;
  while (pos < s.length) {
    if (s[pos] === GS) {
      pos++;
      continue;
    }
    const ai = aiAt(s, pos);
    if (!ai) {
      const head = s.slice(pos, pos + 4);
      return /^\d{2}/.test(head)
        ? { ok: false, kind: 'GS1', reason: 'UNKNOWN_AI', ai: head, position: pos }
        : { ok: false, kind: 'GS1', reason: 'BAD_CHARACTER', value: head, position: pos };
    }
    const spec = AIS[ai]!;
    pos += ai.length;
    let value: string;
    if (spec.fixed !== null) {
      value = s.slice(pos, pos + spec.fixed);
      if (value.length < spec.fixed || value.includes(GS))
        return { ok: false, kind: 'GS1', reason: 'TRUNCATED', ai, value: value.split(GS)[0] };
      pos += spec.fixed;
    } else {
      const end = s.indexOf(GS, pos);
      value = s.slice(pos, end === -1 ? s.length : end);
      pos = end === -1 ? s.length : end;
      if (value.length === 0) return { ok: false, kind: 'GS1', reason: 'TRUNCATED', ai, value };
      if (value.length > spec.max) return { ok: false, kind: 'GS1', reason: 'TOO_LONG', ai, value, max: spec.max };
    }
    const problem = checkElement(ai, spec, value);
    if (problem) return problem;
    elements.push({ ai, title: spec.title, value });
  }
  if (elements.length === 0) return { ok: false, kind: 'GS1', reason: 'TRUNCATED' };
  return result(elements, raw);
}

/** The human-readable form: "(01)00884838051024(17)250630(10)ABC", spaces between elements allowed. */
export function parseGs1Hri(s: string): UdiParse {
  const compact = s.trim();
  const re = /\((\d{2,4})\)([^(]*)/gy;
  const elements: UdiElement[] = [];
  let m: RegExpExecArray | null;
  let end = 0;
  // biome-ignore lint/suspicious/noAssignInExpressions: the sticky regex walks the string element by element
  while ((m = re.exec(compact)) !== null) {
    end = re.lastIndex;
    const ai = m[1]!;
    const value = m[2]!.trim();
    const spec = aiSpec(ai);
    if (!spec) return { ok: false, kind: 'GS1', reason: 'UNKNOWN_AI', ai };
    if (value.length === 0) return { ok: false, kind: 'GS1', reason: 'TRUNCATED', ai, value };
    if (spec.fixed !== null && value.length < spec.fixed)
      return { ok: false, kind: 'GS1', reason: 'TRUNCATED', ai, value };
    if (value.length > spec.max) return { ok: false, kind: 'GS1', reason: 'TOO_LONG', ai, value, max: spec.max };
    const problem = checkElement(ai, spec, value);
    if (problem) return problem;
    elements.push({ ai, title: spec.title, value });
    if (re.lastIndex === compact.length) break;
  }
  if (elements.length === 0 || end !== compact.length)
    return { ok: false, kind: 'GS1', reason: 'BAD_CHARACTER', value: compact.slice(end, end + 4), position: end };
  return result(elements, compact);
}
