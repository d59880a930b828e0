import { Ajv, type ErrorObject, type Schema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationError } from './errors.js';

/** One ajv for the whole product: coercion for query strings, unknown properties removed, all errors reported. */
export const ajv = new Ajv({ allErrors: true, coerceTypes: true, removeAdditional: true, useDefaults: true, strict: false });
addFormats.default(ajv);

const compiled = new WeakMap<object, ValidateFunction>();

function describe(error: ErrorObject): string {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
    (error.params as { missingProperty?: string }).missingProperty || '';
  if (error.keyword === 'required') return `${(error.params as { missingProperty: string }).missingProperty} is required`;
  if (error.keyword === 'format' && (error.params as { format: string }).format === 'email') return 'Email not valid';
  if (error.keyword === 'enum') {
    return `${field} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  }
  return field ? `${field} ${error.message ?? 'is invalid'}` : (error.message ?? 'is invalid');
}

/** Validates (and coerces, in place) `data` against `schema`; throws a ValidationError naming every bad field. */
export function validate<T>(schema: Schema, data: unknown, what = 'Request'): T {
  let fn = compiled.get(schema as object);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema as object, fn);
  }
  if (!fn(data)) {
    const errors = (fn.errors ?? []).map((e) => ({ field: e.instancePath || (e.params as { missingProperty?: string }).missingProperty || '', message: describe(e) }));
    const message = errors.length === 1 ? errors[0]!.message : `${what} is invalid: ${errors.map((e) => e.message).join('; ')}`;
    throw new ValidationError(message, errors);
  }
  return data as T;
}
