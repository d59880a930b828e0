import { describe, expect, it } from 'vitest';
import { normalizeInput } from './services/matcher.js';
import { normalizeAddress, normalizeCity, normalizeName, phoneDigits, zip5 } from './services/normalize.js';
import { decide, MARGIN, nameSimilarity, rank, type ScoredCandidate, scoreCandidate } from './services/score.js';

function known(
  id: number,
  k: { name: string; address?: string; city?: string; state?: string; zip?: string; phone?: string },
): ScoredCandidate {
  const n = normalizeInput({
    name: k.name,
    address: k.address ?? '',
    city: k.city ?? '',
    state: k.state ?? '',
    zip: k.zip ?? '',
    phone: k.phone ?? '',
    customerNumber: '',
  });
  return {
    id,
    names: [n.tokens],
    supplierAliases: [],
    address: n.address,
    city: n.city,
    state: n.state,
    zip5: n.zip5,
    phone: n.phone,
    customerNumbers: [],
  };
}
const row = (r: Partial<Record<'name' | 'address' | 'city' | 'state' | 'zip' | 'phone' | 'customerNumber', string>>) =>
  normalizeInput({ name: '', address: '', city: '', state: '', zip: '', phone: '', customerNumber: '', ...r });

describe('normalisation', () => {
  it('names: Saint/St, Medical Center/Med Ctr/MC, Hospital/Hosp, Inc, punctuation and apostrophes', () => {
    expect(normalizeName("St. Mary's Med. Ctr., Inc.")).toBe('saint marys medical center');
    expect(normalizeName('SAINT MARYS MEDICAL CENTER')).toBe('saint marys medical center');
    expect(normalizeName('Mercy MC')).toBe('mercy medical center');
    expect(normalizeName('Good Samaritan Hosp & Clinics, LLC')).toBe('good samaritan hospital clinics');
    expect(normalizeName('Mt. Sinai Hosp.')).toBe('mount sinai hospital');
  });
  it('addresses: street suffixes, directions, suite numbers, "U S" highways', () => {
    expect(normalizeAddress('1108 Ross Clark Circle, Suite 200')).toBe('1108 ross clark cir');
    expect(normalizeAddress('1108 ROSS CLARK CIR STE B')).toBe('1108 ross clark cir');
    expect(normalizeAddress('2505 U.S. Highway 431 North')).toBe('2505 us hwy 431 n');
    expect(normalizeAddress('2505 U S HWY 431 N # 4')).toBe('2505 us hwy 431 n');
    expect(normalizeAddress('100 West Main Street')).toBe('100 w main st');
  });
  it('cities, ZIP to five digits, phone to ten digits', () => {
    expect(normalizeCity('St. Louis')).toBe(normalizeCity('Saint Louis'));
    expect(zip5('36301-1234')).toBe('36301');
    expect(zip5('2110')).toBe('02110'); // a spreadsheet dropped the leading zero
    expect(zip5('abc')).toBe('');
    expect(phoneDigits('(334) 793-8701')).toBe('3347938701');
    expect(phoneDigits('+1 334.793.8701')).toBe('3347938701');
    expect(phoneDigits('ext 12')).toBe('');
  });
});

describe('scoring', () => {
  const stMarys = known(1, {
    name: "ST MARY'S MEDICAL CENTER",
    address: '2900 FIRST AVENUE',
    city: 'HUNTINGTON',
    state: 'WV',
    zip: '25702',
    phone: '3045261234',
  });
  const stJoseph = known(2, {
    name: "ST JOSEPH'S HOSPITAL",
    address: '1824 MURDOCH AVENUE',
    city: 'HUNTINGTON',
    state: 'WV',
    zip: '25702',
    phone: '3045269999',
  });

  it('a spelling of the same hospital at the same place is an automatic match', () => {
    const r = row({
      name: 'St Marys Med Ctr',
      address: '2900 1st Ave',
      city: 'Huntington',
      state: 'WV',
      zip: '25702-1111',
    });
    const ranked = rank(r, [stMarys, stJoseph]);
    expect(ranked[0]!.id).toBe(1);
    expect(decide(ranked)).toMatchObject({ decision: 'MATCHED', knownProviderId: 1 });
  });

  it('a system rename ("ASCENSION ST MARY\'S HOSPITAL") at the same address and phone still matches', () => {
    const r = row({
      name: "ASCENSION ST MARY'S HOSPITAL",
      address: '2900 First Ave',
      city: 'Huntington',
      state: 'WV',
      zip: '25702',
      phone: '304-526-1234',
    });
    expect(nameSimilarity(r.tokens, stMarys.names[0]!)).toBeGreaterThan(0.6);
    expect(decide(rank(r, [stMarys, stJoseph]))).toMatchObject({ decision: 'MATCHED', knownProviderId: 1 });
  });

  it('a rename that also moved and has no phone goes to REVIEW, not to an automatic match', () => {
    const r = row({
      name: 'ASCENSION ST MARYS HOSPITAL',
      address: '500 Hal Greer Blvd',
      city: 'Huntington',
      state: 'WV',
      zip: '25701',
    });
    const ranked = rank(r, [stMarys, stJoseph]);
    expect(ranked[0]!.id).toBe(1);
    expect(decide(ranked).decision).toBe('REVIEW');
  });

  it('another saint in the same city is not a match', () => {
    const r = row({
      name: "ST JOSEPH'S MEDICAL CENTER",
      address: '600 Other St',
      city: 'Huntington',
      state: 'WV',
      zip: '25702',
    });
    expect(scoreCandidate(r, stMarys).score).toBeLessThan(0.6);
    expect(decide(rank(r, [stMarys])).decision).not.toBe('MATCHED');
  });

  it('a VA hospital next door (same ZIP, city) is not matched to the community hospital', () => {
    const r = row({
      name: 'VA MEDICAL CENTER - HUNTINGTON',
      address: '1540 Spring Valley Dr',
      city: 'Huntington',
      state: 'WV',
      zip: '25702',
    });
    const d = decide(rank(r, [stMarys, stJoseph]));
    expect(d.decision).not.toBe('MATCHED');
  });

  it('two near-equal candidates are for a person (REVIEW), whatever their score', () => {
    expect(
      decide([
        { id: 1, score: 0.95 },
        { id: 2, score: 0.95 - MARGIN / 2 },
      ]).decision,
    ).toBe('REVIEW');
    expect(
      decide([
        { id: 1, score: 0.95 },
        { id: 2, score: 0.5 },
      ]).decision,
    ).toBe('MATCHED');
    expect(decide([{ id: 1, score: 0.1 }]).decision).toBe('UNMATCHED');
    expect(decide([]).decision).toBe('UNMATCHED');
  });

  it("the supplier's own customer number is certain; a learnt alias in the same ZIP nearly so", () => {
    const withNumber = { ...stJoseph, customerNumbers: ['C-9'] };
    expect(scoreCandidate(row({ name: 'anything', customerNumber: 'C-9' }), withNumber).score).toBe(1);
    const learnt = { ...stJoseph, supplierAliases: ['cabell north'] };
    expect(scoreCandidate(row({ name: 'Cabell North', zip: '25702' }), learnt).score).toBeGreaterThanOrEqual(0.95);
  });
});

describe('csvRecordCount (the progress total before parsing)', () => {
  it('counts data rows, not line breaks inside quotes, blank lines or the header', async () => {
    const { csvRecordCount } = await import('./services/worker.js');
    expect(csvRecordCount('Name,City\r\n"A, ""big""\nHospital",X\r\n\r\n,,\nB,Y')).toBe(2);
    expect(csvRecordCount('Name\n')).toBe(0);
    expect(csvRecordCount('')).toBe(0);
  });
});
