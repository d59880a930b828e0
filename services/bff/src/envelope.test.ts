import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@portal/core';
import { mapError } from './envelope.js';

/** What mapError answers for `error`: status and envelope. */
function answer(error: unknown): {
  status: number;
  body: { ok: boolean; m: string; error: { code: string } };
  headers: Record<string, string>;
} {
  const headers: Record<string, string> = {};
  const set = (name: string, value: string) => {
    headers[name] = value;
  };
  const ctx = { status: 0, body: undefined, type: '', state: {}, set } as unknown as Context;
  mapError(ctx, error, createLogger('silent'));
  return { status: ctx.status, body: ctx.body as never, headers };
}

/** An error as objection throws it: db-errors' wrapper, with the driver's error (and its SQLSTATE) inside. */
const wrapped = (name: string, code: string) =>
  Object.assign(new Error(`insert into "t" - ${name}`), { name, nativeError: { code, severity: 'ERROR' } });

describe('database errors as the client sees them', () => {
  it('maps constraint and data errors to 4xx whether pg threw them or objection wrapped them', () => {
    for (const [error, status, code] of [
      [Object.assign(new Error('duplicate key'), { code: '23505' }), 409, 'DUPLICATE'],
      [wrapped('UniqueViolationError', '23505'), 409, 'DUPLICATE'],
      [wrapped('ForeignKeyViolationError', '23503'), 409, 'REFERENCE_CONFLICT'],
      [wrapped('DataError', '22003'), 400, 'VALUE_OUT_OF_RANGE'],
      [wrapped('CheckViolationError', '23514'), 400, 'VALUE_MISSING_OR_NOT_ALLOWED'],
      [wrapped('DataError', '22007'), 400, 'VALUE_NOT_ALLOWED'],
    ] as const) {
      const { status: got, body } = answer(error);
      expect({ name: error.name, got, code: body.error.code }).toEqual({ name: error.name, got: status, code });
      expect(body.m).not.toContain('insert into');
    }
  });

  it('answers 503 BUSY with Retry-After for a deadlock or serialization failure that outlived its reruns', () => {
    for (const error of [
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      wrapped('DBError', '40001'),
    ]) {
      const { status, body, headers } = answer(error);
      expect({ status, code: body.error.code, retry: headers['Retry-After'] }).toEqual({
        status: 503,
        code: 'BUSY',
        retry: '1',
      });
      expect(body.m).not.toContain('deadlock');
    }
  });

  it('keeps HTTP errors whose status lives on their prototype (http-errors, as @koa/router throws them)', () => {
    class MethodNotAllowedError extends Error {}
    Object.assign(MethodNotAllowedError.prototype, { status: 405, statusCode: 405, expose: true });
    expect(answer(new MethodNotAllowedError('Method Not Allowed'))).toMatchObject({
      status: 405,
      body: { error: { code: 'METHOD_NOT_ALLOWED' } },
    });
  });

  it('answers anything else 500 without internals', () => {
    const { status, body } = answer(wrapped('DBError', '57014'));
    expect(status).toBe(500);
    expect(body).toMatchObject({ ok: false, m: 'Something went wrong. Please try again later.' });
  });
});
