import { describe, expect, it } from 'vitest';
import { identifierText } from './labels';

describe('identifierText', () => {
  it("names a known provider's identifier kind in the reader's language, keeping acronyms and the value", () => {
    expect(identifierText({ kind: 'CUSTOMER', value: 'E2E-7' }, 'vi')).toBe('Mã khách hàng E2E-7');
    expect(identifierText({ kind: 'CUSTOMER', value: 'E2E-7' }, 'en')).toBe('Customer no. E2E-7');
    expect(identifierText({ kind: 'CCN', value: '140001' }, 'vi')).toBe('CCN 140001');
    // The pseudo locale reads English words; an unknown kind reads as itself.
    expect(identifierText({ kind: 'NPI', value: '1' }, 'pseudo')).toBe('NPI 1');
    expect(identifierText({ kind: 'DUNS', value: '9' }, 'vi')).toBe('DUNS 9');
  });
});
