/**
 * The catalogue of what the server says to people: each message key with its English template (the wire's `m`, the
 * spec's words), `{name}` marking a parameter. Server and web read the same keys: the server throws by key and renders
 * the English, the web translates by key (web/src/api/messages/). A key is the envelope's `error.code`, or
 * `CODE.reason` where one stable code covers several sentences (`INVALID_BODY.json`): the wire then carries
 * `error.code` and `error.reason` apart.
 */
import { AUTH_MESSAGES } from './auth.js';
import { COMMON_MESSAGES } from './common.js';
import { COMMUNICATION_MESSAGES } from './communications.js';
import { ORGANIZATION_MESSAGES } from './organizations.js';
import { PLATFORM_MESSAGES } from './platform.js';
import { PROVIDER_MESSAGES } from './provider.js';

export {
  AUTH_MESSAGES,
  COMMON_MESSAGES,
  COMMUNICATION_MESSAGES,
  ORGANIZATION_MESSAGES,
  PLATFORM_MESSAGES,
  PROVIDER_MESSAGES,
};

/** The catalogues by area; a key belongs to exactly one (the vocabulary's tests check it). */
export const MESSAGE_AREAS = {
  common: COMMON_MESSAGES,
  auth: AUTH_MESSAGES,
  organizations: ORGANIZATION_MESSAGES,
  communications: COMMUNICATION_MESSAGES,
  provider: PROVIDER_MESSAGES,
  platform: PLATFORM_MESSAGES,
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...ORGANIZATION_MESSAGES,
  ...COMMUNICATION_MESSAGES,
  ...PROVIDER_MESSAGES,
  ...PLATFORM_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageArea = keyof typeof MESSAGE_AREAS;
/** The keys of one area's catalogue. */
export type AreaKey<A extends MessageArea> = keyof (typeof MESSAGE_AREAS)[A] & MessageKey;

/** The `{name}` parameters a template names. */
type Names<S extends string> = S extends `${string}{${infer P}}${infer R}` ? P | Names<R> : never;
export type ParamName<K extends MessageKey> = Names<(typeof MESSAGES)[K]>;

/** A message as it travels: its code (and reason), its parameters and its English text. */
export interface MessagePart {
  code: string;
  reason?: string;
  params?: Record<string, MessageValue>;
  message: string;
}
/** A parameter's value: a name, a number, or a message of its own (a field's problem inside a row's sentence). */
export type MessageValue = string | number | MessagePart;
export type MessageParams<K extends MessageKey> = { [P in ParamName<K>]: MessageValue };

/** A key whose template names no parameter (a not-found message, a table's wrong-type message). */
export type PlainMessageKey = { [K in MessageKey]: [ParamName<K>] extends [never] ? K : never }[MessageKey];

type ParamKey = Exclude<MessageKey, PlainMessageKey>;

/** A key and, when its template names any, its parameters. */
export type MessageArgs = [key: PlainMessageKey] | { [K in ParamKey]: [key: K, params: MessageParams<K>] }[ParamKey];

const text = (value: MessageValue | undefined): string =>
  value === undefined ? '' : typeof value === 'object' ? value.message : String(value);

/** The English text of a message: the template with its parameters filled in. */
export function messageText(...args: MessageArgs): string {
  const [key, params] = args as [MessageKey, Record<string, MessageValue>?];
  const template: string = MESSAGES[key];
  return params ? template.replace(/\{(\w+)\}/g, (_, name: string) => text(params[name])) : template;
}

/** A message as the wire carries it: `{ code, reason?, params?, message }`. */
export function messagePart(...args: MessageArgs): MessagePart {
  const [key, params] = args as [MessageKey, Record<string, MessageValue>?];
  const dot = key.indexOf('.');
  return {
    code: dot < 0 ? key : key.slice(0, dot),
    ...(dot < 0 ? {} : { reason: key.slice(dot + 1) }),
    ...(params && Object.keys(params).length ? { params } : {}),
    message: messageText(...args),
  };
}

/** The catalogue key of a message that travelled (`code` and `reason`), or null when the catalogue has none. */
export function messageKeyOf(code: string | null | undefined, reason?: string | null): MessageKey | null {
  if (!code) return null;
  const key = reason ? `${code}.${reason}` : code;
  return Object.hasOwn(MESSAGES, key) ? (key as MessageKey) : null;
}
