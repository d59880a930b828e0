import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLocale } from '../app/i18n';
import { translateServerMessage } from './serverMessages';

// The web package's tests run in web/ (happy-dom gives import.meta.url no file path).
const ROOT = path.resolve(process.cwd(), '..');

/** The server's own sources (modules and the BFF), tests left out. */
function serverSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  for (const module of readdirSync(path.join(ROOT, 'modules'))) walk(path.join(ROOT, 'modules', module, 'src'));
  walk(path.join(ROOT, 'services/bff/src'));
  return files;
}

const LITERAL = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;

/**
 * Every message the server writes for people: the text of each `new …Error(…)` and every value of a `…MESSAGES` table.
 * Template literals come back with their `${…}` parts; a literal's quotes are undone.
 */
function serverMessages(): { text: string; template: boolean; file: string }[] {
  const found = new Map<string, { text: string; template: boolean; file: string }>();
  const add = (literal: string, file: string) => {
    const quote = literal[0];
    const body = literal.slice(1, -1);
    const text = quote === '`' ? body : body.replace(/\\(['"\\])/g, '$1');
    found.set(literal, { text, template: quote === '`' && body.includes('${'), file: path.relative(ROOT, file) });
  };
  for (const file of serverSources()) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(new RegExp(String.raw`new \w+Error\(\s*` + LITERAL, 'g'))) add(m[1]!, file);
    for (const m of source.matchAll(/const (\w*MESSAGES?\w*|NOT_FOUND\w*)\s*(?::[^=]+)?=\s*/g)) {
      const start = m.index + m[0].length;
      if (source[start] !== '{') {
        const single = new RegExp(`^${LITERAL}`).exec(source.slice(start));
        if (single) add(single[1]!, file);
        continue;
      }
      let depth = 0;
      let end = start;
      for (; end < source.length; end++) {
        if (source[end] === '{') depth++;
        else if (source[end] === '}' && --depth === 0) break;
      }
      const table = source.slice(start, end);
      for (const v of table.matchAll(
        new RegExp(String.raw`\w+:\s*(?:\([^)]*\)\s*(?::\s*\w+\s*)?=>\s*)?` + LITERAL, 'g'),
      ))
        add(v[1]!, file);
    }
  }
  return [...found.values()];
}

/** Messages only a caller misusing the API gets (the app never sends such a request): they stay as written. */
const API_MISUSE = [
  /^No such API path/,
  /^Unknown (sort|filter) field/,
  /^sortDirection must be/,
  /^Only "contains" filters/,
  /^The filter of \$\{field\} must be text/,
  /^status must be one of/,
  /^\$\{field\} must be a positive integer/,
  /^\$\{flag\} must be true or false/,
  /^\$\{prefix\}\$\{err\.message\}/,
  /^Permissions not available to a/,
  /^Product \$\{row\}: \$\{f\.name\} \$\{what\}/,
  /^Unexpected file field/,
];

/**
 * A template's text with each `${…}` replaced by `filler`. The scan cuts a template that nests another at the inner
 * backtick (`rows: ${errors.map((e) => `…`)}`): its unfinished `${` becomes the filler, the end of the message.
 */
const filled = (template: string, filler: string) =>
  template.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, filler).replace(/\$\{.*$/, filler);

describe('the server messages people read', () => {
  const messages = serverMessages();
  beforeAll(() => activateLocale('vi'));
  afterAll(() => activateLocale('en'));

  it('are found in the server sources', () => {
    // A guard on the scan itself: it must keep finding what it found when written.
    expect(messages.length).toBeGreaterThan(250);
    expect(messages.map((m) => m.text)).toContain('This link is invalid or has expired.');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the server's source text, placeholder and all
    expect(messages.map((m) => m.text)).toContain('Action ${i + 1}: options must be different from each other.');
  });

  it('are each shown in Vietnamese, values and all', () => {
    const untranslated = messages
      .filter((m) => !API_MISUSE.some((p) => p.test(m.text)))
      .filter((m) => {
        if (!m.template) return translateServerMessage(i18n, m.text) === m.text;
        // Any filler the message's pattern takes (a number, a status word, a name) will do.
        return ['7', 'OPEN', 'Infusion pump', 'The English subject'].every((filler) => {
          const sample = filled(m.text, filler);
          return translateServerMessage(i18n, sample) === sample;
        });
      })
      .map((m) => `${m.file}: ${m.text}`);
    expect(untranslated).toEqual([]);
  });

  it('keep their values and fall back to the server words for one the app does not know', () => {
    expect(translateServerMessage(i18n, 'Action 3: options must be different from each other.')).toMatch(/3/);
    expect(translateServerMessage(i18n, '"Count the units" is listed twice.')).toContain('"Count the units"');
    expect(translateServerMessage(i18n, 'Something new went wrong.')).toBe('Something new went wrong.');
    // An event's status is a word of the label map in Vietnamese, the server's code in English.
    const move = 'An event cannot go from OPEN to DRAFT.';
    expect(translateServerMessage(i18n, move)).toMatch(/Đang mở.*Bản nháp/);
    expect(translateServerMessage(i18n, move)).not.toMatch(/OPEN|DRAFT/);
  });

  it('stay as the server wrote them in English', async () => {
    await activateLocale('en');
    for (const m of messages.filter((m) => !m.template)) expect(translateServerMessage(i18n, m.text)).toBe(m.text);
    expect(translateServerMessage(i18n, 'An event cannot go from OPEN to DRAFT.')).toBe(
      'An event cannot go from OPEN to DRAFT.',
    );
    await activateLocale('vi');
  });
});
