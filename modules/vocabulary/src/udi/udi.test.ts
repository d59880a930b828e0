import { describe, expect, it } from 'vitest';
import {
  checkGtin,
  GS,
  hibcCheckCharacter,
  normaliseCode,
  normaliseGtin,
  normaliseManufacturer,
  parseUdi,
} from '../index.js';

/** Appends the HIBC check character (the strings the HIBC standard's tables show without one). */
const hibc = (data: string) => data + hibcCheckCharacter(data);

describe('GS1', () => {
  it('reads the FDA UDI illustration in the human-readable form', () => {
    const r = parseUdi('(01)10884521062856(11)141231(17)150707(10)A213B1(21)1234');
    expect(r).toMatchObject({
      ok: true,
      kind: 'GS1',
      gtin: '10884521062856',
      di: '10884521062856',
      production: '2014-12-31',
      expiry: '2015-07-07',
      lot: 'A213B1',
      serial: '1234',
    });
  });

  it('reads the raw form with GS separators, a symbology identifier and a leading FNC1', () => {
    const raw = `]d2${GS}0110884521062856172507071012AB${GS}21XYZ${GS}`;
    expect(parseUdi(raw)).toMatchObject({
      ok: true,
      gtin: '10884521062856',
      expiry: '2025-07-07',
      lot: '12AB',
      serial: 'XYZ',
    });
    // GS1's own example: a measure before the GTIN, a lot after.
    expect(parseUdi(`31030001890105412345000013${GS}10XYZ`)).toMatchObject({
      ok: true,
      gtin: '05412345000013',
      lot: 'XYZ',
      elements: [{ ai: '3103', value: '000189' }, { ai: '01' }, { ai: '10' }],
    });
  });

  it('keeps a wedge scanner’s substitutes for GS', () => {
    for (const sep of ['~', '^]', '{GS}', '<GS>', '\\x1d'])
      expect(parseUdi(`010541234500001310ABC123${sep}17290331`)).toMatchObject({
        ok: true,
        lot: 'ABC123',
        expiry: '2029-03-31',
      });
  });

  it('reads day 00 as the last day of the month and passes other AIs through', () => {
    expect(parseUdi('(01)00643169007222(17)240200(21)BLC200461H')).toMatchObject({
      expiry: '2024-02-29',
      serial: 'BLC200461H',
    });
    const r = parseUdi('(01)00643169007222(30)12(240)REF-1(7003)2501311230');
    expect(r.ok && r.elements.map((e) => e.ai)).toEqual(['01', '30', '240', '7003']);
  });

  it('reads a bare GTIN from a linear barcode, with or without leading zeros', () => {
    expect(parseUdi('0643169007222')).toMatchObject({ ok: true, gtin: '00643169007222' });
    expect(parseUdi('00643169007222')).toMatchObject({ ok: true, gtin: '00643169007222' });
    // An EAN-13's own symbology identifier still announces a bare GTIN.
    expect(parseUdi(']E00643169007222')).toMatchObject({ ok: true, gtin: '00643169007222' });
  });

  it('reads digits behind a GS1 symbology identifier as an element string, not a bare GTIN', () => {
    // GS1-128 or GS1 DataMatrix data always starts with an AI: "01" and 12 digits is a GTIN cut short.
    for (const sid of [']C1', ']d2', ']Q3'])
      expect(parseUdi(`${sid}01108845210628`)).toMatchObject({ ok: false, reason: 'TRUNCATED', ai: '01' });
    expect(parseUdi(']C10110884521062856')).toMatchObject({ ok: true, gtin: '10884521062856' });
  });

  it('refuses bad strings with a reason', () => {
    // HL7's example device identifier has a wrong check digit.
    expect(parseUdi('(01)30014613339374(10)7654321E')).toMatchObject({
      ok: false,
      reason: 'BAD_CHECK_DIGIT',
      ai: '01',
      expected: '3',
    });
    expect(parseUdi('(01)10884521062856(17)251301')).toMatchObject({ ok: false, reason: 'BAD_DATE', ai: '17' });
    expect(parseUdi('(01)10884521062856(17)250230')).toMatchObject({ ok: false, reason: 'BAD_DATE' });
    expect(parseUdi('(01)10884521062856(11)141200')).toMatchObject({ ok: true, production: '2014-12-31' }); // day 00 in AI 11
    expect(parseUdi('(01)10884521062856(19)X')).toMatchObject({ ok: false, reason: 'UNKNOWN_AI', ai: '19' });
    expect(parseUdi('011088452106285619X')).toMatchObject({ ok: false, reason: 'UNKNOWN_AI' });
    expect(parseUdi('(01)108845210628')).toMatchObject({ ok: false, reason: 'TRUNCATED', ai: '01' });
    expect(parseUdi('0110884521062856172507')).toMatchObject({ ok: false, reason: 'TRUNCATED', ai: '17' });
    expect(parseUdi(`0110884521062856${'10'}${'A'.repeat(21)}`)).toMatchObject({
      ok: false,
      reason: 'TOO_LONG',
      max: 20,
    });
    expect(parseUdi('(01)1088452106285A')).toMatchObject({ ok: false, reason: 'BAD_CHARACTER' });
    expect(parseUdi('(01)10884521062856(10)AB#1')).toMatchObject({ ok: false, reason: 'BAD_CHARACTER', ai: '10' });
    expect(parseUdi('   ')).toMatchObject({ ok: false, reason: 'EMPTY' });
    expect(parseUdi('hello')).toMatchObject({ ok: false, reason: 'UNKNOWN_FORMAT' });
    expect(parseUdi('=+A1234')).toMatchObject({ ok: false, reason: 'UNSUPPORTED' });
  });
});

describe('HIBCC', () => {
  it('reads real combined labels (primary, secondary, supplemental)', () => {
    expect(parseUdi('+A99912345/$$52001510X3/16D20111212/S77DE1G45-')).toMatchObject({
      ok: true,
      kind: 'HIBCC',
      labeler: 'A999',
      product: '1234',
      unitOfMeasure: 5,
      di: '+A99912345',
      expiry: '2020-01-15',
      lot: '10X3',
      production: '2011-12-12',
      serial: '77DE1G45',
    });
    expect(parseUdi('+M894NX55M1/1915206121404F14B')).toMatchObject({
      ok: true,
      labeler: 'M894',
      product: 'NX55M',
      expiry: '2019-06-01',
      lot: '06121404F14',
    });
    expect(parseUdi('+H124425114008161/2203162599746A14.')).toMatchObject({
      ok: true,
      labeler: 'H124',
      lot: '62599746A14',
    });
    // Code 39's frame and lower case.
    expect(parseUdi('*+m894nx55m1/1915206121404f14b*')).toMatchObject({ ok: true, labeler: 'M894' });
  });

  it('reads a primary alone and every $$ expiry format of the standard', () => {
    expect(parseUdi(hibc('+H12400999302035'))).toMatchObject({ ok: true, product: '0099930203', unitOfMeasure: 5 });
    const cases: [string, Record<string, unknown>][] = [
      ['$$09053C001', { expiry: '2005-09-30', lot: '3C001' }],
      ['$$20928053C001', { expiry: '2005-09-28', lot: '3C001' }],
      ['$$30509283C001', { expiry: '2005-09-28', lot: '3C001' }],
      ['$$4050928223C001', { expiry: '2005-09-28', lot: '3C001' }],
      ['$$5052713C001', { expiry: '2005-09-28', lot: '3C001' }],
      ['$$605271223C001', { expiry: '2005-09-28', lot: '3C001' }],
      ['$$73C001', { lot: '3C001' }],
      ['$$82409053C001', { quantity: 24, expiry: '2005-09-30', lot: '3C001' }],
      ['$$90010030509283C001', { quantity: 100, expiry: '2005-09-28', lot: '3C001' }],
      ['$$+30509280001', { expiry: '2005-09-28', serial: '0001' }],
      ['$+0001', { serial: '0001' }],
      ['$3C001', { lot: '3C001' }],
      ['052713C001', { expiry: '2005-09-28', lot: '3C001' }],
    ];
    for (const [secondary, expected] of cases) {
      expect(parseUdi(hibc(`+A123BJC5D6E71/${secondary}`)), secondary).toMatchObject({ ok: true, ...expected });
      // The same as a separate secondary barcode, linked by the primary's check character "L".
      expect(parseUdi(hibc(`+${secondary}L`)), secondary).toMatchObject({
        ok: true,
        secondaryOnly: true,
        link: 'L',
        ...expected,
      });
    }
  });

  it('refuses bad strings with a reason', () => {
    expect(parseUdi('+A99912345/$$52001510X3/16D20111212/S77DE1G45X')).toMatchObject({
      ok: false,
      kind: 'HIBCC',
      reason: 'BAD_CHECK_CHARACTER',
      expected: '-',
    });
    expect(parseUdi(hibc('+AB$C12345'))).toMatchObject({ ok: false, reason: 'BAD_LABELER' });
    expect(parseUdi(hibc('+A123BJC5D6E71/$$31302303C001'))).toMatchObject({ ok: false, reason: 'BAD_DATE' });
    expect(parseUdi(hibc('+A123BJC5D6E71/$$1305'))).toMatchObject({ ok: false, reason: 'BAD_DATE' });
    expect(parseUdi(hibc('+A123BJC5D6E71/$$82'))).toMatchObject({ ok: false, reason: 'TRUNCATED' });
    expect(parseUdi(hibc(`+A123BJC5D6E71/$${'9'.repeat(19)}`))).toMatchObject({ ok: false, reason: 'TOO_LONG' });
    expect(parseUdi('+A123#')).toMatchObject({ ok: false, reason: 'BAD_CHARACTER' });
  });
});

describe('normal forms', () => {
  it('pads GTINs to 14 digits and checks the check digit', () => {
    expect(normaliseGtin('643169007222')).toBe('00643169007222');
    expect(normaliseGtin('0 0643169-007222')).toBe('00643169007222');
    expect(normaliseGtin('00643169007223')).toBeNull();
    expect(checkGtin('00643169007223')).toEqual({ ok: false, reason: 'GTIN_CHECK_DIGIT', expected: 2 });
    expect(checkGtin('1234567')).toMatchObject({ ok: false, reason: 'GTIN_LENGTH' });
    expect(checkGtin('12A4567890')).toMatchObject({ ok: false, reason: 'GTIN_NOT_DIGITS' });
  });

  it('compares codes and manufacturers without punctuation and suffixes', () => {
    expect(normaliseCode(' ref 12-345.a/b_c ')).toBe('REF12345ABC');
    expect(normaliseCode(' - ')).toBeNull();
    expect(normaliseManufacturer('Medtronic, Inc.')).toBe('MEDTRONIC');
    expect(normaliseManufacturer('Smith & Nephew Ltd')).toBe('SMITH AND NEPHEW');
  });
});
