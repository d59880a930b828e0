import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { vocabularyLabel } from '@portal/vocabulary';
import { AUTH_TEXT } from './auth';
import { COMMON_TEXT } from './common';
import { COMMUNICATION_TEXT } from './communications';
import { ORGANIZATION_TEXT } from './organizations';
import { PLATFORM_TEXT } from './platform';
import { PROVIDER_TEXT } from './provider';
import type { Say } from './types';

/**
 * The server's messages in the reader's language, by their key in `@portal/vocabulary`'s catalogue (the envelope's
 * `error.code`, and `error.reason` where one code has several sentences), with the message's parameters. The wire
 * keeps the spec's English (`m`), which is also what a message this app does not know shows.
 */
export const SERVER_TEXT = {
  ...COMMON_TEXT,
  ...AUTH_TEXT,
  ...ORGANIZATION_TEXT,
  ...COMMUNICATION_TEXT,
  ...PROVIDER_TEXT,
  ...PLATFORM_TEXT,
};

type Translate = (values: Record<string, string | number>, say: Say) => MessageDescriptor;

/** The words the server puts inside a few messages: which part of a request, which part of a template. */
const WORDS: Record<string, MessageDescriptor> = {
  Request: msg`Request`,
  Path: msg`Path`,
  Query: msg`Query`,
  Body: msg`Body`,
  actions: msg`actions`,
  'The request body': msg`The request body`,
  'The path': msg`The path`,
  'The query': msg`The query`,
  English: msg`English`,
  Vietnamese: msg`Vietnamese`,
  subject: msg`subject`,
  body: msg`body`,
  // A schema's bounds and types (NUMBER_OUT_OF_BOUNDS, WRONG_TYPE) in words, not as ajv writes them.
  'bound <=': msg`at most`,
  'bound >=': msg`at least`,
  'bound <': msg`less than`,
  'bound >': msg`more than`,
  'type integer': msg`a whole number`,
  'type number': msg`a number`,
  'type string': msg`text`,
  'type boolean': msg`true or false`,
  'type array': msg`a list`,
  'type object': msg`a set of values`,
  'type null': msg`empty`,
};

/**
 * The messages whose server text is the schema validator's own wording ("must NOT have more than", "<=", a type, a
 * format or a pattern): the web says each in words instead, so no schema text reaches a screen, in either language.
 */
export const SCHEMA_WORDED = [
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'TOO_MANY_ITEMS',
  'TOO_FEW_ITEMS',
  'NUMBER_OUT_OF_BOUNDS',
  'WRONG_TYPE',
  'FORMAT_INVALID',
  'PATTERN_MISMATCH',
  'FIELD_INVALID',
  'VALUE_INVALID',
] as const satisfies readonly (keyof typeof SERVER_TEXT)[];

/** A message as the wire carries it: the envelope's `error` (with `m` apart), or one of its `details`. */
export interface ServerMessage {
  code?: unknown;
  reason?: unknown;
  params?: unknown;
  details?: unknown;
  message?: unknown;
}

const isMessage = (value: unknown): value is ServerMessage =>
  typeof value === 'object' && value !== null && typeof (value as ServerMessage).code === 'string';

const vietnamese = (i18n: I18n) => i18n.locale === 'vi';

/** The catalogue key a message travelled with, when this app translates it. */
function keyOf(message: ServerMessage): keyof typeof SERVER_TEXT | null {
  if (typeof message.code !== 'string') return null;
  const key = typeof message.reason === 'string' && message.reason ? `${message.code}.${message.reason}` : message.code;
  return Object.hasOwn(SERVER_TEXT, key) ? (key as keyof typeof SERVER_TEXT) : null;
}

function sayer(i18n: I18n, details: unknown): Say {
  const label = (vocabulary: 'communicationStatus' | 'actionType', code: string | number) =>
    vietnamese(i18n) ? vocabularyLabel(vocabulary, String(code), 'vi') : String(code);
  return {
    status: (code) => label('communicationStatus', code),
    actionType: (code) => label('actionType', code),
    word: (word) => {
      const descriptor = WORDS[String(word)];
      return descriptor ? i18n._(descriptor) : String(word);
    },
    problems: (separator, fields = false) =>
      (Array.isArray(details) ? details : [])
        .map((d: ServerMessage & { field?: unknown }) => {
          const text = translateServerMessage(i18n, d, typeof d?.message === 'string' ? d.message : '');
          return fields && typeof d?.field === 'string' ? `${d.field}: ${text}` : text;
        })
        .join(separator),
  };
}

/**
 * The message in the reader's language: by its key with its parameters (a nested message translated too), or
 * `fallback` (the server's English) for a key this app does not know.
 */
export function translateServerMessage(i18n: I18n, message: ServerMessage, fallback: string): string {
  const key = keyOf(message);
  if (!key) return fallback;
  const params = typeof message.params === 'object' && message.params !== null ? message.params : {};
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (isMessage(value)) values[name] = translateServerMessage(i18n, value, String(value.message ?? ''));
    else values[name] = typeof value === 'number' ? value : String(value);
  }
  return i18n._((SERVER_TEXT[key] as Translate)(values, sayer(i18n, message.details)));
}
