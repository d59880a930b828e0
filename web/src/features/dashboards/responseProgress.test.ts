import { describe, expect, it } from 'vitest';
import { containsFilter, percent, responseProgress } from './responseProgress';

describe('dashboard counts', () => {
  it('takes the NOTCOMPLETED rows out of the contains-COMPLETED total', () => {
    expect(responseProgress(10, 7, 4)).toEqual({ total: 10, completed: 3, inProgress: 7 });
    expect(responseProgress(10, undefined, 4)).toBeNull();
    expect(percent(1, 3)).toBe(33);
    expect(percent(1, 0)).toBe(0);
  });

  it('builds a contains filter', () => {
    expect(containsFilter('status', 'OPEN')).toEqual({
      status: { filterType: 'text', type: 'contains', filter: 'OPEN' },
    });
  });
});
