import { describe, expect, it } from 'vitest';
import { codes, VOCABULARIES, vocabularyLabel, vocabularyOptions, vocabularyPairs } from './index.js';

describe('vocabulary labels', () => {
  it("gives the spec's words for a code, in English and Vietnamese", () => {
    expect(vocabularyLabel('classification', 'CLASSIII')).toBe('Class III');
    expect(vocabularyLabel('classification', 'CLASSIII', 'vi')).toBe('Loại III');
    expect(vocabularyLabel('recallSubtype', 'PRODUCTADVISORY')).toBe('Product Advisory');
    expect(vocabularyLabel('recallSubtype', 'CORRECTION', 'vi')).toBe('Khắc phục');
    expect(vocabularyLabel('communicationType', 'PRODUCT DISRUPTION')).toBe('Supply Advisory');
  });

  it('reads an unknown code as itself and nothing as an empty string, never an inherited key', () => {
    expect(vocabularyLabel('classification', 'CLASSIV')).toBe('CLASSIV');
    expect(vocabularyLabel('reason', 'constructor')).toBe('constructor');
    expect(vocabularyLabel('reason', null)).toBe('');
  });

  it('keeps the order of the spec in codes, pairs and options', () => {
    expect(codes('classification')).toEqual(['CLASSI', 'CLASSII', 'CLASSIII', 'NOT_YET_CLASSIFIED']);
    expect(vocabularyPairs('leadTime')[0]).toEqual(['< 2 weeks', '< 2 weeks']);
    expect(vocabularyOptions('disposition', 'vi')).toEqual([
      { value: 'Destroyed', label: 'Đã tiêu hủy' },
      { value: 'None', label: 'Không có' },
      { value: 'Returned', label: 'Đã trả lại' },
    ]);
  });

  it('has both languages for every code', () => {
    for (const vocabulary of Object.values(VOCABULARIES)) {
      for (const words of Object.values(vocabulary)) {
        expect(words.en.trim()).not.toBe('');
        expect(words.vi.trim()).not.toBe('');
      }
    }
  });
});
