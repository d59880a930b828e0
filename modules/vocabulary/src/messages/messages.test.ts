import { describe, expect, it } from 'vitest';
import { MESSAGE_AREAS, MESSAGES, messageKeyOf, messagePart, messageText } from './index.js';

describe('the message catalogue', () => {
  it('holds each key in one area only', () => {
    const keys = Object.values(MESSAGE_AREAS).flatMap((area) => Object.keys(area));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(keys.length).toBe(Object.keys(MESSAGES).length);
  });

  it('names codes in capitals, a reason after one dot, and parameters as {word} only', () => {
    for (const [key, template] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[A-Z][A-Z0-9_]*(\.[a-z][A-Za-z]*)?$/);
      expect(template.replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });

  it('renders the English with its parameters, a nested message by its own text', () => {
    expect(messageText('PAGE_TOO_DEEP', { max: 100_000 })).toBe(
      'Page too deep: narrow the list with search or filters (at most 100000 rows can be skipped).',
    );
    const nested = messagePart('VALUE_MUST_BE_NUMBER');
    expect(messageText('PRODUCT_CUSTOM_FIELD_INVALID', { row: 2, name: 'Lot', problem: nested })).toBe(
      'Product 2: Lot must be a number',
    );
  });

  it('travels as code, reason and parameters, and is found again from them', () => {
    expect(messagePart('INVALID_BODY.depth', { what: 'The query', max: 32 })).toEqual({
      code: 'INVALID_BODY',
      reason: 'depth',
      params: { what: 'The query', max: 32 },
      message: 'The query is nested too deeply (at most 32 levels).',
    });
    expect(messagePart('NOT_FOUND')).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    expect(messageKeyOf('INVALID_BODY', 'depth')).toBe('INVALID_BODY.depth');
    expect(messageKeyOf('NOT_FOUND')).toBe('NOT_FOUND');
    expect(messageKeyOf('INVALID_BODY', 'constructor')).toBeNull();
    expect(messageKeyOf('toString')).toBeNull();
  });
});
