import type { MessageDescriptor } from '@lingui/core';
import type { AreaKey, MessageArea, MessageKey, ParamName } from '@portal/vocabulary';

/** A message's parameters as a translation reads them: nested messages already in the reader's language. */
export type Values<K extends MessageKey> = { [P in ParamName<K>]: string | number };

/** What a translation may need beyond its parameters, in the reader's language. */
export interface Say {
  /** An event status code as the reader says it (English keeps the code, as the server wrote it). */
  status(code: string | number): string;
  /** An action type code as the reader says it (English keeps the code). */
  actionType(code: string | number): string;
  /** One of the few English words the server puts in a message (Body, The query, English, subject, …). */
  word(word: string | number): string;
  /** The error's `details`, each in the reader's language, joined by `separator`; `fields` prefixes each field. */
  problems(separator: string, fields?: boolean): string;
}

/** An area's messages, each a function of its parameters to the app's message. */
export type Translations<A extends MessageArea> = {
  [K in AreaKey<A>]: (values: Values<K>, say: Say) => MessageDescriptor;
};
