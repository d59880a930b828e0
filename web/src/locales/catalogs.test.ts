import { describe, expect, it } from 'vitest';

const catalogs = import.meta.glob<string>('./*/messages.po', { query: '?raw', import: 'default', eager: true });

function entries(locale: string): { id: string; str: string }[] {
  const text = catalogs[`./${locale}/messages.po`];
  if (text === undefined) throw new Error(`no catalog for ${locale}`);
  const out: { id: string; str: string }[] = [];
  const re = /msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g;
  for (const m of text.matchAll(re)) if (m[1]) out.push({ id: m[1], str: m[2] ?? '' });
  return out;
}

describe('catalogs', () => {
  it('translate every message into Vietnamese, keeping placeholders', () => {
    const vi = entries('vi');
    expect(vi.length).toBeGreaterThan(100);
    expect(vi.filter((e) => e.str === '').map((e) => e.id)).toEqual([]);
    for (const e of vi) {
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(placeholders(e.str), e.id).toEqual(placeholders(e.id));
    }
  });

  it('hold the same messages in every locale', () => {
    const ids = (locale: string) =>
      entries(locale)
        .map((e) => e.id)
        .sort();
    expect(ids('vi')).toEqual(ids('en'));
    expect(ids('pseudo')).toEqual(ids('en'));
  });
});

describe('Vietnamese words', () => {
  const vi = new Map(entries('vi').map((e) => [e.id, e.str]));

  it('name things as a reader expects: a recall has a name (not a full name), emails are addresses', () => {
    expect(vi.get('Name')).toBe('Tên');
    expect(vi.get('Emails')).toBe('Địa chỉ email');
  });

  it('call a provider one thing everywhere (a healthcare facility, never a "service provider")', () => {
    expect(vi.get('Provider')).toBe('Cơ sở y tế');
    expect([...vi.values()].filter((s) => /nhà cung cấp dịch vụ/i.test(s))).toEqual([]);
  });
});
