import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, keysOfProduct, keysOfText } from './matching-keys.js';
import { type CandidateRow, LIKELY_AFFECTED, matchRow, matchRows, summarise } from './matching.js';

const G = `0088452112345${gs1CheckDigit('0088452112345')}`;
const OTHER = `0088452199999${gs1CheckDigit('0088452199999')}`;

const row = (over: Partial<CandidateRow>): CandidateRow => ({
  source: 'ITEM',
  id: 1,
  gtin: null,
  udi_di: null,
  manufacturer: null,
  catalogue_number: null,
  model: null,
  lot: null,
  serial: null,
  quantity: 1,
  department: null,
  site_id: null,
  site_name: null,
  ...over,
});

const product = keysOfProduct(
  {
    product_name: 'Pump',
    catalog_number: 'AB-123',
    lot_number: 'L100 through L150',
    udi: G,
    description: null,
    fields: { Model: 'PX-9' },
  },
  'Acme Medical, Inc.',
);

describe('matchRow', () => {
  it('same DI and a lot inside the listed range: 0.99', () => {
    const m = matchRow(row({ gtin: G.slice(1), lot: 'L120' }), product);
    expect(m).toMatchObject({ reason: 'DI_LOT', confidence: 0.99 });
    expect(m?.evidence).toContain('L100–L150');
  });
  it('same DI, no lot on the row: 0.9; a lot the recall does not list: no match', () => {
    expect(matchRow(row({ gtin: G }), product)).toMatchObject({ reason: 'DI', confidence: 0.9 });
    expect(matchRow(row({ gtin: G, lot: 'L151' }), product)).toBeNull();
  });
  it('a DI inside a GS1 string in the UDI column', () => {
    expect(matchRow(row({ udi_di: `(01)${G}(10)L101`, lot: 'L101' }), product)?.reason).toBe('DI_LOT');
  });
  it('catalogue number written otherwise, the same manufacturer and a listed lot: 0.95', () => {
    expect(
      matchRow(row({ catalogue_number: 'ab 123', manufacturer: 'ACME MEDICAL LLC', lot: 'l-130' }), product),
    ).toMatchObject({
      reason: 'CATALOGUE_LOT',
      confidence: 0.95,
    });
  });
  it('catalogue and manufacturer without a lot: 0.8; another manufacturer: shown below the threshold', () => {
    expect(matchRow(row({ catalogue_number: 'AB123', manufacturer: 'Acme Medical' }), product)?.confidence).toBe(0.8);
    const other = matchRow(row({ catalogue_number: 'AB123', manufacturer: 'Zenith Corp' }), product);
    expect(other?.confidence).toBeLessThan(LIKELY_AFFECTED);
    expect(matchRow(row({ catalogue_number: 'AB123' }), product)?.confidence).toBe(0.7);
  });
  it('catalogue numbers with and without leading zeros', () => {
    const k = keysOfText(['Ref 010-55-25'], 'Encore Medical');
    expect(matchRow(row({ catalogue_number: '105525', manufacturer: 'Encore Medical LP' }), k)?.reason).toBe(
      'CATALOGUE',
    );
  });
  it('model and manufacturer: 0.75; a model number in the catalogue column counts as the model', () => {
    expect(matchRow(row({ model: 'px9', manufacturer: 'Acme Medical' }), product)).toMatchObject({
      reason: 'MODEL',
      confidence: 0.75,
    });
    expect(matchRow(row({ catalogue_number: 'PX-9', manufacturer: 'Acme Medical' }), product)?.reason).toBe('MODEL');
  });
  it('a listed lot of the same manufacturer alone: LOT, below the threshold', () => {
    const m = matchRow(row({ lot: 'L110', manufacturer: 'Acme Medical', catalogue_number: 'ZZ-1' }), product);
    expect(m).toMatchObject({ reason: 'LOT', confidence: 0.7 });
  });
  it('a code found only in the text: TEXT_TOKEN 0.5', () => {
    const k = keysOfText(['Kit contains catheter 77321-B and sheath'], 'Acme');
    expect(matchRow(row({ catalogue_number: '77321B' }), k)).toMatchObject({ reason: 'TEXT_TOKEN', confidence: 0.5 });
  });
  it('no common identifier: no match', () => {
    expect(matchRow(row({ gtin: OTHER, catalogue_number: 'QQ1', lot: 'L120' }), product)).toBeNull();
  });
});

describe('matchRows and summarise', () => {
  it('takes each row at its best product and counts units, departments and sites of the likely ones', () => {
    const second = keysOfText(['Lot 555; REF XY-1'], 'Acme Medical');
    const rows = [
      row({ id: 1, gtin: G, lot: 'L120', quantity: 10, department: 'ICU', site_id: 1 }),
      row({ id: 2, gtin: G, quantity: 3, department: 'OR', site_id: 2 }),
      row({
        id: 3,
        catalogue_number: 'XY-1',
        lot: '555',
        manufacturer: 'Acme Medical',
        quantity: null,
        department: 'icu ',
        site_id: 1,
      }),
      row({ id: 4, catalogue_number: 'AB123', quantity: 7, department: 'ER', site_id: 3 }),
      row({ id: 5, source: 'PURCHASE', gtin: G, quantity: 40, department: null, site_id: 1 }),
      row({ id: 6, gtin: OTHER, quantity: 99 }),
    ];
    const matches = matchRows(rows, [product, second]);
    expect(matches.map((m) => [m.row.id, m.product, m.reason])).toEqual([
      [1, 0, 'DI_LOT'],
      [2, 0, 'DI'],
      [3, 1, 'CATALOGUE_LOT'],
      [4, 0, 'CATALOGUE'],
      [5, 0, 'DI'],
    ]);
    expect(summarise(matches)).toEqual({
      units: 14,
      rows: 4,
      departments: 2,
      sites: 2,
      purchased_units: 40,
      possible: 1,
    });
  });
});
