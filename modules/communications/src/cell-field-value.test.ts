import { describe, expect, it } from 'vitest';
import { cellFieldValue } from './services/product-fields.js';

// The one reader of a custom field's cell, shared by the step-1 product file and a custom-content event's file.
describe('cellFieldValue', () => {
  const of = (field_type: string) => (c: Parameters<typeof cellFieldValue>[1]) => cellFieldValue({ field_type }, c);

  it('reads an empty cell as no value, whatever the field', () => {
    for (const type of ['Text', 'Number', 'Date', 'TrueFalse', 'ListMultiple']) {
      expect(of(type)(null)).toBeNull();
      expect(of(type)('')).toBeNull();
    }
  });

  it('reads numbers, and keeps text that is not one for the check to refuse', () => {
    expect(of('Number')(12)).toBe(12);
    expect(of('Number')('24')).toBe(24);
    expect(of('Number')('two dozen')).toBe('two dozen');
  });

  it('reads ISO and US dates as YYYY-MM-DD, and keeps text that is not a date', () => {
    expect(of('Date')('2027-03-05')).toBe('2027-03-05');
    expect(of('Date')('03/05/2027')).toBe('2027-03-05');
    expect(of('Date')('next spring')).toBe('next spring');
  });

  it('reads true/yes and false/no in any case, and keeps other words', () => {
    expect(of('TrueFalse')(true)).toBe(true);
    expect(of('TrueFalse')('Yes')).toBe(true);
    expect(of('TrueFalse')('FALSE')).toBe(false);
    expect(of('TrueFalse')('no')).toBe(false);
    expect(of('TrueFalse')('maybe')).toBe('maybe');
  });

  it('splits a multiple choice on semicolons and commas, dropping blanks', () => {
    expect(of('ListMultiple')('EU; US,, VN ')).toEqual(['EU', 'US', 'VN']);
  });

  it('reads any other field as its text', () => {
    expect(of('Text')(42)).toBe('42');
  });
});
