import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderHook } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { useTableTexts } from '../shared/lists/table';
import { useValidationMessages } from '../shared/forms/validation';
import { activateLocale } from './i18n';

// The web package's tests run in web/ (happy-dom gives import.meta.url no file path).
const SOURCES = path.resolve(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What the design system does with a text: fill its `{name}` placeholders. */
const formatText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));

describe('placeholders in translations', () => {
  it('no t`` or msg`` text holds a bare {name}: lingui would fill it with nothing ("Filter ", "Move  up")', () => {
    const bare: string[] = [];
    for (const file of sourceFiles(SOURCES)) {
      // Comments left out: they may quote such a text to warn about it.
      const source = readFileSync(file, 'utf8')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of source.matchAll(/(?<=[\s({,=:?[])(?:t|msg)`((?:[^`\\]|\\.)*)`/g)) {
        // What ${…} fills in is a value (named ones included: ${{ column: '{column}' }}), not the message's text.
        const text = (m[1] ?? '').replace(/\$\{\{[\s\S]*?\}\}/g, '').replace(/\$\{[^{}]*\}/g, '');
        if (/\{\w+\}/.test(text)) bare.push(`${path.relative(SOURCES, file)}: ${m[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });

  afterAll(() => activateLocale('en'));

  for (const locale of ['en', 'vi'] as const) {
    it(`the table's and the validator's texts still hold what they fill in (${locale})`, async () => {
      await activateLocale(locale);
      const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
      const table = renderHook(() => useTableTexts(), { wrapper }).result.current;
      const rules = renderHook(() => useValidationMessages(), { wrapper }).result.current;
      const filled = [
        formatText(table.filter, { column: 'Lot' }),
        formatText(table.pagination?.page ?? '', { n: 3 }),
        formatText(table.columnChooser?.moveUp ?? '', { column: 'Lot' }),
        formatText(table.columnChooser?.moveDown ?? '', { column: 'Lot' }),
        formatText(String(rules.min), { n: 8 }),
      ];
      // "Filter " and "Move  up" were what a reader heard before: the value must be there.
      for (const text of filled.slice(0, 4)) expect(text).toMatch(/Lot|3/);
      expect(filled[4]).toContain('8');
      expect(filled.join(' ')).not.toMatch(/\{\w+\}/);
    });
  }
});
