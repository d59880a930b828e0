import { afterEach, describe, expect, it } from 'vitest';
import {
  FILTER_YEAR_RANGE,
  NOT_APPLICABLE,
  dateToValue,
  formatDate,
  formatDisplayDate,
  parseDisplayDate,
  setDateLocale,
  truncateText,
  valueToDate,
} from './dates';

describe('dates', () => {
  it('formats values as MM/dd/yyyy', () => {
    expect(formatDisplayDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDisplayDate('2026-03-07T10:00:00Z')).toBe('03/07/2026');
  });
  it('shows 1900-01-01 and empty values as blank', () => {
    expect(formatDisplayDate('1900-01-01')).toBe('');
    expect(formatDisplayDate('1900-01-01T00:00:00')).toBe('');
    expect(formatDisplayDate(null)).toBe('');
    expect(valueToDate('1900-01-01')).toBeNull();
  });
  it('shows Not Applicable, translated if asked', () => {
    expect(formatDisplayDate(NOT_APPLICABLE)).toBe('Not Applicable');
    expect(formatDisplayDate(NOT_APPLICABLE, 'Không áp dụng')).toBe('Không áp dụng');
  });
  it('parses typed MM/dd/yyyy strictly', () => {
    const date = parseDisplayDate('03/07/2026');
    expect(date && dateToValue(date)).toBe('2026-03-07');
    expect(parseDisplayDate('3/7/2026') && dateToValue(parseDisplayDate('3/7/2026') as Date)).toBe('2026-03-07');
    expect(parseDisplayDate('02/30/2026')).toBeNull();
    expect(parseDisplayDate('2026-03-07')).toBeNull();
    expect(parseDisplayDate('13/01/2026')).toBeNull();
  });
  it('enforces the filter year range 2010–2030', () => {
    expect(parseDisplayDate('12/31/2009', FILTER_YEAR_RANGE)).toBeNull();
    expect(parseDisplayDate('01/01/2010', FILTER_YEAR_RANGE)).not.toBeNull();
    expect(parseDisplayDate('12/31/2030', FILTER_YEAR_RANGE)).not.toBeNull();
    expect(parseDisplayDate('01/01/2031', FILTER_YEAR_RANGE)).toBeNull();
  });
});

describe('formatDate and truncateText', () => {
  it('formats the display styles', () => {
    expect(formatDate('2026-03-07 14:05:00')).toBe('03/07/2026');
    expect(formatDate('2026-03-07 14:05:00', 'datetime')).toBe('03/07/2026 14:05');
    expect(formatDate('2026-03-07T14:05:00', 'short')).toBe('Mar 07, 2026');
    expect(formatDate(new Date(2026, 0, 2, 9, 30), 'time')).toBe('09:30');
  });
  it('shows blank for unset and NA for unreadable dates', () => {
    expect(formatDate('1900-01-01 00:00:00')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('NA');
    expect(formatDate('garbage', 'date', 'Không có')).toBe('Không có');
  });
  it('truncates at 25 characters by default', () => {
    expect(truncateText('short')).toBe('short');
    expect(truncateText('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncateText('Infusion pump software correction notice')).toBe('Infusion pump software co...');
    expect(truncateText('Thiết bị y tế', 7)).toBe('Thiết b...');
  });
});

describe('dates in Vietnamese', () => {
  afterEach(() => setDateLocale('en'));

  it("writes and reads the day first, and English keeps the spec's MM/dd/yyyy", () => {
    setDateLocale('vi');
    expect(formatDisplayDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDate('2026-03-07T10:05:00', 'datetime')).toBe('07/03/2026 10:05');
    expect(formatDate('2026-11-27T10:05:00', 'short')).toMatch(/^27 thg 11, 2026$/);
    const typed = parseDisplayDate('07/03/2026');
    expect(typed && dateToValue(typed)).toBe('2026-03-07');
    expect(parseDisplayDate('28/02/2026')).not.toBeNull();
    expect(parseDisplayDate('30/02/2026')).toBeNull();
    setDateLocale('en');
    expect(formatDisplayDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDate('2026-11-27T10:05:00', 'short')).toBe('Nov 27, 2026');
  });
});
