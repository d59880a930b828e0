import { describe, expect, it } from 'vitest';
import {
  codeRange,
  codeVariants,
  gs1CheckDigit,
  inRange,
  keysOfProduct,
  keysOfText,
  normaliseCode,
  normaliseGtin,
  normaliseManufacturer,
  sameManufacturer,
  udiKeys,
} from './matching-keys.js';

const gtin = (body13: string) => body13 + gs1CheckDigit(body13);
const G = gtin('0088452112345');

describe('normal forms', () => {
  it('reads GTINs written with and without leading zeros, spaces and dashes, and refuses bad check digits', () => {
    expect(normaliseGtin(G)).toBe(G);
    expect(normaliseGtin(G.slice(2))).toBe(G);
    expect(normaliseGtin(`${G.slice(2, 6)} ${G.slice(6, 10)}-${G.slice(10)}`)).toBe(G);
    expect(normaliseGtin(`${G.slice(0, 13)}${(Number(G[13]) + 1) % 10}`)).toBeNull();
    expect(normaliseGtin('1234567')).toBeNull();
  });
  it('normalises catalogue numbers and tries them without leading zeros', () => {
    expect(normaliseCode('ref 010-55.25 / a#')).toBe('REF0105525A');
    expect(codeVariants('010-55-25')).toEqual(['0105525', '105525']);
    expect(codeVariants('AK-25502')).toEqual(['AK25502']);
    expect(codeVariants('')).toEqual([]);
  });
  it('compares manufacturers by name without legal forms or punctuation', () => {
    expect(normaliseManufacturer('Arrow International, Inc.')).toBe('ARROW INTERNATIONAL');
    expect(
      sameManufacturer(
        normaliseManufacturer('ARROW INTERNATIONAL LLC'),
        normaliseManufacturer('Arrow International Inc'),
      ),
    ).toBe(true);
    expect(sameManufacturer(normaliseManufacturer('Medtronic'), normaliseManufacturer('Medtronic MiniMed, Inc.'))).toBe(
      true,
    );
    expect(sameManufacturer(normaliseManufacturer('Medline'), normaliseManufacturer('Medtronic'))).toBe(false);
    expect(sameManufacturer(null, 'MEDTRONIC')).toBeNull();
  });
});

describe('UDI strings', () => {
  it('reads GS1 in the human-readable and the raw form, with or without a symbology prefix', () => {
    expect(udiKeys(`(01)${G}(17)250101(10)LOT 5(21)S9`)).toEqual({ gtin: G, di: null, lot: 'LOT 5', serial: 'S9' });
    expect(udiKeys(`01${G}17250101` + '10ABC\x1d21XYZ')).toEqual({ gtin: G, di: null, lot: 'ABC', serial: 'XYZ' });
    expect(udiKeys(`]d201${G}10ABC`)).toMatchObject({ gtin: G, lot: 'ABC' });
    expect(udiKeys(G.slice(1))).toMatchObject({ gtin: G });
  });
  it('reads a HIBCC primary alone and with its secondary data', () => {
    expect(udiKeys('+H123PROD1231')).toMatchObject({ di: '+H123PROD123', lot: null });
    expect(udiKeys('+H123PROD123/$$0525LOT77A')).toMatchObject({ di: '+H123PROD123', lot: 'LOT77' });
  });
  it('gives nothing for what is not a UDI', () => {
    expect(udiKeys('hello')).toEqual({ gtin: null, di: null, lot: null, serial: null });
    expect(udiKeys(`(01)${G.slice(0, 13)}0`).gtin).toBe(G.endsWith('0') ? G : null);
  });
});

describe('ranges', () => {
  it('reads numeric and prefixed ranges and checks membership by prefix, tail and width', () => {
    const r = codeRange('A0100', 'A0199');
    expect(r).toEqual({ prefix: 'A', from: 100, to: 199, width: 4 });
    expect(inRange('A0150', r!)).toBe(true);
    expect(inRange('A0200', r!)).toBe(false);
    expect(inRange('B0150', r!)).toBe(false);
    expect(inRange('A150', r!)).toBe(false);
    expect(codeRange('A0100', '0199')).toEqual(r);
    expect(codeRange('200', '100')).toBeNull();
    expect(codeRange('A1', 'B9')).toBeNull();
  });
});

describe('FDA free text (openFDA samples)', () => {
  it('reads the lots and the REF of a device recall (Z-0053-2020, Arrow International)', () => {
    const k = keysOfText(
      [
        'Lot/Batch Numbers: 13F18C0374, 13F18H0580, 13F18D0504, 13F18L0507,  13F18E0380, 13F18L0714, 13F18G0180, 13F18L0936,  13F18G0480',
        'Pediatric Two-Lumen Central Venous Catheterization\nKit with Blue FlexTip ARROWg+ard Blue Catheter, REF AK-25502\n\nProduct Usage;  Provide short-term (< 30 days) central venous access for treatment',
      ],
      'Arrow International Inc',
    );
    expect(k.lots).toHaveLength(9);
    expect(k.lots).toContain('13F18G0480');
    expect(k.catalogues).toEqual(['AK25502']);
    expect(k.manufacturer).toBe('ARROW INTERNATIONAL');
  });
  it('reads "Lot …, Ref …" of an enforcement report', () => {
    const k = keysOfText(['Lot 007A1037, Ref 010-55-25.'], 'Encore Medical, Lp');
    expect(k.lots).toEqual(['007A1037']);
    expect(k.catalogues).toEqual(['0105525']);
  });
  it('reads ranges written with through, to and dashes, and skips dates', () => {
    const k = keysOfText(
      [
        'Expiration dates from 01/19/2012 through 05/02/2012 and lot number from 00112 through 10412; Lots 1234-1300 and A0100 to A0199',
      ],
      null,
    );
    expect(k.lotRanges).toEqual([
      { prefix: '', from: 112, to: 10412, width: 5 },
      { prefix: '', from: 1234, to: 1300, width: 4 },
      { prefix: 'A', from: 100, to: 199, width: 4 },
    ]);
    expect(k.lots).toEqual([]);
  });
  it('reads models, serial ranges, catalogue numbers and GTINs', () => {
    const k = keysOfText(
      [
        `Model 8637-20, serial numbers NGP100001 through NGP100500; UDI (01)${G}(17)250101; Catalog No. CAT-55. GTIN ${G.slice(2)}`,
      ],
      null,
    );
    expect(k.models).toEqual(['863720']);
    expect(k.serialRanges).toEqual([{ prefix: 'NGP', from: 100001, to: 100500, width: 6 }]);
    expect(k.catalogues).toEqual(['CAT55']);
    expect(k.gtins).toEqual([G]);
  });
  it('does not read "Catheter" or "Product is intended" as labels', () => {
    const k = keysOfText(['Catheter 12345 kit. Product is intended for 30 days, Size 25mm'], null);
    expect(k.catalogues).toEqual([]);
    expect(k.tokens).toContain('12345');
    expect(k.tokens).not.toContain('25MM');
  });
});

describe('a recalled product', () => {
  it('takes its UDI, catalogue number, lots, and custom fields by name', () => {
    const k = keysOfProduct(
      {
        product_name: 'Infusion pump',
        catalog_number: 'AB-12.3, AB-12.4',
        lot_number: 'L100 through L150, L200',
        udi: `(01)${G}(10)L120`,
        description: null,
        fields: { 'Model Number': 'M-7', 'Serial Numbers': 'S1-S9, X77', 'HIBCC UDI': '+H123PROD1231' },
      },
      'Acme, Inc.',
    );
    expect(k.gtins).toEqual([G]);
    expect(k.dis).toEqual(['+H123PROD123']);
    expect(k.catalogues).toEqual(['AB123', 'AB124']);
    expect(k.models).toEqual(['M7']);
    expect(k.lots).toEqual(expect.arrayContaining(['L200', 'L120']));
    expect(k.lotRanges).toEqual([{ prefix: 'L', from: 100, to: 150, width: 3 }]);
    expect(k.serials).toEqual(['X77']);
    expect(k.serialRanges).toEqual([{ prefix: 'S', from: 1, to: 9, width: 1 }]);
    expect(k.manufacturer).toBe('ACME');
  });
});
