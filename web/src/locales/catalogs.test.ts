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
