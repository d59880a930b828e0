import type { FromSchema as Inferred, JSONSchema } from 'json-schema-to-ts';

export type { JSONSchema };

/**
 * The TypeScript type a JSON schema describes, so a shape is declared once (the schema) and its type follows: route
 * inputs (`route()` infers them), service inputs and rows that match an answer schema. json-schema-to-ts's `FromSchema`
 * with its defaults: a property with a `default` is required (ajv's `useDefaults` fills it in before a handler runs), a
 * `type` list or `nullable: true` admits null, `enum`/`const` give literal unions. The schema must be `as const`.
 *
 * One change to json-schema-to-ts: an object schema without `additionalProperties: false` gives `[x: string]: unknown`
 * beside its properties; that index signature is dropped where the object names properties, so a misspelt field is a
 * compile error (a free-form object, one naming no property, keeps it). Types only: nothing here runs.
 */
export type FromSchema<S extends JSONSchema> = Declared<Inferred<S>>;

/** Drops `[x: string]: unknown` from objects that name properties, at every depth. */
type Declared<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Declared<T[I]> }
  : T extends object
    ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Declared<T[K]> } extends infer D
      ? keyof D extends never
        ? T
        : D
      : never
    : T;

/**
 * A row a service builds for an answer schema: `FromSchema` with every property the schema names present (at every
 * depth). Answer schemas document open objects and often list fewer properties as `required` than the service always
 * sends; the row type holds the service to all of them, as the hand-written interfaces it replaces did.
 */
export type RowOf<S extends JSONSchema> = Complete<FromSchema<S>>;

type Complete<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Complete<T[I]> }
  : T extends object
    ? { [K in keyof T]-?: Complete<T[K]> }
    : T;
