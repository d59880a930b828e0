import { describe, expect, it } from 'vitest';
import { buildFilterModel, cycleSort, formatText, isPagerHidden, moveItem, pageCount, paginationItems } from './table';

describe('paginationItems', () => {
  it('shows all pages when there are five or fewer', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('centres five buttons on the current page with first/last and ellipses', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'start-ellipsis', 8, 9, 10, 11, 12, 'end-ellipsis', 20]);
  });
  it('keeps five buttons at the edges', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationItems(2, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });
  it('omits an ellipsis when the edge page is adjacent', () => {
    expect(paginationItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'end-ellipsis', 8]);
    expect(paginationItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(5, 8)).toEqual([1, 'start-ellipsis', 3, 4, 5, 6, 7, 8]);
  });
  it('clamps an out-of-range page', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
});

describe('page counting', () => {
  it('computes pages and hides the pager when total fits one page', () => {
    expect(pageCount(101, 50)).toBe(3);
    expect(pageCount(0, 50)).toBe(1);
    expect(isPagerHidden(50, 50)).toBe(true);
    expect(isPagerHidden(51, 50)).toBe(false);
  });
});

describe('cycleSort', () => {
  it('cycles asc → desc → none', () => {
    const a = cycleSort([], 'name');
    expect(a).toEqual([{ field: 'name', direction: 'asc' }]);
    const b = cycleSort(a, 'name');
    expect(b).toEqual([{ field: 'name', direction: 'desc' }]);
    expect(cycleSort(b, 'name')).toEqual([]);
  });
  it('puts the clicked column first in multi mode and keeps the others after it', () => {
    let model = cycleSort([], 'name');
    model = cycleSort(model, 'date');
    expect(model).toEqual([
      { field: 'date', direction: 'asc' },
      { field: 'name', direction: 'asc' },
    ]);
    model = cycleSort(model, 'name');
    expect(model).toEqual([
      { field: 'name', direction: 'desc' },
      { field: 'date', direction: 'asc' },
    ]);
    expect(cycleSort(model, 'name')).toEqual([{ field: 'date', direction: 'asc' }]);
  });
  it('leads a default sort when a column is clicked (the default then only breaks ties)', () => {
    expect(cycleSort([{ field: 'updated_at', direction: 'desc' }], 'name')).toEqual([
      { field: 'name', direction: 'asc' },
      { field: 'updated_at', direction: 'desc' },
    ]);
  });
  it('replaces other columns in single mode', () => {
    expect(cycleSort([{ field: 'name', direction: 'asc' }], 'date', false)).toEqual([
      { field: 'date', direction: 'asc' },
    ]);
  });
});

describe('buildFilterModel', () => {
  it('builds contains filters, trimmed, without blanks', () => {
    expect(buildFilterModel({ name: '  pump ', status: '', site: '   ' })).toEqual({
      name: { filterType: 'text', type: 'contains', filter: 'pump' },
    });
  });
});

describe('moveItem and formatText', () => {
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
  it('formats placeholders', () => {
    expect(formatText('Total {n} record(s)', { n: 3 })).toBe('Total 3 record(s)');
    expect(formatText('{a} {missing}', { a: 1 })).toBe('1 {missing}');
  });
});
