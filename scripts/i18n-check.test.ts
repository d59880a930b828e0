import { describe, expect, it } from 'vitest';
import { compareCatalogs, report, untranslatedMessages } from './i18n-check.js';

describe('the catalogue check', () => {
  const committed = {
    a: { message: 'Save', translation: 'Lưu', origin: [['src/a.tsx']] as [string][] },
    b: { message: 'Old words', translation: 'Lời cũ' },
    c: { message: 'Moved', translation: 'Đã chuyển', origin: [['src/c.tsx']] as [string][] },
    d: { message: 'Gone long ago', translation: 'x', obsolete: true },
  };
  const extracted = {
    a: { message: 'Save', translation: 'Lưu', origin: [['src/a.tsx']] as [string][] },
    c: { message: 'Moved', translation: 'Đã chuyển', origin: [['src/elsewhere.tsx']] as [string][] },
    e: { message: 'New words', translation: '' },
  };

  it('lists new, removed and changed messages, obsolete ones aside', () => {
    expect(compareCatalogs(committed, extracted)).toEqual({
      added: ['New words'],
      removed: ['Old words'],
      changed: ['Moved'],
    });
    expect(compareCatalogs(extracted, extracted)).toEqual({ added: [], removed: [], changed: [] });
  });

  it('finds Vietnamese messages left empty, and says what to do', () => {
    expect(untranslatedMessages({ ...extracted, f: { message: 'Blank', translation: '  ' } })).toEqual([
      'New words',
      'Blank',
    ]);
    const none = { added: [], removed: [], changed: [] };
    const text = report({
      ok: false,
      differences: {
        en: { added: ['New words'], removed: [], changed: [] },
        vi: { added: ['New words'], removed: [], changed: [] },
        pseudo: none,
      },
      untranslated: ['Blank'],
    });
    expect(text).toContain('en, vi: new messages in the code, not in the catalogue (1):\n  "New words"');
    expect(text).toContain('vi: messages without a Vietnamese translation (1):\n  "Blank"');
    expect(text).toContain('i18n:extract');
    expect(report({ ok: true, differences: { en: none }, untranslated: [] })).toMatch(/in step/);
  });
});
