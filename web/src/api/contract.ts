import type { operations } from './schema.gen';

/**
 * Types of the server's contract, read from the generated OpenAPI types (schema.gen.ts, `pnpm api:types`): bodies,
 * queries and path parameters from the route schemas, and every JSON answer the web reads from the route's declared
 * response schema (`ResponseData`; each held to real answers by services/bff's response-schemas*.test.ts). Still
 * hand-written, on purpose: the web's own inputs and form state (`ListQuery`, `ListState`, the wizard's `Product`,
 * `CommunicationAction`, `CommunicationInfo`, multipart fields), `Page<T>` for the hooks that serve many lists by path
 * (its envelope is generated), and file downloads, which have no JSON answer (docs/decisions.md "Response schemas").
 */
export type OperationId = keyof operations;

type JsonOrForm<C> = C extends { 'application/json': infer J }
  ? J
  : C extends { 'multipart/form-data': infer F }
    ? F
    : never;

/** The body an operation accepts. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody: { content: infer C } }
  ? JsonOrForm<C>
  : operations[Op] extends { requestBody?: { content: infer C } }
    ? JsonOrForm<C>
    : never;

/** The query parameters an operation accepts. */
export type QueryParams<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;

/** The envelope data of a 200 answer, where the route declares its response schema (never for a file download). */
export type ResponseData<Op extends OperationId> = operations[Op]['responses'][200] extends {
  content: { 'application/json': { d: infer D } };
}
  ? D
  : never;

/**
 * A body whose listed fields may go as strings (ids picked in a select) where the schema says number: the BFF's ajv
 * coerces scalars (`coerceTypes`), and the web has always sent them so.
 */
export type Coerced<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | string };
