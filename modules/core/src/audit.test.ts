import { describe, expect, it } from 'vitest';
import { historyJson } from './audit.js';
import { assertSafeInput } from './validation.js';

const nested = (levels: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('historyJson', () => {
  it('writes ordinary values as JSON.stringify does', () => {
    const value = { ids: [1, 2], at: new Date('2026-11-01T00:00:00Z'), nested: { name: 'x', none: null } };
    expect(historyJson(value)).toBe(JSON.stringify(value));
  });

  it('cuts a value nested 5,000 levels deep at 32 levels instead of overflowing the stack', () => {
    const parsed = JSON.parse(historyJson(nested(5000))) as unknown;
    let depth = 0;
    let v = parsed;
    while (typeof v === 'object' && v !== null) {
      v = (v as { a: unknown }).a;
      depth++;
    }
    expect(depth).toBe(32);
    expect(v).toBe('[nested too deeply]');
  });
});

describe('assertSafeInput', () => {
  it('accepts 32 levels and refuses 33, and refuses NUL in values and keys', () => {
    expect(() => assertSafeInput(nested(32))).not.toThrow();
    expect(() => assertSafeInput(nested(33))).toThrow('The request body is nested too deeply (at most 32 levels).');
    expect(() => assertSafeInput(nested(5000))).toThrow('nested too deeply');
    expect(() => assertSafeInput({ a: ['x\u0000'] }, 'The query')).toThrow('The query may not contain NUL characters.');
    expect(() => assertSafeInput({ 'k\u0000': 1 })).toThrow('NUL');
  });
});
