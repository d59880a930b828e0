/**
 * The matcher's normalisation: names, street addresses, cities, ZIP and phone reduced to comparable forms.
 * Pure functions; the same forms are stored in the `*_norm` columns of `known_providers` so SQL and JS agree.
 */

/** Name abbreviations and spellings, mapped to one word (tokens after punctuation is removed). */
const NAME_WORDS: Record<string, string> = {
  st: 'saint',
  ste: 'saint',
  sta: 'saint',
  mt: 'mount',
  ft: 'fort',
  hosp: 'hospital',
  hospitl: 'hospital',
  hsp: 'hospital',
  med: 'medical',
  mdcl: 'medical',
  ctr: 'center',
  cntr: 'center',
  cen: 'center',
  centre: 'center',
  hlth: 'health',
  hlthcare: 'healthcare',
  reg: 'regional',
  regl: 'regional',
  rgnl: 'regional',
  univ: 'university',
  comm: 'community',
  cmty: 'community',
  mem: 'memorial',
  meml: 'memorial',
  mem1: 'memorial',
  gen: 'general',
  genl: 'general',
  sys: 'system',
  cnty: 'county',
  co: 'county',
  assn: 'association',
  natl: 'national',
  rehab: 'rehabilitation',
  childrens: 'children',
  presby: 'presbyterian',
  bapt: 'baptist',
  meth: 'methodist',
  cath: 'catholic',
  ctrs: 'centers',
  hosps: 'hospitals',
  and: '',
  the: '',
  of: '',
  at: '',
  inc: '',
  incorporated: '',
  llc: '',
  lp: '',
  llp: '',
  corp: '',
  corporation: '',
  ltd: '',
  pc: '',
  pa: '',
  dba: '',
};

/** Two-word forms: "MC" is a medical center, as are "Med Ctr" and "Medical Ctr" (handled word by word). */
const NAME_EXPANSIONS: Record<string, string[]> = {
  mc: ['medical', 'center'],
  rmc: ['regional', 'medical', 'center'],
  mmc: ['memorial', 'medical', 'center'],
  cmc: ['community', 'medical', 'center'],
  hc: ['health', 'care'],
  va: ['veterans', 'affairs'],
  vamc: ['veterans', 'affairs', 'medical', 'center'],
};

/** Lower case, accents removed, apostrophes dropped ("MARY'S" → "marys"), "&" as "and", other punctuation as spaces. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The normalised tokens of a provider name. */
export function nameTokens(name: string): string[] {
  const out: string[] = [];
  for (const w of words(name)) {
    const expanded = NAME_EXPANSIONS[w];
    if (expanded) {
      out.push(...expanded);
      continue;
    }
    const mapped = NAME_WORDS[w];
    if (mapped === '') continue;
    out.push(mapped ?? w);
  }
  return out;
}

export const normalizeName = (name: string): string => nameTokens(name).join(' ');

/** USPS street suffixes and their common spellings (Publication 28, the frequent ones), to the standard abbreviation. */
const STREET_WORDS: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  aven: 'ave',
  boulevard: 'blvd',
  boul: 'blvd',
  road: 'rd',
  drive: 'dr',
  drv: 'dr',
  lane: 'ln',
  highway: 'hwy',
  hiway: 'hwy',
  hway: 'hwy',
  parkway: 'pkwy',
  pky: 'pkwy',
  pkway: 'pkwy',
  circle: 'cir',
  circ: 'cir',
  court: 'ct',
  place: 'pl',
  square: 'sq',
  terrace: 'ter',
  trail: 'trl',
  expressway: 'expy',
  freeway: 'fwy',
  turnpike: 'tpke',
  route: 'rte',
  rt: 'rte',
  plaza: 'plz',
  center: 'ctr',
  centre: 'ctr',
  way: 'way',
  mount: 'mt',
  fort: 'ft',
  saint: 'st',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
};

/** Unit designators: the designator and the word after it are dropped ("Suite 200", "Ste B", "# 4"). */
const UNIT_WORDS = new Set(['suite', 'ste', 'unit', 'apt', 'room', 'rm', 'bldg', 'building', 'floor', 'fl', 'dept']);

/** The normalised form of a street address: suffixes and directions abbreviated, units dropped. */
export function normalizeAddress(address: string): string {
  const tokens = words(address.replace(/#\s*\w+/g, ' '));
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    if (UNIT_WORDS.has(w)) {
      i++; // the unit's number or letter
      continue;
    }
    // "U S HIGHWAY", "U.S. Hwy" → "us hwy"
    if (w === 'u' && tokens[i + 1] === 's') {
      out.push('us');
      i++;
      continue;
    }
    out.push(STREET_WORDS[w] ?? w);
  }
  return out.join(' ');
}

/** A city: lower case, punctuation removed, "Saint"/"St" and "Mount"/"Mt" as one spelling. */
export function normalizeCity(city: string): string {
  return words(city)
    .map((w) => (w === 'saint' || w === 'ste' ? 'st' : w === 'mount' ? 'mt' : w === 'fort' ? 'ft' : w))
    .join(' ');
}

/** ZIP to five digits; a four-digit ZIP lost its leading zero to a spreadsheet. */
export function zip5(zip: string): string {
  const digits = zip.replace(/[^0-9]/g, '');
  if (digits.length === 4 || digits.length === 8) return `0${digits}`.slice(0, 5);
  return digits.length >= 5 ? digits.slice(0, 5) : '';
}

/** Phone as its ten digits (a leading country code 1 dropped); '' when it is not a phone number. */
export function phoneDigits(phone: string): string {
  let digits = phone.replace(/[^0-9]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : '';
}

export const normalizeState = (state: string): string =>
  state
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);
