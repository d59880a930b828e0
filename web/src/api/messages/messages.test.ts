import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { type MessageKey, type MessagePart, MESSAGES, messagePart, type ParamName } from '@portal/vocabulary';
import { activateLocale } from '../../app/i18n';
import { SCHEMA_WORDED, SERVER_TEXT, type ServerMessage, translateServerMessage } from './index';

const KEYS = Object.keys(MESSAGES) as MessageKey[];

/** A value for each parameter a template names, of the kind the server sends there. */
function sample(name: string): string | number | MessagePart {
  if (name === 'status' || name === 'from') return 'OPEN';
  if (name === 'to') return 'CLOSED';
  if (name === 'type') return 'Checkbox';
  if (name === 'language') return 'English';
  if (name === 'part') return 'subject';
  if (name === 'what') return 'The query';
  if (name === 'problem') return messagePart('VALUE_MUST_BE_TEXT');
  if (['max', 'count', 'n', 'row', 'limit', 'index', 'id'].includes(name)) return 7;
  return `«${name}»`;
}

/** Two bad fields, and the joined problems each several-problem message carries beside them. */
const DETAILS = [
  { field: 'email', ...messagePart('EMAIL_INVALID') },
  { field: 'zip', ...messagePart('ZIP_INVALID') },
];
const JOINED: Partial<Record<MessageKey, string>> = {
  REQUEST_INVALID: DETAILS.map((d) => d.message).join('; '),
  PROBLEMS: DETAILS.map((d) => d.message).join('; '),
  FIELDS_INVALID: DETAILS.map((d) => `${d.field}: ${d.message}`).join('; '),
};

/** The message as the server sends it: its part (code, reason, params, English) and any details. */
function sent(key: MessageKey): ServerMessage & { message: string } {
  const names = [...MESSAGES[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1] as ParamName<MessageKey>);
  const params = Object.fromEntries(names.map((n) => [n, JOINED[key] && n === 'problems' ? JOINED[key] : sample(n)]));
  const part = names.length
    ? messagePart(...([key, params] as unknown as Parameters<typeof messagePart>))
    : messagePart(...([key] as unknown as Parameters<typeof messagePart>));
  return JOINED[key] ? { ...part, details: DETAILS } : part;
}

describe('the server messages, by code', () => {
  it('has a translation for every code of the catalogue, and none for a code it lacks', () => {
    expect(KEYS.filter((k) => !Object.hasOwn(SERVER_TEXT, k))).toEqual([]);
    expect(Object.keys(SERVER_TEXT).filter((k) => !Object.hasOwn(MESSAGES, k))).toEqual([]);
  });

  describe('in English', () => {
    beforeAll(() => activateLocale('en'));

    it("reads each message exactly as the server's m, parameters and all (but the schema's own wording)", () => {
      const worded = new Set<string>(SCHEMA_WORDED);
      const differing = KEYS.filter((key) => !worded.has(key))
        .map((key) => {
          const message = sent(key);
          const shown = translateServerMessage(i18n, message, 'fallback');
          return shown === message.message ? null : `${key}: ${shown} ≠ ${message.message}`;
        })
        .filter(Boolean);
      expect(differing).toEqual([]);
    });
  });

  describe("the schema validator's wording (issue 33: no schema text on screen)", () => {
    afterAll(() => activateLocale('en'));
    const ajv = [
      messagePart('PATTERN_MISMATCH', { field: 'key', pattern: '^[A-Z_]{1,64}$' }),
      messagePart('FORMAT_INVALID', { field: 'due_date', format: 'date' }),
      messagePart('FIELD_INVALID', { field: 'kind', problem: 'must be equal to constant' }),
      messagePart('VALUE_INVALID', { problem: 'must be object' }),
      messagePart('FIELD_TOO_LONG', { field: 'name', limit: 200 }),
      messagePart('TOO_MANY_ITEMS', { field: 'ids', limit: 1000 }),
      messagePart('NUMBER_OUT_OF_BOUNDS', { field: 'id', comparison: '<=', limit: 9007199254740991 }),
      messagePart('WRONG_TYPE', { field: 'id', type: 'integer' }),
      messagePart('WRONG_TYPE', { field: 'note', type: 'string,null' }),
    ];
    const SCHEMA_TEXT = /pattern|\^\[|must NOT|must match|must be (equal|object|integer|string|<|>)|<=|>=|"date"/;

    it.each(['en', 'vi'] as const)('says it in words, never as the schema wrote it (%s)', (locale) => {
      activateLocale(locale);
      for (const message of ajv) {
        const shown = translateServerMessage(i18n, message, message.message);
        expect(shown).not.toMatch(SCHEMA_TEXT);
        expect(shown.length).toBeGreaterThan(0);
      }
    });

    it('in English names the field and the bound in words', () => {
      activateLocale('en');
      const say = (m: ServerMessage & { message: string }) => translateServerMessage(i18n, m, m.message);
      expect(say(ajv[0]!)).toBe('key is not in the expected format');
      expect(say(ajv[4]!)).toBe('name must be at most 200 characters long');
      expect(say(ajv[6]!)).toBe('id must be at most 9007199254740991');
      expect(say(ajv[7]!)).toBe('id must be a whole number');
      expect(say(ajv[8]!)).toBe('note must be text / empty');
      // Inside a several-problem message, each detail is worded too.
      const several = translateServerMessage(
        i18n,
        {
          ...messagePart('REQUEST_INVALID', { what: 'Body', problems: ajv.map((a) => a.message).join('; ') }),
          details: ajv.slice(0, 2).map((a) => ({ field: 'x', ...a })),
        },
        '',
      );
      expect(several).not.toMatch(SCHEMA_TEXT);
      expect(several).toContain('key is not in the expected format');
    });
  });

  describe('in Vietnamese', () => {
    beforeAll(() => activateLocale('vi'));
    afterAll(() => activateLocale('en'));

    it('says each message in Vietnamese (but the ones made of the server’s own words)', () => {
      const raw = new Set<MessageKey>(['BAD_REQUEST']);
      const english = KEYS.filter((key) => !raw.has(key))
        .filter((key) => translateServerMessage(i18n, sent(key), '') === sent(key).message)
        .map((key) => `${key}: ${MESSAGES[key]}`);
      expect(english).toEqual([]);
    });

    it('keeps the values, shows statuses and nested messages in Vietnamese, and details word by word', () => {
      const move = translateServerMessage(
        i18n,
        messagePart('INVALID_TRANSITION', { from: 'OPEN', to: 'DRAFT' }),
        'An event cannot go from OPEN to DRAFT.',
      );
      expect(move).toMatch(/Đang mở.*Bản nháp/);
      expect(move).not.toMatch(/OPEN|DRAFT/);
      expect(translateServerMessage(i18n, messagePart('LISTED_TWICE', { title: 'Count the units' }), '')).toContain(
        '"Count the units"',
      );
      const field = messagePart('PRODUCT_CUSTOM_FIELD_INVALID', {
        row: 3,
        name: 'Lot',
        problem: messagePart('VALUE_MUST_BE_NUMBER'),
      });
      expect(translateServerMessage(i18n, field, '')).not.toContain('must be a number');
      const several = translateServerMessage(i18n, sent('REQUEST_INVALID'), '');
      expect(several).not.toContain('Email not valid');
      expect(several).toContain(translateServerMessage(i18n, messagePart('EMAIL_INVALID'), ''));
    });

    it("falls back to the server's words for a code it does not know, or none", () => {
      expect(translateServerMessage(i18n, { code: 'SOMETHING_NEW' }, 'Something new went wrong.')).toBe(
        'Something new went wrong.',
      );
      expect(translateServerMessage(i18n, {}, 'No code at all.')).toBe('No code at all.');
      expect(translateServerMessage(i18n, { code: 'INVALID_STATUS', reason: 'unheardOf' }, 'As sent.')).toBe(
        'As sent.',
      );
    });
  });
});
