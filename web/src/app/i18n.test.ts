import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { activateLocale, isLocale, LANGUAGES } from './i18n';

describe('i18n', () => {
  it('offers English, Vietnamese and (in development) the pseudo locale', () => {
    expect(LANGUAGES.map((l) => l.locale)).toEqual(['en', 'vi', 'pseudo']);
    expect(isLocale('vi')).toBe(true);
    expect(isLocale('fr')).toBe(false);
  });

  it('activates the compiled catalogs', async () => {
    const descriptor = msg`Supply Advisories`;
    await activateLocale('vi');
    expect(i18n._(descriptor)).toBe('Khuyến cáo cung ứng');
    expect(document.documentElement.lang).toBe('vi');
    await activateLocale('pseudo');
    const pseudo = i18n._(descriptor);
    expect(pseudo).not.toBe('Supply Advisories');
    expect(pseudo.length).toBeGreaterThan(0);
    await activateLocale('en');
    expect(i18n._(descriptor)).toBe('Supply Advisories');
  });
});
