import { afterEach, describe, expect, it } from 'vitest';
import {
  activeValues,
  clearManagedValues,
  codes,
  installManagedValues,
  labelledCodes,
  type ManagedValue,
  HISTORY_SENTENCES,
  historySentence,
  VOCABULARIES,
  vocabularyLabel,
  vocabularyOptions,
  vocabularyPairs,
} from './index.js';

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

describe('history sentences', () => {
  it('reads an entry as a sentence with its facts and who did it, in both languages', () => {
    const sent = { action: 'NOTIFICATION_SENT', facts: { count: 12 }, actor: 'Rick Recalls' };
    expect(historySentence(sent)).toBe('Notification sent to 12 customers by Rick Recalls');
    expect(historySentence(sent, 'vi')).toBe('Đã gửi thông báo tới 12 khách hàng bởi Rick Recalls');
    expect(historySentence({ action: 'DELEGATED', facts: { email: 'd@x.test' } })).toBe('Delegated to d@x.test');
    expect(historySentence({ action: 'PROVIDER_STATUS_CHANGED', facts: { status: 'COMPLETED' } }, 'vi')).toBe(
      'Đã đổi trạng thái thành Hoàn thành',
    );
  });

  it('drops an empty count instead of showing "()", and never shows a code for an unknown action', () => {
    expect(historySentence({ action: 'STEP1_SAVED', facts: {} })).toBe('Products saved');
    expect(historySentence({ action: 'SOMETHING_NEW', actor: 'a@b.test' })).toBe('Change recorded by a@b.test');
    expect(historySentence({ action: 'constructor' })).toBe('Change recorded');
  });

  it('has both languages for every sentence, with the same placeholders', () => {
    for (const [action, label] of Object.entries(HISTORY_SENTENCES)) {
      const names = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(label.vi, action).not.toBe('');
      expect(names(label.vi), action).toEqual(names(label.en));
      expect(historySentence({ action }), action).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    }
  });
});

describe('managed lookup values (issue 12)', () => {
  afterEach(() => clearManagedValues());
  const value = (code: string, en: string, over: Partial<ManagedValue> = {}): ManagedValue => ({
    vocabulary: 'reason',
    code,
    label_en: en,
    label_vi: `${en} (vi)`,
    sort_order: 10,
    status: 'ACTIVE',
    organization_id: null,
    ...over,
  });

  it('labels from the loaded records, inactive ones included, and falls back to the constants before a load', () => {
    expect(vocabularyLabel('reason', 'Plant closure')).toBe('Plant closure');
    installManagedValues([
      value('Plant closure', 'Factory closed', { sort_order: 20 }),
      value('PORT_STRIKE', 'Port strike', { sort_order: 5, status: 'INACTIVE' }),
      value('MINE', 'Acme only', { sort_order: 1, organization_id: 7 }),
    ]);
    expect(vocabularyLabel('reason', 'Plant closure', 'vi')).toBe('Factory closed (vi)');
    expect(vocabularyLabel('reason', 'PORT_STRIKE')).toBe('Port strike');
    expect(labelledCodes('reason')).toEqual([
      'MINE',
      'PORT_STRIKE',
      'Plant closure',
      'Force de Majeure',
      'Raw material shortage',
      'SKU rationalization',
      'Quality issue',
    ]);
    // A code the records do not hold reads with the constants' words.
    expect(vocabularyLabel('reason', 'Quality issue', 'vi')).toBe('Vấn đề chất lượng');
    // Pickers: ACTIVE only, in order; another supplier's own value is not offered.
    expect(activeValues('reason', 7).map((v) => v.code)).toEqual(['MINE', 'Plant closure']);
    expect(activeValues('reason', 8).map((v) => v.code)).toEqual(['Plant closure']);
    expect(vocabularyOptions('reason')).toEqual([
      { value: 'MINE', label: 'Acme only' },
      { value: 'Plant closure', label: 'Factory closed' },
    ]);
    // Vocabularies that are not managed keep their constants.
    expect(vocabularyLabel('communicationStatus', 'OPEN')).toBe('Open');
    clearManagedValues();
    expect(vocabularyLabel('reason', 'PORT_STRIKE')).toBe('PORT_STRIKE');
  });
});
