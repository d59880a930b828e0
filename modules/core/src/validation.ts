import { Ajv, type ErrorObject, type Schema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError, argsOf, type FieldError, fieldError, ValidationError } from './errors.js';

/** One ajv for the whole product: coercion for query strings, unknown properties removed, all errors reported. */
export const ajv = new Ajv({
  allErrors: true,
  coerceTypes: true,
  removeAdditional: true,
  useDefaults: true,
  strict: false,
});
addFormats.default(ajv);

const compiled = new WeakMap<object, ValidateFunction>();

/** A schema keyword's own message, by code, when it reads exactly as the validator wrote it. */
function keywordProblem(error: ErrorObject, path: string, field: string): FieldError | null {
  const p = error.params as Record<string, string | number>;
  const limit = p.limit ?? '';
  switch (error.keyword) {
    case 'maxLength':
      return fieldError(path, 'FIELD_TOO_LONG', { field, limit });
    case 'minLength':
      return fieldError(path, 'FIELD_TOO_SHORT', { field, limit });
    case 'maxItems':
      return fieldError(path, 'TOO_MANY_ITEMS', { field, limit });
    case 'minItems':
      return fieldError(path, 'TOO_FEW_ITEMS', { field, limit });
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return fieldError(path, 'NUMBER_OUT_OF_BOUNDS', { field, comparison: p.comparison ?? '', limit });
    case 'type':
      return fieldError(path, 'WRONG_TYPE', { field, type: p.type ?? '' });
    case 'format':
      return fieldError(path, 'FORMAT_INVALID', { field, format: p.format ?? '' });
    case 'pattern':
      return fieldError(path, 'PATTERN_MISMATCH', { field, pattern: p.pattern ?? '' });
    default:
      return null;
  }
}

/** One schema error as a field problem with its message code (the message reads as it always has). */
function describe(error: ErrorObject): FieldError {
  const params = error.params as { missingProperty?: string; format?: string; allowedValues?: unknown[] };
  const path = error.instancePath || params.missingProperty || '';
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || params.missingProperty || '';
  if (error.keyword === 'required') return fieldError(path, 'PROPERTY_REQUIRED', { property: params.missingProperty! });
  if (error.keyword === 'format' && params.format === 'email') return fieldError(path, 'EMAIL_INVALID');
  if (error.keyword === 'enum')
    return fieldError(path, 'VALUE_NOT_IN_LIST', { field, allowed: (params.allowedValues ?? []).join(', ') });
  const problem = error.message ?? 'is invalid';
  if (!field) return fieldError(path, 'VALUE_INVALID', { problem });
  const specific = keywordProblem(error, path, field);
  return specific && specific.message === `${field} ${problem}`
    ? specific
    : fieldError(path, 'FIELD_INVALID', { field, problem });
}

/**
 * One problem: its own message and code; several: `REQUEST_INVALID` naming them all. `details` holds each, with its
 * code, so a client can word each in its language.
 */
export function problemsError(errors: FieldError[], what = 'Request'): ValidationError {
  const error =
    errors.length === 1
      ? new ValidationError(...argsOf(errors[0]!))
      : new ValidationError('REQUEST_INVALID', { what, problems: errors.map((e) => e.message).join('; ') });
  return error.withDetails(errors);
}

/** Validates (and coerces, in place) `data` against `schema`; throws a ValidationError naming every bad field. */
export function validate<T>(schema: Schema, data: unknown, what = 'Request'): T {
  let fn = compiled.get(schema as object);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema as object, fn);
  }
  if (!fn(data)) throw problemsError((fn.errors ?? []).map(describe), what);
  return data as T;
}

/** Checks data as it is (no coercion, nothing removed or defaulted): for tests holding answers to their documented schemas. */
const asIs = new Ajv({ allErrors: true, strict: false });
addFormats.default(asIs);

/** Every way `data` departs from `schema`, as "path: message" (empty when it conforms); `data` is left untouched. */
export function schemaErrors(schema: Schema, data: unknown): string[] {
  const fn = asIs.compile(schema);
  return fn(data) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}`);
}

/**
 * The largest id a client may send. PostgreSQL's bigint holds 2^63-1, but ids travel as JSON numbers, which are exact
 * only up to 2^53-1 (Number.MAX_SAFE_INTEGER); a larger one would be rounded before it reached the database.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** The largest value of a PostgreSQL `integer` column (quantities, counts). */
export const MAX_INT4 = 2_147_483_647;

/** Every id in a path, query, body or form field: a positive bigint a JS number holds exactly. */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
/** An id where 0 means "none" (some of the spec's paths). */
export const idOrZeroSchema = { type: 'integer', minimum: 0, maximum: MAX_ID } as const;
export const nullableIdSchema = { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID } as const;

// Schema pieces the modules' route schemas share (one definition each).
/** A string of at most `max` characters. */
export const stringSchema = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** A string of at most `max` characters, or null (a field the client may clear). */
export const nullableStringSchema = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
/** An email address as every form takes it (RFC 5321's 254 characters at most). */
export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;
/** Answers: a text that may be null, and an instant. */
export const nullableTextSchema = { type: ['string', 'null'] } as const;
export const dateTimeSchema = { type: 'string', format: 'date-time' } as const;
/** An instant that may be missing (not sent yet, not decided yet). */
export const nullableDateTimeSchema = { type: ['string', 'null'], format: 'date-time' } as const;
/** The path parameters of a `/…/:id` route. */
export const idParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
/** An answer listing choices by id and name (a filter's suppliers, a picker's organisations). */
export const idNameListSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  },
} as const;

/** How deep a request body may nest objects and arrays; no form of this product needs more than a few levels. */
export const MAX_BODY_DEPTH = 32;

/**
 * Refuses (400) a value nested deeper than `max` levels, before anything recursive (validation, JSON columns, history
 * entries) walks it, and any string holding NUL, which PostgreSQL text cannot store. Iterative, so a hostile depth
 * cannot overflow the stack here either.
 */
export function assertSafeInput(value: unknown, what = 'The request body', max = MAX_BODY_DEPTH): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw new AppError(400, 'INVALID_BODY.nul', { what });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) throw new AppError(400, 'INVALID_BODY.depth', { what, max });
    for (const [key, child] of Object.entries(v)) stack.push([key, depth + 1], [child, depth + 1]);
  }
}
