import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../app/i18n';
import { formatDate, pageTableProps } from './table';

describe('formatDate', () => {
  it('writes a date as MM/DD/YYYY and a timestamp with its 24-hour time, midnight as 00', () => {
    expect(formatDate('2026-11-20')).toBe('11/20/2026');
    expect(formatDate(new Date(2026, 10, 20, 0, 5).toISOString())).toBe('11/20/2026 00:05');
    expect(formatDate(new Date(2026, 10, 20, 13, 30).toISOString())).toBe('11/20/2026 13:30');
    expect(formatDate('1900-01-01')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('formatDate in Vietnamese', () => {
  afterEach(() => activateLocale('en'));

  it('puts the day first once the app speaks Vietnamese, and back to MM/DD/YYYY in English', async () => {
    await activateLocale('vi');
    expect(formatDate('2026-11-20')).toBe('20/11/2026');
    expect(formatDate(new Date(2026, 10, 20, 0, 5).toISOString())).toBe('20/11/2026 00:05');
    await activateLocale('en');
    expect(formatDate('2026-11-20')).toBe('11/20/2026');
  });
});

describe('pageTableProps', () => {
  it('shows the rows by id with the counts, the read time and no failure', () => {
    const props = pageTableProps({
      data: {
        items: [{ id: 7 }],
        total: 120,
        totalCapped: true,
        lastUpdated: new Date(2026, 10, 20, 9, 15).toISOString(),
      },
      isLoading: false,
    });
    expect(props).toMatchObject({ rows: [{ id: 7 }], total: 120, totalCapped: true, loading: false, error: null });
    expect(props.getRowId({ id: 7 })).toBe('7');
    expect(props.lastUpdated).toBe('11/20/2026 09:15');
  });

  it('while loading or failed: no rows, a total of 0 and the failure message', () => {
    expect(pageTableProps({ error: new Error('Server unavailable'), isLoading: true })).toMatchObject({
      rows: [],
      total: 0,
      loading: true,
      error: 'Server unavailable',
      lastUpdated: undefined,
    });
  });
});
